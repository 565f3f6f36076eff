/**
 * The overload case: many more clients than the server can serve at once. `connections` (500)
 * keep-alive connections on one list route (`GET /api/profiles`), each sending its next request as
 * soon as the last is answered, for `seconds` (60). The server may shed load: a 503 with
 * Retry-After, answered at once, is counted apart. Reports the requests answered (2xx), the 503s,
 * other errors (any other status, a socket error), the timeouts (no answer within 10 s, after
 * which the connection is dropped and opened again), the requests still unanswered when the run
 * ended, and the p50/p99/max latency of every answer (2xx, 503 or other) and of the 2xx alone.
 *
 * The clients run in a process of their own (runOverloadCaseApart): the bench's process holds the
 * data set's leftovers (the embedded database it generated with, 2.5 GB resident after the earlier
 * app's download, a 300 MB heap), and its pauses left answers unread past the 10 s timeout (61 to
 * 648 timeouts after that download, 0 without it; bench/README, 'the overload case taken apart').
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { runScriptApart } from './child';
import { percentile } from './load';

export interface OverloadOptions {
  connections: number;
  seconds: number;
  path: string;
}

export interface LatencySummary {
  count: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
}

export interface OverloadResult {
  path: string;
  connections: number;
  seconds: number;
  /** Seconds without an answer after which a request counts as timed out. */
  timeoutSeconds: number;
  sent: number;
  /** 2xx answers. */
  answered: number;
  answeredPerSecond: number;
  /** 503 answers (load shedding). */
  busy: number;
  /** Other statuses and socket errors (timeouts not included). */
  errors: number;
  /** Each status other than 2xx and 503, and 'socket', with its count. */
  errorsByKind: Record<string, number>;
  timeouts: number;
  /** Sent but neither answered nor timed out when the run stopped (each had waited less than the timeout). */
  unansweredAtEnd: number;
  /** Every answer: 2xx, 503 and other statuses. */
  latency: LatencySummary;
  /** The 2xx answers alone. */
  latency2xx: LatencySummary;
  /** The 503 answers alone. */
  latency503: LatencySummary;
}

export const OVERLOAD_TIMEOUT_SECONDS = 10;

function summarize(values: number[]): LatencySummary {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? null : Math.round(v));
  return { count: sorted.length, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1)) };
}

export async function runOverloadCase(baseUrl: string, opts: OverloadOptions): Promise<OverloadResult> {
  const probe = await fetch(baseUrl + opts.path);
  await probe.arrayBuffer();
  if (!probe.ok) throw new Error(`overload: GET ${opts.path} answered ${probe.status}`);

  const ok: number[] = [];
  const busy: number[] = [];
  const other: number[] = [];
  const errorsByKind: Record<string, number> = {};
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      { url: baseUrl + opts.path, connections: opts.connections, duration: opts.seconds, timeout: OVERLOAD_TIMEOUT_SECONDS },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status >= 200 && status < 300) ok.push(ms);
      else if (status === 503) busy.push(ms);
      else {
        other.push(ms);
        errorsByKind[status] = (errorsByKind[status] ?? 0) + 1;
      }
    });
  });
  // autocannon counts a timeout among its errors too.
  const socketErrors = Math.max(0, result.errors - result.timeouts);
  if (socketErrors) errorsByKind.socket = socketErrors;
  const sent = result.requests.sent;
  const answers = ok.length + busy.length + other.length;
  const seconds = result.duration || opts.seconds;
  return {
    path: opts.path,
    connections: opts.connections,
    seconds,
    timeoutSeconds: OVERLOAD_TIMEOUT_SECONDS,
    sent,
    answered: ok.length,
    answeredPerSecond: Math.round(ok.length / seconds),
    busy: busy.length,
    errors: other.length + socketErrors,
    errorsByKind,
    timeouts: result.timeouts,
    unansweredAtEnd: Math.max(0, sent - answers - result.timeouts - socketErrors),
    latency: summarize([...ok, ...busy, ...other]),
    latency2xx: summarize(ok),
    latency503: summarize(busy),
  };
}

/** runOverloadCase in a fresh Node process (this file run with its options), so the clients share nothing with the bench's heap. */
export function runOverloadCaseApart(baseUrl: string, opts: OverloadOptions): Promise<OverloadResult> {
  return runScriptApart('overload clients', fileURLToPath(import.meta.url), [baseUrl, JSON.stringify(opts)]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [baseUrl, opts] = process.argv.slice(2);
  console.log(JSON.stringify(await runOverloadCase(baseUrl, JSON.parse(opts) as OverloadOptions)));
}
