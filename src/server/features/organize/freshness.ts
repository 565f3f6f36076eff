/**
 * Freshness (docs/product.md#freshness), as a periodic job: looking flags past their event's period
 * lapse and their people are told; leaders of teams whose positions have been open long are reminded.
 * Each run holds the database's `exclusive` lock, so of several instances one runs at a time; each
 * step also skips rows another transaction holds, so even overlapping runs tell nobody twice.
 */
import { sql } from 'drizzle-orm';
import type { Db, Exclusive } from '../../db/client';
import { uuidArray } from '../../db/arrays';
import type { Logger } from '../../platform/log';
import { nextTurn } from '../../platform/wake-loop';
import { formingEventIds, lapseLooking } from '../events';
import { notifyEveryone } from '../notifications';
import { remindOpenPositions } from '../teams';

const LAPSE_BATCH = 5000;

/** One run: every lapse due (in batches of 5,000, each with its notifications in one transaction), then the reminders. */
export async function refreshFreshness(db: Db): Promise<{ lapsed: number; reminded: number }> {
  let lapsed = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const groups = await lapseLooking(tx, LAPSE_BATCH);
      for (const { event, profileIds } of groups) {
        await notifyEveryone(tx, sql`select unnest(${uuidArray(profileIds)}) as profile_id`, 'looking_lapsed', {
          eventSlug: event.slug,
          eventName: event.name,
          days: event.lookingLapseDays,
        });
      }
      return groups.reduce((sum, g) => sum + g.profileIds.length, 0);
    });
    lapsed += n;
    // Until a batch lapses nothing: one smaller than LAPSE_BATCH may only have passed by people in
    // the middle of a write (left for the next run), with more due behind them.
    if (n === 0) break;
    await nextTurn();
  }
  const reminded = await db.transaction(async (tx) => remindOpenPositions(tx, await formingEventIds(tx)));
  return { lapsed, reminded };
}

/** Runs `refreshFreshness` at start and every `everyMs` (an hour), under the lock across instances. */
export function createFreshnessJob(opts: { db: Db; exclusive: Exclusive; log: Logger; everyMs?: number }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = opts
      .exclusive('freshness', async () => {
        const done = await refreshFreshness(opts.db);
        if (done.lapsed || done.reminded) opts.log.info(done, 'freshness: looking flags lapsed, leaders reminded');
      })
      .catch((err: unknown) => opts.log.error({ err }, 'freshness job failed'));
  };
  return {
    start() {
      run();
      timer = setInterval(run, opts.everyMs ?? 3_600_000);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
