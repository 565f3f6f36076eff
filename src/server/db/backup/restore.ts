/**
 * `npm run restore`: a backup into an empty data folder or an empty PostgreSQL database, whichever
 * kind it was taken from (embedded into PostgreSQL is how an event moves up). The server applies
 * any migration newer than the backup when it starts on it.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteExtensions } from '../client';
import { dataFolderUse } from './backup-socket';

/** A restore that would overwrite data, or a database in use: nothing was changed. */
export class RestoreRefused extends Error {}

export interface RestoreTarget {
  databaseUrl?: string;
  dataDir: string;
  /** Replace whatever the target holds. */
  force?: boolean;
}

/** Loads `backup` (the SQL of readBackup) into the target; returns where it went, for the operator. */
export async function restoreBackup(backup: string, target: RestoreTarget): Promise<string> {
  if (target.databaseUrl) return restoreIntoPostgres(backup, target.databaseUrl, target.force ?? false);
  return restoreIntoDataFolder(backup, target.dataDir, target.force ?? false);
}

async function restoreIntoDataFolder(backup: string, dataDir: string, force: boolean): Promise<string> {
  const use = await dataFolderUse(dataDir);
  if (use !== 'free')
    throw new RestoreRefused(
      use === 'serving'
        ? `a server is running on ${dataDir} (DATA_DIR): stop it before restoring into it`
        : `the embedded database in ${dataDir} (DATA_DIR) is open in another process, or was not closed cleanly: stop that process first`,
    );
  const entries = existsSync(dataDir) ? readdirSync(dataDir) : [];
  if (entries.length > 0 && !force)
    throw new RestoreRefused(
      `${dataDir} (DATA_DIR) is not empty: restore into an empty or new folder, or add --force to replace what it holds`,
    );
  const clear = () => readdirSync(dataDir).forEach((entry) => rmSync(join(dataDir, entry), { recursive: true, force: true }));
  if (entries.length > 0) clear();
  mkdirSync(dataDir, { recursive: true });
  const database = await PGlite.create(dataDir, { extensions: pgliteExtensions });
  try {
    // One simple-protocol string runs as one transaction: all of it, or nothing.
    await database.exec(backup);
  } catch (err) {
    await database.close();
    clear();
    throw err;
  }
  await database.close();
  return `the data folder ${dataDir}`;
}

/** Schemas of the database itself, not of what was put in it. */
const SYSTEM_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`;

async function restoreIntoPostgres(backup: string, databaseUrl: string, force: boolean): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ database: string; relations: number; others: number }>(
      `select current_database() as database,
         (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${SYSTEM_SCHEMAS}) as relations,
         (select count(*)::int from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) as others`,
    );
    const { database, relations, others } = rows[0];
    if (relations > 0 && !force)
      throw new RestoreRefused(
        `the PostgreSQL database ${database} is not empty (${relations} tables, sequences and the like): restore into an empty ` +
          'database (createdb), or add --force to replace what it holds',
      );
    if (relations > 0 && others > 0)
      throw new RestoreRefused(
        `${others} other connection(s) are open to the PostgreSQL database ${database}: stop every instance that uses it before replacing its data`,
      );
    await client.query('begin');
    try {
      if (relations > 0) {
        const schemas = await client.query<{ name: string }>(`select nspname as name from pg_namespace n where ${SYSTEM_SCHEMAS}`);
        for (const { name } of schemas.rows) await client.query(`drop schema ${pg.escapeIdentifier(name)} cascade`);
        await client.query('create schema public');
      }
      await client.query(backup);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    }
    return `the PostgreSQL database ${database}`;
  } finally {
    await client.end();
  }
}
