/**
 * Password hashes (docs/decisions/009): argon2id at OWASP's recommended parameters through
 * @node-rs/argon2, whose native hashing runs on libuv's thread pool. Hashes stored in
 * better-auth's earlier scrypt format (`salt:key`, hex) still verify; `needsRehash` says which
 * stored hashes should be replaced by a new one at the next successful sign-in.
 */
import { type Algorithm, hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { verifyPassword as verifyScrypt } from 'better-auth/crypto';

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

/** A new argon2id hash of `password` (PHC string: `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`). */
export function hashPassword(password: string): Promise<string> {
  return argon2Hash(normalized(password), ARGON2_PARAMS);
}

/** Whether `password` matches a stored hash, argon2 (any parameters) or better-auth's scrypt. */
export function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) return argon2Verify(stored, normalized(password));
  return verifyScrypt({ hash: stored, password });
}

/** True for a stored hash that is not argon2id with the current parameters (an old scrypt one, say). */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}
