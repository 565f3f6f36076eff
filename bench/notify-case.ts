/**
 * The notification case: leaders keep many live event streams open on one instance (several
 * tabs each), requesters send join requests to their teams, and every stream of the team's leader
 * must get the notification. Reports the delay from the notification's commit (its created_at,
 * taken when its transaction starts, so the figure errs on the slow side) to its arrival here, and
 * how much the server's memory grew per open stream.
 */
import { readFileSync } from 'node:fs';
import { eventReader } from '../src/server/testing/client';
import { fetchPatiently, signUpForBench } from './sign-up';
import { inPool, percentile } from './load';

export interface NotifyCaseResult {
  streams: number;
  tabsPerLeader: number;
  requests: number;
  expected: number;
  delivered: number;
  /** Commit-to-arrival delay of every delivery, in ms. */
  p50: number;
  p95: number;
  max: number;
  openSeconds: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  kbPerStream: number;
  errors: string[];
}

/** How long the streams still wait once every join request was answered. */
const LAST_CALL_MS = 30_000;

/** The resident memory of a process, in bytes (Linux). */
function rss(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}

export async function runNotifyCase(
  baseUrl: string,
  serverPid: number,
  opts: { streams: number; tabsPerLeader: number; requestsPerRequester: number; log: (l: string) => void },
): Promise<NotifyCaseResult> {
  const leaders = Math.ceil(opts.streams / opts.tabsPerLeader);
  const requesters = Math.ceil(leaders / opts.requestsPerRequester);
  const errors: string[] = [];
  const fail = (what: string) => errors.length < 10 && errors.push(what);
  const run = Date.now().toString(36);
  const headers = (cookie?: string) => ({ 'content-type': 'application/json', origin: baseUrl, ...(cookie ? { cookie } : {}) });

  const signUp = (kind: string, i: number) =>
    signUpForBench(baseUrl, { firstName: kind, lastName: `Notify ${i}`, email: `${kind.toLowerCase()}${i}-${run}@notify.example` });

  // Leaders with a team each, and requesters.
  const leaderCookies: string[] = new Array(leaders);
  const teamIds: string[] = new Array(leaders);
  await inPool([...Array(leaders).keys()], 8, async (i) => {
    leaderCookies[i] = await signUp('Leader', i);
    const res = await fetchPatiently(`${baseUrl}/api/teams`, {
      method: 'POST',
      headers: headers(leaderCookies[i]),
      body: JSON.stringify({
        name: `Notify Team ${i} ${run}`,
        description: 'A team that hears of its join requests live.',
        openPositions: ['Developer'],
      }),
    });
    if (res.status !== 201) throw new Error(`create team: ${res.status} ${await res.text()}`);
    teamIds[i] = (await res.json()).id;
  });
  const requesterCookies = await Promise.all([...Array(requesters).keys()].map((i) => signUp('Requester', i)));
  opts.log(`notify case: ${leaders} leaders with a team each, ${requesters} requesters`);

  // Every leader opens `tabsPerLeader` streams.
  const before = rss(serverPid);
  const opened = performance.now();
  const readers: { leader: number; reader: ReturnType<typeof eventReader> }[] = [];
  await inPool([...Array(leaders * opts.tabsPerLeader).keys()], 100, async (n) => {
    const leader = n % leaders;
    const res = await fetch(`${baseUrl}/api/me/events`, { headers: { cookie: leaderCookies[leader] } });
    if (res.status !== 200) throw new Error(`events: ${res.status} ${await res.text()}`);
    const reader = eventReader(res);
    const ready = await reader.next(30_000);
    if (ready === 'timeout' || ready.event !== 'ready') throw new Error('a stream did not start');
    readers.push({ leader, reader });
  });
  const openSeconds = (performance.now() - opened) / 1000;
  // Let the server settle (and collect garbage) before measuring what the streams hold.
  await new Promise((r) => setTimeout(r, 2000));
  const after = rss(serverPid);
  opts.log(
    `notify case: ${readers.length} streams open in ${openSeconds.toFixed(1)} s; server RSS ${(before / 2 ** 20).toFixed(0)} -> ${(after / 2 ** 20).toFixed(0)} MB`,
  );

  // Each stream waits for its one notification.
  const delays: number[] = [];
  // A stream waits as long as the requests take to send (a busy server sheds some: they are sent
  // again after Retry-After), and up to LAST_CALL_MS after the last one was answered.
  let sent = false;
  const listening = readers.map(async ({ reader }) => {
    const event = await reader.next(30 * 60_000).catch((e: Error) => new Error(e.message));
    if (event instanceof Error || event === 'timeout')
      return fail(
        `a stream got nothing${sent ? ` within ${LAST_CALL_MS / 1000} s of the last join request` : ''}: ${event instanceof Error ? event.message : event}`,
      );
    const arrived = Date.now();
    const item = JSON.parse(event.data) as { kind: string; createdAt: string };
    if (item.kind !== 'join_request') return fail(`unexpected ${item.kind}`);
    delays.push(arrived - Date.parse(item.createdAt));
  });

  // One join request to every team, each requester asking its teams one after another.
  await Promise.all(
    requesterCookies.map(async (cookie, r) => {
      for (let t = r * opts.requestsPerRequester; t < Math.min(leaders, (r + 1) * opts.requestsPerRequester); t++) {
        const res = await fetchPatiently(`${baseUrl}/api/teams/${teamIds[t]}/join-requests`, {
          method: 'POST',
          headers: headers(cookie),
          body: JSON.stringify({ position: 'Developer', message: 'Happy to help build this, live.' }),
        });
        if (res.status !== 201) fail(`join request: ${res.status} ${await res.text()}`);
      }
    }),
  );
  sent = true;
  await Promise.race([Promise.all(listening), new Promise((r) => setTimeout(r, LAST_CALL_MS))]);
  await Promise.all(readers.map(({ reader }) => reader.close().catch(() => {})));
  await Promise.all(listening);

  delays.sort((a, b) => a - b);
  return {
    streams: readers.length,
    tabsPerLeader: opts.tabsPerLeader,
    requests: leaders,
    expected: readers.length,
    delivered: delays.length,
    p50: delays.length ? percentile(delays, 50) : 0,
    p95: delays.length ? percentile(delays, 95) : 0,
    max: delays.at(-1) ?? 0,
    openSeconds,
    rssBeforeMb: before / 2 ** 20,
    rssAfterMb: after / 2 ** 20,
    kbPerStream: (after - before) / 1024 / Math.max(1, readers.length),
    errors,
  };
}
