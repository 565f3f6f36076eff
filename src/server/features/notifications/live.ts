/**
 * Live delivery: the open event streams of this instance, by person. Every instance LISTENs on the
 * notifications channel; when a transaction anywhere commits notifications, the recipients' streams
 * here read what they have not sent yet (by seq) and send it. Reading from the table, not the
 * message, is what makes a resumed stream get what arrived while it was gone, and never twice.
 */
import type { InboxItem } from '../../../shared/api/notifications';
import type { Database, Db } from '../../db/client';
import { defaultLogger, type Logger } from '../../platform/log';
import { NOTIFICATIONS_CHANNEL, notificationsAfter } from './notifications.repo';

type LiveItem = Omit<InboxItem, 'pending'>;

interface Subscriber {
  profileId: string;
  /** The seq of the last notification sent on this stream. */
  lastSeq: number;
  send(item: LiveItem): Promise<void>;
  close(): void;
  /** Pulls run one after another, so nothing is sent twice or out of order. */
  busy: Promise<void>;
}

export class NotificationHub {
  private readonly streams = new Map<string, Set<Subscriber>>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: Logger = defaultLogger,
  ) {}

  /** Starts listening for notifications committed by any instance. */
  async start(listen: Database['listen']): Promise<void> {
    this.stopListening = await listen(
      NOTIFICATIONS_CHANNEL,
      (payload) => payload.split(',').forEach((id) => this.wake(id)),
      // The listening connection was lost and is back: messages sent meanwhile are gone, so every stream looks.
      () => [...this.streams.keys()].forEach((id) => this.wake(id)),
    );
  }

  /** Adds a stream that has sent everything up to `lastSeq`; it is sent what came since at once. */
  subscribe(profileId: string, lastSeq: number, send: Subscriber['send'], close: () => void): () => void {
    const subscriber: Subscriber = { profileId, lastSeq, send, close, busy: Promise.resolve() };
    let set = this.streams.get(profileId);
    if (!set) this.streams.set(profileId, (set = new Set()));
    set.add(subscriber);
    this.pull(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.streams.delete(profileId);
    };
  }

  /** Open streams on this instance. */
  get size(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  private wake(profileId: string) {
    for (const subscriber of this.streams.get(profileId) ?? []) this.pull(subscriber);
  }

  private pull(subscriber: Subscriber) {
    subscriber.busy = subscriber.busy
      .then(async () => {
        const items = await notificationsAfter(this.db, subscriber.profileId, subscriber.lastSeq);
        for (const item of items) {
          await subscriber.send(item);
          subscriber.lastSeq = item.seq;
        }
      })
      .catch((err) => {
        // A stream that cannot be written to (the client went away) is closed; a database hiccup
        // only delays: the next notification (or a reconnect with Last-Event-ID) catches up.
        this.log.warn({ err }, 'live notifications: a stream could not be sent to');
      });
  }

  /** Ends every stream (on shutdown: clients reconnect to another instance) and stops listening. */
  async stop(): Promise<void> {
    for (const set of this.streams.values()) for (const subscriber of set) subscriber.close();
    this.streams.clear();
    await this.stopListening?.();
  }
}
