/**
 * Prometheus metrics of one server process, served on their own port (METRICS_PORT), never on the
 * public one. Each call makes its own registry, so several apps in one process (tests) do not clash.
 */
import { Hono } from 'hono';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/client';

export interface MetricsSources {
  /** Open live event streams of this instance (NotificationHub.size). */
  openStreams: () => number;
  /** The PostgreSQL pool's connections; absent on PGlite (one embedded connection, no pool). */
  pool?: () => PoolStats;
  /** prom-client's process metrics (CPU, memory, event loop, GC); default on. */
  processMetrics?: boolean;
}

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics(sources: MetricsSources) {
  const registry = new Registry();
  if (sources.processMetrics !== false) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request (to the response headers, for an event stream), by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'live_event_streams_open',
    help: 'Live notification event streams open on this instance',
    registers: [registry],
    collect() {
      this.set(sources.openStreams());
    },
  });
  const pool = sources.pool;
  if (pool) {
    const poolGauge = (name: string, help: string, key: keyof PoolStats) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(pool()[key]);
        },
      });
    poolGauge('pg_pool_connections_total', 'PostgreSQL pool connections open (idle and in use)', 'total');
    poolGauge('pg_pool_connections_idle', 'PostgreSQL pool connections open and idle', 'idle');
    poolGauge('pg_pool_requests_waiting', 'Queries waiting for a PostgreSQL pool connection', 'waiting');
  }

  return {
    registry,
    /** Counts one answered request; `route` is the matched route pattern, never the raw path. */
    observe(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
    },
  };
}

/** The metrics server's app: GET /metrics in Prometheus text format, nothing else. */
export function createMetricsApp(metrics: Metrics) {
  const app = new Hono();
  app.get('/metrics', async (c) => c.body(await metrics.registry.metrics(), 200, { 'content-type': metrics.registry.contentType }));
  app.all('*', (c) => c.text('Not found', 404));
  return app;
}
