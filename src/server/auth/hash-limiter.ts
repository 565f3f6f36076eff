/**
 * Password hashing never takes every core (docs/decisions/009).
 *
 * - `run`: at most `concurrency` hashes run at once; up to `queue` more wait their turn in arrival
 *   order; past that a hash is refused at once with HashingBusy.
 * - `admit`: a sign-in or sign-up is let in only while fewer than `concurrency + queue` are in
 *   progress, before it does any other work (on PGlite, every query of a request that would only be
 *   refused later would still queue in front of everyone's browsing). So requests wait for a hash
 *   in a queue of at most `queue`, and the rest are answered 503 without touching the database.
 *
 * - Browsing first (docs/decisions/020): while the server's own thread is busy (`busy()`, pages
 *   keep it so), at most `busyRate` sign-ins and sign-ups a second are let in. Each costs the
 *   thread 10 to 15 ms of its own work (better-auth and five to nine queries) besides the hash,
 *   which runs elsewhere at the lowest priority: unpaced, the 20 or so a second one hashing thread
 *   allows took half of what browsing had (the bench's kickoff case).
 *
 * Retry-After spreads the people turned away over the time it takes to serve them: the first is
 * told to come back once the requests in progress are done, each next one a request's worth of
 * time later (measured: how long an admitted request takes, over how many are in at once), at
 * most a minute. Telling everyone '1 second' brings the whole crowd back at once, and answering
 * their retries takes time browsing needs (the kickoff bench on PostgreSQL, three runs each: about
 * 80 refusals a second instead of 35, and browsing's p99 about 200 ms instead of 115 ms).
 */
import os from 'node:os';

/** One core is left for everything else: max(1, cores - 1). */
export const defaultHashConcurrency = () => Math.max(1, os.availableParallelism() - 1);

/**
 * Waiting room per hashing slot. A longer queue bought no more sign-ins a second (the hashing
 * thread is the limit), only a longer wait: in the kickoff bench, 20 per slot kept each sign-in
 * about 900 ms in the queue, 2 per slot about 150 ms, at the same rate.
 */
export const QUEUE_PER_SLOT = 2;

/** Sign-ins and sign-ups let in per second while the server's thread is busy (SIGN_IN_RATE_WHEN_BUSY). */
export const DEFAULT_BUSY_RATE = 10;
/** The same on the embedded database, whose queries run on the server's thread too (docs/decisions/020). */
export const PGLITE_BUSY_RATE = 6;

/** The longest Retry-After given, in seconds. */
export const MAX_RETRY_AFTER = 60;

export class HashingBusy extends Error {
  constructor(
    /** A fair guess at when there will be room again, in whole seconds (at least 1). */
    readonly retryAfterSeconds: number,
  ) {
    super('Too many password hashes waiting');
  }
}

export interface HashLimits {
  /** Hashes running at once (default: max(1, cores - 1)). */
  concurrency?: number;
  /** Hashes waiting for a slot before the next is refused (default: 2 per slot). */
  queue?: number;
  /** Requests let in per second by `admit` while `busy()` (default 10; 0: no pacing). */
  busyRate?: number;
  /** Whether the server's own thread is busy (default: never). */
  busy?: () => boolean;
  /** Milliseconds, monotonic (default performance.now). */
  now?: () => number;
}

export interface HashLimiter {
  readonly concurrency: number;
  readonly queue: number;
  /** Runs `task` within the limits, or throws HashingBusy at once when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /**
   * Lets one request that will hash a password in, or throws HashingBusy at once when
   * `concurrency + queue` are already in or, while the server is busy, past `busyRate` a second;
   * the function it returns lets it out (once).
   */
  admit(): () => void;
  /** Requests in, hashes running and hashes waiting right now. */
  load(): { admitted: number; running: number; waiting: number };
}

export function createHashLimiter(limits: HashLimits = {}): HashLimiter {
  const concurrency = limits.concurrency ?? defaultHashConcurrency();
  const queue = limits.queue ?? QUEUE_PER_SLOT * concurrency;
  const busyRate = limits.busyRate ?? DEFAULT_BUSY_RATE;
  const busy = limits.busy ?? (() => false);
  const now = limits.now ?? (() => performance.now());
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new RangeError(`hash concurrency must be a whole number >= 1 (got ${concurrency})`);
  if (!Number.isInteger(queue) || queue < 0) throw new RangeError(`hash queue must be a whole number >= 0 (got ${queue})`);
  if (!(busyRate >= 0)) throw new RangeError(`busy rate must be >= 0 (got ${busyRate})`);

  let admitted = 0;
  let running = 0;
  const waiting: (() => void)[] = [];
  /** Moving average of a hash's duration, for Retry-After. */
  let averageMs = 25;
  /** Moving average of how long an admitted request stays in. */
  let admittedMs = 100;
  /** When (now()) the last one turned away was told to come back. */
  let lastReturnAt = 0;
  const seconds = (ms: number) => new HashingBusy(Math.min(MAX_RETRY_AFTER, Math.max(1, Math.ceil(ms / 1000))));
  /** The hash queue is full: until `ahead` hashes are done, at the current pace. */
  const hashQueueFull = (ahead: number) => seconds((ahead / concurrency) * averageMs);
  /** Admissions are full: after the ones in progress and everyone turned away before. */
  const admissionsFull = () => {
    const t = now();
    lastReturnAt = Math.max(lastReturnAt, t + admittedMs) + admittedMs / (concurrency + queue);
    return seconds(lastReturnAt - t);
  };
  /** The pace's bucket: up to a second's worth of admissions, one more every 1000 / busyRate ms. */
  const interval = busyRate > 0 ? 1000 / busyRate : 0;
  let tokens = busyRate;
  let filledAt = now();
  /** Paced out: each one turned away gets a later turn at the pace, after everyone turned away before. */
  const pacedOut = (t: number) => {
    lastReturnAt = Math.max(lastReturnAt, t) + interval;
    return seconds(lastReturnAt - t);
  };
  const takeTurn = () => {
    if (busyRate === 0) return;
    const t = now();
    tokens = Math.min(busyRate, tokens + (t - filledAt) / interval);
    filledAt = t;
    if (!busy()) return;
    if (tokens < 1) throw pacedOut(t);
    tokens -= 1;
  };

  return {
    concurrency,
    queue,
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < concurrency) running++;
      else if (waiting.length < queue)
        await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over
      else throw hashQueueFull(waiting.length + running);
      const started = now();
      try {
        return await task();
      } finally {
        averageMs = averageMs * 0.9 + (now() - started) * 0.1;
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    admit() {
      if (admitted >= concurrency + queue) throw admissionsFull();
      takeTurn();
      admitted++;
      const started = now();
      let out = false;
      return () => {
        if (out) return;
        out = true;
        admitted--;
        admittedMs = admittedMs * 0.9 + (now() - started) * 0.1;
      };
    },
    load: () => ({ admitted, running, waiting: waiting.length }),
  };
}
