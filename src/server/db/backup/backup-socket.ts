/**
 * How `npm run backup` reaches a running server that holds the embedded database (no second process
 * may open its data folder meanwhile): a Unix socket inside DATA_DIR, in a folder only the server's
 * user may enter, so nothing on the network and no other local user can ask for the data.
 */
import { chmodSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import type { Logger } from '../../platform/log';

const socketPath = (dataDir: string) => join(dataDir, '.backup', 'server.sock');

/** Serves `takeBackup()` on the data folder's backup socket until the returned function is called. */
export function serveBackups(dataDir: string, takeBackup: () => Promise<string>, log: Logger): () => Promise<void> {
  const path = socketPath(dataDir);
  mkdirSync(join(dataDir, '.backup'), { recursive: true, mode: 0o700 });
  chmodSync(join(dataDir, '.backup'), 0o700);
  // Left behind by a process that did not stop cleanly.
  rmSync(path, { force: true });
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    const started = performance.now();
    takeBackup().then(
      (backup) => {
        log.info({ bytes: Buffer.byteLength(backup), durationMs: Math.round(performance.now() - started) }, 'backup taken');
        res.writeHead(200, { 'content-type': 'application/sql; charset=utf-8' }).end(backup);
      },
      (err: unknown) => {
        log.error({ err }, 'backup failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(err instanceof Error ? err.message : String(err));
      },
    );
  });
  server.on('error', (err) => log.warn({ err }, `online backups are unavailable: cannot listen on ${path}`));
  server.listen(path);
  return () => new Promise((resolve) => server.close(() => resolve()));
}

/** A backup taken by the server that answers on the backup socket of `dataDir`. */
export function requestBackup(dataDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: socketPath(dataDir), path: '/backup', method: 'GET', agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode === 200) resolve(text);
        else reject(new Error(`the running server could not take the backup: ${text || res.statusCode}`));
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EACCES'
          ? new Error(`cannot use the running server's backup socket (${socketPath(dataDir)}): run this as the server's user`)
          : err,
      ),
    );
    req.end();
  });
}

/**
 * Who uses the embedded database in `dataDir`: a server that answers on its socket, some process
 * that has it open (PGlite keeps postmaster.pid while open; also left by one that crashed), or none.
 */
export async function dataFolderUse(dataDir: string): Promise<'serving' | 'open' | 'free'> {
  const answers = await new Promise<boolean>((resolve) => {
    const req = request({ socketPath: socketPath(dataDir), path: '/', method: 'HEAD', agent: false }, (res) => {
      res.resume();
      resolve(true);
    });
    // EACCES: a server of another user answers there.
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'EACCES'));
    req.end();
  });
  if (answers) return 'serving';
  return existsSync(join(dataDir, 'postmaster.pid')) ? 'open' : 'free';
}
