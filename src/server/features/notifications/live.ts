/**
 * Live delivery: the open event streams of this instance, by person and by session. Every instance
 * LISTENs on the notifications channel; when a transaction anywhere commits notifications, this
 * instance reads each recipient's new ones once and hands them to all of that person's streams
 * here. Reading from the table, not the message, is what makes a resumed stream get what arrived
 * while it was gone, and never twice. Seqs are taken when a notification is written, and
 * transactions commit in another order: a stream that has sent seq 11 may yet see 10 commit. Each
 * notification is announced with its seq, so such a late one is read by its seq and sent too.
 *
 * A stream lasts only as long as its session. When a statement deletes sessions or moves their
 * expiry, a trigger (migration 0013) announces them on the same channel as 's:<id>'; the instances
 * holding streams of those sessions read them again and end the streams whose session is gone or
 * expired. Until that read is back, nothing more is sent on them: a notification committed after
 * a sign-out never reaches the signed-out stream, whichever instance it is on. Expiry needs no
 * statement: each session's streams end when its expiry (as last read) passes.
 */
import type { InboxItem } from '../../../shared/api/notifications';
import { STREAMS_PER_ACCOUNT } from '../../../shared/constants';
import { sessionExpiries } from '../../auth/auth.repo';
import type { Database, Db } from '../../db/client';
import { defaultLogger, type Logger } from '../../platform/log';
import { NOTIFICATIONS_CHANNEL, notificationsAfter } from './notifications.repo';

export type LiveItem = Omit<InboxItem, 'pending'>;

/** Why a stream ended: its session ended, the server ended it (shutting down, draining), or its client went away. */
export type StreamEnd = 'session-ended' | 'server' | 'closed';

export interface StreamOwner {
  profileId: string;
  sessionId: string;
}

/** A stream admitted by `NotificationHub.open`: it holds one of its account's places until it ends. */
export interface LiveStream {
  /**
   * Sends (one at a time, in order) what came after `lastSeq`, then each new notification, until
   * the stream ends; resolves with why it ended.
   */
  run(lastSeq: number, send: (item: LiveItem) => Promise<void>): Promise<StreamEnd>;
  /** The client went away, or the stream never started: frees its place. */
  close(): void;
}

/** Notifications read at a time for an account (a stream resumed far behind catches up page by page). */
const READ_PAGE = 100;
/** Seqs a stream remembers having sent (a few rounds of reads' worth). */
const RECENT_SEQS = 500;
/** A session is read again at least this often, and after a failed read, this soon. */
const SESSION_RECHECK_MS = 24 * 60 * 60 * 1000;
const RETRY_MS = 1000;

interface Stream {
  owner: StreamOwner;
  /** Where the stream started: it is sent nothing at or before this seq. */
  startSeq: number;
  /** The highest seq handed to `send`. */
  lastSeq: number;
  /** Seqs handed to `send` lately (a late one may be read twice: by its seq, and in a range). */
  recent: Set<number>;
  /** Null until the stream runs. */
  send: ((item: LiveItem) => Promise<void>) | null;
  /** Sends run one after another, so nothing is sent twice or out of order. */
  sending: Promise<void>;
  ended: StreamEnd | null;
  finish: (why: StreamEnd) => void;
  done: Promise<StreamEnd>;
}

/** One person's streams on this instance: one read of the database serves them all. */
interface Account {
  streams: Set<Stream>;
  /** Seqs announced and not yet read: a stream may have read past them before they committed. */
  announced: Set<number>;
  reading: boolean;
  /** Something may have arrived since the read in progress began: read again after it. */
  again: boolean;
}

/** One session's streams, and what is known of the session. */
interface Session {
  streams: Set<Stream>;
  /** When it expires (ms), as last read; null before the first read. */
  expiresAt: number | null;
  timer?: NodeJS.Timeout;
  /** Counts the notices about this session, so a read started before the latest one does not settle it. */
  notices: number;
  /** Resolved once the session has been read since the last notice: until then nothing is sent on its streams. */
  settled: Promise<void>;
  settle: (() => void) | null;
}

export class NotificationHub {
  private readonly accounts = new Map<string, Account>();
  private readonly sessions = new Map<string, Session>();
  private readonly toCheck = new Set<string>();
  private checkQueued = false;
  private checking = false;
  private stopListening: (() => Promise<void>) | null = null;
  private readonly streamsPerAccount: number;
  private readCount = 0;

  constructor(
    private readonly db: Db,
    private readonly log: Logger = defaultLogger,
    opts: { streamsPerAccount?: number } = {},
  ) {
    this.streamsPerAccount = opts.streamsPerAccount ?? STREAMS_PER_ACCOUNT;
  }

  /** Starts listening for notifications and ended sessions, committed by any instance. */
  async start(listen: Database['listen']): Promise<void> {
    this.stopListening = await listen(
      NOTIFICATIONS_CHANNEL,
      (payload) => {
        for (const part of payload.split(',')) {
          if (part === 's:*') this.doubtSessions(this.sessions.keys());
          else if (part.startsWith('s:')) this.doubtSessions([part.slice(2)]);
          else {
            const [profileId, seq] = part.split(':');
            this.wake(profileId, Number(seq));
          }
        }
      },
      // The listening connection was lost and is back: messages sent meanwhile are gone, so every
      // stream looks for notifications, and every session is read again.
      () => {
        this.doubtSessions(this.sessions.keys());
        for (const id of this.accounts.keys()) this.wake(id);
      },
    );
  }

  /**
   * Admits a stream for `owner`, or answers null when the account already has its streams open
   * here. It counts from now, and sends nothing until its session has been read.
   */
  open(owner: StreamOwner): LiveStream | null {
    let account = this.accounts.get(owner.profileId);
    if (account && account.streams.size >= this.streamsPerAccount) return null;
    if (!account) {
      account = { streams: new Set(), announced: new Set(), reading: false, again: false };
      this.accounts.set(owner.profileId, account);
    }
    let session = this.sessions.get(owner.sessionId);
    if (!session) {
      session = { streams: new Set(), expiresAt: null, notices: 0, settled: Promise.resolve(), settle: null };
      this.sessions.set(owner.sessionId, session);
    }
    let finish: (why: StreamEnd) => void = () => {};
    const done = new Promise<StreamEnd>((resolve) => (finish = resolve));
    const stream: Stream = {
      owner,
      startSeq: 0,
      lastSeq: 0,
      recent: new Set(),
      send: null,
      sending: Promise.resolve(),
      ended: null,
      finish,
      done,
    };
    account.streams.add(stream);
    session.streams.add(stream);
    // The session was valid when the request was signed; it may have ended since.
    this.doubtSessions([owner.sessionId]);
    return {
      run: (lastSeq, send) => {
        if (!stream.ended && !stream.send) {
          stream.startSeq = stream.lastSeq = lastSeq;
          stream.send = send;
          this.wake(owner.profileId);
        }
        return stream.done;
      },
      close: () => this.end(stream, 'closed'),
    };
  }

  /** Reads of notifications for live delivery since start: one per account and round, however many streams it has. */
  get reads(): number {
    return this.readCount;
  }

  /** Open streams on this instance. */
  get size(): number {
    let n = 0;
    for (const account of this.accounts.values()) n += account.streams.size;
    return n;
  }

  /**
   * Ends the streams `which` picks (every stream without it) as the server: a browser reconnects,
   * to another instance when this one is going away. Returns how many ended.
   */
  endStreams(which: (owner: StreamOwner) => boolean = () => true): number {
    const ending = [...this.accounts.values()].flatMap((account) => [...account.streams].filter((s) => which(s.owner)));
    for (const stream of ending) this.end(stream, 'server');
    return ending.length;
  }

  /** Ends every stream (on shutdown: clients reconnect to another instance) and stops listening. */
  async stop(): Promise<void> {
    this.endStreams();
    await this.stopListening?.();
  }

  private end(stream: Stream, why: StreamEnd) {
    if (stream.ended) return;
    stream.ended = why;
    const account = this.accounts.get(stream.owner.profileId);
    if (account?.streams.delete(stream) && account.streams.size === 0) this.accounts.delete(stream.owner.profileId);
    const session = this.sessions.get(stream.owner.sessionId);
    if (session?.streams.delete(stream) && session.streams.size === 0) {
      clearTimeout(session.timer);
      session.settle?.();
      this.sessions.delete(stream.owner.sessionId);
    }
    stream.finish(why);
  }

  /** Something was committed for `profileId` (notification `seq`, when the message says which). */
  private wake(profileId: string, seq?: number) {
    const account = this.accounts.get(profileId);
    if (!account) return;
    if (Number.isSafeInteger(seq)) account.announced.add(seq!);
    account.again = true;
    if (!account.reading) void this.read(profileId, account);
  }

  /** Reads the account's new notifications once per round, for all its running streams, until nothing is left. */
  private async read(profileId: string, account: Account) {
    account.reading = true;
    try {
      while (account.again) {
        account.again = false;
        const running = [...account.streams].filter((s) => s.send);
        if (running.length === 0) {
          account.announced.clear();
          break;
        }
        const from = Math.min(...running.map((s) => s.lastSeq));
        const highest = Math.max(...running.map((s) => s.lastSeq));
        // Announced before this read begins, so committed before it: it sees them. Those above every
        // stream's last seq are in the range read anyway; for the others the range starts lower (in
        // one index scan: they are rarely more than a few notifications back).
        const announced = [...account.announced];
        const late = new Set(announced.filter((seq) => seq <= highest));
        const items = await notificationsAfter(this.db, profileId, Math.min(from, ...[...late].map((seq) => seq - 1)), READ_PAGE);
        this.readCount += 1;
        for (const seq of announced) account.announced.delete(seq);
        for (const stream of running) {
          const fresh = items.filter(
            (item) => item.seq > stream.startSeq && (item.seq > stream.lastSeq || late.has(item.seq)) && !stream.recent.has(item.seq),
          );
          if (fresh.length === 0) continue;
          stream.lastSeq = Math.max(stream.lastSeq, fresh[fresh.length - 1].seq);
          for (const item of fresh) stream.recent.add(item.seq);
          for (const seq of stream.recent) {
            if (stream.recent.size <= RECENT_SEQS) break;
            stream.recent.delete(seq);
          }
          this.deliver(stream, fresh);
        }
        if (items.length === READ_PAGE) account.again = true;
      }
    } catch (err) {
      // A database hiccup only delays: the next notification (or a reconnect with Last-Event-ID) catches up.
      this.log.warn({ err }, 'live notifications: could not read new notifications');
    } finally {
      account.reading = false;
    }
  }

  private deliver(stream: Stream, items: LiveItem[]) {
    const session = this.sessions.get(stream.owner.sessionId);
    const settled = session?.settled;
    stream.sending = stream.sending
      .then(async () => {
        await settled;
        for (const item of items) {
          if (stream.ended) return;
          // The expiry may have passed before its timer ran (a busy event loop).
          if (session?.expiresAt != null && session.expiresAt <= Date.now()) return this.end(stream, 'session-ended');
          await stream.send!(item);
        }
      })
      .catch((err) => {
        this.log.warn({ err }, 'live notifications: a stream could not be sent to');
        this.end(stream, 'closed');
      });
  }

  /** Something may have happened to these sessions: hold their streams until they are read again. */
  private doubtSessions(ids: Iterable<string>) {
    for (const id of ids) {
      const session = this.sessions.get(id);
      if (!session) continue;
      session.notices += 1;
      if (!session.settle) session.settled = new Promise((resolve) => (session.settle = resolve));
      this.toCheck.add(id);
    }
    if (this.toCheck.size === 0 || this.checkQueued) return;
    this.checkQueued = true;
    // Notices that arrive together (one NOTIFY each) are read in one statement.
    setImmediate(() => {
      this.checkQueued = false;
      void this.checkSessions();
    });
  }

  /** Reads the doubted sessions: ends the streams of those gone or expired, and times the rest's expiry. */
  private async checkSessions() {
    if (this.checking) return;
    this.checking = true;
    try {
      while (this.toCheck.size > 0) {
        const batch = new Map<string, number>();
        for (const id of this.toCheck) {
          const session = this.sessions.get(id);
          if (session) batch.set(id, session.notices);
        }
        this.toCheck.clear();
        let expiries: Map<string, Date>;
        try {
          expiries = await sessionExpiries(this.db, [...batch.keys()]);
        } catch (err) {
          this.log.warn({ err }, 'live notifications: could not read sessions; trying again');
          setTimeout(() => this.doubtSessions(batch.keys()), RETRY_MS).unref();
          return;
        }
        const now = Date.now();
        for (const [id, notices] of batch) {
          const session = this.sessions.get(id);
          if (!session) continue;
          const expiresAt = expiries.get(id)?.getTime();
          if (expiresAt === undefined || expiresAt <= now) {
            for (const stream of [...session.streams]) this.end(stream, 'session-ended');
            continue;
          }
          session.expiresAt = expiresAt;
          clearTimeout(session.timer);
          // setTimeout holds at most 24.8 days (a session lasts 30): read it again daily until then.
          const wait = Math.min(expiresAt - now + 20, SESSION_RECHECK_MS);
          session.timer = setTimeout(() => this.doubtSessions([id]), wait).unref();
          if (session.notices === notices) {
            session.settle?.();
            session.settle = null;
          }
        }
      }
    } finally {
      this.checking = false;
    }
  }
}
