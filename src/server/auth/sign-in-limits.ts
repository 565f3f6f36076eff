/**
 * How many wrong passwords an account takes, and from whom (docs/decisions/012-running-behind-a-proxy.md,
 * 'Sign-in limits in the database'). A stranger who knows an email must not be able to keep its
 * owner out, so wrong passwords are counted per account *and* client address, and a slower ceiling
 * per account holds only for clients the account has never signed in from:
 *
 * - 5 wrong passwords in a minute from one address lock that account for that address only.
 * - 20 wrong passwords in an hour from addresses and devices the account never signed in from lock it
 *   for such clients only: guessing spread over many addresses stays slow.
 * - A known client (a browser holding this account's device mark, or an address one of its sessions
 *   signed in from) is never refused because of strangers; only its own wrong passwords count for it.
 * - A completed password reset lifts every lock of the account.
 *
 * The device mark is a cookie set at every sign-in and sign-up: HMACs of the account's email under
 * the auth secret (a few accounts per browser), so it cannot be made up and says nothing readable.
 */
import { createHmac } from 'node:crypto';
import { getCookie, setCookie } from 'hono/cookie';
import { ApiError, type AppContext } from '../api/http';
import { accountKey, checkAttempts, clearAttempts, clearAttemptsStartingWith, countAttempt, type Limit } from './attempt-limits.repo';
import { signedInFromAddress } from './auth.repo';

/** Wrong passwords for one account from one client address. */
export const PER_ACCOUNT_AND_ADDRESS: Limit = { max: 5, windowSeconds: 60 };
/** Wrong passwords for one account from every client it never signed in from, together. */
export const PER_ACCOUNT_FROM_STRANGERS: Limit = { max: 20, windowSeconds: 3600 };

const DEVICE_COOKIE = 'hackteams.device';
/** Accounts one browser is remembered for (the newest kept). */
const DEVICE_ACCOUNTS = 5;
const DEVICE_COOKIE_DAYS = 400;

const pairKey = (email: string, address: string) => `${accountKey(email)} from ${address}`;
const duration = (n: number) => (n === 1 ? '1 second' : n < 120 ? `${n} seconds` : `${Math.ceil(n / 60)} minutes`);

/** This browser's mark for `email`: unforgeable without the auth secret, and not the email. */
function deviceTag(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`known-device:${email.trim().toLowerCase()}`).digest('base64url').slice(0, 22);
}

const tagsOf = (c: AppContext) => (getCookie(c, DEVICE_COOKIE) ?? '').split('.').filter(Boolean);

/** Remembers this browser as one the account signed in from (after a sign-in or sign-up). */
export function rememberDevice(c: AppContext, email: string): void {
  const tag = deviceTag(c.var.auth.secret, email);
  const tags = [tag, ...tagsOf(c).filter((t) => t !== tag)].slice(0, DEVICE_ACCOUNTS);
  setCookie(c, DEVICE_COOKIE, tags.join('.'), {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'Lax',
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
}

/** Whether the client signed in to this account before: this browser's mark, or the address of one of its sessions. */
async function knownClient(c: AppContext, email: string): Promise<boolean> {
  if (tagsOf(c).includes(deviceTag(c.var.auth.secret, email))) return true;
  const { address } = c.var.client;
  return address !== undefined && signedInFromAddress(c.var.db, email, address);
}

/**
 * Runs a password check for `email` within the limits above: refused with 429 while this client is
 * locked out of the account; a wrong password (`isWrongPassword`) counts; a right one clears this
 * client's count.
 */
export async function withinPasswordLimits<T>(
  c: AppContext,
  email: string,
  check: () => Promise<T>,
  isWrongPassword: (err: unknown) => boolean,
): Promise<T> {
  if (!c.var.auth.attemptLimits) return check();
  const { db } = c.var;
  const pair = pairKey(email, c.var.client.address ?? 'unknown');
  const known = await knownClient(c, email);
  for (const [key, limit] of known
    ? [[pair, PER_ACCOUNT_AND_ADDRESS] as const]
    : ([
        [pair, PER_ACCOUNT_AND_ADDRESS],
        [accountKey(email), PER_ACCOUNT_FROM_STRANGERS],
      ] as const)) {
    const verdict = await checkAttempts(db, key, limit);
    if (!verdict.allowed) {
      const after = duration(verdict.retryAfterSeconds);
      const message =
        key === pair
          ? `Too many failed sign-in attempts for this account. Please try again in ${after}.`
          : `Too many failed sign-in attempts for this account from new devices. Please try again in ${after}, from a device you signed in with before, or reset your password.`;
      throw ApiError.retryLater(429, message, verdict.retryAfterSeconds);
    }
  }
  try {
    const result = await check();
    await clearAttempts(db, pair);
    return result;
  } catch (err) {
    if (isWrongPassword(err)) {
      await countAttempt(db, pair, PER_ACCOUNT_AND_ADDRESS);
      if (!known) await countAttempt(db, accountKey(email), PER_ACCOUNT_FROM_STRANGERS);
    }
    throw err;
  }
}

/** A completed password reset: the owner proved the mailbox, so nobody stays locked out of the account. */
export function liftPasswordLocks(c: AppContext, email: string): Promise<void> {
  return clearAttemptsStartingWith(c.var.db, accountKey(email));
}
