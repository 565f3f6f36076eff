/**
 * `npm run backup -- <file>`: a consistent copy of the product's data into one file (gzip-compressed
 * when its name ends in .gz), while the product keeps serving. Reads DATABASE_URL and DATA_DIR as
 * the server does. See README, Backup and restore.
 */
import { parseArgs } from 'node:util';
import { writeBackup } from '../src/server/db/backup/backup-file';
import { takeBackup } from '../src/server/db/backup/take-backup';
import { EnvError, parseEnv } from '../src/server/platform/env';

const usage = 'usage: npm run backup -- <file>   (e.g. backups/teams-$(date +%Y%m%d-%H%M).sql.gz)';

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length !== 1) throw new EnvError(usage);
  const [file] = positionals;
  const env = parseEnv();
  const started = performance.now();
  const { backup, via } = await takeBackup({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const bytes = await writeBackup(file, backup);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const source = env.DATABASE_URL ? 'PostgreSQL database' : `embedded database in ${env.DATA_DIR}`;
  const size = bytes < 1e6 ? `${Math.ceil(bytes / 1e3)} kB` : `${(bytes / 1e6).toFixed(1)} MB`;
  console.log(`Backed up the ${source} through ${via} to ${file}: ${size} in ${seconds} s.`);
}

main().catch((err) => {
  console.error(`Backup failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
