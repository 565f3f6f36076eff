/**
 * Password hashes run on threads the operating system puts behind the server's own
 * (hash-pool.ts, docs/decisions/020): they still round-trip, old scrypt hashes still verify, and
 * the thread that hashes runs at the lowest priority.
 */
import os from 'node:os';
import { hashPassword as scryptHash } from 'better-auth/crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { closeHashPool, configureHashPool, DEFAULT_HASH_NICE, hashPool } from './hash-pool';
import { hashPassword, verifyPassword } from './password';

afterAll(() => closeHashPool());

describe('the hashing threads', () => {
  it('hash and verify argon2id: the right password matches, a wrong one does not, composed and decomposed accents alike', async () => {
    const stored = await hashPassword('Crème brûlée 7');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Crème brûlée 7')).toBe(true);
    expect(await verifyPassword(stored, 'Cre\u0300me bru\u0302le\u0301e 7')).toBe(true);
    expect(await verifyPassword(stored, 'Creme brulee 7')).toBe(false);
  });

  it("verify better-auth's earlier scrypt hashes", async () => {
    const old = await scryptHash('old-format-1');
    expect(await verifyPassword(old, 'old-format-1')).toBe(true);
    expect(await verifyPassword(old, 'old-format-2')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'old-format-1')).toBe(false);
  });

  it('run at the lowest priority, below the server thread', async () => {
    // The server's own settings (tests hash at full priority: testing/setup.ts).
    await closeHashPool();
    configureHashPool({});
    const thread = await hashPool().run<number>({ op: 'thread' });
    expect(thread).not.toBe(process.pid);
    expect(os.getPriority(thread)).toBe(DEFAULT_HASH_NICE);
    expect(os.getPriority()).toBeLessThan(DEFAULT_HASH_NICE);
  });
});
