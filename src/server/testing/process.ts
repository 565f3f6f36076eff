/** Starts the real server as a child process, for the tests that need a process (not the in-memory app). */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { scratchDatabase } from '../db/scratch';

/**
 * Starts `src/server/index.ts` with this environment (on PGlite, no demo data, no web build, unless
 * given). SIGTERM closes at once (SHUTDOWN_GRACE_MS=0) unless given: the grace period is for a
 * balancer to notice, none is here, and each stop waited its 5 s; tests/proxy/crowd.test.ts checks it.
 */
export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: { ...process.env, DATABASE_URL: '', DEMO_DATA: 'off', WEB_ROOT: '/nonexistent', SHUTDOWN_GRACE_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * Waits until the server on `port` answers its health route (for up to 150 s: a new embedded database
 * with the demo data took over 90 s beside CI's other lane on a slow day); a failure shows what it
 * printed and the last answer.
 */
export async function waitForHealth(port: number, server: Pick<ReturnType<typeof startServer>, 'child' | 'output'>) {
  const printed = () => `; it printed:\n${server.output().slice(-3000) || '(nothing)'}`;
  const until = Date.now() + 150_000;
  let last = 'no answer';
  while (Date.now() < until) {
    if (server.child.exitCode !== null) throw new Error(`server exited with ${server.child.exitCode}${printed()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer on port ${port} within 150 s (last: ${last})${printed()}`);
}

/** A scratch database (db/scratch.ts) on the PostgreSQL server of DATABASE_URL, which `what` needs. */
export function scratchDatabaseOfEnv(prefix: string, what: string) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error(`DATABASE_URL must point at a PostgreSQL server for the ${what}`);
  return scratchDatabase(serverUrl, prefix);
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
