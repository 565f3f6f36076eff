/**
 * The real server process: start-up on a bad environment, graceful shutdown, and sessions that
 * survive a restart (the generated auth secret is kept in the database).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cookieFrom } from './testing/client';
import { freePort, startServer as start, waitForHealth } from './testing/process';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const freshDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'teamfinder-'));
  dirs.push(d);
  return d;
};

// Each test starts real processes (tsx + PGlite boot, the demo data), two in a row: generous limits
// for a busy 2-core machine (in CI beside the browser lane on a slow machine, over 120 s a test).
describe('server process', { timeout: 400_000 }, () => {
  it('refuses to start on a bad value and names the variable', async () => {
    const s = start({ PORT: 'not-a-port', DATA_DIR: freshDir() });
    expect(await s.exited).toBe(1);
    expect(s.output()).toMatch(/PORT: must be a number/);
  });

  it('finishes in-flight requests on SIGTERM, closes the database and exits 0', async () => {
    const port = await freePort();
    const s = start({ PORT: String(port), DATA_DIR: freshDir() });
    await waitForHealth(port, s);
    // A sign-up whose body arrives slowly: the server has the request when the signal comes.
    const body = JSON.stringify({ firstName: 'Slow', lastName: 'Body', email: 'slow@example.com', password: 'slow-body-1' });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/sign-up/email',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        s.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 300);
    });
    const answer = await response;
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('slow@example.com');
    expect(await s.exited).toBe(0);
    expect(s.output()).toMatch(/Database closed/);
  });

  it('inserts the demo data on a new embedded database with a warning about its public password, but not with NODE_ENV=production', async () => {
    const port = await freePort();
    const demo = start({ PORT: String(port), DATA_DIR: freshDir(), DEMO_DATA: '' });
    await waitForHealth(port, demo);
    const signIn = () =>
      fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'demo@example.com', password: 'find-my-team' }),
      });
    expect((await signIn()).status).toBe(200);
    expect(demo.output()).toMatch(/"level":"warn".*Inserted demo data with a public password/);
    demo.child.kill('SIGTERM');
    expect(await demo.exited).toBe(0);

    const production = start({ PORT: String(port), DATA_DIR: freshDir(), DEMO_DATA: '', NODE_ENV: 'production' });
    await waitForHealth(port, production);
    expect((await signIn()).status).toBe(401);
    expect(production.output()).not.toMatch(/demo data/i);
    production.child.kill('SIGTERM');
    expect(await production.exited).toBe(0);
  });

  it('keeps a session across a restart on the same data folder', async () => {
    const port = await freePort();
    const dataDir = freshDir();
    const first = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(port, first);
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Res', lastName: 'Tart', email: 'restart@example.com', password: 'res-tart-1' }),
    });
    expect(res.status).toBe(200);
    const cookie = cookieFrom(res.headers);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);

    const second = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(port, second);
    const me = await (await fetch(`http://127.0.0.1:${port}/api/me`, { headers: { cookie } })).json();
    expect(me.user?.email).toBe('restart@example.com');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
