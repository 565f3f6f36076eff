/**
 * Load shedding by how long requests wait (docs/decisions/020-overload-and-the-sign-in-rush.md),
 * not only by how many are in progress. A request is let in unless one of these says the
 * instance is already behind:
 *
 * - `full`: `maxInFlight` API requests are in progress (MAX_IN_FLIGHT);
 * - `loop`: the event loop is late by more than `maxWaitMs` (MAX_QUEUE_WAIT_MS): turns of the loop
 *   run that long, and the requests read in them have waited unread in their sockets at least that
 *   long. PGlite runs its queries on the main thread, paced so the loop goes round every 10 ms of
 *   them (db/pace.ts, decision 037): a long turn there is one long statement, everyone read after it
 *   waited all of it, and one is enough (`longTurnIsQueue`). On PostgreSQL a late loop counts when it
 *   was late at another tick in the last second too (loopLateness);
 * - `queue`: at least `minQueue` requests are in progress and even the quickest request answered
 *   in each of the last two intervals spent more than `maxWaitMs` in the app: a standing queue
 *   (CoDel's signal: the minimum, so one slow query or upload does not count), behind the
 *   database's pool on PostgreSQL, behind its one connection on PGlite.
 *
 * Waits count only when they stand (the queue's always, the loop's on PostgreSQL): one pause of the
 * whole process (a garbage collection, a moment without the CPU on a busy machine) delays everyone
 * once and is over by the time anyone would be turned away.
 *
 * A request turned away costs a 503 with Retry-After, sent before any database work; the health,
 * readiness and event-stream routes are never turned away (edge.ts).
 */
import { performance as perf } from 'node:perf_hooks';
import type { Logger } from './log';
import type { Metrics } from './metrics';

export type Verdict = 'in' | 'full' | 'loop' | 'queue';

export interface Load {
  inFlight: number;
  /** How late the event loop is, ms, as the shedder counts it (loopLateness: standing, or on PGlite as it is now). */
  loopDelayMs: number;
  /** The shortest time in the app of the requests answered in the last two intervals, each, ms (0: an interval had no answers). */
  queuedMs: number;
}

export interface Limits {
  maxInFlight: number;
  /** 0: no shedding by wait. */
  maxWaitMs: number;
  /** Requests in progress below which there is no queue to speak of. */
  minQueue: number;
}

/** Whether a new request is let in, and if not, why. */
export function verdict(load: Load, limits: Limits): Verdict {
  if (load.inFlight >= limits.maxInFlight) return 'full';
  if (limits.maxWaitMs <= 0) return 'in';
  if (load.loopDelayMs > limits.maxWaitMs) return 'loop';
  if (load.inFlight >= limits.minQueue && load.queuedMs > limits.maxWaitMs) return 'queue';
  return 'in';
}

export interface ShedderOptions {
  maxInFlight: number;
  maxWaitMs: number;
  /** Default 8. */
  minQueue?: number;
  /** The interval over which the quickest answer is taken, ms (default 100, CoDel's). */
  intervalMs?: number;
  /** Milliseconds, monotonic (default performance.now). */
  now?: () => number;
  /**
   * Whether one long turn of the event loop is a queue (PGlite: the database answers on this
   * thread, so the requests read after a long turn waited all of it in their sockets) or a late
   * loop counts only when it stands (PostgreSQL: the queue is in front of the pool, and one long
   * turn is a pause of the process). Default false.
   */
  longTurnIsQueue?: boolean;
  /** How late the event loop is, ms (default: the process's, processLoopDelay). */
  loopDelayMs?: () => number;
  /** Whether the loop is late for a known reason that is not overload (`knownLongTurns`): then its lateness does not count. */
  loopExcused?: () => boolean;
}

export interface Shedder {
  /**
   * Lets a request in (the function it returns lets it out, once), or says why not. A request
   * that waits in a queue of its own (`timed: false`: a sign-in waiting for a password hash, with
   * its own limit) counts in flight, but its time is no sign of a queue here.
   */
  admit(opts?: { timed?: boolean }): { verdict: 'in'; leave: () => void } | { verdict: Exclude<Verdict, 'in'> };
  load(): Load;
}

export function createShedder(opts: ShedderOptions): Shedder {
  const now = opts.now ?? (() => performance.now());
  const loopDelayMs = opts.loopDelayMs ?? (opts.maxWaitMs > 0 ? processLoopDelay(opts.longTurnIsQueue ? 'latest' : 'standing') : () => 0);
  const intervalMs = opts.intervalMs ?? 100;
  const limits: Limits = { maxInFlight: opts.maxInFlight, maxWaitMs: opts.maxWaitMs, minQueue: opts.minQueue ?? 8 };
  let inFlight = 0;
  let windowStart = now();
  let windowMin = Number.POSITIVE_INFINITY;
  /** The quickest answer of the last whole interval, and of the one before it (0: an interval without answers). */
  let lastMin = 0;
  let minBefore = 0;

  const roll = (t: number) => {
    if (t - windowStart < intervalMs) return;
    // An interval without answers says nothing of a queue (and once everyone is turned away, the
    // only answers left would be the slowest: holding on to them would never let anyone in again).
    minBefore = lastMin;
    lastMin = windowMin === Number.POSITIVE_INFINITY ? 0 : windowMin;
    windowMin = Number.POSITIVE_INFINITY;
    windowStart = t;
  };
  const load = (): Load => {
    roll(now());
    // A queue stands when the quickest answers were slow in two intervals in a row: one pause (a
    // garbage collection, a slow moment of the database) makes the answers of one interval slow.
    return { inFlight, loopDelayMs: opts.loopExcused?.() ? 0 : loopDelayMs(), queuedMs: Math.min(lastMin, minBefore) };
  };

  return {
    load,
    admit({ timed = true } = {}) {
      const v = verdict(load(), limits);
      if (v !== 'in') return { verdict: v };
      inFlight++;
      const started = now();
      let out = false;
      return {
        verdict: 'in',
        leave() {
          if (out) return;
          out = true;
          inFlight--;
          const t = now();
          roll(t);
          if (timed) windowMin = Math.min(windowMin, t - started);
        },
      };
    },
  };
}

/** Runs work that holds the event loop for long turns, telling the shedder so (knownLongTurns' `during`). */
export type LongWork = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Work known to hold the event loop for long turns that are no sign of overload: a backup of the
 * embedded database (pg_dump in WebAssembly runs on this thread, 0.1 to 0.3 s for a small one on a
 * quiet machine, seconds for an event's), and on PGlite an event's dashboard computed afresh (its
 * aggregates over 130,000 registrants hold the thread 0.5-0.7 s on a slow machine, once per event
 * every few seconds while staff watch it; organize.routes.ts). While it runs, and for `afterMs` after (the turn's lateness
 * is read for a moment after it ends), the shedder does not count the loop's lateness: the requests
 * read meanwhile wait for it and are answered, instead of a 503 to everyone who comes during a
 * backup. A real queue still shows as one (`queue`, `full`).
 */
export function knownLongTurns(now = () => performance.now(), afterMs = 1000) {
  let running = 0;
  let until = Number.NEGATIVE_INFINITY;
  return {
    /** Runs `work` with the loop's lateness excused. */
    async during<T>(work: () => Promise<T>): Promise<T> {
      running++;
      try {
        return await work();
      } finally {
        running--;
        until = now() + afterMs;
      }
    },
    excused: () => running > 0 || now() < until,
  };
}

/**
 * What is said about requests turned away: each is counted in the metrics (route '(shed)'), and
 * while it lasts the log gets one warning every 10 s with how many and why, not a line per request.
 */
export function reportShedding(log: Logger, metrics: Metrics | undefined, now = () => performance.now()) {
  const counts: Partial<Record<Verdict, number>> = {};
  let since: number | undefined;
  return (verdict: Exclude<Verdict, 'in'>, method: string) => {
    metrics?.observe(method, '(shed)', 503, 0);
    counts[verdict] = (counts[verdict] ?? 0) + 1;
    const t = now();
    since ??= t;
    if (t - since < 10_000) return;
    log.warn({ shed: { ...counts }, seconds: Math.round((t - since) / 1000) }, 'Overloaded: new requests answered 503 with Retry-After');
    for (const k of Object.keys(counts) as Verdict[]) delete counts[k];
    since = t;
  };
}

let sampler: ReturnType<typeof loopLateness> | undefined;

/**
 * How late the event loop is, kept by `tick()` being called every `tickMs` (a timer) and read by
 * `delay()`. A turn's lateness is the time since the last tick, less `tickMs`, or, if more, how late
 * that tick itself was: a request read in the middle of a long turn (PGlite answering a batch of
 * requests read at once, each query on this thread) has waited at least the first; the requests
 * read just after such a turn, when the tick has only just run, have waited about the second.
 *
 * The loop counts as late only if it was late at a tick before as well, in the last second (the
 * smaller of the two): overload makes turn after turn long, while one long pause alone (a garbage
 * collection, the process not scheduled for a moment on a busy machine) is over by the time anyone
 * is turned away, and turning away everyone read just after it (32 connections browsing,
 * 2026-11-26) bought nothing. A second, not only the tick just before: once requests are turned
 * away, a turn answering them is short, and on PGlite the next long turn must count again at once
 * (with the tick just before only, every other batch of 500 connections was let in, and waited).
 */
export function loopLateness(now: () => number, tickMs: number, memoryMs = 1000) {
  let lastTick = now();
  let lastLate = 0;
  /** The latest tick before the last one, of those as late as any since (kept for `memoryMs`). */
  let before = { late: 0, at: Number.NEGATIVE_INFINITY };
  return {
    tick() {
      const t = now();
      if (lastLate >= before.late || t - before.at > memoryMs) before = { late: lastLate, at: lastTick };
      lastLate = Math.max(0, t - lastTick - tickMs);
      lastTick = t;
    },
    /** How late the loop is now: this turn so far, or the last tick (the longer). */
    latest: () => Math.max(lastLate, now() - lastTick - tickMs),
    /** How late the loop is, counted only when it was late at another tick in the last second too. */
    delay: () => {
      const t = now();
      const lateBefore = t - before.at <= memoryMs ? before.late : 0;
      return Math.min(lateBefore, Math.max(lastLate, t - lastTick - tickMs));
    },
  };
}

/**
 * How late the process's event loop is (loopLateness, ticked every 10 ms): as it stands (`delay`), or
 * as it is now (`latest`); one timer per process, which does not keep it alive.
 */
export function processLoopDelay(which: 'standing' | 'latest' = 'standing'): () => number {
  if (!sampler) {
    const tickMs = 10;
    sampler = loopLateness(() => performance.now(), tickMs);
    setInterval(sampler.tick, tickMs).unref();
  }
  return which === 'latest' ? sampler.latest : sampler.delay;
}

let busySampler: (() => number) | undefined;

/**
 * How busy the server's own thread has been over about the last second, 0 to 1: the event loop's
 * utilization (the share of the time it ran code rather than waited), over the last four 250 ms
 * samples. Browsing that keeps the thread busy shows here before anyone waits long enough for
 * the shedding above to act. One timer per process, which does not keep the process alive.
 */
export function processLoopBusy(): () => number {
  if (busySampler) return busySampler;
  const samples: number[] = [];
  let last = perf.eventLoopUtilization();
  setInterval(() => {
    const now = perf.eventLoopUtilization();
    samples.push(perf.eventLoopUtilization(now, last).utilization);
    if (samples.length > 4) samples.shift();
    last = now;
  }, 250).unref();
  busySampler = () => (samples.length ? samples.reduce((a, b) => a + b, 0) / samples.length : 0);
  return busySampler;
}

/** The server's thread counts as busy from this utilization on (processLoopBusy). */
export const BUSY_UTILIZATION = 0.8;

/** Whether the server's own thread has been busy over about the last second. */
export function loopIsBusy(threshold = BUSY_UTILIZATION): () => boolean {
  const busy = processLoopBusy();
  return () => busy() >= threshold;
}
