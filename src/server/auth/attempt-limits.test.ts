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

describe('per account', () => {
  it('after 5 wrong passwords from anywhere, answers 429 for that account, saying when, for at most a minute; other accounts are unaffected', async () => {
    const email = await account();
    const other = await account();
    for (let i = 0; i < 5; i++) expect((await signIn(email, 'wrong password', `192.0.2.${i}`)).status).toBe(401);
    // The owner, from a fresh address and with the right password, is slowed down too.
    const locked = await signIn(email, PASSWORD, '192.0.2.100');
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/^Too many failed sign-in attempts for this account\. Please try again in \d+ seconds?\.$/);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Whatever the case of the address typed.
    expect((await signIn(email.toUpperCase(), PASSWORD, '192.0.2.101')).status).toBe(429);

    expect((await signIn(other, PASSWORD, '192.0.2.102')).status).toBe(200);

    // When the window ends (moved into the past here rather than waiting a minute), the owner signs in.
    await h.db.execute(sql`update attempt_counters set reset_at = now() - interval '1 second' where key = ${`account:${email}`}`);
    expect((await signIn(email, PASSWORD, '192.0.2.103')).status).toBe(200);
  });

  it('forgets earlier wrong passwords after a successful sign-in', async () => {
    const email = await account();
    for (let i = 0; i < 4; i++) expect((await signIn(email, 'wrong password', `192.0.2.${110 + i}`)).status).toBe(401);
    expect((await signIn(email, PASSWORD, '192.0.2.120')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(email, 'wrong password', `192.0.2.${130 + i}`)).status).toBe(401);
    expect((await signIn(email, PASSWORD, '192.0.2.140')).status).toBe(200);
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
    const auth = createAuth(h.db, {
      secret: 'test-secret-test-secret-test-secret-0',
      rateLimit: true,
      trustedOrigins: [],
      attemptsPerAddress: 5,
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
    const attempt = (password: string) =>
      app.request('http://localhost/api/auth/sign-in/email', {
        method: 'POST',
        headers: { origin: 'http://localhost', 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.60' },
        body: JSON.stringify({ email, password }),
      });
    for (let i = 0; i < 4; i++) expect((await attempt('wrong password')).status).toBe(401);
    expect((await attempt(PASSWORD)).status).toBe(200);
    expect((await attempt(PASSWORD)).status).toBe(429);
  });
});
