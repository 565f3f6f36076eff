/**
 * What the race tests stage with: rows held by a transaction of the test's own, and a count of the
 * statements queued behind them, so requests can be sent one after the other into the same queue.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Harness } from '../../src/server/testing/harness';

/** Statements of the harness's database now waiting on a lock. */
export async function waitingForLocks(h: Harness): Promise<number> {
  const rows = await h.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return (rows as unknown as { rows: { n: number }[] }).rows[0].n;
}

/** Returns once at least `count` statements wait on a lock; throws after `withinMs`. */
export async function untilWaiting(h: Harness, count: number, withinMs = 5000): Promise<void> {
  const until = Date.now() + withinMs;
  while ((await waitingForLocks(h)) < count) {
    if (Date.now() > until) throw new Error(`fewer than ${count} statements came to wait on a lock`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Runs `lock` (a `select ... for update`) in a transaction that stays open: answers once the rows are
 * held, with `release`, which ends the transaction and waits for it.
 */
export async function holdRows(h: Harness, lock: SQL): Promise<{ release: () => Promise<void> }> {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const done = h.db.transaction(async (tx) => {
    await tx.execute(lock);
    held();
    await ended;
  });
  await Promise.race([holding, done]);
  return {
    release: async () => {
      end();
      await done;
    },
  };
}
