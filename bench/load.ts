/** HTTP load with autocannon: one case at a time, latency percentiles from every response. */
import autocannon from 'autocannon';

export interface LoadCase {
  name: string;
  /** Which targets apply: reads (lists, the combined filter, details), matching, the ceiling. */
  kind: 'list' | 'unfiltered-list' | 'combined' | 'detail' | 'matching' | 'ceiling';
  /** Paths the connections rotate through (one for lists, many ids for details). */
  paths: string[];
  /** Sent with every request (a session cookie for the signed-in cases). */
  headers?: Record<string, string>;
  /** Per-event cases (issue 29): the case they are a twin of, and which events they read. */
  twin?: { of: string; scope: EventScope };
}

/** Which events a case reads: all of them, the large event only, or one small event at a time. */
export type EventScope = 'all events' | 'large event' | 'small events';

export interface LoadResult {
  name: string;
  kind: LoadCase['kind'];
  twin?: LoadCase['twin'];
  example: string;
  requests: number;
  rps: number;
  /** Milliseconds; null when no request completed within the run. */
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
  /** Responses that were not 2xx, plus socket errors and timeouts. */
  failures: number;
  /** What the failures were, by kind ('HTTP 503', 'ECONNRESET', 'request timed out'); absent when none failed. */
  failureKinds?: Record<string, number>;
  /** Body of one response to the example path, uncompressed. */
  responseBytes: number;
  /** Measured in turn with its twins (runInTurn): its req/s in each round, in order. */
  roundRps?: number[];
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Load on `paths` in turn, from `start`; says where it stopped, so a later slice goes on from there. */
function cannon(baseUrl: string, paths: string[], connections: number, duration: number, headers?: Record<string, string>, start = 0) {
  let next = start;
  const latencies: number[] = [];
  const kinds: Record<string, number> = {};
  const failed = (kind: string) => void (kinds[kind] = (kinds[kind] ?? 0) + 1);
  return new Promise<{ latencies: number[]; kinds: Record<string, number>; seconds: number; next: number }>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections,
        duration,
        timeout: 30,
        headers,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
      },
      (err, result) => {
        if (err) reject(err);
        else resolve({ latencies, kinds, seconds: result.duration, next });
      },
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status >= 200 && status < 300) latencies.push(ms);
      else failed(`HTTP ${status}`);
    });
    // A socket's error or a timeout (autocannon counts a timeout among its errors too: counting both counted it twice).
    instance.on('reqError', (err: Error & { code?: string }) => failed(err.code ?? err.message));
  });
}

/**
 * Waits until the server answers a request that needs the database promptly again, so requests
 * still queued from one case (an overloaded PGlite works them off one by one) do not slow the next.
 */
export async function settle(baseUrl: string, probePath: string, maxSeconds = 120): Promise<void> {
  const until = performance.now() + maxSeconds * 1000;
  let quick = 0;
  while (quick < 2 && performance.now() < until) {
    const t = performance.now();
    await fetch(baseUrl + probePath).then(
      (r) => r.arrayBuffer(),
      () => undefined,
    );
    quick = performance.now() - t < 100 ? quick + 1 : 0;
    if (quick < 2) await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The example request, asked again after its Retry-After while the server answers 503 (still busy
 * with the case before, as on PGlite after the sign-in rush), as a client should; up to 10 times.
 */
async function probe(url: string, headers?: Record<string, string>): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const answer = await fetch(url, { headers });
    if (answer.status !== 503 || attempt === 10) return answer;
    await answer.arrayBuffer();
    await new Promise((r) => setTimeout(r, Number(answer.headers.get('retry-after') ?? 1) * 1000));
  }
}

export async function runLoad(baseUrl: string, c: LoadCase, opts: LoadOptions): Promise<LoadResult> {
  return (await runInTurn(baseUrl, [c], opts, 1))[0];
}

/**
 * Cases measured side by side (a case and its per-event twins): each gets `durationSeconds` in all,
 * in `rounds` slices taken in turn (the order rotating every round), so a change in the machine's
 * speed over the minute they take (another process, the database's own work) falls on all of them
 * alike, not on whichever ran last. Each case's paths go on from where its last slice stopped.
 * `between` runs before every slice, the first too: the server works off what the slice (or the
 * warm-ups) before left in flight (its connections' last requests, a count a warm-up started) before
 * the next is timed, so no slice pays for the one before it. Without it, in five rotating rounds of
 * three twins the large event followed 'all events' three times and 'all events' followed the cheap
 * small events four times: twins of the very same 1,000 profile-detail paths read 94% (rounds
 * 88-98%, 2026-11-29).
 */
export async function runInTurn(
  baseUrl: string,
  cases: LoadCase[],
  opts: LoadOptions,
  rounds: number,
  between?: () => Promise<void>,
): Promise<LoadResult[]> {
  const bodies: Buffer[] = [];
  for (const c of cases) {
    const probed = await probe(baseUrl + c.paths[0], c.headers);
    const body = Buffer.from(await probed.arrayBuffer());
    if (!probed.ok) throw new Error(`${c.name}: GET ${c.paths[0]} answered ${probed.status}: ${body.toString().slice(0, 200)}`);
    bodies.push(body);
  }
  for (const c of cases) {
    if (opts.warmupSeconds > 0) await cannon(baseUrl, c.paths, opts.connections, opts.warmupSeconds, c.headers);
  }
  const runs = cases.map(() => ({
    latencies: [] as number[],
    kinds: {} as Record<string, number>,
    seconds: 0,
    next: 0,
    roundRps: [] as number[],
  }));
  for (let turn = 0; turn < rounds; turn++) {
    for (let k = 0; k < cases.length; k++) {
      const i = (k + turn) % cases.length;
      const c = cases[i];
      if (between) await between();
      const slice = await cannon(baseUrl, c.paths, opts.connections, opts.durationSeconds / rounds, c.headers, runs[i].next);
      for (const ms of slice.latencies) runs[i].latencies.push(ms);
      for (const [kind, n] of Object.entries(slice.kinds)) runs[i].kinds[kind] = (runs[i].kinds[kind] ?? 0) + n;
      runs[i].seconds += slice.seconds;
      runs[i].next = slice.next;
      runs[i].roundRps.push(slice.latencies.length / (slice.seconds || opts.durationSeconds / rounds));
    }
  }
  const round = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? null : Math.round(v * 10) / 10);
  return cases.map((c, i) => {
    const sorted = runs[i].latencies.sort((a, b) => a - b);
    const failures = Object.values(runs[i].kinds).reduce((sum, n) => sum + n, 0);
    return {
      name: c.name,
      kind: c.kind,
      ...(c.twin && { twin: c.twin }),
      example: c.paths[0],
      requests: sorted.length,
      rps: Math.round(sorted.length / (runs[i].seconds || opts.durationSeconds)),
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted[sorted.length - 1]),
      failures,
      ...(failures > 0 && { failureKinds: runs[i].kinds }),
      responseBytes: bodies[i].length,
      ...(rounds > 1 && { roundRps: runs[i].roundRps.map((rps) => Math.round(rps)) }),
    };
  });
}

/** Runs `fn` over `items` with at most `concurrency` in flight; results in input order. */
export async function inPool<T, R>(items: T[], concurrency: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return out;
}

/** ' (12 ECONNRESET, 3 HTTP 503)': what a case's failures were, for its log line and its target. */
export const failureKindsText = (r: Pick<LoadResult, 'failureKinds'>) =>
  r.failureKinds
    ? ` (${Object.entries(r.failureKinds)
        .map(([kind, n]) => `${n} ${kind}`)
        .join(', ')})`
    : '';
