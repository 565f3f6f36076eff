/**
 * Password storage (docs/decisions/009): argon2id for new accounts, old scrypt hashes upgraded at
 * the next successful sign-in, and the hashing queue's 503 when it is full.
 */
import { verify as argon2Verify } from '@node-rs/argon2';
import { hashPassword as scryptHash } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../db/schema';
import { cookieFrom, createHarness, type ErrorFields, type Harness, type TestResponse } from '../testing/harness';
import { createHashLimiter, type HashLimiter } from './hash-limiter';
import { needsRehash } from './password';

const ARGON2ID = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;
const BUSY = 'Too many people are signing in right now. Please try again in a few seconds.';

async function storedHash(h: Harness, userId: string): Promise<string> {
  const [row] = await h.db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return row.password!;
}

const signIn = (h: Harness, email: string, password: string) => h.api('POST /api/auth/sign-in/email', { body: { email, password } });

describe('stored password hashes', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it("stores a new account's password as argon2id (19 MiB, t=2, p=1), and only a right password signs in", async () => {
    const user = await h.signUp({ email: 'argon@example.com', password: 'correct horse' });
    const stored = await storedHash(h, user.userId);
    expect(stored).toMatch(ARGON2ID);
    expect(stored).not.toContain('correct horse');
    expect(await argon2Verify(stored, 'correct horse')).toBe(true);
    expect(needsRehash(stored)).toBe(false);

    const wrong = await signIn(h, 'argon@example.com', 'correct horsE');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('Invalid email or password');
    const right = await signIn(h, 'argon@example.com', 'correct horse');
    expect(right.status).toBe(200);
    expect(cookieFrom(right.headers)).toContain('session_token');
    expect(await storedHash(h, user.userId)).toBe(stored); // nothing to upgrade
  });

  it('signs in an account stored in the old scrypt format and re-hashes it to argon2id; a wrong password fails before and after', async () => {
    const user = await h.signUp({ email: 'scrypt@example.com', password: 'old-format-1' });
    // As better-auth stored it before argon2id: `salt:key`, scrypt N=16384, r=16, p=1.
    const old = await scryptHash('old-format-1');
    expect(old).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    await h.db.update(accounts).set({ password: old }).where(eq(accounts.userId, user.userId));
    expect(needsRehash(old)).toBe(true);

    const wrong = await signIn(h, 'scrypt@example.com', 'old-format-2');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('Invalid email or password');
    expect(await storedHash(h, user.userId)).toBe(old); // a failed sign-in changes nothing

    const right = await signIn(h, 'scrypt@example.com', 'old-format-1');
    expect(right.status).toBe(200);
    expect(right.body.user.email).toBe('scrypt@example.com');
    const upgraded = await storedHash(h, user.userId);
    expect(upgraded).toMatch(ARGON2ID);
    expect(await argon2Verify(upgraded, 'old-format-1')).toBe(true);

    // The new hash works and is kept; a wrong password still fails.
    expect((await signIn(h, 'scrypt@example.com', 'old-format-1')).status).toBe(200);
    expect(await storedHash(h, user.userId)).toBe(upgraded);
    expect((await signIn(h, 'scrypt@example.com', 'old-format-2')).status).toBe(401);
  });

  it('upgrades once when the same old account signs in twice at once', async () => {
    const user = await h.signUp({ email: 'twice@example.com', password: 'two-tabs-1' });
    await h.db
      .update(accounts)
      .set({ password: await scryptHash('two-tabs-1') })
      .where(eq(accounts.userId, user.userId));
    const both = await Promise.all([signIn(h, 'twice@example.com', 'two-tabs-1'), signIn(h, 'twice@example.com', 'two-tabs-1')]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const stored = await storedHash(h, user.userId);
    expect(stored).toMatch(ARGON2ID);
    expect(await argon2Verify(stored, 'two-tabs-1')).toBe(true);
  });

  it('matches a password typed in another Unicode form, as scrypt did (NFKC)', async () => {
    const composed = 'caf\u00e9-cr\u00e8me';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    await h.signUp({ email: 'unicode@example.com', password: composed });
    expect((await signIn(h, 'unicode@example.com', decomposed)).status).toBe(200);
  });
});

describe('the hashing queue', () => {
  let h: Harness;
  let hashing: HashLimiter;
  beforeAll(async () => {
    hashing = createHashLimiter({ concurrency: 1, queue: 1 });
    h = await createHarness({ hashing });
  });
  afterAll(() => h.close());

  /** Takes the one hashing slot and the one place in its queue until `release()`. */
  function fillHashing() {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const done = Promise.all([hashing.run(() => held), hashing.run(() => held)]);
    return async () => {
      release();
      await done;
    };
  }

  /** Admits as many sign-ins as the limits allow (1 hashing + 1 waiting), until `release()`. */
  function fillAdmissions() {
    const leaves = [hashing.admit(), hashing.admit()];
    return async () => leaves.forEach((leave) => leave());
  }

  const lateSignUp = { firstName: 'Late', lastName: 'Comer', email: 'late@example.com', password: 'late-comer' };

  async function expectBusy(send: () => Promise<TestResponse<ErrorFields | null>>) {
    const started = performance.now();
    const res = await send();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: BUSY, code: 'HASHING_BUSY' });
    expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(res.headers.getSetCookie()).toEqual([]);
  }

  it.each([
    ['as many sign-ins and sign-ups are in progress as the queue takes', fillAdmissions],
    ['the hashing queue itself is full', fillHashing],
  ])('answers sign-up and sign-in with 503 and Retry-After at once when %s, and creates nothing', async (_when, fill) => {
    const early = `early-${fill.name}@example.com`;
    await h.signUp({ email: early, password: 'early-bird' });
    const release = fill();
    try {
      await expectBusy(() => h.api('POST /api/auth/sign-up/email', { body: lateSignUp }));
      await expectBusy(() => h.api('POST /api/auth/sign-in/email', { body: { email: early, password: 'early-bird' } }));
      expect(await h.db.select().from(users).where(eq(users.email, lateSignUp.email))).toEqual([]);
    } finally {
      await release();
    }
    expect(hashing.load()).toEqual({ admitted: 0, running: 0, waiting: 0 });
    // Once there is room again, both work.
    expect((await signIn(h, early, 'early-bird')).status).toBe(200);
    const signedUp = await h.api('POST /api/auth/sign-up/email', { body: lateSignUp });
    expect(signedUp.status).toBe(200);
    await h.db.delete(users).where(eq(users.email, lateSignUp.email));
  });

  it('lets through one running and one waiting of many sign-ups at once; the rest get 503, never a 500', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        h.api('POST /api/auth/sign-up/email', {
          body: { firstName: 'Rush', lastName: `Hour ${i}`, email: `rush${i}@example.com`, password: 'kickoff-1' },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(
      statuses.every((s) => s === 200 || s === 503),
      String(statuses),
    ).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((r) => r.status === 503)) {
      expect(r.body.error).toBe(BUSY);
      expect(r.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    }
    // Exactly the accepted ones exist.
    const created = await h.db.select({ email: users.email }).from(users);
    const accepted = results.flatMap((r, i) => (r.status === 200 ? [`rush${i}@example.com`] : []));
    expect(
      created
        .map((u) => u.email)
        .filter((e) => e.startsWith('rush'))
        .sort(),
    ).toEqual(accepted.sort());
    expect(hashing.load()).toEqual({ admitted: 0, running: 0, waiting: 0 });
  });
});
