/**
 * The account beyond sign-in (docs/decisions/013-accounts.md): forgotten passwords by email (read
 * from a local SMTP server), changing the password and the email, sessions, the data download,
 * and deleting the account with its teams handed over.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startMailCatcher, type MailCatcher } from '../../../tests/support/mail-catcher';
import { notifications, profileAvatars, sessions, users, verifications } from '../db/schema';
import { createMailer } from '../platform/mail';
import { silentLogger } from '../platform/log';
import { cookieFrom, createHarness, type Harness, type TestUser } from '../testing/harness';

let h: Harness;
let mail: MailCatcher;

beforeAll(async () => {
  mail = await startMailCatcher();
  h = await createHarness({
    mailer: createMailer({ smtpUrl: mail.url, from: 'HackTeams <teams@example.org>', log: silentLogger }),
    social: { publicUrl: 'http://teams.example.org' },
  });
});
afterAll(async () => {
  await h?.close();
  await mail?.stop();
});

const PASSWORD = 'team-finder-1';
const email = () => `person-${randomUUID().slice(0, 8)}@example.com`;
const signIn = (address: string, password: string) => h.request('POST', '/api/auth/sign-in/email', { body: { email: address, password } });
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('forgotten password', () => {
  it('mails a link on PUBLIC_URL that works once; the new password signs in, the old one and every session do not', async () => {
    const user = await h.signUp({ email: email() });
    const other = cookieFrom((await signIn(user.email, PASSWORD)).headers);

    const asked = await h.request('POST', '/api/auth/forgot-password', { body: { email: user.email.toUpperCase() } });
    expect(asked.status).toBe(200);
    const message = await mail.next(user.email, /Reset your HackTeams password/);
    expect(message.from).toBe('teams@example.org');
    expect(message.text).toMatch(/works for 1 hour, once/);
    const link = linkIn(message);
    expect(link).toMatch(/^http:\/\/teams\.example\.org\/reset-password\?token=/);

    const reset = await h.request('POST', '/api/auth/reset-password', { body: { token: tokenOf(link), newPassword: 'a-brand-new-one-7' } });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toMatch(/Sign in with your new password/);
    // Every session ended.
    for (const cookie of [user.cookie, other]) expect((await h.request('GET', '/api/me', { cookie })).body.user).toBeNull();
    expect((await signIn(user.email, PASSWORD)).status).toBe(401);
    expect((await signIn(user.email, 'a-brand-new-one-7')).status).toBe(200);

    // The same link a second time fails, and changes nothing.
    const again = await h.request('POST', '/api/auth/reset-password', { body: { token: tokenOf(link), newPassword: 'yet-another-one-8' } });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('This reset link is invalid, expired or already used. Ask for a new one.');
    expect((await signIn(user.email, 'a-brand-new-one-7')).status).toBe(200);
  });

  it('answers the same for an address without an account, and sends nothing', async () => {
    const known = await h.signUp({ email: email() });
    const unknown = email();
    const a = await h.request('POST', '/api/auth/forgot-password', { body: { email: known.email } });
    const b = await h.request('POST', '/api/auth/forgot-password', { body: { email: unknown } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    await mail.next(known.email, /Reset/);
    expect(mail.to(unknown)).toEqual([]);
  });

  it('refuses an expired link, and a new password the sign-up rules refuse', async () => {
    const user = await h.signUp({ email: email() });
    await h.request('POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const token = tokenOf(linkIn(await mail.next(user.email, /Reset/)));

    const weak = await h.request('POST', '/api/auth/reset-password', { body: { token, newPassword: 'password' } });
    expect(weak.status).toBe(400);
    expect(weak.body.fields.newPassword).toMatch(/too common/);
    const short = await h.request('POST', '/api/auth/reset-password', { body: { token, newPassword: '12345' } });
    expect(short.body.fields.newPassword).toBe('Must be at least 6 characters');

    // An hour later the link no longer works.
    await h.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const late = await h.request('POST', '/api/auth/reset-password', { body: { token, newPassword: 'fine-password-9' } });
    expect(late.status).toBe(400);
    expect((await signIn(user.email, PASSWORD)).status).toBe(200);
  });

  it('the link is valid for one hour', async () => {
    const user = await h.signUp({ email: email() });
    await h.request('POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const token = tokenOf(linkIn(await mail.next(user.email, /Reset/)));
    const [row] = await h.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const minutes = (row.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);
  });
});

describe('change password', () => {
  it('needs the current password, applies the sign-up rules, and signs out the other sessions only', async () => {
    const user = await h.signUp({ email: email() });
    const other = cookieFrom((await signIn(user.email, PASSWORD)).headers);

    const wrong = await h.request('POST', '/api/auth/change-password', {
      cookie: user.cookie,
      body: { currentPassword: 'not-it-at-all', newPassword: 'fresh-password-1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ currentPassword: 'Current password is incorrect' });
    const weak = await h.request('POST', '/api/auth/change-password', {
      cookie: user.cookie,
      body: { currentPassword: PASSWORD, newPassword: '123456' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.fields.newPassword).toMatch(/too common/);

    const ok = await h.request('POST', '/api/auth/change-password', {
      cookie: user.cookie,
      body: { currentPassword: PASSWORD, newPassword: 'fresh-password-1' },
    });
    expect(ok.status).toBe(200);
    const here = cookieFrom(ok.headers);
    expect((await h.request('GET', '/api/me', { cookie: here })).body.user.id).toBe(user.userId);
    expect((await h.request('GET', '/api/me', { cookie: other })).body.user).toBeNull();
    expect((await signIn(user.email, 'fresh-password-1')).status).toBe(200);
    expect((await signIn(user.email, PASSWORD)).status).toBe(401);
  });

  it('counts wrong current passwords towards the account limit (429 after five)', async () => {
    const limited = await createHarness({ rateLimit: true });
    try {
      const user = await limited.signUp({ email: email() });
      for (let i = 0; i < 5; i++) {
        const res = await limited.request('POST', '/api/auth/change-password', {
          cookie: user.cookie,
          body: { currentPassword: `wrong-${i}-guess`, newPassword: 'fresh-password-1' },
        });
        expect(res.status).toBe(400);
      }
      const locked = await limited.request('POST', '/api/auth/change-password', {
        cookie: user.cookie,
        body: { currentPassword: PASSWORD, newPassword: 'fresh-password-1' },
      });
      expect(locked.status).toBe(429);
      expect(locked.headers.get('retry-after')).toBeTruthy();
    } finally {
      await limited.close();
    }
  });
});

describe('change email', () => {
  it('mails a link to the new address; the email changes when it is opened', async () => {
    const user = await h.signUp({ email: email() });
    const newEmail = email();
    const res = await h.request('POST', '/api/auth/change-email', { cookie: user.cookie, body: { newEmail } });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain(newEmail);
    // Nothing changed yet.
    expect((await h.request('GET', '/api/auth/account', { cookie: user.cookie })).body.email).toBe(user.email);

    const link = linkIn(await mail.next(newEmail, /Confirm your new HackTeams email/));
    expect(link).toMatch(/^http:\/\/teams\.example\.org\/api\/auth\/verify-email\?token=/);
    const url = new URL(link);
    const opened = await h.request('GET', `${url.pathname}${url.search}`, { cookie: user.cookie });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/profile?tab=settings&emailChanged=1');
    expect((await h.request('GET', '/api/auth/account', { cookie: user.cookie })).body.email).toBe(newEmail);
    expect((await signIn(newEmail, PASSWORD)).status).toBe(200);
    expect((await signIn(user.email, PASSWORD)).status).toBe(401);
  });

  it('sends no link for an address another account uses, and says the same', async () => {
    const taken = await h.signUp({ email: email() });
    const user = await h.signUp({ email: email() });
    const res = await h.request('POST', '/api/auth/change-email', { cookie: user.cookie, body: { newEmail: taken.email } });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(mail.to(taken.email).filter((m) => /Confirm/.test(m.subject))).toEqual([]);
  });

  it('refuses the same address, a bad link, and strangers', async () => {
    const user = await h.signUp({ email: email() });
    const same = await h.request('POST', '/api/auth/change-email', { cookie: user.cookie, body: { newEmail: user.email } });
    expect(same.status).toBe(400);
    expect(same.body.fields).toEqual({ newEmail: 'This is already your email' });
    const bad = await h.request('GET', '/api/auth/verify-email?token=nonsense');
    expect(bad.status).toBe(302);
    expect(bad.headers.get('location')).toBe('/profile?verifyError=invalid_token');
    // A link of a change of email whose signature was altered lands on Settings, saying so; nothing changes.
    const newEmail = email();
    await h.request('POST', '/api/auth/change-email', { cookie: user.cookie, body: { newEmail } });
    const link = new URL(linkIn(await mail.next(newEmail, /Confirm your new HackTeams email/)));
    const token = link.searchParams.get('token')!;
    const altered = await h.request('GET', `/api/auth/verify-email?token=${token.slice(0, -4)}AAAA`, { cookie: user.cookie });
    expect(altered.headers.get('location')).toMatch(/^\/profile\?tab=settings&emailError=/);
    expect((await h.request('GET', '/api/auth/account', { cookie: user.cookie })).body.email).toBe(user.email);
    expect((await h.request('POST', '/api/auth/change-email', { body: { newEmail: email() } })).status).toBe(401);
  });
});

describe('sessions', () => {
  it('lists the devices with this one marked, ends one at once, and ends every other', async () => {
    const user = await h.signUp({ email: email() });
    const phone = cookieFrom(
      (
        await h.request('POST', '/api/auth/sign-in/email', {
          body: { email: user.email, password: PASSWORD },
          headers: {
            'user-agent':
              'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
          },
        })
      ).headers,
    );
    const laptop = cookieFrom((await signIn(user.email, PASSWORD)).headers);

    const list = await h.request('GET', '/api/auth/sessions', { cookie: user.cookie });
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(3);
    expect(list.body.items[0].current).toBe(true);
    expect(list.body.items.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const phoneSession = list.body.items.find((s: { device: string }) => s.device === 'Safari on iOS');
    expect(phoneSession).toBeTruthy();

    expect((await h.request('DELETE', `/api/auth/sessions/${phoneSession.id}`, { cookie: user.cookie })).status).toBe(204);
    expect((await h.request('GET', '/api/me', { cookie: phone })).body.user).toBeNull();
    expect((await h.request('GET', '/api/me', { cookie: laptop })).body.user.id).toBe(user.userId);

    const others = await h.request('POST', '/api/auth/sessions/sign-out-others', { cookie: user.cookie });
    expect(others.body).toEqual({ signedOut: 1 });
    expect((await h.request('GET', '/api/me', { cookie: laptop })).body.user).toBeNull();
    expect((await h.request('GET', '/api/me', { cookie: user.cookie })).body.user.id).toBe(user.userId);
  });

  it("cannot end another account's session", async () => {
    const a = await h.signUp({ email: email() });
    const b = await h.signUp({ email: email() });
    const [bSession] = await h.db.select().from(sessions).where(eq(sessions.userId, b.userId));
    const res = await h.request('DELETE', `/api/auth/sessions/${bSession.id}`, { cookie: a.cookie });
    expect(res.status).toBe(404);
    expect((await h.request('GET', '/api/me', { cookie: b.cookie })).body.user.id).toBe(b.userId);
  });
});

async function teamOf(leader: TestUser, name: string) {
  const res = await h.request('POST', '/api/teams', {
    cookie: leader.cookie,
    body: { name, description: 'A team made for the account tests.', openPositions: ['Designer', 'Developer'] },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function join(teamId: string, leader: TestUser, member: TestUser) {
  const req = await h.request('POST', `/api/teams/${teamId}/join-requests`, {
    cookie: member.cookie,
    body: { position: 'Developer', message: 'I would love to build this with you.' },
  });
  expect((await h.request('POST', `/api/join-requests/${req.body.id}/accept`, { cookie: leader.cookie })).status).toBe(200);
}

describe('download my data', () => {
  it('is a JSON file of the profile, skills, memberships, requests, invitations and notifications', async () => {
    const leader = await h.signUp({ email: email(), firstName: 'Lena' });
    const person = await h.signUp({ email: email(), firstName: 'Paula' });
    await h.request('POST', `/api/profiles/${person.profileId}/skills`, {
      cookie: person.cookie,
      body: { skills: [{ name: 'Rust', level: 'Advanced' }] },
    });
    const teamId = await teamOf(leader, 'Data Team');
    await join(teamId, leader, person);
    const other = await teamOf(leader, 'Other Team');
    await h.request('POST', `/api/teams/${other}/join-requests`, {
      cookie: person.cookie,
      body: { position: 'Designer', message: 'Designs are my thing, honestly.' },
    });

    const res = await h.request('GET', '/api/auth/account/data', { cookie: person.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="hackteams-my-data.json"');
    expect(res.body.account.email).toBe(person.email);
    expect(res.body.profile.firstName).toBe('Paula');
    expect(res.body.profile.skills).toEqual([{ name: 'Rust', level: 'Advanced' }]);
    expect(res.body.memberships).toEqual([expect.objectContaining({ teamId, teamName: 'Data Team', role: 'Developer', isLeader: false })]);
    expect(res.body.joinRequests.map((r: { teamName: string; status: string }) => [r.teamName, r.status])).toEqual([
      ['Data Team', 'accepted'],
      ['Other Team', 'pending'],
    ]);
    expect(res.body.notifications.map((n: { text: string }) => n.text)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Lena User\d+ accepted your request: you joined Data Team/)]),
    );
    expect(JSON.stringify(res.body)).not.toMatch(/password|token/i);
  });
});

describe('delete account', () => {
  it('needs the password and the words, and refuses otherwise', async () => {
    const user = await h.signUp({ email: email() });
    const noWords = await h.request('POST', '/api/auth/delete-account', {
      cookie: user.cookie,
      body: { password: PASSWORD, confirm: 'delete' },
    });
    expect(noWords.status).toBe(400);
    expect(noWords.body.fields.confirm).toBe("Type 'delete my account' to confirm");
    const noPassword = await h.request('POST', '/api/auth/delete-account', { cookie: user.cookie, body: { confirm: 'delete my account' } });
    expect(noPassword.body.fields).toEqual({ password: 'Enter your password to delete your account' });
    const wrong = await h.request('POST', '/api/auth/delete-account', {
      cookie: user.cookie,
      body: { password: 'not-my-password', confirm: 'delete my account' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ password: 'Password is incorrect' });
    expect((await h.request('GET', '/api/me', { cookie: user.cookie })).body.user.id).toBe(user.userId);
  });

  it('removes the person everywhere at once, hands over or deletes their teams, and tells everyone affected', async () => {
    const gone = await h.signUp({ email: email(), firstName: 'Vanishing', lastName: 'Vera' });
    const elder = await h.signUp({ email: email(), firstName: 'Elder' });
    const younger = await h.signUp({ email: email(), firstName: 'Younger' });
    const coLeader = await h.signUp({ email: email(), firstName: 'Co' });
    const requester = await h.signUp({ email: email(), firstName: 'Requester' });
    const otherDevice = cookieFrom((await signIn(gone.email, PASSWORD)).headers);
    expect(
      (await h.request('POST', `/api/profiles/${gone.profileId}/avatar`, { cookie: gone.cookie, form: await avatarForm() })).status,
    ).toBe(200);
    expect(await h.db.select().from(profileAvatars).where(eq(profileAvatars.profileId, gone.profileId))).toHaveLength(1);

    // Led alone, with members: handed to the longest-standing one.
    const handed = await teamOf(gone, 'Handed Team');
    await join(handed, gone, elder);
    await join(handed, gone, younger);
    // Led alone, nobody else: deleted; the pending request is withdrawn.
    const lonely = await teamOf(gone, 'Lonely Team');
    await h.request('POST', `/api/teams/${lonely}/join-requests`, {
      cookie: requester.cookie,
      body: { position: 'Designer', message: 'Please let me in, I design.' },
    });
    // Led with someone else: stays with them.
    const shared = await teamOf(coLeader, 'Shared Team');
    await join(shared, coLeader, gone);
    expect(
      (await h.request('PATCH', `/api/teams/${shared}/members/${gone.profileId}`, { cookie: coLeader.cookie, body: { isLeader: true } }))
        .status,
    ).toBe(200);
    // A request to someone else's team: the leader's notification quotes the person.
    await h.request('POST', `/api/teams/${shared}/join-requests`, {
      cookie: requester.cookie,
      body: { position: 'Designer', message: 'Another team, another try.' },
    });
    const gonesRequest = await teamOf(requester, 'Requester Team');
    await h.request('POST', `/api/teams/${gonesRequest}/join-requests`, {
      cookie: gone.cookie,
      body: { position: 'Designer', message: 'Vera would like to join.' },
    });

    const res = await h.request('POST', '/api/auth/delete-account', {
      cookie: gone.cookie,
      body: { password: PASSWORD, confirm: 'Delete my account' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).toMatch(/better-auth\.session_token=;.*Max-Age=0/);

    // Every session stopped working at once.
    for (const cookie of [gone.cookie, otherDevice]) {
      expect((await h.request('GET', '/api/me', { cookie })).body.user).toBeNull();
      expect((await h.request('GET', '/api/profile', { cookie })).status).toBe(401);
    }
    expect((await signIn(gone.email, PASSWORD)).status).toBe(401);
    expect(await h.db.select().from(users).where(eq(users.id, gone.userId))).toEqual([]);
    expect(await h.db.select().from(sessions).where(eq(sessions.userId, gone.userId))).toEqual([]);
    expect(await h.db.select().from(profileAvatars).where(eq(profileAvatars.profileId, gone.profileId))).toEqual([]);

    // Nothing of the person in lists, search, team pages or anyone's notifications.
    expect((await h.request('GET', `/api/profiles/${gone.profileId}`)).status).toBe(404);
    expect((await h.request('GET', '/api/profiles?q=Vanishing')).body.total).toBe(0);
    const everything = JSON.stringify([
      (await h.request('GET', '/api/profiles?pageSize=100')).body,
      (await h.request('GET', '/api/teams?pageSize=100')).body,
      ...(
        await Promise.all([handed, shared, gonesRequest].map((id) => h.request('GET', `/api/teams/${id}`, { cookie: coLeader.cookie })))
      ).map((r) => r.body),
      (await h.request('GET', `/api/teams/${gonesRequest}/join-requests`, { cookie: requester.cookie })).body,
      await h.db.select().from(notifications),
    ]);
    expect(everything).not.toContain('Vanishing');
    expect(everything).not.toContain(gone.profileId);

    // The team led alone went to its longest-standing member.
    const handedTeam = (await h.request('GET', `/api/teams/${handed}`)).body;
    expect(handedTeam.members.map((m: { name: string; isLeader: boolean }) => [m.name.split(' ')[0], m.isLeader])).toEqual(
      expect.arrayContaining([
        ['Elder', true],
        ['Younger', false],
      ]),
    );
    expect(handedTeam.members).toHaveLength(2);
    expect((await h.request('GET', `/api/teams/${lonely}`)).status).toBe(404);
    const sharedTeam = (await h.request('GET', `/api/teams/${shared}`)).body;
    expect(sharedTeam.members.map((m: { name: string }) => m.name.split(' ')[0])).toEqual(['Co']);

    const inbox = async (u: TestUser) =>
      (await h.request('GET', '/api/me/inbox', { cookie: u.cookie })).body.items.map((n: { text: string }) => n.text);
    expect(await inbox(elder)).toContain('You now lead Handed Team: its leader deleted their account');
    expect(await inbox(younger)).toContain('A member of Handed Team deleted their account');
    expect(await inbox(coLeader)).toContain('A member of Shared Team deleted their account');
    expect(await inbox(requester)).toContain('Your request to join Lonely Team was withdrawn: the team was deleted');
    expect(await inbox(requester)).toContain('Someone asked to join Requester Team as Designer');
  });

  it('asks an account without a password for a fresh provider sign-in', async () => {
    const user = await h.signUp({ email: email() });
    // As if made with GitHub: no password, and a session from an hour ago.
    await h.db.execute(`update accounts set password = null where user_id = '${user.userId}'`);
    await h.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(sessions.userId, user.userId));
    const stale = await h.request('POST', '/api/auth/delete-account', { cookie: user.cookie, body: { confirm: 'delete my account' } });
    expect(stale.status).toBe(403);
    expect(stale.body.error).toMatch(/sign in again with your provider/);
    await h.db.update(sessions).set({ createdAt: new Date() }).where(eq(sessions.userId, user.userId));
    const fresh = await h.request('POST', '/api/auth/delete-account', { cookie: user.cookie, body: { confirm: 'delete my account' } });
    expect(fresh.status).toBe(200);
    expect((await h.request('GET', '/api/me', { cookie: user.cookie })).body.user).toBeNull();
  });
});

async function avatarForm(): Promise<FormData> {
  const sharp = (await import('sharp')).default;
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  return form;
}
