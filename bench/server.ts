/** The real server as a child process, exactly as `npm start` runs it minus the web build. */
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const root = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

export async function startServer(env: Record<string, string>, log: (line: string) => void): Promise<RunningServer> {
  const port = await freePort();
  // One process (`node --import tsx`), so signals reach the server itself.
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'src/server/index.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // Every client of the bench comes from 127.0.0.1, like a venue behind one address: its
        // 10,000 streams and the load beside them are one client's connections.
        MAX_CONNECTIONS_PER_ADDRESS: '30000',
        ...env,
        PORT: String(port),
        DEMO_DATA: 'off',
        AUTH_RATE_LIMIT: 'off',
        SEND_LIMITS: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    if (process.env.BENCH_SERVER_LOG) appendFileSync(process.env.BENCH_SERVER_LOG, chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  // A bench stopped by a signal takes its server along (left running, it served a dropped database).
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  child.on('exit', () => {
    exited = true;
    process.off('exit', orphanGuard);
  });

  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (exited) throw new Error(`the server exited during start-up:\n${output}`);
    if (performance.now() - started > 180_000) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within 180 s:\n${output}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  log(`server pid ${child.pid} ready on ${url} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  return {
    url,
    pid: child.pid ?? -1,
    async stop() {
      if (exited) return;
      const done = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await done;
      clearTimeout(timer);
      // A server that crashed under load should not pass silently.
      if (/Failed|Error/.test(output)) log(`server output (last lines):\n${output.split('\n').slice(-15).join('\n')}`);
    },
  };
}
