/**
 * The benchmark's own fresh database: PGlite in a temporary folder by default, or a new, uniquely
 * named database on the PostgreSQL server of DATABASE_URL, dropped at the end.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database, type DatabaseKind } from '../src/server/db/client';
import { scratchDatabase } from '../src/server/db/scratch';

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
  const scratch = scratchDatabase(serverUrl, `bench_${new Date().toISOString().slice(0, 10).replace(/-/g, '')}`);
  await scratch.create();
  return {
    kind: 'postgres',
    where: `${new URL(serverUrl).host}/${scratch.name}`,
    serverEnv: { DATABASE_URL: scratch.url },
    open: () => openDatabase({ databaseUrl: scratch.url }),
    destroy: scratch.drop,
  };
}
