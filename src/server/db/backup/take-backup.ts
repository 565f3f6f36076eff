/** `npm run backup`: a consistent copy of the product's data, from whichever database it runs on, while it serves. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../client';
import { dataFolderUse, requestBackup } from './backup-socket';
import { dumpPglite, dumpPostgres } from './dump';

export interface TakenBackup {
  backup: string;
  /** How it was taken, for the operator. */
  via: string;
}

export async function takeBackup(target: { databaseUrl?: string; dataDir: string }): Promise<TakenBackup> {
  if (target.databaseUrl) return { backup: await dumpPostgres(target.databaseUrl), via: 'pg_dump' };
  const { dataDir } = target;
  const use = await dataFolderUse(dataDir);
  if (use === 'serving') return { backup: await requestBackup(dataDir), via: 'the running server' };
  if (use === 'open')
    throw new Error(
      `the embedded database in ${dataDir} is open in a process that does not answer backups (a server of an older version, ` +
        'or one that did not stop cleanly): stop that server, or start and stop this version once, then run the backup again',
    );
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`there is no embedded database in ${dataDir} (DATA_DIR) to back up`);
  // No server holds it: this process opens it, as the server would.
  const pg = await PGlite.create(dataDir, { extensions: pgliteExtensions });
  try {
    return { backup: await dumpPglite(pg), via: 'the data folder (no server was running)' };
  } finally {
    await pg.close();
  }
}
