/**
 * Verified email (issue 30, docs/decisions/017): a sign-up is mailed a link that verifies its address
 * (or the log has it, without SMTP); until then the account works but no provider joins it by that
 * address, and the profile asks to verify; a verified account joined by a provider keeps its password.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startMailCatcher, type MailCatcher } from '../../../tests/support/mail-catcher';
import { consent, startMockProvider, type MockProvider } from '../../../tests/support/oauth-provider';
import { createMailer } from '../platform/mail';
import { createLogger, silentLogger } from '../platform/log';
import { cookieFrom, createHarness, type Harness } from '../testing/harness';

let h: Harness;
let mail: MailCatcher;
let github: MockProvider;

beforeAll(async () => {
  [mail, github] = await Promise.all([startMailCatcher(), startMockProvider('github')]);
  h = await createHarness({
    mailer: createMailer({ smtpUrl: mail.url, from: 'HackTeams <teams@example.org>', log: silentLogger }),
    social: { publicUrl: 'http://teams.example.org', github: { clientId: 'gh-client', clientSecret: 'gh-secret', ...github.settings } },
  });
});
afterAll(async () => {
  await h?.close();
  await Promise.all([mail?.stop(), github?.stop()]);
});

const PASSWORD = 'team-finder-1';
const email = () => `verify-${randomUUID().slice(0, 8)}@example.com`;
const accountOf = async (cookie: string) => (await h.api('GET /api/auth/account', { cookie })).body;
const signIn = (address: string) => h.api('POST /api/auth/sign-in/email', { body: { email: address, password: PASSWORD } });
/** Opens a mailed link as the browser would (the path on this app). */
const open = (link: string, cookie?: string) => {
  const url = new URL(link);
  return h.request('GET', `${url.pathname}${url.search}`, { cookie });
};

/** A GitHub sign-in (tests/support/oauth-provider.ts) with a verified email; where it ended and its cookie. */
async function githubSignIn(address: string) {
  const start = await h.api('POST /api/auth/sign-in/social', { body: { provider: 'github', redirectTo: '/teams' } });
  const authorize = new URL(start.body.url);
  for (const [k, v] of Object.entries(consent({ login: `gh-${randomUUID().slice(0, 8)}`, email: address, verified: true })))
    authorize.searchParams.set(k, v);
  const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
  const res = await h.request('GET', `${back.pathname}${back.search}`, { cookie: cookieFrom(start.headers) });
  return { location: new URL(res.headers.get('location')!, 'http://localhost'), cookie: cookieFrom(res.headers) };
}

describe('verifying the address', () => {
  it('mails a sign-up a link; the account works unverified, and opening the link verifies it', async () => {
    const user = await h.signUp({ email: email() });
    expect(await accountOf(user.cookie)).toMatchObject({ email: user.email, emailVerified: false });
    const message = await mail.next(user.email, /Verify your HackTeams email address/);
    const link = linkIn(message);
    expect(link).toMatch(/^http:\/\/teams\.example\.org\/api\/auth\/verify-email\?token=/);

    const opened = await open(link, user.cookie);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/profile?emailVerified=1');
    expect(await accountOf(user.cookie)).toMatchObject({ emailVerified: true });
    // Opened elsewhere (no session): it verifies, and signs nobody in.
    const again = await open(link);
    expect(again.headers.get('location')).toBe('/profile?emailVerified=1');
    expect(cookieFrom(again.headers)).not.toContain('session_token');
  });

  it('sends a new link on request (three an hour with the limits on), and none once verified', async () => {
    const user = await h.signUp({ email: email() });
    await mail.next(user.email, /Verify/);
    const resend = await h.api('POST /api/auth/send-verification-email', { cookie: user.cookie });
    expect(resend.status).toBe(200);
    expect(resend.body.message).toBe(`We sent a new link to ${user.email}. It works for one hour.`);
    const second = await mail.next(user.email, /Verify/, 1);
    expect((await open(linkIn(second), user.cookie)).headers.get('location')).toBe('/profile?emailVerified=1');

    const done = await h.api('POST /api/auth/send-verification-email', { cookie: user.cookie });
    expect(done.status).toBe(400);
    expect(done.body.error).toBe('Your email is already verified.');
    expect((await h.api('POST /api/auth/send-verification-email')).status).toBe(401);

    const limited = await createHarness({ rateLimit: true });
    try {
      const someone = await limited.signUp();
      const asks = [];
      for (let i = 0; i < 4; i++)
        asks.push((await limited.api('POST /api/auth/send-verification-email', { cookie: someone.cookie })).status);
      expect(asks).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('an expired link verifies nothing, and says so', async () => {
    const user = await h.signUp({ email: email() });
    const link = new URL(linkIn(await mail.next(user.email, /Verify/)));
    const [, payload] = link.searchParams.get('token')!.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(3600);
    const forged = await open(`${link.origin}${link.pathname}?token=${link.searchParams.get('token')!.slice(0, -3)}xyz`, user.cookie);
    expect(forged.headers.get('location')).toBe('/profile?verifyError=invalid_token');
    expect(await accountOf(user.cookie)).toMatchObject({ emailVerified: false });
  });

  it('without SMTP, writes the link to the log', async () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'warn', destination: { write: (line: string) => void lines.push(line) } });
    const logged = await createHarness({ mailer: createMailer({ log }) });
    try {
      const user = await logged.signUp();
      const line = lines.find((l) => l.includes('Verify your HackTeams email address'))!;
      expect(line).toContain('Email not sent (SMTP_URL is not set)');
      const link = JSON.parse(line).mail.text.match(/http:\/\/\S+/)[0] as string;
      const url = new URL(link);
      await logged.request('GET', `${url.pathname}${url.search}`, { cookie: user.cookie });
      expect((await logged.api('GET /api/auth/account', { cookie: user.cookie })).body.emailVerified).toBe(true);
    } finally {
      await logged.close();
    }
  });
});

describe('providers and verified addresses', () => {
  it('no provider joins an account until its address is verified: the sign-in says why, and the password stays', async () => {
    const user = await h.signUp({ email: email() });
    const flow = await githubSignIn(user.email);
    expect(flow.location.pathname).toBe('/login');
    expect(flow.location.searchParams.get('error')).toBe('account_not_linked');
    expect(flow.location.searchParams.get('error_description')).toMatch(/verify/i);
    expect(flow.cookie).not.toMatch(/session_token=[^;]/);
    expect(await accountOf(user.cookie)).toMatchObject({ providers: [], hasPassword: true });
    expect((await signIn(user.email)).status).toBe(200);
  });

  it('a verified account joined by GitHub keeps its password and its sessions', async () => {
    const user = await h.signUp({ email: email() });
    await open(linkIn(await mail.next(user.email, /Verify/)), user.cookie);
    const flow = await githubSignIn(user.email);
    expect(flow.location.pathname).toBe('/auth/callback');
    expect((await h.api('GET /api/me', { cookie: flow.cookie })).body.user!.id).toBe(user.userId);
    expect(await accountOf(user.cookie)).toMatchObject({ emailVerified: true, hasPassword: true, providers: ['github'] });
    expect((await signIn(user.email)).status).toBe(200);
  });

  it("an account made in advance with another person's address: the owner resets the password, which verifies it, and then GitHub joins it", async () => {
    const address = email();
    const squatter = await h.signUp({ email: address, firstName: 'Not', lastName: 'Owner' });
    // The owner arrives through GitHub: refused, the squatter's account stays unlinked.
    expect((await githubSignIn(address)).location.pathname).toBe('/login');
    // The owner takes the address back through the mailbox.
    await h.api('POST /api/auth/forgot-password', { body: { email: address } });
    const token = new URL(linkIn(await mail.next(address, /Reset/))).searchParams.get('token');
    expect((await h.api('POST /api/auth/reset-password', { body: { token: token!, newPassword: 'owner-is-back-7' } })).status).toBe(200);
    expect((await h.api('GET /api/me', { cookie: squatter.cookie })).body.user).toBeNull();
    expect((await signIn(address)).status).toBe(401);
    const flow = await githubSignIn(address);
    expect(flow.location.pathname).toBe('/auth/callback');
    expect(await accountOf(flow.cookie)).toMatchObject({ emailVerified: true, hasPassword: true, providers: ['github'] });
  });

  it('an address changed through the link sent to it is verified', async () => {
    const user = await h.signUp({ email: email() });
    const newEmail = email();
    await h.api('POST /api/auth/change-email', { cookie: user.cookie, body: { newEmail } });
    await open(linkIn(await mail.next(newEmail, /Confirm your new HackTeams email/)), user.cookie);
    expect(await accountOf(user.cookie)).toMatchObject({ email: newEmail, emailVerified: true });
  });
});
