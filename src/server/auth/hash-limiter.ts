/**
 * Password hashing never takes every core (docs/decisions/009): at most `concurrency` hashes run
 * at once, up to `queue` more wait their turn in arrival order, and past that a hash is refused at
 * once with HashingBusy, so the request can answer 503 instead of waiting many seconds.
 */
import os from 'node:os';

/** One core is left for everything else: max(1, cores - 1). */
export const defaultHashConcurrency = () => Math.max(1, os.availableParallelism() - 1);

/** Waiting room per hashing slot: at about 25 ms a hash, some 1.2 s of work. */
export const QUEUE_PER_SLOT = 50;

export class HashingBusy extends Error {
  constructor(
    /** A fair guess at when the queue will have room again, in whole seconds (at least 1). */
    readonly retryAfterSeconds: number,
  ) {
    super('Too many password hashes waiting');
  }
}

export interface HashLimits {
  /** Hashes running at once (default: max(1, cores - 1)). */
  concurrency?: number;
  /** Hashes waiting for a slot before the next is refused (default: 50 per slot). */
  queue?: number;
}

export interface HashLimiter {
  readonly concurrency: number;
  readonly queue: number;
  /** Runs `task` within the limits, or throws HashingBusy at once when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** How many run and how many wait right now. */
  load(): { running: number; waiting: number };
}

export function createHashLimiter(limits: HashLimits = {}): HashLimiter {
  const concurrency = limits.concurrency ?? defaultHashConcurrency();
  const queue = limits.queue ?? QUEUE_PER_SLOT * concurrency;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`hash concurrency must be a whole number >= 1 (got ${concurrency})`);
  if (!Number.isInteger(queue) || queue < 0) throw new RangeError(`hash queue must be a whole number >= 0 (got ${queue})`);

  let running = 0;
  const waiting: (() => void)[] = [];
  /** Moving average of a task's duration, for Retry-After. */
  let averageMs = 25;

  return {
    concurrency,
    queue,
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < concurrency) running++;
      else if (waiting.length < queue) await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over
      else throw new HashingBusy(Math.max(1, Math.ceil(((waiting.length + running) / concurrency) * averageMs / 1000)));
      const started = performance.now();
      try {
        return await task();
      } finally {
        averageMs = averageMs * 0.9 + (performance.now() - started) * 0.1;
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}
