import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { serializeSignedCookie } from 'better-call';
import { profiles, sessions } from '../db/schema';
import { createHarness, type Harness } from '../testing/harness';
import { verifiedToken } from './session-lookup';

const DAY = 24 * 3600 * 1000;

describe('verifiedToken', () => {
  const secret = 'a-secret-of-this-instance';
  const signed = async (token: string, key = secret) =>
    decodeURIComponent((await serializeSignedCookie('s', token, key)).split(';')[0].slice('s='.length));

  it('reads a cookie signed the way better-auth signs it', async () => {
    expect(verifiedToken(await signed('tok3n-value'), secret)).toBe('tok3n-value');
  });

  it('refuses another secret, a changed token, a cut signature and no signature', async () => {
    const value = await signed('tok3n-value');
    expect(verifiedToken(await signed('tok3n-value', 'another-secret'), secret)).toBeNull();
    expect(verifiedToken(value.replace('tok3n', 'token'), secret)).toBeNull();
    expect(verifiedToken(value.slice(0, -2), secret)).toBeNull();
    expect(verifiedToken('tok3n-value', secret)).toBeNull();
  });
});

describe('the signed-in user of a request', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]).split('.')[0];
  const sessionRow = async (cookie: string) =>
    (
      await h.db
        .select()
        .from(sessions)
        .where(eq(sessions.token, tokenOf(cookie)))
    )[0];

  it('is the user and profile of the session cookie', async () => {
    const user = await h.signUp();
    const me = await h.api('GET /api/me', { cookie: user.cookie });
    expect(me.body.user).toEqual({ id: user.userId, email: user.email });
    expect(me.body.profile!.id).toBe(user.profileId);
  });

  it('is nobody with a forged or altered cookie', async () => {
    const user = await h.signUp();
    const [name, value] = user.cookie.split('=');
    const token = tokenOf(user.cookie);
    const forged = `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    expect((await h.api('GET /api/me', { cookie: forged })).body.user).toBeNull();
    const altered = `${name}=${value.replace(token.slice(0, 4), 'zzzz')}`;
    expect((await h.api('GET /api/me', { cookie: altered })).body.user).toBeNull();
    expect((await h.api('GET /api/me/suggested-teams', { cookie: forged })).status).toBe(401);
  });

  it('is nobody as soon as the session is signed out (no cached answer)', async () => {
    const user = await h.signUp();
    expect((await h.api('GET /api/me/suggested-teams', { cookie: user.cookie })).status).toBe(200);
    await h.db.delete(sessions).where(eq(sessions.token, tokenOf(user.cookie)));
    expect((await h.api('GET /api/me/suggested-teams', { cookie: user.cookie })).status).toBe(401);
  });

  it('is nobody once the session has expired, and the expired session is removed', async () => {
    const user = await h.signUp();
    await h.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, tokenOf(user.cookie)));
    expect((await h.api('GET /api/me', { cookie: user.cookie })).body.user).toBeNull();
    expect(await sessionRow(user.cookie)).toBeUndefined();
  });

  it('moves a session used after a day on to 30 days from now', async () => {
    const user = await h.signUp();
    await h.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 20 * DAY) })
      .where(eq(sessions.token, tokenOf(user.cookie)));
    expect((await h.api('GET /api/me', { cookie: user.cookie })).body.user!.id).toBe(user.userId);
    const moved = (await sessionRow(user.cookie)).expiresAt.getTime();
    expect(moved).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it('has no profile id when the profile is gone: writes say so', async () => {
    const user = await h.signUp();
    await h.db.delete(profiles).where(eq(profiles.id, user.profileId));
    const me = await h.api('GET /api/me', { cookie: user.cookie });
    expect(me.body.user!.id).toBe(user.userId);
    const res = await h.api('GET /api/me/suggested-teams', { cookie: user.cookie });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('User profile not found');
  });
});
