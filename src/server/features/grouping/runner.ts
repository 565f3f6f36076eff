/**
 * The grouping job: runs queued runs, one at a time per event across instances (the database's
 * `exclusive` lock named after the event). Woken by a notification when staff queue a run, and every
 * minute, which also takes up a run an instance left 'running' when it died.
 */
import type { Database, Db } from '../../db/client';
import type { Logger } from '../../platform/log';
import { executeRun, GROUPING_CHANNEL, pendingRuns } from './runs.repo';

type Exclusive = Database['exclusive'];

/** Runs every pending run whose event's lock is free; answers how many ran. */
export async function processGroupingRuns(db: Db, exclusive: Exclusive): Promise<number> {
  let ran = 0;
  for (const run of await pendingRuns(db)) if (await exclusive(`grouping:${run.eventId}`, () => executeRun(db, run.id))) ran++;
  return ran;
}

export function createGroupingJob(opts: { db: Db; exclusive: Exclusive; log: Logger; everyMs?: number }) {
  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  let busy: Promise<unknown> = Promise.resolve();
  const tick = () => {
    busy = busy
      .then(() => processGroupingRuns(opts.db, opts.exclusive))
      .catch((err: unknown) => opts.log.error({ err }, 'grouping run failed'));
    return busy;
  };
  return {
    async start(listen: Database['listen']) {
      stopListening = await listen(GROUPING_CHANNEL, () => void tick());
      timer = setInterval(() => void tick(), opts.everyMs ?? 60_000).unref();
      void tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await stopListening?.();
      await busy;
    },
  };
}
