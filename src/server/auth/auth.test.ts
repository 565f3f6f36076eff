import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts, profiles, users } from '../db/schema';
import { cookieFrom, createHarness, offContract, type Harness } from '../testing/harness';
import { hashPassword } from './password';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const signUpBody = (email: string) => ({ firstName: 'Ada', lastName: 'Lovelace', email, password: 'engine-1843' });

describe('health', () => {
  it('answers ok with the database kind', async () => {
    const res = await h.api('GET /api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: h.kind });
  });
});

describe('sign-up', () => {
  it('rejects missing fields and a short password with field messages', async () => {
    const res = await h.api('POST /api/auth/sign-up/email', {
      body: { firstName: '', lastName: ' ', email: 'not-an-email', password: '12345' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Invalid email address',
      password: 'Must be at least 6 characters',
    });
  });

  it('rejects a body that is not JSON with a 400', async () => {
    const res = await h.api('POST /api/auth/sign-up/email', { body: offContract('{not json') });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The request body must be JSON');
  });

  it('creates the account, signs in, and creates the profile (docs/product.md#accounts-and-sessions)', async () => {
    const res = await h.api('POST /api/auth/sign-up/email', { body: signUpBody('ada@example.com') });
    expect(res.status).toBe(200);
    const cookie = cookieFrom(res.headers);
    const me = await h.api('GET /api/me', { cookie });
    expect(me.body.user!.email).toBe('ada@example.com');
    const [profile] = await h.db.select().from(profiles).where(eq(profiles.userId, me.body.user!.id));
    expect(profile).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Ada Lovelace',
      availability: 'Flexible',
      lookingForTeam: true,
    });
    expect(me.body.profile!.id).toBe(profile.id);
  });

  it('makes no second account with the same email, whatever its case: no session, and the owner is mailed (docs/decisions/017)', async () => {
    const first = await h.api('POST /api/auth/sign-up/email', { body: signUpBody('dup@example.com') });
    const res = await h.api('POST /api/auth/sign-up/email', { body: { ...signUpBody('DUP@example.com'), password: 'not-the-same-9' } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: 'dup@example.com', name: 'Ada Lovelace' });
    expect(res.body.user.id).not.toBe(first.body.user.id);
    expect(cookieFrom(res.headers)).not.toContain('session_token');
    const rows = await h.db.select().from(profiles);
    expect(rows.filter((p) => p.firstName === 'Ada')).toHaveLength(2); // ada@ and the first dup@ only
    // The owner hears of it, with a way in; the password of the account is unchanged.
    const mail = h.mails.findLast((m) => m.to === 'dup@example.com')!;
    expect(mail.subject).toBe('You already have a HackTeams account');
    expect(mail.text).toMatch(/Sign in: http:\/\/localhost\/login/);
    expect(mail.text).toMatch(/http:\/\/localhost\/forgot-password/);
    expect((await h.api('POST /api/auth/sign-in/email', { body: { email: 'dup@example.com', password: 'engine-1843' } })).status).toBe(200);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const res = await h.api('POST /api/auth/sign-up/email', { body: signUpBody('cookie@example.com') });
    // The token travels only in the HttpOnly cookie, never in a body a script could read.
    expect(res.body).not.toHaveProperty('token');
    const setCookie = res.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });
});

describe('sign-up refuses weak passwords (docs/product.md#validation-sign-up-and-sign-in)', () => {
  const COMMON = 'This password is too common. Choose one that is harder to guess.';
  const BLANK = 'Password must not be only spaces';
  const accountsOf = async (email: string) => (await h.db.select().from(users).where(eq(users.email, email))).length;

  it.each([
    ['a password from the common list', '123456'],
    ['a common password in another case', 'PassWord'],
    ['a longer common password', 'password123'],
    ['one character repeated', 'aaaaaa'],
    ['one character repeated, longer', 'zzzzzzzzzzzz'],
    ['a frequent password with a symbol', 'letmein!'],
    ['a frequent password with look-alike digits and symbols', 'P@ssw0rd1'],
    ["the product's subject", 'hackathon'],
    ["the product's name", 'hackteams'],
    ["the product's name with a symbol", 'HackTeams!'],
    ["the product's subject with a year", 'Hackathon2026'],
    ["the product's subject in look-alikes", 'h4ckath0n'],
    ["the event's name", "World's Largest Hackathon 2025"],
    ['another listed event', 'sf-ai-builders-hackathon'],
  ])('%s (%s): 400 on the password field, no account', async (_, password) => {
    const email = `common-${password.length}-${password.charCodeAt(0)}@example.com`;
    const res = await h.api('POST /api/auth/sign-up/email', { body: { ...signUpBody(email), password } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(COMMON);
    expect(res.body.fields).toEqual({ password: COMMON });
    expect(cookieFrom(res.headers)).not.toContain('session_token');
    expect(await accountsOf(email)).toBe(0);
  });

  it.each([
    ['six spaces', '      '],
    ['tabs, newlines and a no-break space', '\t\n \u00a0\r\t'],
  ])('only whitespace (%s): 400 on the password field, no account', async (_, password) => {
    const email = `blank-${password.charCodeAt(0)}@example.com`;
    const res = await h.api('POST /api/auth/sign-up/email', { body: { ...signUpBody(email), password } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ password: BLANK });
    expect(await accountsOf(email)).toBe(0);
  });

  it('still says "Must be at least 6 characters" for a short password, blank or common', async () => {
    for (const password of ['   ', '1234']) {
      const res = await h.api('POST /api/auth/sign-up/email', { body: { ...signUpBody('short@example.com'), password } });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ password: 'Must be at least 6 characters' });
    }
  });

  it.each([
    ['a decent password', 'team-finder-1'],
    ['spaces inside', 'correct horse battery'],
    ['spaces around a decent password', '  engine-1843  '],
    ['exactly 6 characters', 'k9#vQ2'],
    ['a less frequent word with digits', 'engine-1843'],
    ["the product's words among others", 'hackathon team finder 7'],
  ])('accepts %s', async (_, password) => {
    const email = `decent-${password.length}-${password.charCodeAt(0)}@example.com`;
    const res = await h.api('POST /api/auth/sign-up/email', { body: { ...signUpBody(email), password } });
    expect(res.status).toBe(200);
    const signIn = await h.api('POST /api/auth/sign-in/email', { body: { email, password } });
    expect(signIn.status).toBe(200);
  });

  it('an account made before the rule, with a common password, still signs in', async () => {
    const user = await h.signUp({ email: 'before-the-rule@example.com' });
    await h.db
      .update(accounts)
      .set({ password: await hashPassword('123456') })
      .where(eq(accounts.userId, user.userId));
    const res = await h.api('POST /api/auth/sign-in/email', { body: { email: 'before-the-rule@example.com', password: '123456' } });
    expect(res.status).toBe(200);
    expect(cookieFrom(res.headers)).toContain('session_token');
  });
});

describe('sign-in and sign-out', () => {
  it('says "Invalid email or password" for a wrong password or unknown email', async () => {
    await h.api('POST /api/auth/sign-up/email', { body: signUpBody('grace@example.com') });
    for (const body of [
      { email: 'grace@example.com', password: 'wrong-password' },
      { email: 'nobody@example.com', password: 'whatever1' },
    ]) {
      const res = await h.api('POST /api/auth/sign-in/email', { body });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Invalid email or password');
    }
  });

  it('signs in with the right password, and sign-out ends the session on the server', async () => {
    await h.api('POST /api/auth/sign-up/email', { body: signUpBody('linus@example.com') });
    const res = await h.api('POST /api/auth/sign-in/email', { body: { email: 'linus@example.com', password: 'engine-1843' } });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('token');
    const cookie = cookieFrom(res.headers);
    expect((await h.api('GET /api/me', { cookie })).body.user!.email).toBe('linus@example.com');

    const out = await h.api('POST /api/auth/sign-out', { cookie, body: offContract({}) });
    expect(out.status).toBe(200);
    // The old cookie no longer works: the session row is gone, not just the browser's cookie.
    const after = await h.api('GET /api/me', { cookie });
    expect(after.body.user).toBeNull();
  });

  it('creates a missing profile on sign-in', async () => {
    const user = await h.signUp({ firstName: 'Kat', lastName: 'Johnson', email: 'kat@example.com' });
    await h.db.delete(profiles).where(eq(profiles.id, user.profileId));
    const res = await h.api('POST /api/auth/sign-in/email', { body: { email: 'kat@example.com', password: 'team-finder-1' } });
    const me = await h.api('GET /api/me', { cookie: cookieFrom(res.headers) });
    expect(me.body.profile).toMatchObject({ firstName: 'Kat', lastName: 'Johnson', name: 'Kat Johnson' });
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON', async () => {
    const res = await h.request('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found', code: 'not_found' });
  });
});
