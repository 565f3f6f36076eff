/**
 * Rows read as one JSON text each (json-rows.ts, PGlite's list pages) must be the rows Drizzle
 * makes of the same columns read as fields: the same Dates, booleans, arrays, JSON values, nulls
 * and ISO instants, on both databases (PostgreSQL reads fields in the app, but the decoding is the same).
 */
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness';
import { isoInstant } from './instants';
import { jsonRow, readsRowsAsJson } from './json-rows';
import { prepared } from './prepared';
import { profiles } from './schema';

describe('jsonRow', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
    const ada = await h.signUp({ firstName: 'Ada', lastName: 'Json' });
    // Text JSON must escape, and a value with a fraction of a microsecond PostgreSQL keeps.
    await h.db
      .update(profiles)
      .set({
        preferredName: 'Ada "the" \\ JSON',
        bio: 'Line one\nline two, ünïcödé ✓',
        changedAt: sql`'2026-11-28 13:15:16.123987+00'::timestamptz`,
      })
      .where(eq(profiles.id, ada.profileId));
    await h.signUp({ firstName: 'Grace', lastName: 'Fields' });
  });
  afterAll(() => h.close());

  const columns = {
    id: profiles.id,
    firstName: profiles.firstName,
    preferredName: profiles.preferredName,
    bio: profiles.bio,
    lookingForTeam: profiles.lookingForTeam,
    skills: profiles.skillBadges,
    eventIds: profiles.eventIds,
    lookingSince: profiles.lookingSince,
    createdAt: profiles.createdAt,
    changedAt: isoInstant(profiles.changedAt),
  };

  it("reads the rows Drizzle reads as fields, as a page statement reads them (a subquery's columns and notes)", async () => {
    const page = h.db.select(columns).from(profiles).orderBy(desc(profiles.createdAt)).as('page') as unknown as Record<string, SQL>;
    // A column computed over the page's rows, read through the subquery as the page's own are.
    const notes = { nameLength: sql<number>`length(${page.firstName})`.mapWith(Number) };
    const fields: Record<string, SQL> = { ...Object.fromEntries(Object.keys(columns).map((key) => [key, page[key]])), ...notes };
    const asFields: Array<Record<string, unknown>> = await h.db
      .select(fields)
      .from(page as never)
      .orderBy(desc(page.createdAt));
    expect(asFields.length).toBeGreaterThanOrEqual(2);
    expect(asFields.some((row) => row.preferredName === null)).toBe(true);
    expect(asFields.some((row) => row.preferredName === 'Ada "the" \\ JSON')).toBe(true);

    const asJson = await h.db
      .select(jsonRow(fields))
      .from(page as never)
      .orderBy(desc(page.createdAt));
    expect(asJson.map(({ row }) => row)).toEqual(asFields);

    // A named statement (db/prepared.ts) answers the rows themselves, as the lists read them.
    const named = prepared(h.db, 'json_rows_test', (db, name) =>
      db
        .select(jsonRow(fields))
        .from(page as never)
        .orderBy(desc(page.createdAt))
        .prepare(name),
    );
    expect(await named.execute()).toEqual(asFields);
  });

  it('is what the app reads on PGlite only', () => {
    expect(readsRowsAsJson(h.db)).toBe(h.kind === 'pglite');
  });
});
