/**
 * The benchmark's own fresh database: PGlite in a temporary folder by default, or a new, uniquely
 * named database on the PostgreSQL server of DATABASE_URL, dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseKind } from '../src/server/db/client';

export interface BenchDatabase {
  kind: DatabaseKind;
  /** Where the data lives, for the log. */
  where: string;
  /** What the server process needs to open the same database. */
  serverEnv: Record<string, string>;
  /** Opens (and migrates) the database in this process. */
  open(): Promise<Database>;
  /** Removes the data: the temporary folder or the database. */
  destroy(): Promise<void>;
}

export async function createBenchDatabase(serverUrl: string | undefined): Promise<BenchDatabase> {
  if (!serverUrl) {
    const dir = await mkdtemp(join(tmpdir(), 'hackteams-bench-'));
    return {
      kind: 'pglite',
      where: dir,
      serverEnv: { DATA_DIR: dir },
      open: () => openDatabase({ dataDir: dir }),
      destroy: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const name = `bench_${new Date().toISOString().slice(0, 10).replace(/-/g, '')}_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    where: `${url.host}/${name}`,
    serverEnv: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ databaseUrl: url.toString() }),
    destroy: () => admin(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

async function admin(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
