/**
 * Named statements decode their rows with decoders picked once per statement (prepared.ts), not by
 * Drizzle's per-row questions: the rows must be exactly what Drizzle itself makes of them, for every
 * kind of field a statement here selects.
 */
import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness';
import type { Db } from './client';
import { prepared } from './prepared';
import { profiles } from './schema';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  for (const firstName of ['Ada', 'Grace']) await h.signUp({ firstName, lastName: 'Prepared' });
});
afterAll(() => h.close());

/** A page cut by a subquery, with columns of every kind (timestamps, jsonb, an array, SQL with and without a decoder, an aliased one). */
const flat = (db: Db) => {
  const page = db
    .select({
      id: profiles.id,
      createdAt: profiles.createdAt,
      skills: profiles.skillBadges,
      eventIds: profiles.eventIds,
      looking: sql<boolean>`${profiles.lookingForTeam}`.as('looking'),
      initial: sql<string>`left(${profiles.firstName}, 1)`.as('initial'),
    })
    .from(profiles)
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
    .limit(sql.placeholder('size'))
    .as('page');
  return db
    .select({
      id: page.id,
      createdAt: page.createdAt,
      skills: page.skills,
      eventIds: page.eventIds,
      looking: page.looking,
      initial: page.initial,
      nameLength: sql`length(${page.initial})`.mapWith(Number),
      nothing: sql<null>`null`,
      shouted: sql<string>`upper(${page.initial})`,
    })
    .from(page)
    .orderBy(desc(page.createdAt), desc(page.id));
};

describe('a named statement', () => {
  it("decodes its rows as Drizzle does: dates, JSON, arrays, numbers, nulls and SQL's own values", async () => {
    const statement = prepared(h.db, 'prepared_test_flat', (db, name) => flat(db).prepare(name));
    // Drizzle calls the statement's mapper (the property it reads), with the rows as arrays.
    const mapped = statement as unknown as { customResultMapper: (rows: unknown[][]) => unknown[] };
    const mapper = mapped.customResultMapper;
    expect(mapper).toBeTypeOf('function');
    let calls = 0;
    mapped.customResultMapper = (rows) => (calls++, mapper(rows));
    const rows = await statement.execute({ size: 10 });
    expect(calls).toBe(1);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows).toEqual(await flat(h.db).prepare('prepared_test_flat_by_drizzle').execute({ size: 10 }));
    expect(rows[0].createdAt).toBeInstanceOf(Date);
    expect(rows[0].nameLength).toBe(1);
    expect(rows[0].nothing).toBeNull();
    expect(Array.isArray(rows[0].eventIds) && Array.isArray(rows[0].skills)).toBe(true);
  });

  it('leaves a selection with nested objects to Drizzle', async () => {
    const nested = (db: Db) => db.select({ person: { id: profiles.id, name: profiles.name }, at: profiles.createdAt }).from(profiles);
    const statement = prepared(h.db, 'prepared_test_nested', (db, name) => nested(db).prepare(name));
    expect((statement as unknown as { customResultMapper?: unknown }).customResultMapper).toBeUndefined();
    const rows = await statement.execute();
    expect(rows[0].person.name).toEqual(expect.any(String));
    expect(rows).toEqual(await nested(h.db));
  });
});
