/**
 * A background job that works through what waits in the database (announcement mail, webhook
 * deliveries): woken at once by a NOTIFY on its channel, every `pollMs` for what a stopped instance
 * left, and by a call. One round at a time; a wake during a round runs one more after it. `stop`
 * lets the round in progress finish, and a round asks `stopping` between its steps.
 */
import type { Database } from '../db/client';
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
