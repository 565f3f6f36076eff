/**
 * The drain (drain.ts) over a real socket: once draining, readiness answers 503 while every other
 * request is still served, each answer closing its connection; the drain waits for a handler that
 * is still working; once closing, a new event stream is refused with Retry-After.
 */
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Drain, NOT_READY_DRAINING } from './drain';
import { listen } from './listen';
import { createHarness, type Harness } from '../testing/harness';

let h: Harness;
let drain: Drain;
let server: ReturnType<typeof listen>;
let port: number;
/** The slow route's handler waits for this. */
let release: () => void = () => {};
let slowStarted: () => void = () => {};

beforeAll(async () => {
  drain = new Drain();
  h = await createHarness({
    edge: { drain },
    setup: (app) =>
      app.get('/test/slow', async (c) => {
        slowStarted();
        await new Promise<void>((resolve) => (release = resolve));
        return c.json({ finished: true });
      }),
  });
  await new Promise<void>((resolve) => {
    server = listen(h.app.fetch, { port: 0, drain }, (p) => {
      port = p;
      resolve();
    });
  });
});
afterAll(async () => {
  server.close();
  await h.close();
});

function get(path: string, agent: Agent | false = false, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; connection: string | undefined; retryAfter: string | undefined; text: string }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, retryAfter: res.headers['retry-after'], text }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('draining', () => {
  it('counts what is in progress once, however often it is released', async () => {
    const d = new Drain();
    const a = d.track();
    const b = d.track();
    expect(d.size).toBe(2);
    let idle = false;
    const waiting = d.idle().then(() => (idle = true));
    a();
    a();
    await new Promise((r) => setTimeout(r, 10));
    expect([d.size, idle]).toEqual([1, false]);
    b();
    await waiting;
    expect(d.size).toBe(0);
  });

  it('ready turns 503 at once; other requests are still answered, each closing its connection; the drain waits for a handler at work', async () => {
    const agent = new Agent({ keepAlive: true });
    try {
      const before = await get('/api/ready', agent);
      expect(before.status).toBe(200);
      expect(before.connection).toBe('keep-alive');

      const started = new Promise<void>((resolve) => (slowStarted = resolve));
      const slow = get('/test/slow');
      await started;

      drain.begin();
      const ready = await get('/api/ready', agent);
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.text)).toEqual({ error: NOT_READY_DRAINING, code: 'unavailable' });
      expect(ready.retryAfter).toBe('5');
      const health = await get('/api/health', agent);
      expect(health.status).toBe(200);
      expect(health.connection).toBe('close');
      const teams = await get('/api/teams', agent);
      expect(teams.status).toBe(200);
      expect(teams.connection).toBe('close');

      let idle = false;
      const waiting = drain.idle().then(() => (idle = true));
      await new Promise((r) => setTimeout(r, 200));
      expect(idle, 'the slow handler is still at work').toBe(false);
      release();
      expect((await slow).status).toBe(200);
      await waiting;
      expect(drain.size).toBe(0);

      drain.close();
      const stream = await get('/api/me/events', agent);
      expect(stream.status).toBe(503);
      expect(Number(stream.retryAfter)).toBeGreaterThan(0);
      expect((await get('/api/teams', agent)).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
