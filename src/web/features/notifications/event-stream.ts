/**
 * The live stream of the signed-in user's notifications, one per browser: an EventSource on
 * /api/me/events held by one tab (a Web Lock) and passed to the others (a BroadcastChannel), opened
 * again after a growing pause when the server refuses it.
 */
import type { InboxItem } from '../../../shared/api/notifications';

export type LiveItem = Omit<InboxItem, 'pending'>;

/**
 * After a stream fails for good (the server answered an error: 429 when the account has streams
 * open in too many browsers, 401 once signed out, 503), the next try waits this long, twice as long
 * after each failure in a row, up to MAX_RETRY_MS; a stream that opens starts the count again.
 */
const RETRY_MS = 5_000;
const MAX_RETRY_MS = 5 * 60_000;
/** The lock held by the tab that keeps the stream open, and the channel it tells the others on. */
const STREAM_LOCK = 'hackteams:live-notifications';

/**
 * What the tab with the stream passes on: a notification, 'the stream was re-opened: refresh', or
 * 'the session that opened it ended' (signed out here or elsewhere, or a password change here
 * replaced it): who is signed in is asked again.
 */
export type StreamMessage = { type: 'item'; item: LiveItem } | { type: 'reopen' } | { type: 'session-ended' };

/**
 * One EventSource on /api/me/events; `emit` hears each notification, and a reopen after the first
 * connection (or on the first one, when `tookOver`: another tab held the stream until now, so
 * something may have happened in between). Returns what closes it.
 */
export function openStream(emit: (message: StreamMessage) => void, tookOver: boolean): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let opened = tookOver ? 1 : 0;
  let failures = 0;
  const retryLater = () => {
    source?.close();
    // Jitter, so browsers refused together do not come back together.
    const wait = Math.min(RETRY_MS * 2 ** failures++, MAX_RETRY_MS) * (0.75 + Math.random() / 2);
    retry = setTimeout(open, wait);
  };
  const open = () => {
    source = new EventSource('/api/me/events');
    // 'ready' starts every connection; after the first, something may have happened meanwhile.
    source.addEventListener('ready', () => {
      failures = 0;
      if (opened++ > 0) emit({ type: 'reopen' });
    });
    // Reconnecting with the ended session would be refused: if this browser is still signed in
    // (with a new session), the next try opens the stream again.
    source.addEventListener('session-ended', () => {
      emit({ type: 'session-ended' });
      retryLater();
    });
    source.addEventListener('notification', (e) => {
      try {
        emit({ type: 'item', item: JSON.parse((e as MessageEvent<string>).data) as LiveItem });
      } catch {
        /* a malformed event is skipped; the next refresh shows the truth */
      }
    });
    source.addEventListener('error', () => {
      // The browser resumes a dropped connection itself (with Last-Event-ID); only an error
      // answer closes it for good, and then a new one is tried after a growing pause.
      if (source?.readyState === EventSource.CLOSED) retryLater();
    });
  };
  open();
  return () => {
    clearTimeout(retry);
    source?.close();
  };
}

/**
 * One stream per browser, not per tab: a browser keeps at most six connections to a site over
 * HTTP/1.1, so six tabs each holding a stream would leave a seventh unable to load anything. The
 * tab holding a Web Lock keeps the stream and passes what arrives to the others over a
 * BroadcastChannel; when it closes, another tab takes the lock and the stream over. Browsers
 * without either API keep a stream per tab.
 */
export function followEvents(onMessage: (message: StreamMessage) => void): () => void {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks || typeof BroadcastChannel === 'undefined') return openStream(onMessage, false);
  const channel = new BroadcastChannel(STREAM_LOCK);
  channel.onmessage = (e: MessageEvent<StreamMessage>) => onMessage(e.data);
  const stop = new AbortController();
  // Holds the lock (the returned promise) until this tab stops following.
  const lead = (tookOver: boolean) =>
    new Promise<void>((release) => {
      if (stop.signal.aborted) return release();
      const close = openStream((message) => {
        onMessage(message);
        channel.postMessage(message);
      }, tookOver);
      stop.signal.addEventListener(
        'abort',
        () => {
          close();
          release();
        },
        { once: true },
      );
    });
  const stopped = () => {
    /* this tab stopped following before its turn came */
  };
  void locks
    .request(STREAM_LOCK, { ifAvailable: true }, (lock) => {
      if (lock) return lead(false);
      // Another tab has the stream: this one listens on the channel, and takes over when that tab goes.
      void locks.request(STREAM_LOCK, { signal: stop.signal }, () => lead(true)).catch(stopped);
      return undefined;
    })
    .catch(stopped);
  return () => {
    stop.abort();
    channel.close();
  };
}
