/**
 * Password hashes (docs/decisions/009): argon2id at OWASP's recommended parameters through
 * @node-rs/argon2. Hashes stored in better-auth's earlier scrypt format (`salt:key`, hex) still
 * verify; `needsRehash` says which stored hashes should be replaced by a new one at the next
 * successful sign-in.
 *
 * `hashPassword` and `verifyPassword` send the work to the hashing threads, which run at a lower
 * priority than the one serving pages (hash-pool.ts, docs/decisions/020); the `...Here` versions
 * do it on the calling thread, and are what those threads run.
 */
import { scryptSync, timingSafeEqual } from 'node:crypto';
import { type Algorithm, hashSync as argon2HashSync, verifySync as argon2VerifySync } from '@node-rs/argon2';
import { hashPool } from './hash-pool';

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB of memory, 2 passes, 1 lane. */
export const ARGON2_PARAMS = {
  // Algorithm.Argon2id (a const enum, which isolated modules cannot read).
  algorithm: 2 satisfies Algorithm.Argon2id as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** The PHC prefix every hash made with ARGON2_PARAMS starts with. */
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}$`;

/**
 * Passwords are hashed in Unicode's NFKC form, as better-auth's scrypt did, so the same password
 * typed on another keyboard or system (composed or decomposed accents) still matches.
 */
const normalized = (password: string) => password.normalize('NFKC');

/** A new argon2id hash of `password` (PHC string: `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`), on a hashing thread. */
export function hashPassword(password: string): Promise<string> {
  return hashPool().run({ op: 'hash', password });
}

/** Whether `password` matches a stored hash, argon2 (any parameters) or better-auth's scrypt, on a hashing thread. */
export function verifyPassword(stored: string, password: string): Promise<boolean> {
  return hashPool().run({ op: 'verify', stored, password });
}

/** hashPassword on this thread. */
export function hashPasswordHere(password: string): string {
  return argon2HashSync(normalized(password), ARGON2_PARAMS);
}

/** verifyPassword on this thread. */
export function verifyPasswordHere(stored: string, password: string): boolean {
  if (stored.startsWith('$argon2')) return argon2VerifySync(stored, normalized(password));
  return verifyScrypt(stored, password);
}

/** better-auth's scrypt parameters (N=16384, r=16, p=1, 64 bytes; salt: the hex text itself). */
const SCRYPT = { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 };

/** A hash in better-auth's scrypt format, `salt:key` (hex), checked as better-auth checks it. */
function verifyScrypt(stored: string, password: string): boolean {
  const [salt, key] = stored.split(':');
  if (!salt || !key || !/^[0-9a-f]+$/i.test(key)) return false;
  const expected = Buffer.from(key, 'hex');
  const derived = scryptSync(normalized(password), salt, expected.length || 64, SCRYPT);
  return expected.length === derived.length && timingSafeEqual(expected, derived);
}

/** True for a stored hash that is not argon2id with the current parameters (an old scrypt one, say). */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}
