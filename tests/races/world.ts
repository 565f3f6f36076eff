/**
 * The race tests' world: a harness on PostgreSQL (PGlite runs one transaction at a time, so none of
 * these races can happen there). A test file calls `useRaceWorld()` once at its top (with the
 * harness's options it needs, if any).
 */
import { afterAll, beforeAll } from 'vitest';
import { createHarness, type Harness } from '../../src/server/testing/harness';

export let h: Harness;

export function useRaceWorld(opts?: Parameters<typeof createHarness>[0]) {
  beforeAll(async () => {
    if (!process.env.DATABASE_URL) throw new Error('The race tests need PostgreSQL: set DATABASE_URL');
    h = await createHarness(opts);
  });
  afterAll(() => h?.close());
}

const DAY = 86_400_000;
/** An instant `days` from now (negative: ago), as the API takes it. */
export const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
