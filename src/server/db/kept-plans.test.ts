/**
 * Named statements on PGlite run as EXECUTE of a PREPAREd plan (kept-plans.ts): they must answer
 * exactly what the same statement answers unnamed, for any text a person can type (quotes,
 * backslashes, what looks like SQL), come back after pg_dump's DEALLOCATE ALL, and leave alone what
 * they cannot name. PGlite only, whichever database the suite runs on: on PostgreSQL node-postgres
 * names the statements itself.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from './client';
import { literal } from './kept-plans';
import { prepared } from './prepared';

describe('literal', () => {
  it('quotes text as PostgreSQL reads it back, and refuses what it cannot write', () => {
    expect(literal(null)).toBe('NULL');
    expect(literal(undefined)).toBe('NULL');
    expect(literal(24)).toBe("'24'");
    expect(literal(true)).toBe("'true'");
    expect(literal("O'Brien")).toBe("'O''Brien'");
    expect(literal('a\\b')).toBe("E'a\\\\b'");
    expect(literal('nul\0byte')).toBeUndefined();
    expect(literal(['a'])).toBeUndefined();
    expect(literal(new Date(0))).toBeUndefined();
    expect(literal(new Uint8Array([1]))).toBeUndefined();
  });
});

describe('a named statement on PGlite', () => {
  const client = new PGlite();
  const db = drizzle(client) as unknown as Db;
  afterAll(() => client.close());

  const kept = async () => (await client.query<{ name: string }>('select name from pg_prepared_statements')).rows.map((r) => r.name);
  const one = sql`(select 1 as one) as one`;
  const echo = (value: unknown, times = 1) =>
    prepared(db, 'kept_plans_test_echo', (db, name) =>
      db
        .select({
          echoed: sql<string>`${sql.placeholder('value')}::text`,
          times: sql<number>`${sql.placeholder('times')}::int`.mapWith(Number),
        })
        .from(one)
        .prepare(name),
    ).execute({ value, times });

  it('answers as the unnamed statement does, from a plan PREPAREd once', async () => {
    expect(await echo('hello', 2)).toEqual([{ echoed: 'hello', times: 2 }]);
    expect(await echo('again', 3)).toEqual([{ echoed: 'again', times: 3 }]);
    expect((await kept()).filter((name) => name.startsWith('kept_plans_test_echo_'))).toHaveLength(1);
    expect(await echo(null)).toEqual([{ echoed: null, times: 1 }]);
  });

  it('gives back any text exactly, quotes, backslashes and SQL included', async () => {
    for (const value of ["O'Brien", "back\\slash \\' quote", "'); drop table pg_class; --", "$1 $$ E'x'", '', 'ünïcödé ✓\nnew line']) {
      expect(await echo(value)).toEqual([{ echoed: value, times: 1 }]);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary' }).filter((s) => !s.includes('\0')),
        async (value) => void expect((await echo(value))[0].echoed).toBe(value),
      ),
      { numRuns: 300 },
    );
  });

  it('runs a value it cannot quote unnamed, failing as before: PostgreSQL refuses a NUL', async () => {
    await expect(echo('nul\0byte')).rejects.toMatchObject({ cause: { code: '22021' } });
    expect(await echo('after')).toEqual([{ echoed: 'after', times: 1 }]);
  });

  it('is PREPAREd again after DEALLOCATE ALL (pg_dump of the embedded database ends with it)', async () => {
    await echo('before');
    await client.exec('deallocate all');
    expect(await kept()).toEqual([]);
    expect(await echo('after')).toEqual([{ echoed: 'after', times: 1 }]);
    expect((await kept()).filter((name) => name.startsWith('kept_plans_test_echo_'))).toHaveLength(1);
  });

  it("leaves a statement planned each time (a list's count, a collected page) unnamed", async () => {
    const count = prepared(
      db,
      'kept_plans_test_each_time',
      (db) =>
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(one)
          .where(sql`${sql.placeholder('yes')}::boolean`)
          .prepare(''),
      { planned: 'each time' },
    );
    expect(await count.execute({ yes: true })).toEqual([{ n: 1 }]);
    expect((await kept()).some((name) => name.startsWith('kept_plans_test_each_time'))).toBe(false);
  });
});
