/** Starts the real server as a child process, for the tests that need a process (not the in-memory app). */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** Starts `src/server/index.ts` with this environment (on PGlite, no demo data, no web build, unless given). */
export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: { ...process.env, DATABASE_URL: '', DEMO_DATA: 'off', WEB_ROOT: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Waits until the server on `port` answers its health route (for up to 90 s). */
export async function waitForHealth(port: number, child: ChildProcess) {
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/**
 * A database of its own on the PostgreSQL server of DATABASE_URL, for a multi-process test:
 * `create()` before the servers start, `drop()` after they stop.
 */
export function scratchDatabase(prefix: string, what: string) {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error(`DATABASE_URL must point at a PostgreSQL server for the ${what}`);
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    url: Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString(),
    create: () => admin(`create database ${name}`),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
