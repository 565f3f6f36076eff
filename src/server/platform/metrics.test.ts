/**
 * Prometheus metrics: requests counted by route pattern (never the raw path), their durations,
 * open live event streams, the PostgreSQL pool (on PostgreSQL) and the process; served by the
 * metrics app only, not by the public one.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetricsApp } from './metrics';
import { createHarness, type Harness } from '../testing/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ metrics: true });
});
afterAll(() => h.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const scrape = async () => {
  const res = await createMetricsApp(h.metrics!).request('http://localhost/metrics');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
};
/** The value of a sample whose labels include all of `labels`, or undefined. */
const sample = (text: string, name: string, labels: Record<string, string> = {}) => {
  const line = text.split('\n').find((l) => {
    if (!l.startsWith(`${name}{`) && !l.startsWith(`${name} `)) return false;
    return Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`));
  });
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('metrics', () => {
  it('counts requests by method, route pattern and status, and times them', async () => {
    await h.api('GET /api/teams/{id}', { params: { id: UNKNOWN } });
    await h.api('GET /api/teams/{id}', { params: { id: UNKNOWN.replace(/0$/, '1') } });
    await h.api('GET /api/health');
    await h.request('GET', '/api/no-such-route');
    const text = await scrape();
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/teams/:id', status: '404' })).toBe(2);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/health', status: '200' })).toBe(1);
    // An unknown path is counted under the pattern that answered it, not under itself.
    expect(sample(text, 'http_requests_total', { route: '/api/*', status: '404' })).toBe(1);
    expect(text).not.toContain(UNKNOWN);
    expect(text).not.toContain('no-such-route');
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/teams/:id' })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', { route: '/api/health', le: '+Inf' })).toBe(1);
  });

  it('reports the open live event streams', async () => {
    const user = await h.signUp();
    expect(sample(await scrape(), 'live_event_streams_open')).toBe(0);
    const stream = await h.app.request('http://localhost/api/me/events', { headers: { cookie: user.cookie } });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await until(() => h.live.size === 1);
    expect(sample(await scrape(), 'live_event_streams_open')).toBe(1);
    await stream.body!.cancel();
    await until(() => h.live.size === 0);
    expect(sample(await scrape(), 'live_event_streams_open')).toBe(0);
  });

  it('reports the PostgreSQL pool on PostgreSQL (PGlite has none), and the process', async () => {
    // A query holds a connection while the metrics are read.
    const busy = h.db.execute(sql`select pg_sleep(0.5)`).then(() => undefined);
    await new Promise((r) => setTimeout(r, 100));
    const text = await scrape();
    await busy;
    if (h.kind === 'postgres') {
      const total = sample(text, 'pg_pool_connections_total')!;
      const idle = sample(text, 'pg_pool_connections_idle')!;
      expect(total - idle).toBeGreaterThanOrEqual(1);
      expect(idle).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'pg_pool_requests_waiting')).toBeGreaterThanOrEqual(0);
    } else {
      expect(text).not.toContain('pg_pool_');
    }
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('is not served on the public app', async () => {
    const res = await h.app.request('http://localhost/metrics');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('http_requests_total');
    expect((await h.request('GET', '/api/metrics')).status).toBe(404);
  });
});
