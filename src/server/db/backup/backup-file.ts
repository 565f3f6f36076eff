/** A backup on disk: plain SQL, or gzip-compressed when its name ends in .gz (about a fifth of the size). */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { gunzip, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { BACKUP_HEADER } from './dump';

/** Writes the whole file under a temporary name first, so `path` is never a half-written backup. */
export async function writeBackup(path: string, backup: string): Promise<number> {
  const bytes = path.endsWith('.gz') ? await promisify(gzip)(backup) : Buffer.from(backup, 'utf8');
  const partial = `${path}.partial-${process.pid}`;
  try {
    await writeFile(partial, bytes, { mode: 0o600 });
    await rename(partial, path);
  } finally {
    await rm(partial, { force: true });
  }
  return bytes.length;
}

/** The SQL of the backup at `path` (compressed or not); throws when it is not a HackTeams backup. */
export async function readBackup(path: string): Promise<string> {
  const bytes = await readFile(path);
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const backup = (gzipped ? await promisify(gunzip)(bytes) : bytes).toString('utf8');
  if (!backup.startsWith(BACKUP_HEADER))
    throw new Error(`${path} is not a backup made by npm run backup (it does not start with '${BACKUP_HEADER}')`);
  return backup;
}
