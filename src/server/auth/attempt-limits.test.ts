/**
 * Sign-in limits (attempt-limits.repo.ts), as a client behind a trusted proxy sees them: per client
 * address (from the proxy's header, not what the client wrote), per account (wrong passwords
 * only, for at most a minute), kept in the database so a restarted or second instance keeps them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { NotificationHub } from '../features/notifications';
import { createHarness, type Harness } from '../testing/harness';
import { queryRows } from '../db/client';
import { cookieFrom } from '../testing/harness';
import { createAuth } from './auth';

let h: Harness;
const PASSWORD = 'correct horse 1';

beforeAll(async () => {
  h = await createHarness({ rateLimit: true, edge: { trustProxyHops: 1 } });
});
afterAll(() => h.close());

let n = 0;
async function account() {
  n += 1;
  const email = `limits${n}@example.com`;
  const res = await h.api('POST /api/auth/sign-up/email', {
    body: { firstName: 'Lim', lastName: 'Its', email, password: PASSWORD },
    headers: { 'x-forwarded-for': `198.51.100.${n}` },
  });
  expect(res.status).toBe(200);
  return email;
}

/** A sign-in through the trusted proxy, which says the client's address is the last of `forwardedFor`. */
const signIn = (email: string, password: string, forwardedFor: string) =>
  h.api('POST /api/auth/sign-in/email', { body: { email, password }, headers: { 'x-forwarded-for': forwardedFor } });

describe('per client address', () => {
  it('answers the 4th attempt within 10 s with 429 and Retry-After; another address still signs in', async () => {
    const email = await account();
    for (let i = 0; i < 3; i++) expect((await signIn(email, 'wrong password', '203.0.113.10')).status).toBe(401);
    const fourth = await signIn(email, PASSWORD, '203.0.113.10');
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toMatch(/^Too many attempts\. Please try again in \d+ seconds?\.$/);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(fourth.headers.get('retry-after'))).toBeLessThanOrEqual(10);

    expect((await signIn(email, PASSWORD, '203.0.113.11')).status).toBe(200);
  });

  it('reads the address the trusted proxy added, not the one the client wrote before it', async () => {
    const email = await account();
    // The client claims a new address each time; the proxy appends the real one.
    for (let i = 0; i < 3; i++) expect((await signIn(email, 'wrong password', `10.9.9.${i}, 203.0.113.20`)).status).toBe(401);
    expect((await signIn(email, PASSWORD, '10.9.9.99, 203.0.113.20')).status).toBe(429);
    // And what it wrote locks nobody else out.
    expect((await signIn(email, PASSWORD, '10.9.9.0')).status).toBe(200);
  });

  it('counts sign-ups too', async () => {
    const up = (i: number) =>
      h.api('POST /api/auth/sign-up/email', {
        body: { firstName: 'Many', lastName: 'Accounts', email: `many${i}@example.com`, password: PASSWORD },
        headers: { 'x-forwarded-for': '203.0.113.30' },
      });
    for (let i = 0; i < 3; i++) expect((await up(i)).status).toBe(200);
    expect((await up(3)).status).toBe(429);
  });
});

/** An app over the harness's database whose per-address limit is `attemptsPerAddress` (a venue's setting). */
function appWith(attemptsPerAddress: number) {
  const auth = createAuth(h.db, {
    secret: 'test-secret-test-secret-test-secret-0',
    rateLimit: true,
    trustedOrigins: [],
    attemptsPerAddress,
  });
  const app = createApp({
    db: h.db,
    dbKind: h.kind,
    auth,
    live: new NotificationHub(h.db),
    matching: h.matching,
    config: { eventUrl: 'https://example.com/event' },
    trustProxyHops: 1,
  });
  return async (email: string, password: string, forwardedFor: string, cookie?: string) => {
    const res = await app.request('http://localhost/api/auth/sign-in/email', {
      method: 'POST',
      headers: {
        origin: 'http://localhost',
        'content-type': 'application/json',
        'x-forwarded-for': forwardedFor,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({ email, password }),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as { error?: string } };
  };
}

/** The browser's mark of the accounts it signed in to (sign-in-limits.ts), without the session. */
const deviceCookie = (headers: Headers) =>
  cookieFrom(headers)
    .split('; ')
    .filter((c) => c.startsWith('hackteams.device='))
    .join('; ');

describe('per account', () => {
  it('five wrong passwords a minute from rotating addresses never keep the owner out of a browser or an address it signed in from (issue 28.5)', async () => {
    // Many people behind one address at a venue: the per-address limit is raised, so only the account's limits act.
    const attempt = appWith(100);
    const email = await account();
    const home = await attempt(email, PASSWORD, '192.0.2.1');
    expect(home.status).toBe(200);
    const device = deviceCookie(home.headers);
    expect(device).toMatch(/^hackteams\.device=./);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 5; i++) expect((await attempt(email, 'wrong password', `192.0.2.${10 + round * 5 + i}`)).status).toBe(401);
      // The owner's laptop, now on another network, and the owner's phone at home (no mark yet).
      expect((await attempt(email, PASSWORD, `198.18.0.${round}`, device)).status).toBe(200);
      expect((await attempt(email, PASSWORD, '192.0.2.1')).status).toBe(200);
    }
  });

  it('after 5 wrong passwords from one address, that address waits (429 saying when, at most a minute); another address still signs in', async () => {
    const attempt = appWith(100);
    const email = await account();
    const other = await account();
    for (let i = 0; i < 5; i++) expect((await attempt(email, 'wrong password', '203.0.113.70')).status).toBe(401);
    const locked = await attempt(email, PASSWORD, '203.0.113.70');
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/^Too many failed sign-in attempts for this account\. Please try again in \d+ seconds?\.$/);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Whatever the case of the address typed; other accounts from the same address are not affected.
    expect((await attempt(email.toUpperCase(), PASSWORD, '203.0.113.70')).status).toBe(429);
    expect((await attempt(other, PASSWORD, '203.0.113.70')).status).toBe(200);
    // The owner elsewhere signs in.
    expect((await attempt(email, PASSWORD, '203.0.113.71')).status).toBe(200);

    // When the window ends (moved into the past here rather than waiting a minute), that address signs in too.
    await h.db.execute(
      sql`update attempt_counters set reset_at = now() - interval '1 second' where key = ${`account:${email} from 203.0.113.70`}`,
    );
    expect((await attempt(email, PASSWORD, '203.0.113.70')).status).toBe(200);
  });

  it('forgets earlier wrong passwords from an address after a successful sign-in from it', async () => {
    const attempt = appWith(100);
    const email = await account();
    for (let i = 0; i < 4; i++) expect((await attempt(email, 'wrong password', '203.0.113.80')).status).toBe(401);
    expect((await attempt(email, PASSWORD, '203.0.113.80')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(email, 'wrong password', '203.0.113.80')).status).toBe(401);
    expect((await attempt(email, PASSWORD, '203.0.113.80')).status).toBe(200);
  });

  it('after 20 wrong passwords from strangers, new clients wait up to an hour, known ones do not, and a completed password reset lifts it', async () => {
    const email = await account();
    const laptop = await signIn(email, PASSWORD, '192.0.2.200');
    const device = deviceCookie(laptop.headers);
    for (let i = 0; i < 20; i++) expect((await signIn(email, 'wrong password', `198.51.100.${100 + i}`)).status).toBe(401);

    const stranger = await signIn(email, PASSWORD, '198.51.100.150');
    expect(stranger.status).toBe(429);
    expect(stranger.body.error).toMatch(
      /from new devices\. Please try again in \d+ minutes, from a device you signed in with before, or reset your password\.$/,
    );
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(Number(stranger.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    // The owner's browser, from a new network, and the owner's address.
    const known = await h.api('POST /api/auth/sign-in/email', {
      body: { email, password: PASSWORD },
      headers: { 'x-forwarded-for': '198.18.1.1', cookie: device },
    });
    expect(known.status).toBe(200);
    expect((await signIn(email, PASSWORD, '192.0.2.200')).status).toBe(200);

    // The owner resets the password from the mailed link: every lock goes.
    await h.api('POST /api/auth/forgot-password', { body: { email }, headers: { 'x-forwarded-for': '198.18.2.1' } });
    const [row] = await queryRows<{ identifier: string }>(
      h.db,
      sql`select v.identifier from verifications v join users u on u.id = v.value where u.email = ${email} and v.identifier like 'reset-password:%'`,
    );
    const reset = await h.api('POST /api/auth/reset-password', {
      body: { token: row.identifier.slice('reset-password:'.length), newPassword: 'a-new-start-42' },
      headers: { 'x-forwarded-for': '198.18.2.1' },
    });
    expect(reset.status).toBe(200);
    expect((await signIn(email, 'a-new-start-42', '198.51.100.151')).status).toBe(200);
  });
});

describe('kept in the database', () => {
  it('still holds for an instance started afterwards over the same database (a restart, or a second instance)', async () => {
    const email = await account();
    for (let i = 0; i < 3; i++) expect((await signIn(email, 'wrong password', '203.0.113.50')).status).toBe(401);

    const auth = createAuth(h.db, { secret: 'test-secret-test-secret-test-secret-0', rateLimit: true, trustedOrigins: [] });
    const live = new NotificationHub(h.db);
    const second = createApp({
      db: h.db,
      dbKind: h.kind,
      auth,
      live,
      matching: h.matching,
      config: { eventUrl: 'https://example.com/event' },
      trustProxyHops: 1,
    });
    const res = await second.request('http://localhost/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: 'http://localhost', 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.50' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.status).toBe(429);
  });
});

describe('AUTH_ATTEMPTS_PER_ADDRESS', () => {
  it('raises the per-address limit (a venue whose wifi puts many people behind one address)', async () => {
    const email = await account();
    const signInAt5 = appWith(5);
    const attempt = (password: string) => signInAt5(email, password, '203.0.113.60');
    for (let i = 0; i < 4; i++) expect((await attempt('wrong password')).status).toBe(401);
    expect((await attempt(PASSWORD)).status).toBe(200);
    expect((await attempt(PASSWORD)).status).toBe(429);
  });
});
