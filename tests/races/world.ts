/**
 * The race tests' world: a harness on PostgreSQL (PGlite runs one transaction at a time, so none of
 * these races can happen there). A test file calls `useRaceWorld()` once at its top (with the
 * harness's options it needs, if any). Each race must pass on the writes' lock order alone: a test
 * fails if PostgreSQL ended a transaction or statement to break a deadlock, even one the safety net
 * ran again (db/client.ts retryingTransactions; both say so in the log at 'warn', ENDED_TO_RUN_AGAIN).
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ENDED_TO_RUN_AGAIN } from '../../src/server/db/client';
import { createLogger } from '../../src/server/platform/log';
import { createHarness, type Harness } from '../../src/server/testing/harness';

export let h: Harness;

export function useRaceWorld(opts?: Omit<Parameters<typeof createHarness>[0], 'log'>) {
  const logged: string[] = [];
  beforeAll(async () => {
    if (!process.env.DATABASE_URL) throw new Error('The race tests need PostgreSQL: set DATABASE_URL');
    h = await createHarness({
      ...opts,
      log: createLogger({ level: 'warn', destination: { write: (line: string) => void logged.push(line) } }),
    });
  });
  afterEach(() => {
    const ranAgain = logged.filter((line) => line.includes(ENDED_TO_RUN_AGAIN));
    logged.length = 0;
    expect(ranAgain, 'a transaction or statement ended by a deadlock').toEqual([]);
  });
  afterAll(() => h?.close());
}

const DAY = 86_400_000;
/** An instant `days` from now (negative: ago), as the API takes it. */
export const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
