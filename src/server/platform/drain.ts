/**
 * Stopping an instance without failing a request (docs/decisions/021-connections-and-drain.md).
 * On SIGTERM it drains: `/api/ready` answers 503 at once, so a balancer sends new work elsewhere,
 * while everything that still arrives is served for the grace period, each answer closing its
 * connection (listen.ts); then it closes: no new connections, event streams end with a hint to
 * reconnect (to another instance), new ones are refused, and the database closes once every
 * request in progress, handlers and answers alike, is done.
 */
import type { MiddlewareHandler } from 'hono';
import { errorBody, type AppEnv } from '../api/http';

export type DrainState = 'serving' | 'draining' | 'closing';

export const NOT_READY_DRAINING = 'Not ready: this instance is shutting down';
export const STREAMS_MOVING = 'This instance is shutting down: live notifications continue on another one.';

export class Drain {
  private current: DrainState = 'serving';
  private inFlight = 0;
  private waiters: (() => void)[] = [];

  get state(): DrainState {
    return this.current;
  }

  /** From the signal on: ready says 503, answers close their connections. */
  get draining(): boolean {
    return this.current !== 'serving';
  }

  /** The grace period began (SIGTERM). */
  begin(): void {
    if (this.current === 'serving') this.current = 'draining';
  }

  /** The grace period is over: what is left finishes, nothing new starts that would last. */
  close(): void {
    this.current = 'closing';
  }

  /** Requests (handlers or answers) in progress. */
  get size(): number {
    return this.inFlight;
  }

  /** Counts one thing in progress; the function returned ends it (once, however often it is called). */
  track(): () => void {
    this.inFlight++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.inFlight--;
      if (this.inFlight === 0) for (const wake of this.waiters.splice(0)) wake();
    };
  }

  /** Resolves when nothing is in progress. */
  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}

const READY_RETRY_AFTER_SECONDS = '5';
const STREAM_RETRY_AFTER_SECONDS = '2';

/**
 * Tracks every request's handler until it returns (a handler may go on after its client left, and
 * the database must outlive it); while draining, `/api/ready` answers 503; once closing, a new event
 * stream is refused with 503 and Retry-After (the browser tries again, and reaches another instance).
 */
export function drainRequests(drain: Drain): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (drain.draining && c.req.path === '/api/ready') {
      return c.json(errorBody(503, NOT_READY_DRAINING), 503, { 'retry-after': READY_RETRY_AFTER_SECONDS });
    }
    if (drain.state === 'closing' && c.req.path === '/api/me/events') {
      return c.json(errorBody(503, STREAMS_MOVING), 503, { 'retry-after': STREAM_RETRY_AFTER_SECONDS });
    }
    const release = drain.track();
    try {
      await next();
    } finally {
      release();
    }
  };
}
