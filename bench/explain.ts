/**
 * EXPLAIN (ANALYZE, BUFFERS) of the SQL the profiles repo really sends for a query: the repo runs
 * on a Drizzle instance whose logger records every statement, then each one is explained with
 * the same parameters.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { ProfileListQuery } from '../src/shared/schemas';
import { pgliteExtensions, type Db } from '../src/server/db/client';
import * as schema from '../src/server/db/schema';
import { listProfiles } from '../src/server/features/profiles/list.repo';

export interface ExplainedQuery {
  sql: string;
  params: unknown[];
  plan: string;
  /** The plan reads the whole profiles table somewhere. */
  seqScanOnProfiles: boolean;
  /** The plan reads the whole teams table somewhere. */
  seqScanOnTeams: boolean;
}

type Captured = { sql: string; params: unknown[] };

export type ExplainTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export const explainProfileList = (target: ExplainTarget, query: ProfileListQuery) =>
  explainStatements(target, (db) => listProfiles(db, query));

/** The plans of every statement `work` sends (run once to warm the cache; the second run is explained). */
export async function explainStatements(target: ExplainTarget, work: (db: Db) => Promise<unknown>): Promise<ExplainedQuery[]> {
  const captured: Captured[] = [];
  const logger = { logQuery: (sql: string, params: unknown[]) => void captured.push({ sql, params }) };
  let run: (sql: string, params: unknown[]) => Promise<string[]>;
  let close: () => Promise<void>;
  let db: Db;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 1 });
    db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    run = async (sql, params) => (await pool.query(sql, params)).rows.map((r) => String(Object.values(r)[0]));
    close = () => pool.end();
  } else {
    const client = await PGlite.create(target.dataDir, { extensions: pgliteExtensions });
    db = drizzlePglite(client, { schema, logger }) as unknown as Db;
    run = async (sql, params) => (await client.query<Record<string, unknown>>(sql, params)).rows.map((r) => String(Object.values(r)[0]));
    close = () => client.close();
  }
  try {
    // Once to warm the cache, as a server under load would be; the explained run is the second.
    await work(db);
    captured.length = 0;
    await work(db);
    const out: ExplainedQuery[] = [];
    for (const q of captured) {
      const plan = (await run(`explain (analyze, buffers) ${q.sql}`, q.params)).join('\n');
      out.push({ ...q, plan, seqScanOnProfiles: /Seq Scan on profiles\b/.test(plan), seqScanOnTeams: /Seq Scan on teams\b/.test(plan) });
    }
    return out;
  } finally {
    await close();
  }
}
