/**
 * Cards read their instants as PostgreSQL's text and write them as ISO 8601 without a Date
 * (instants.ts): the text must be exactly what a Date would have made of the same instant, for
 * every fraction PostgreSQL writes, and through the database in use.
 */
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness';
import { isoInstant, isoOfTimestamptz } from './instants';
import { profiles } from './schema';

/** An instant as PostgreSQL writes a timestamptz in UTC: trailing zeros of the fraction dropped, no fraction when whole. */
const pgText = (ms: number, micros: number) => {
  const [date, time] = new Date(ms).toISOString().slice(0, 19).split('T');
  const fraction = String((ms % 1000) * 1000 + micros)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return `${date} ${time}${fraction ? `.${fraction}` : ''}+00`;
};

/** The same instant as PostgreSQL writes it inside JSON (json_build_array): 'T' between date and time, '+00:00'. */
const pgJson = (ms: number, micros: number) => `${pgText(ms, micros).replace(' ', 'T')}:00`;

describe('isoOfTimestamptz', () => {
  it('writes what a Date writes, for every fraction PostgreSQL writes, as text and inside JSON', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(9999, 11, 31) }),
        fc.integer({ min: 0, max: 999 }),
        (ms, micros) => {
          for (const text of [pgText(ms, micros), pgJson(ms, micros)]) {
            expect(isoOfTimestamptz(text)).toBe(new Date(text).toISOString());
            expect(isoOfTimestamptz(text)).toBe(new Date(ms).toISOString());
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads whole seconds, short fractions and other offsets', () => {
    expect(isoOfTimestamptz('2026-11-28 13:15:16+00')).toBe('2026-11-28T13:15:16.000Z');
    expect(isoOfTimestamptz('2026-11-28 13:15:16.1+00')).toBe('2026-11-28T13:15:16.100Z');
    expect(isoOfTimestamptz('2026-11-28 13:15:16.123999+00')).toBe('2026-11-28T13:15:16.123Z');
    // A session in another time zone: through a Date, still the same instant.
    expect(isoOfTimestamptz('2026-11-28 14:15:16.5+01')).toBe('2026-11-28T13:15:16.500Z');
    expect(isoOfTimestamptz('2026-11-28 18:45:16+05:30')).toBe('2026-11-28T13:15:16.000Z');
    expect(isoOfTimestamptz('2026-11-28T13:15:16+00:00')).toBe('2026-11-28T13:15:16.000Z');
    expect(isoOfTimestamptz('2026-11-28T13:15:16.25+00:00')).toBe('2026-11-28T13:15:16.250Z');
    expect(isoOfTimestamptz('2026-11-28T18:45:16.5+05:30')).toBe('2026-11-28T13:15:16.500Z');
  });
});

describe('isoInstant', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('reads a column as the ISO text of the Date Drizzle would have made of it', async () => {
    const { profileId } = await h.signUp({ firstName: 'Ada', lastName: 'Instant' });
    // Microseconds that a Date drops, and a whole second.
    for (const at of ['2026-11-28 13:15:16.123987+00', '2026-11-28 13:15:17+00']) {
      await h.db
        .update(profiles)
        .set({ createdAt: sql`${at}::timestamptz` })
        .where(eq(profiles.id, profileId));
      const [row] = await h.db
        .select({ text: isoInstant(profiles.createdAt), date: profiles.createdAt })
        .from(profiles)
        .where(eq(profiles.id, profileId));
      expect(row.text).toBe(row.date.toISOString());
    }
  });
});
