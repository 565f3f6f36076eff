/**
 * The kickoff case (issue 20): right after the kickoff announcement, a crowd signs up and signs in
 * at once while other people keep browsing. A browse case (`GET /api/teams`, a few connections
 * that send their next request as soon as the last one is answered) runs quiet first, then again
 * during the spike: `clients` concurrent clients, half signing up new accounts, half signing in to
 * existing ones, each starting over as soon as it is answered. A client answered 503 waits for its
 * Retry-After (plus up to half a second, as people do not all press at the same instant) and tries
 * again. Reports completed sign-ups and sign-ins per second with p50/p99, the 503s (and how fast
 * they came), and the browse case's throughput and p99 beside its quiet run.
 */
import { percentile, runLoad, settle, type LoadResult } from './load';

export interface KickoffOptions {
  /** Concurrent sign-up and sign-in clients (200). */
  clients: number;
  /** Seconds the spike and each browse run last (15). */
  seconds: number;
  /** Connections of the browse case (5). */
  browseConnections: number;
  browsePath: string;
  settleProbe: string;
  log: (line: string) => void;
}

export interface Latencies {
  count: number;
  perSecond: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
}

export interface KickoffResult {
  clients: number;
  seconds: number;
  accountsPrepared: number;
  prepareSeconds: number;
  signUps: Latencies;
  signIns: Latencies;
  /** Sign-ups and sign-ins together: every one ends with a new session. */
  sessions: Latencies;
  /** 503 answers, and how long each took to arrive. */
  busy: Latencies;
  retryAfterSeconds: { min: number | null; max: number | null };
  /** Answers other than 200 and 503, and network errors. */
  unexpected: { count: number; examples: string[] };
  browseQuiet: LoadResult;
  browseDuringSpike: LoadResult;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function summarize(values: number[], seconds: number): Latencies {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? null : Math.round(v * 10) / 10);
  return {
    count: sorted.length,
    perSecond: Math.round((sorted.length / seconds) * 10) / 10,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1)),
  };
}

export async function runKickoffCase(baseUrl: string, opts: KickoffOptions): Promise<KickoffResult> {
  const run = Date.now().toString(36);
  const password = 'kickoff-password';
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const post = async (path: string, body: unknown) => {
    const started = performance.now();
    const res = await fetch(baseUrl + path, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, text, retryAfter: res.headers.get('retry-after'), ms: performance.now() - started };
  };
  const signUpBody = (email: string) => ({ firstName: 'Kickoff', lastName: 'Participant', email, password });

  // Accounts to sign in to, made before the spike (and before the quiet run), 3 at a time (as many as the server lets in at once).
  const signers = Math.ceil(opts.clients / 2);
  const accounts = Array.from({ length: signers * 2 }, (_, i) => `existing${i}-${run}@kickoff.example`);
  const prepared = performance.now();
  for (let i = 0; i < accounts.length; i += 3) {
    await Promise.all(
      accounts.slice(i, i + 3).map(async (email) => {
        for (;;) {
          const r = await post('/api/auth/sign-up/email', signUpBody(email));
          if (r.status === 200) return;
          if (r.status !== 503) throw new Error(`kickoff: preparing an account: ${r.status} ${r.text.slice(0, 200)}`);
          await sleep(1000 * Number(r.retryAfter ?? 1));
        }
      }),
    );
  }
  const prepareSeconds = (performance.now() - prepared) / 1000;
  opts.log(`kickoff: ${accounts.length} accounts to sign in to, made in ${prepareSeconds.toFixed(1)} s`);

  const browseCase = { name: `browse ${opts.browsePath}`, kind: 'list' as const, paths: [opts.browsePath] };
  const browseOptions = { connections: opts.browseConnections, durationSeconds: opts.seconds, warmupSeconds: 0 };
  await settle(baseUrl, opts.settleProbe);
  const browseQuiet = await runLoad(baseUrl, browseCase, { ...browseOptions, warmupSeconds: 2 });
  opts.log(`kickoff: browse quiet: ${browseQuiet.rps} req/s, p50 ${browseQuiet.p50} ms, p99 ${browseQuiet.p99} ms`);
  await settle(baseUrl, opts.settleProbe);

  const signUpMs: number[] = [];
  const signInMs: number[] = [];
  const busyMs: number[] = [];
  const retryAfters: number[] = [];
  const unexpected: string[] = [];
  let unexpectedCount = 0;
  let stop = false;
  let fresh = 0;

  const client = async (i: number) => {
    const signsUp = i % 2 === 0;
    let turn = 0;
    while (!stop) {
      const body = signsUp
        ? signUpBody(`new${fresh++}-${run}@kickoff.example`)
        : { email: accounts[(Math.floor(i / 2) + signers * (turn++ % 2)) % accounts.length], password };
      const r = await post(signsUp ? '/api/auth/sign-up/email' : '/api/auth/sign-in/email', body).catch((e: Error) => ({
        status: 0,
        text: e.message,
        retryAfter: null,
        ms: 0,
      }));
      if (stop) break; // answered after the end: not counted
      if (r.status === 200) (signsUp ? signUpMs : signInMs).push(r.ms);
      else if (r.status === 503) {
        busyMs.push(r.ms);
        const wait = Number(r.retryAfter);
        retryAfters.push(wait);
        await sleep(1000 * (Number.isFinite(wait) && wait > 0 ? wait : 1) + Math.random() * 500);
      } else {
        unexpectedCount++;
        if (unexpected.length < 5) unexpected.push(`${r.status} ${r.text.slice(0, 160)}`);
        await sleep(200);
      }
    }
  };

  const spikeStarted = performance.now();
  const clients = Array.from({ length: opts.clients }, (_, i) => client(i));
  const browseDuringSpike = await runLoad(baseUrl, browseCase, browseOptions);
  const elapsed = Math.max(opts.seconds, (performance.now() - spikeStarted) / 1000);
  stop = true;
  await Promise.all(clients);

  const result: KickoffResult = {
    clients: opts.clients,
    seconds: elapsed,
    accountsPrepared: accounts.length,
    prepareSeconds,
    signUps: summarize(signUpMs, elapsed),
    signIns: summarize(signInMs, elapsed),
    sessions: summarize([...signUpMs, ...signInMs], elapsed),
    busy: summarize(busyMs, elapsed),
    retryAfterSeconds: {
      min: retryAfters.length ? Math.min(...retryAfters) : null,
      max: retryAfters.length ? Math.max(...retryAfters) : null,
    },
    unexpected: { count: unexpectedCount, examples: unexpected },
    browseQuiet,
    browseDuringSpike,
  };
  await settle(baseUrl, opts.settleProbe);
  return result;
}
