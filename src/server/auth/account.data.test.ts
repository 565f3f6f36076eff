/**
 * The account's data (docs/decisions/013-accounts.md): the download of everything about the
 * person, and deleting the account with its teams handed over or deleted.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, profileAvatars, sessions, users } from '../db/schema';
import { createEvent } from '../testing/events';
import { cookieFrom, type TestUser } from '../testing/harness';
import { email, h, PASSWORD, signIn, useAccountWorld } from '../testing/worlds/account';

useAccountWorld();

async function teamOf(leader: TestUser, name: string) {
  const res = await h.api('POST /api/teams', {
    cookie: leader.cookie,
    body: { name, description: 'A team made for the account tests.', openPositions: ['Designer', 'Developer'] },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function join(teamId: string, leader: TestUser, member: TestUser) {
  const req = await h.api('POST /api/teams/{id}/join-requests', {
    params: { id: teamId },
    cookie: member.cookie,
    body: { position: 'Developer', message: 'I would love to build this with you.' },
  });
  expect((await h.api('POST /api/join-requests/{id}/accept', { params: { id: req.body.id }, cookie: leader.cookie })).status).toBe(200);
}

describe('download my data', () => {
  it('is a JSON file of the profile, skills, memberships, requests, invitations and notifications', async () => {
    const leader = await h.signUp({ email: email(), firstName: 'Lena' });
    const person = await h.signUp({ email: email(), firstName: 'Paula' });
    await h.api('POST /api/profiles/{id}/skills', {
      params: { id: person.profileId },
      cookie: person.cookie,
      body: { skills: [{ name: 'Rust', level: 'Advanced' }] },
    });
    const teamId = await teamOf(leader, 'Data Team');
    await join(teamId, leader, person);
    const other = await teamOf(leader, 'Other Team');
    await h.api('POST /api/teams/{id}/join-requests', {
      params: { id: other },
      cookie: person.cookie,
      body: { position: 'Designer', message: 'Designs are my thing, honestly.' },
    });

    const res = await h.api('GET /api/auth/account/data', { cookie: person.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="hackteams-my-data.json"');
    expect(res.body.account.email).toBe(person.email);
    expect(res.body.profile!.firstName).toBe('Paula');
    expect(res.body.profile!.skills).toEqual([{ name: 'Rust', level: 'Advanced' }]);
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
    const noWords = await h.api('POST /api/auth/delete-account', { cookie: user.cookie, body: { password: PASSWORD, confirm: 'delete' } });
    expect(noWords.status).toBe(400);
    expect(noWords.body.fields!.confirm).toBe("That does not match: type 'delete my account' exactly");
    const noPassword = await h.api('POST /api/auth/delete-account', { cookie: user.cookie, body: { confirm: 'delete my account' } });
    expect(noPassword.body.fields).toEqual({ password: 'Enter your password to delete your account' });
    const wrong = await h.api('POST /api/auth/delete-account', {
      cookie: user.cookie,
      body: { password: 'not-my-password', confirm: 'delete my account' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ password: 'Password is incorrect' });
    expect((await h.api('GET /api/me', { cookie: user.cookie })).body.user!.id).toBe(user.userId);
  });

  it('removes the person everywhere at once, hands over or deletes their teams, and tells everyone affected', async () => {
    const gone = await h.signUp({ email: email(), firstName: 'Vanishing', lastName: 'Vera' });
    const elder = await h.signUp({ email: email(), firstName: 'Elder' });
    const younger = await h.signUp({ email: email(), firstName: 'Younger' });
    const coLeader = await h.signUp({ email: email(), firstName: 'Co' });
    const requester = await h.signUp({ email: email(), firstName: 'Requester' });
    const otherDevice = cookieFrom((await signIn(gone.email, PASSWORD)).headers);
    expect(
      (await h.api('POST /api/profiles/{id}/avatar', { params: { id: gone.profileId }, cookie: gone.cookie, body: await avatarForm() }))
        .status,
    ).toBe(200);
    expect(await h.db.select().from(profileAvatars).where(eq(profileAvatars.profileId, gone.profileId))).toHaveLength(1);

    // Led alone, with members: handed to the longest-standing one.
    const handed = await teamOf(gone, 'Handed Team');
    await join(handed, gone, elder);
    await join(handed, gone, younger);
    // Led alone, nobody else: deleted; the pending request is withdrawn.
    const lonely = await teamOf(gone, 'Lonely Team');
    await h.api('POST /api/teams/{id}/join-requests', {
      params: { id: lonely },
      cookie: requester.cookie,
      body: { position: 'Designer', message: 'Please let me in, I design.' },
    });
    // Led with someone else: stays with them.
    const shared = await teamOf(coLeader, 'Shared Team');
    await join(shared, coLeader, gone);
    expect(
      (
        await h.api('PATCH /api/teams/{id}/members/{profileId}', {
          params: { id: shared, profileId: gone.profileId },
          cookie: coLeader.cookie,
          body: { isLeader: true },
        })
      ).status,
    ).toBe(200);
    // A request to someone else's team: the leader's notification quotes the person.
    await h.api('POST /api/teams/{id}/join-requests', {
      params: { id: shared },
      cookie: requester.cookie,
      body: { position: 'Designer', message: 'Another team, another try.' },
    });
    const gonesRequest = await teamOf(requester, 'Requester Team');
    await h.api('POST /api/teams/{id}/join-requests', {
      params: { id: gonesRequest },
      cookie: gone.cookie,
      body: { position: 'Designer', message: 'Vera would like to join.' },
    });

    const res = await h.api('POST /api/auth/delete-account', {
      cookie: gone.cookie,
      body: { password: PASSWORD, confirm: 'Delete my account' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).toMatch(/better-auth\.session_token=;.*Max-Age=0/);

    // Every session stopped working at once.
    for (const cookie of [gone.cookie, otherDevice]) {
      expect((await h.api('GET /api/me', { cookie })).body.user).toBeNull();
      expect((await h.api('GET /api/profile', { cookie })).status).toBe(401);
    }
    expect((await signIn(gone.email, PASSWORD)).status).toBe(401);
    expect(await h.db.select().from(users).where(eq(users.id, gone.userId))).toEqual([]);
    expect(await h.db.select().from(sessions).where(eq(sessions.userId, gone.userId))).toEqual([]);
    expect(await h.db.select().from(profileAvatars).where(eq(profileAvatars.profileId, gone.profileId))).toEqual([]);

    // Nothing of the person in lists, search, team pages or anyone's notifications.
    expect((await h.api('GET /api/profiles/{id}', { params: { id: gone.profileId } })).status).toBe(404);
    expect((await h.api('GET /api/profiles', { query: { q: 'Vanishing' } })).body.total).toBe(0);
    const everything = JSON.stringify([
      (await h.api('GET /api/profiles', { query: { pageSize: 100 } })).body,
      (await h.api('GET /api/teams', { query: { pageSize: 100 } })).body,
      ...(
        await Promise.all(
          [handed, shared, gonesRequest].map((id) => h.api('GET /api/teams/{id}', { params: { id }, cookie: coLeader.cookie })),
        )
      ).map((r) => r.body),
      (await h.api('GET /api/teams/{id}/join-requests', { params: { id: gonesRequest }, cookie: requester.cookie })).body,
      await h.db.select().from(notifications),
    ]);
    expect(everything).not.toContain('Vanishing');
    expect(everything).not.toContain(gone.profileId);

    // The team led alone went to its longest-standing member.
    const handedTeam = (await h.api('GET /api/teams/{id}', { params: { id: handed } })).body;
    expect(handedTeam.members.map((m: { name: string; isLeader: boolean }) => [m.name.split(' ')[0], m.isLeader])).toEqual(
      expect.arrayContaining([
        ['Elder', true],
        ['Younger', false],
      ]),
    );
    expect(handedTeam.members).toHaveLength(2);
    expect((await h.api('GET /api/teams/{id}', { params: { id: lonely } })).status).toBe(404);
    const sharedTeam = (await h.api('GET /api/teams/{id}', { params: { id: shared } })).body;
    expect(sharedTeam.members.map((m: { name: string }) => m.name.split(' ')[0])).toEqual(['Co']);

    const inbox = async (u: TestUser) =>
      (await h.api('GET /api/me/inbox', { cookie: u.cookie })).body.items.map((n: { text: string }) => n.text);
    expect(await inbox(elder)).toContain('You now lead Handed Team: its leader deleted their account');
    expect(await inbox(younger)).toContain('A member of Handed Team deleted their account');
    expect(await inbox(coLeader)).toContain('A member of Shared Team deleted their account');
    expect(await inbox(requester)).toContain('Your request to join Lonely Team was withdrawn: the team was deleted');
    expect(await inbox(requester)).toContain('Someone asked to join Requester Team as Designer');
  });

  it('passes each event the person alone owned to its longest-standing organizer, so it keeps an owner, and tells them', async () => {
    const owner = await h.signUp({ email: email(), firstName: 'Owen' });
    const [moderator, organizer, later] = await Promise.all(
      ['Mona', 'Otto', 'Orla'].map((firstName) => h.signUp({ email: email(), firstName })),
    );
    const slug = await createEvent(h, owner, { slug: 'handed-hack', name: 'Handed Hack' });
    const add = (who: TestUser, role: 'organizer' | 'moderator') =>
      h.api('POST /api/events/{slug}/staff', { params: { slug }, cookie: owner.cookie, body: { profileId: who.profileId, role } });
    for (const [who, role] of [
      [moderator, 'moderator'],
      [organizer, 'organizer'],
      [later, 'organizer'],
    ] as const)
      expect((await add(who, role)).status).toBe(201);
    const deleted = await h.api('POST /api/auth/delete-account', {
      cookie: owner.cookie,
      body: { password: PASSWORD, confirm: 'Delete my account' },
    });
    expect(deleted.status).toBe(200);
    const staff = (await h.api('GET /api/events/{slug}/staff', { params: { slug }, cookie: organizer.cookie })).body;
    expect(staff.map((m: { person: { id: string }; role: string }) => [m.person.id, m.role])).toEqual(
      expect.arrayContaining([
        [organizer.profileId, 'owner'],
        [later.profileId, 'organizer'],
        [moderator.profileId, 'moderator'],
      ]),
    );
    expect(staff).toHaveLength(3);
    // The new owner is told, and led to the event.
    const inbox = async (u: TestUser) => (await h.api('GET /api/me/inbox', { cookie: u.cookie })).body.items!;
    const told = await inbox(organizer);
    expect(told).toContainEqual(
      expect.objectContaining({
        kind: 'event_handed_over',
        text: 'You now own Handed Hack: its owner deleted their account',
        link: `/hackathons/${slug}`,
      }),
    );
    expect((await inbox(later)).map((i: { kind: string }) => i.kind)).not.toContain('event_handed_over');
  });

  it('asks an account without a password for a fresh provider sign-in', async () => {
    const user = await h.signUp({ email: email() });
    // As if made with GitHub: no password, and a session from an hour ago.
    await h.db.execute(`update accounts set password = null where user_id = '${user.userId}'`);
    await h.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(sessions.userId, user.userId));
    const stale = await h.api('POST /api/auth/delete-account', { cookie: user.cookie, body: { confirm: 'delete my account' } });
    expect(stale.status).toBe(403);
    expect(stale.body.error).toMatch(/sign in again with your provider/);
    await h.db.update(sessions).set({ createdAt: new Date() }).where(eq(sessions.userId, user.userId));
    const fresh = await h.api('POST /api/auth/delete-account', { cookie: user.cookie, body: { confirm: 'delete my account' } });
    expect(fresh.status).toBe(200);
    expect((await h.api('GET /api/me', { cookie: user.cookie })).body.user).toBeNull();
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
