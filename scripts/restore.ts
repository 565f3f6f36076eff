/**
 * `npm run restore -- <file> [--force]`: a backup into an empty data folder (DATA_DIR) or an empty
 * PostgreSQL database (DATABASE_URL); --force replaces what the target holds. See README, Backup
 * and restore.
 */
import { parseArgs } from 'node:util';
import { readBackup } from '../src/server/db/backup/backup-file';
import { restoreBackup } from '../src/server/db/backup/restore';
import { EnvError, parseEnv } from '../src/server/platform/env';

const usage = 'usage: npm run restore -- <file> [--force]';

async function main() {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
  if (positionals.length !== 1) throw new EnvError(usage);
  const [file] = positionals;
  const env = parseEnv();
  const started = performance.now();
  const backup = await readBackup(file);
  const into = await restoreBackup(backup, { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, force: values.force });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Restored ${file} into ${into} in ${seconds} s. Start the server with the same settings.`);
}

main().catch((err) => {
  console.error(`Restore failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
