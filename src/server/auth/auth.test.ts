import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles } from '../db/schema';
import { cookieFrom, createHarness, type Harness } from '../testing';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const signUpBody = (email: string) => ({ firstName: 'Ada', lastName: 'Lovelace', email, password: 'engine1' });

describe('health', () => {
  it('answers ok with the database kind', async () => {
    const res = await h.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: h.kind });
  });
});

describe('sign-up', () => {
  it('rejects missing fields and a short password with field messages', async () => {
    const res = await h.request('POST', '/api/auth/sign-up/email', {
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
    const res = await h.request('POST', '/api/auth/sign-up/email', { body: '{not json' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The request body must be JSON');
  });

  it('creates the account, signs in, and creates the profile (docs/product.md#accounts-and-sessions)', async () => {
    const res = await h.request('POST', '/api/auth/sign-up/email', { body: signUpBody('ada@example.com') });
    expect(res.status).toBe(200);
    const cookie = cookieFrom(res.headers);
    const me = await h.request('GET', '/api/me', { cookie });
    expect(me.body.user.email).toBe('ada@example.com');
    const [profile] = await h.db.select().from(profiles).where(eq(profiles.userId, me.body.user.id));
    expect(profile).toMatchObject({
      firstName: 'Ada', lastName: 'Lovelace', name: 'Ada Lovelace', availability: 'Flexible', lookingForTeam: true,
    });
    expect(me.body.profile.id).toBe(profile.id);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    await h.request('POST', '/api/auth/sign-up/email', { body: signUpBody('dup@example.com') });
    const res = await h.request('POST', '/api/auth/sign-up/email', { body: signUpBody('DUP@example.com') });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/already exists/);
    const rows = await h.db.select().from(profiles);
    expect(rows.filter((p) => p.firstName === 'Ada')).toHaveLength(2); // ada@ and the first dup@ only
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const res = await h.request('POST', '/api/auth/sign-up/email', { body: signUpBody('cookie@example.com') });
    // The token travels only in the HttpOnly cookie, never in a body a script could read.
    expect(res.body).not.toHaveProperty('token');
    const setCookie = res.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });
});

describe('sign-in and sign-out', () => {
  it('says "Invalid email or password" for a wrong password or unknown email', async () => {
    await h.request('POST', '/api/auth/sign-up/email', { body: signUpBody('grace@example.com') });
    for (const body of [
      { email: 'grace@example.com', password: 'wrong-password' },
      { email: 'nobody@example.com', password: 'whatever1' },
    ]) {
      const res = await h.request('POST', '/api/auth/sign-in/email', { body });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Invalid email or password');
    }
  });

  it('signs in with the right password, and sign-out ends the session on the server', async () => {
    await h.request('POST', '/api/auth/sign-up/email', { body: signUpBody('linus@example.com') });
    const res = await h.request('POST', '/api/auth/sign-in/email', { body: { email: 'linus@example.com', password: 'engine1' } });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('token');
    const cookie = cookieFrom(res.headers);
    expect((await h.request('GET', '/api/me', { cookie })).body.user.email).toBe('linus@example.com');

    const out = await h.request('POST', '/api/auth/sign-out', { cookie, body: {} });
    expect(out.status).toBe(200);
    // The old cookie no longer works: the session row is gone, not just the browser's cookie.
    const after = await h.request('GET', '/api/me', { cookie });
    expect(after.body.user).toBeNull();
  });

  it('creates a missing profile on sign-in', async () => {
    const user = await h.signUp({ firstName: 'Kat', lastName: 'Johnson', email: 'kat@example.com' });
    await h.db.delete(profiles).where(eq(profiles.id, user.profileId));
    const res = await h.request('POST', '/api/auth/sign-in/email', { body: { email: 'kat@example.com', password: 'secret123' } });
    const me = await h.request('GET', '/api/me', { cookie: cookieFrom(res.headers) });
    expect(me.body.profile).toMatchObject({ firstName: 'Kat', lastName: 'Johnson', name: 'Kat Johnson' });
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON', async () => {
    const res = await h.request('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found' });
  });
});
