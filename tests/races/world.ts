/**
 * The race tests' world: a harness on PostgreSQL (PGlite runs one transaction at a time, so none of
 * these races can happen there). A test file calls `useRaceWorld()` once at its top.
 */
import { afterAll, beforeAll } from 'vitest';
import { createHarness, type Harness } from '../../src/server/testing/harness';

export let h: Harness;

export function useRaceWorld() {
  beforeAll(async () => {
    if (!process.env.DATABASE_URL) throw new Error('The race tests need PostgreSQL: set DATABASE_URL');
    h = await createHarness();
  });
  afterAll(() => h?.close());
}

const DAY = 86_400_000;
/** An instant `days` from now (negative: ago), as the API takes it. */
export const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
