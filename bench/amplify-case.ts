/**
 * The amplification case (issue 28, finding 3): one account opens many live event streams from one
 * address (1,000 by default) while a loop of join requests and cancels to its team makes it a
 * notification after another; meanwhile another visitor browses `GET /api/teams`. Before the
 * per-account cap, every stream was admitted and every notification was read once per stream
 * (27,000 reads in 26 s), and the visitor's p50 went from 5 to 322 ms. Now the cap admits a few
 * and answers the rest 429 with Retry-After, and a notification is read once for all of them.
 *
 * Reports how many streams were admitted and refused, what the admitted ones received, the loop's
 * rate, the browse p50/p99 quiet, under the loop alone (before any stream opens: the control) and
 * under the attack, and (on PostgreSQL) how many times the notifications table was read per
 * notification sent.
 */
import { eventReader } from '../src/server/testing/client';
import { signUpForBench } from './sign-up';
import { inPool, runLoad, settle, type LoadResult } from './load';

export interface AmplifyOptions {
  /** Streams the account tries to open (1,000). */
  attempts: number;
  /** Seconds each browse run (quiet, then under the attack) lasts. */
  seconds: number;
  /** Connections of the browse case. */
  browseConnections: number;
  /** Requesters, each asking and cancelling in a loop, one request at a time. */
  loops: number;
  browsePath: string;
  settleProbe: string;
  /** Reads of the notifications table so far (PostgreSQL's statistics), or null where not known. */
  notificationReads: () => Promise<number | null>;
  log: (line: string) => void;
}

export interface AmplifyResult {
  attempts: number;
  loops: number;
  admitted: number;
  refused: number;
  /** Retry-After of the refusals, in seconds (every one should have it). */
  retryAfter: { min: number | null; max: number | null; missing: number };
  refusalExample: string | null;
  /** Other answers to opening a stream, and network errors. */
  otherAnswers: string[];
  joinRequests: number;
  cancels: number;
  loopErrors: string[];
  /** Notification events the admitted streams received, all together, and the fewest of any one. */
  delivered: number;
  fewestPerStream: number;
  /** Reads of the notifications table per join request during the attack (PostgreSQL), or null. */
  readsPerNotification: number | null;
  browseQuiet: LoadResult;
  /** The control: the same loop before any stream is open (nothing to amplify), and its join requests. */
  browseLoopOnly: LoadResult;
  loopOnlyJoinRequests: number;
  browseUnderAttack: LoadResult;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A PostgreSQL connection reports its table statistics within a second when busy, within 10 s when idle. */
const STATISTICS_DELAY_MS = 11_000;

export async function runAmplifyCase(baseUrl: string, opts: AmplifyOptions): Promise<AmplifyResult> {
  const run = Date.now().toString(36);
  const headers = (cookie?: string) => ({ 'content-type': 'application/json', origin: baseUrl, ...(cookie ? { cookie } : {}) });
  const post = (path: string, cookie: string, body?: unknown) =>
    fetch(baseUrl + path, { method: 'POST', headers: headers(cookie), body: body === undefined ? undefined : JSON.stringify(body) });
  const signUp = (name: string) =>
    signUpForBench(baseUrl, { firstName: name, lastName: 'Amplify', email: `${name.toLowerCase()}-${run}@amplify.example` });

  const owner = await signUp('Owner');
  const created = await post('/api/teams', owner, {
    name: `Amplify Team ${run}`,
    description: 'A team whose leader holds many live streams.',
    openPositions: ['Developer'],
    maxSize: 10,
  });
  if (created.status !== 201) throw new Error(`amplify: create team: ${created.status} ${await created.text()}`);
  const teamId = (await created.json()).id as string;
  const requesters = await Promise.all(Array.from({ length: opts.loops }, (_, i) => signUp(`Asker${i}`)));

  /** Each requester asks to join and cancels, over and over, until `during` is done. */
  async function whileLooping<T>(during: () => Promise<T>) {
    let joinRequests = 0;
    let cancels = 0;
    const loopErrors: string[] = [];
    let stop = false;
    const loop = async (cookie: string) => {
      while (!stop) {
        const asked = await post(`/api/teams/${teamId}/join-requests`, cookie, {
          position: 'Developer',
          message: 'Let me in, and let me out.',
        });
        if (asked.status !== 201) {
          if (loopErrors.length < 5) loopErrors.push(`join request: ${asked.status} ${await asked.text()}`);
          await sleep(200);
          continue;
        }
        joinRequests++;
        const cancelled = await post(`/api/join-requests/${(await asked.json()).id}/cancel`, cookie);
        await cancelled.arrayBuffer();
        if (cancelled.status === 200) cancels++;
        else if (loopErrors.length < 5) loopErrors.push(`cancel: ${cancelled.status}`);
      }
    };
    const loops = requesters.map(loop);
    const result = await during();
    stop = true;
    await Promise.all(loops);
    return { result, joinRequests, cancels, loopErrors };
  }

  const browseCase = { name: `browse ${opts.browsePath}`, kind: 'list' as const, paths: [opts.browsePath] };
  const browseOptions = { connections: opts.browseConnections, durationSeconds: opts.seconds, warmupSeconds: 2 };
  await settle(baseUrl, opts.settleProbe);
  const browseQuiet = await runLoad(baseUrl, browseCase, browseOptions);
  opts.log(`amplify: browse quiet: ${browseQuiet.rps} req/s, p50 ${browseQuiet.p50} ms, p99 ${browseQuiet.p99} ms`);

  // The control: the same loop with no stream open, so what the loop's writes cost others by
  // themselves is told apart from what the streams add (on PGlite, one thread for both, the writes
  // alone moved others' p50 3-4x; bench/README.md, 'Amplification').
  const control = await whileLooping(() => runLoad(baseUrl, browseCase, browseOptions));
  const browseLoopOnly = control.result;
  opts.log(
    `amplify: browse under the loop alone: ${browseLoopOnly.rps} req/s, p50 ${browseLoopOnly.p50} ms, p99 ${browseLoopOnly.p99} ms; ${control.joinRequests} join requests`,
  );
  await settle(baseUrl, opts.settleProbe);

  // The account opens its streams, 100 at a time, from this one address.
  const received: number[] = [];
  const readers: ReturnType<typeof eventReader>[] = [];
  const listening: Promise<void>[] = [];
  let refused = 0;
  let refusalExample: string | null = null;
  const retryAfters: number[] = [];
  let missingRetryAfter = 0;
  const otherAnswers: string[] = [];
  await inPool([...Array(opts.attempts).keys()], 100, async () => {
    const res = await fetch(`${baseUrl}/api/me/events`, { headers: { cookie: owner } }).catch((e: Error) => e);
    if (res instanceof Error) return void (otherAnswers.length < 5 && otherAnswers.push(res.message));
    if (res.status === 429) {
      refused++;
      const retryAfter = Number(res.headers.get('retry-after'));
      if (Number.isFinite(retryAfter) && retryAfter > 0) retryAfters.push(retryAfter);
      else missingRetryAfter++;
      const body = await res.text();
      refusalExample ??= body;
      return;
    }
    if (res.status !== 200) return void (otherAnswers.length < 5 && otherAnswers.push(`${res.status} ${await res.text()}`));
    const reader = eventReader(res);
    const index = received.push(0) - 1;
    readers.push(reader);
    listening.push(
      (async () => {
        for (;;) {
          const event = await reader.next(3_600_000).catch(() => null);
          if (event === null || event === 'timeout') return;
          if (event.event === 'notification') received[index]++;
        }
      })(),
    );
  });
  opts.log(`amplify: ${received.length} of ${opts.attempts} streams admitted, ${refused} refused (429)`);

  // The loop: each requester asks to join and cancels, over and over, while the visitor browses.
  // PostgreSQL's statistics of the opening reads arrive within 10 s (an idle connection sends them then).
  await sleep(STATISTICS_DELAY_MS);
  const readsBefore = await opts.notificationReads();
  const attack = await whileLooping(() => runLoad(baseUrl, browseCase, browseOptions));
  const { result: browseUnderAttack, joinRequests, cancels, loopErrors } = attack;
  // Let the last notifications arrive, and PostgreSQL's statistics catch up.
  await sleep(STATISTICS_DELAY_MS);
  const readsAfter = await opts.notificationReads();
  await Promise.all(readers.map((r) => r.close().catch(() => {})));
  await Promise.all(listening);
  opts.log(
    `amplify: browse under attack: ${browseUnderAttack.rps} req/s, p50 ${browseUnderAttack.p50} ms, p99 ${browseUnderAttack.p99} ms; ${joinRequests} join requests`,
  );

  return {
    attempts: opts.attempts,
    loops: opts.loops,
    admitted: received.length,
    refused,
    retryAfter: {
      min: retryAfters.length ? Math.min(...retryAfters) : null,
      max: retryAfters.length ? Math.max(...retryAfters) : null,
      missing: missingRetryAfter,
    },
    refusalExample,
    otherAnswers,
    joinRequests,
    cancels,
    // The control's own errors count too: a loop that failed there measured nothing to compare with.
    loopErrors: [...control.loopErrors.map((e) => `without streams: ${e}`), ...loopErrors],
    delivered: received.reduce((a, b) => a + b, 0),
    fewestPerStream: received.length ? Math.min(...received) : 0,
    readsPerNotification:
      readsBefore !== null && readsAfter !== null && joinRequests > 0
        ? Math.round(((readsAfter - readsBefore) / joinRequests) * 10) / 10
        : null,
    browseQuiet,
    browseLoopOnly,
    loopOnlyJoinRequests: control.joinRequests,
    browseUnderAttack,
  };
}
