/**
 * Sign-in and sign-up attempt limits, kept in the database (table attempt_counters) so that every
 * instance shares them and a restart forgets nothing (docs/decisions/012-running-behind-a-proxy.md).
 *
 * - Per client address: every attempt counts; past the limit, 429 until the window ends.
 * - Per account: only wrong passwords count, per client address and, for clients the account never
 *   signed in from, per account (sign-in-limits.ts).
 *
 * Each counter is a fixed window, counted by one atomic upsert.
 */
import { lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import { attemptCounters } from '../db/schema';

export interface Limit {
  /** Attempts allowed in one window. */
  max: number;
  windowSeconds: number;
}

/** Sign-in and sign-up attempts from one client address (as better-auth's own limit was; AUTH_ATTEMPTS_PER_ADDRESS). */
export const PER_ADDRESS: Limit = { max: 3, windowSeconds: 10 };

export interface Verdict {
  allowed: boolean;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

const secondsUntil = (resetAt: Date | string) => Math.max(1, Math.ceil((new Date(resetAt).getTime() - Date.now()) / 1000));

/**
 * The statement that counts one attempt under `key` (an expression: a parameter, or a column of
 * a CTE `from` names) and returns `hits` and `reset_at`: for a caller that counts in the same
 * round trip as its own query (API tokens, features/tokens).
 */
export const countAttemptSql = (key: SQL, limit: Limit, from?: SQL) =>
  sql`insert into attempt_counters as c (key, hits, reset_at)
      select ${key}, 1, now() + make_interval(secs => ${limit.windowSeconds}) ${from ? sql`from ${from}` : sql``}
      on conflict (key) do update set
        hits = case when c.reset_at <= now() then 1 else c.hits + 1 end,
        reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
      returning hits, reset_at`;

/** Counts one attempt under `key` and says whether it is within `limit`. */
export async function countAttempt(db: Db, key: string, limit: Limit): Promise<Verdict> {
  const [row] = await queryRows<{ hits: number; reset_at: Date | string }>(db, countAttemptSql(sql`${key}`, limit));
  return { allowed: row.hits <= limit.max, retryAfterSeconds: secondsUntil(row.reset_at) };
}

/** Whether `key` is past `limit` in its current window, without counting. */
export async function checkAttempts(db: Db, key: string, limit: Limit): Promise<Verdict> {
  const [row] = await queryRows<{ hits: number; reset_at: Date | string }>(
    db,
    sql`select hits, reset_at from attempt_counters where key = ${key} and reset_at > now()`,
  );
  if (!row) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: row.hits < limit.max, retryAfterSeconds: secondsUntil(row.reset_at) };
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from attempt_counters where key = ${key}`);
}

/** Removes every counter whose key is `key` or starts with it. */
export async function clearAttemptsStartingWith(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from attempt_counters where left(key, length(${key})) = ${key}`);
}

/** Removes counters whose window ended (run now and then by every instance: it is idempotent). */
export async function pruneAttempts(db: Db): Promise<void> {
  await db.delete(attemptCounters).where(lt(attemptCounters.resetAt, sql`now()`));
}

export const addressKey = (address: string) => `address:${address}`;
export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
