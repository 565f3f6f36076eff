/**
 * LISTEN on PostgreSQL for every channel of an instance over one connection of its own (live
 * notifications, the matching index, events saved, the job queues), re-opened when it is lost.
 */
import pg from 'pg';
import type { Logger } from '../platform/log';

/** The listening connection's application_name, as pg_stat_activity shows it. */
export const LISTENER_NAME = 'hackteams-listen';

interface Subscriber {
  onMessage: (payload: string) => void;
  onResume?: () => void;
}

/**
 * One connection listens on every channel asked for; lost, it is opened again after a growing pause
 * (at most 5 s), LISTENs on them all again, and tells each subscriber (`onResume`: what was sent
 * meanwhile is gone). One retry is pending at a time: a connection that opened but could not LISTEN
 * is ended, and only the listening connection's end schedules a try. It closes with its last channel.
 */
export function pgListener(url: string, log: Logger) {
  const channels = new Map<string, Set<Subscriber>>();
  let client: pg.Client | null = null;
  let stopped = false;
  /** The connection was lost: what was sent until it listens again is gone. */
  let lost = false;
  let delay = 250;
  /** LISTEN, UNLISTEN and (re)connecting, one after the other. */
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work);
    queue = next.catch(() => {});
    return next;
  };

  const retryLater = () => {
    setTimeout(() => void serially(reconnect), delay).unref();
    delay = Math.min(delay * 2, 5000);
  };
  /** Opens the connection; `joining`, who asked for it just now, is told nothing of what was sent before. */
  const connect = async (joining?: Subscriber): Promise<void> => {
    // What this connection commits is only notifications (the matching index's markers): they need
    // not wait for the disk, and they still arrive in commit order after every change before them.
    // The channels' LISTEN and UNLISTEN wait behind a try, so none waits long: a try that gets no
    // answer gives up after 5 s, a statement after 10 s, and a connection cut off without a word is
    // found by TCP keep-alive rather than the system's retries (minutes).
    const next = new pg.Client({
      connectionString: url,
      options: '-c synchronous_commit=off',
      application_name: LISTENER_NAME,
      connectionTimeoutMillis: 5000,
      query_timeout: 10_000,
      keepAlive: true,
    });
    next.on('notification', (m) => {
      for (const subscriber of channels.get(m.channel) ?? []) {
        try {
          subscriber.onMessage(m.payload ?? '');
        } catch (err) {
          // One subscriber's failure is not the others': each still hears its channel.
          log.error({ err, channel: m.channel }, 'a LISTEN subscriber failed');
        }
      }
    });
    next.on('error', (err) => log.error({ err }, 'LISTEN connection error'));
    try {
      await next.connect();
      for (const channel of channels.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await next.end().catch(() => {});
      throw err;
    }
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = null;
      lost = true;
      retryLater();
    });
    // Closed while it opened (close() does not wait for a try): it goes at once.
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    delay = 250;
    if (!lost) return;
    lost = false;
    for (const subscribers of channels.values()) for (const s of subscribers) if (s !== joining) s.onResume?.();
  };
  /** Ends the connection (when nothing listens any more, or the database closes). */
  const end = async () => {
    stopped = true;
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
  const reconnect = async () => {
    if (stopped || client) return;
    try {
      await connect();
    } catch {
      retryLater();
    }
  };

  return {
    /**
     * Calls `onMessage` with every NOTIFY on `channel` from now on; the first channel opens the
     * connection (and throws if it cannot). Answers a function that stops.
     */
    listen: (channel: string, onMessage: (payload: string) => void, onResume?: () => void) =>
      serially(async () => {
        stopped = false;
        const subscriber: Subscriber = { onMessage, onResume };
        const known = channels.get(channel);
        if (known) known.add(subscriber);
        else channels.set(channel, new Set([subscriber]));
        try {
          if (!client) await connect(subscriber);
          else if (!known) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (err) {
          channels.get(channel)?.delete(subscriber);
          if (channels.get(channel)?.size === 0) channels.delete(channel);
          throw err;
        }
        return () =>
          serially(async () => {
            const subscribers = channels.get(channel);
            if (!subscribers?.delete(subscriber) || subscribers.size > 0) return;
            channels.delete(channel);
            if (channels.size === 0) await end();
            else await client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
          });
      }),
    /** The listening connection, while it is open: a NOTIFY sent on it never waits for the pool. */
    client: () => client,
    /**
     * Ends the connection whatever still listens (the database closes), without waiting for a try
     * to connect in progress: that one ends itself once open.
     */
    close: async () => {
      channels.clear();
      await end();
    },
  };
}
