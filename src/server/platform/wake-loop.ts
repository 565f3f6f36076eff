/**
 * A background job that works through what waits in the database (announcement mail, webhook
 * deliveries): woken at once by a NOTIFY on its channel, every `pollMs` for what a stopped instance
 * left, and by a call. One round at a time; a wake during a round runs one more after it. `stop`
 * lets the round in progress finish, and a round asks `stopping` between its steps.
 */
import type { Database, Exclusive } from '../db/client';
import type { Logger } from './log';

export interface WakeLoop {
  /** Runs a round, or one more after the one in progress when asked meanwhile. */
  wake(): void;
  /** Whether `stop` was called: a round ends at its next step. */
  readonly stopping: boolean;
  start(listen: Database['listen']): Promise<void>;
  stop(): Promise<void>;
}

export function wakeLoop(opts: {
  channel: string;
  pollMs: number;
  log: Logger;
  /** What the log says when a round throws ('the webhook worker failed'). */
  failure: string;
  round: () => Promise<unknown>;
}): WakeLoop {
  let stopping = false;
  let running: Promise<unknown> | null = null;
  let wanted = false;
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  function wake() {
    if (stopping) return;
    if (running) {
      wanted = true;
      return;
    }
    running = opts
      .round()
      .catch((err: unknown) => opts.log.error({ err }, opts.failure))
      .finally(() => {
        running = null;
        if (wanted) {
          wanted = false;
          wake();
        }
      });
  }

  return {
    wake,
    get stopping() {
      return stopping;
    },
    async start(listen) {
      unlisten = await listen(opts.channel, () => wake(), wake);
      timer = setInterval(wake, opts.pollMs);
      timer.unref();
      wake();
    },
    async stop() {
      stopping = true;
      clearInterval(timer);
      await unlisten?.();
      await running;
    },
  };
}

/**
 * A turn of the event loop, between the batches of a long job: the embedded database answers in
 * microtasks alone, so without one, requests that arrived meanwhile would not be read until the
 * last batch (docs/decisions/036).
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface BatchLoop {
  /** Works through what waits, then listens on its channel and looks again every `pollMs`. */
  start(listen: Database['listen']): Promise<void>;
  /** Runs every waiting batch (at most `batches`) if no other instance runs them; answers whether it ran. */
  drain(opts?: { batches?: number }): Promise<boolean>;
  /** Lets the batch in progress finish, then stops. */
  stop(): Promise<void>;
}

/**
 * A wakeLoop whose rounds take batches one after the other while `step` answers 'more', holding
 * the database's `exclusive` lock: one worker at a time across instances (announcement mail,
 * announcements' inbox delivery). A step records its own progress, so a stopped loop's successor
 * starts where it ended.
 */
export function batchLoop(opts: {
  channel: string;
  pollMs: number;
  log: Logger;
  failure: string;
  lock: string;
  exclusive: Exclusive;
  /** One batch: 'more' to go on, 'idle' when nothing waits, 'failed' to wait for the next round. */
  step: () => Promise<'more' | 'idle' | 'failed'>;
}): BatchLoop {
  async function drain(limit: { batches?: number } = {}): Promise<boolean> {
    let left = limit.batches ?? Number.POSITIVE_INFINITY;
    return opts.exclusive(opts.lock, async () => {
      while (!loop.stopping && left-- > 0) {
        if ((await opts.step()) !== 'more') return;
        await nextTurn();
      }
    });
  }
  const loop = wakeLoop({ channel: opts.channel, pollMs: opts.pollMs, log: opts.log, failure: opts.failure, round: () => drain() });
  return { start: loop.start, drain, stop: loop.stop };
}
