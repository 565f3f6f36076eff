/**
 * The account beyond sign-in (docs/decisions/013-accounts.md): forgotten passwords by email (read
 * from a local SMTP server), changing the password and the email, and sessions. The data download
 * and deleting the account: account.data.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { linkIn } from '../../../tests/support/mail-catcher';
import { sessions, verifications } from '../db/schema';
import { cookieFrom, createHarness } from '../testing/harness';
import { email, h, mail, PASSWORD, signIn, tokenOf, useAccountWorld } from '../testing/worlds/account';

useAccountWorld();

describe('forgotten password', () => {
  it('mails a link on PUBLIC_URL that works once; the new password signs in, the old one and every session do not', async () => {
    const user = await h.signUp({ email: email() });
    const other = cookieFrom((await signIn(user.email, PASSWORD)).headers);

    const asked = await h.api('POST /api/auth/forgot-password', { body: { email: user.email.toUpperCase() } });
    expect(asked.status).toBe(200);
    const message = await mail.next(user.email, /Reset your HackTeams password/);
    expect(message.from).toBe('teams@example.org');
    expect(message.text).toMatch(/works for 1 hour, once/);
    const link = linkIn(message);
    expect(link).toMatch(/^http:\/\/teams\.example\.org\/reset-password\?token=/);

    const reset = await h.api('POST /api/auth/reset-password', { body: { token: tokenOf(link), newPassword: 'a-brand-new-one-7' } });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toMatch(/Sign in with your new password/);
    // Every session ended.
    for (const cookie of [user.cookie, other]) expect((await h.api('GET /api/me', { cookie })).body.user).toBeNull();
    expect((await signIn(user.email, PASSWORD)).status).toBe(401);
    expect((await signIn(user.email, 'a-brand-new-one-7')).status).toBe(200);

    // The same link a second time fails, and changes nothing.
    const again = await h.api('POST /api/auth/reset-password', { body: { token: tokenOf(link), newPassword: 'yet-another-one-8' } });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('This reset link is invalid, expired or already used. Ask for a new one.');
    expect((await signIn(user.email, 'a-brand-new-one-7')).status).toBe(200);
  });

  it('answers the same for an address without an account, and sends nothing', async () => {
    const known = await h.signUp({ email: email() });
    const unknown = email();
    const a = await h.api('POST /api/auth/forgot-password', { body: { email: known.email } });
    const b = await h.api('POST /api/auth/forgot-password', { body: { email: unknown } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    await mail.next(known.email, /Reset/);
    expect(mail.to(unknown)).toEqual([]);
  });

  it('refuses an expired link, and a new password the sign-up rules refuse', async () => {
    const user = await h.signUp({ email: email() });
    await h.api('POST /api/auth/forgot-password', { body: { email: user.email } });
    const token = tokenOf(linkIn(await mail.next(user.email, /Reset/)));

    const weak = await h.api('POST /api/auth/reset-password', { body: { token, newPassword: 'password' } });
    expect(weak.status).toBe(400);
    expect(weak.body.fields!.newPassword).toMatch(/too common/);
    const short = await h.api('POST /api/auth/reset-password', { body: { token, newPassword: '12345' } });
    expect(short.body.fields!.newPassword).toBe('Must be at least 6 characters');

    // An hour later the link no longer works.
    await h.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const late = await h.api('POST /api/auth/reset-password', { body: { token, newPassword: 'fine-password-9' } });
    expect(late.status).toBe(400);
    expect((await signIn(user.email, PASSWORD)).status).toBe(200);
  });

  it('the link is valid for one hour', async () => {
    const user = await h.signUp({ email: email() });
    await h.api('POST /api/auth/forgot-password', { body: { email: user.email } });
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

    const wrong = await h.api('POST /api/auth/change-password', {
      cookie: user.cookie,
      body: { currentPassword: 'not-it-at-all', newPassword: 'fresh-password-1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ currentPassword: 'Current password is incorrect' });
    const weak = await h.api('POST /api/auth/change-password', {
      cookie: user.cookie,
      body: { currentPassword: PASSWORD, newPassword: '123456' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.fields!.newPassword).toMatch(/too common/);

    const ok = await h.api('POST /api/auth/change-password', {
      cookie: user.cookie,
      body: { currentPassword: PASSWORD, newPassword: 'fresh-password-1' },
    });
    expect(ok.status).toBe(200);
    const here = cookieFrom(ok.headers);
    expect((await h.api('GET /api/me', { cookie: here })).body.user!.id).toBe(user.userId);
    expect((await h.api('GET /api/me', { cookie: other })).body.user).toBeNull();
    expect((await signIn(user.email, 'fresh-password-1')).status).toBe(200);
    expect((await signIn(user.email, PASSWORD)).status).toBe(401);
  });

  it('counts wrong current passwords towards the account limit (429 after five)', async () => {
    const limited = await createHarness({ rateLimit: true });
    try {
      const user = await limited.signUp({ email: email() });
      for (let i = 0; i < 5; i++) {
        const res = await limited.api('POST /api/auth/change-password', {
          cookie: user.cookie,
          body: { currentPassword: `wrong-${i}-guess`, newPassword: 'fresh-password-1' },
        });
        expect(res.status).toBe(400);
      }
      const locked = await limited.api('POST /api/auth/change-password', {
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
    const res = await h.api('POST /api/auth/change-email', { cookie: user.cookie, body: { newEmail } });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain(newEmail);
    // Nothing changed yet.
    expect((await h.api('GET /api/auth/account', { cookie: user.cookie })).body.email).toBe(user.email);

    const link = linkIn(await mail.next(newEmail, /Confirm your new HackTeams email/));
    expect(link).toMatch(/^http:\/\/teams\.example\.org\/api\/auth\/verify-email\?token=/);
    const url = new URL(link);
    const opened = await h.request('GET', `${url.pathname}${url.search}`, { cookie: user.cookie });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/profile?tab=settings&emailChanged=1');
    expect((await h.api('GET /api/auth/account', { cookie: user.cookie })).body.email).toBe(newEmail);
    expect((await signIn(newEmail, PASSWORD)).status).toBe(200);
    expect((await signIn(user.email, PASSWORD)).status).toBe(401);
  });

  it('sends no link for an address another account uses, and says the same', async () => {
    const taken = await h.signUp({ email: email() });
    const user = await h.signUp({ email: email() });
    const res = await h.api('POST /api/auth/change-email', { cookie: user.cookie, body: { newEmail: taken.email } });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(mail.to(taken.email).filter((m) => /Confirm/.test(m.subject))).toEqual([]);
  });

  it('refuses the same address, a bad link, and strangers', async () => {
    const user = await h.signUp({ email: email() });
    const same = await h.api('POST /api/auth/change-email', { cookie: user.cookie, body: { newEmail: user.email } });
    expect(same.status).toBe(400);
    expect(same.body.fields).toEqual({ newEmail: 'This is already your email' });
    const bad = await h.api('GET /api/auth/verify-email', { query: { token: 'nonsense' } });
    expect(bad.status).toBe(302);
    expect(bad.headers.get('location')).toBe('/profile?verifyError=invalid_token');
    // A link of a change of email whose signature was altered lands on Settings, saying so; nothing changes.
    const newEmail = email();
    await h.api('POST /api/auth/change-email', { cookie: user.cookie, body: { newEmail } });
    const link = new URL(linkIn(await mail.next(newEmail, /Confirm your new HackTeams email/)));
    const token = link.searchParams.get('token')!;
    const altered = await h.request('GET', `/api/auth/verify-email?token=${token.slice(0, -4)}AAAA`, { cookie: user.cookie });
    expect(altered.headers.get('location')).toMatch(/^\/profile\?tab=settings&emailError=/);
    expect((await h.api('GET /api/auth/account', { cookie: user.cookie })).body.email).toBe(user.email);
    expect((await h.api('POST /api/auth/change-email', { body: { newEmail: email() } })).status).toBe(401);
  });
});

describe('sessions', () => {
  it('lists the devices with this one marked, ends one at once, and ends every other', async () => {
    const user = await h.signUp({ email: email() });
    const phone = cookieFrom(
      (
        await h.api('POST /api/auth/sign-in/email', {
          body: { email: user.email, password: PASSWORD },
          headers: {
            'user-agent':
              'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
          },
        })
      ).headers,
    );
    const laptop = cookieFrom((await signIn(user.email, PASSWORD)).headers);

    const list = await h.api('GET /api/auth/sessions', { cookie: user.cookie });
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(3);
    expect(list.body.items[0].current).toBe(true);
    expect(list.body.items.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const phoneSession = list.body.items.find((s: { device: string }) => s.device === 'Safari on iOS');
    expect(phoneSession).toBeTruthy();

    expect((await h.api('DELETE /api/auth/sessions/{id}', { params: { id: phoneSession!.id }, cookie: user.cookie })).status).toBe(204);
    expect((await h.api('GET /api/me', { cookie: phone })).body.user).toBeNull();
    expect((await h.api('GET /api/me', { cookie: laptop })).body.user!.id).toBe(user.userId);

    const others = await h.api('POST /api/auth/sessions/sign-out-others', { cookie: user.cookie });
    expect(others.body).toEqual({ signedOut: 1 });
    expect((await h.api('GET /api/me', { cookie: laptop })).body.user).toBeNull();
    expect((await h.api('GET /api/me', { cookie: user.cookie })).body.user!.id).toBe(user.userId);
  });

  it("cannot end another account's session", async () => {
    const a = await h.signUp({ email: email() });
    const b = await h.signUp({ email: email() });
    const [bSession] = await h.db.select().from(sessions).where(eq(sessions.userId, b.userId));
    const res = await h.api('DELETE /api/auth/sessions/{id}', { params: { id: bSession.id }, cookie: a.cookie });
    expect(res.status).toBe(404);
    expect((await h.api('GET /api/me', { cookie: b.cookie })).body.user!.id).toBe(b.userId);
  });
});
