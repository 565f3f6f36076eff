/**
 * Keeps the signed-in user's screens current: one EventSource on /api/me/events per browser, shared
 * by its tabs (see followEvents). Each notification refreshes what it is about (the inbox and
 * counts, the pending lists, the team's page with its Join Requests card, the own profile's
 * teams), says it in a toast and to screen readers, and puts the unread count in the tab's title. The lists always come from the server,
 * so a notification is never shown twice; a reconnect refreshes them, so none is missed.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { X } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type { InboxItem } from '../../../shared/api/notifications';
import { useAuth } from '../../lib/auth';
import { notificationKeys, profileKeys, teamKeys } from '../../lib/query-keys';
import { useUnreadInTitle } from '../../lib/title';
import { useInboxPreview } from './notification-queries';

type LiveItem = Omit<InboxItem, 'pending'>;

/** Kinds after which the team's members (and so list counts and the own profile's teams) changed. */
const MEMBERSHIP_CHANGES = new Set<LiveItem['kind']>([
  'request_accepted',
  'invitation_accepted',
  'joined',
  'removed',
  'team_deleted',
  'member_left',
  'made_leader',
]);
/** After a stream fails for good (the server answered an error), the next try waits this long. */
const RETRY_MS = 5_000;
const TOAST_MS = 6_000;
/** The lock held by the tab that keeps the stream open, and the channel it tells the others on. */
const STREAM_LOCK = 'hackteams:live-notifications';

/** What the tab with the stream passes on: a notification, or 'the stream was re-opened: refresh'. */
type StreamMessage = { type: 'item'; item: LiveItem } | { type: 'reopen' };

/**
 * One EventSource on /api/me/events; `emit` hears each notification, and a reopen after the first
 * connection (or on the first one, when `tookOver`: another tab held the stream until now, so
 * something may have happened in between). Returns what closes it.
 */
function openStream(emit: (message: StreamMessage) => void, tookOver: boolean): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let opened = tookOver ? 1 : 0;
  const open = () => {
    source = new EventSource('/api/me/events');
    // 'ready' starts every connection; after the first, something may have happened meanwhile.
    source.addEventListener('ready', () => {
      if (opened++ > 0) emit({ type: 'reopen' });
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
      // answer closes it for good, and then a new one is tried after a pause.
      if (source?.readyState === EventSource.CLOSED) {
        source.close();
        retry = setTimeout(open, RETRY_MS);
      }
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
function followEvents(onMessage: (message: StreamMessage) => void): () => void {
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

/** Follows the stream while someone is signed in; `onItem` hears each notification as it arrives. */
function useEventStream(enabled: boolean, onItem: (item: LiveItem) => void, onReopen: () => void) {
  const handlers = useRef({ onItem, onReopen });
  handlers.current = { onItem, onReopen };
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    return followEvents((message) => (message.type === 'item' ? handlers.current.onItem(message.item) : handlers.current.onReopen()));
  }, [enabled]);
}

export function LiveNotifications() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const preview = useInboxPreview();
  const [toast, setToast] = useState<LiveItem | null>(null);
  useUnreadInTitle(user ? (preview.data?.unreadCount ?? 0) : 0);

  /** What one notification is about: the lists and counts, its team, and membership where it changed. */
  const refresh = (item: LiveItem) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      item.data.teamId && queryClient.invalidateQueries({ queryKey: teamKeys.detail(item.data.teamId) }),
      MEMBERSHIP_CHANGES.has(item.kind) && queryClient.invalidateQueries({ queryKey: profileKeys.own }),
      MEMBERSHIP_CHANGES.has(item.kind) && queryClient.invalidateQueries({ queryKey: teamKeys.lists() }),
    ]);
  /** After a reconnect, anything may have happened meanwhile. */
  const refreshAll = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      queryClient.invalidateQueries({ queryKey: teamKeys.all }),
      queryClient.invalidateQueries({ queryKey: profileKeys.own }),
    ]);
  useEventStream(
    Boolean(user),
    (item) => {
      void refresh(item);
      // 'You joined ...' follows the user's own accept, which its screen already says.
      if (item.kind !== 'joined') setToast(item);
    },
    () => void refreshAll(),
  );

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    // Always there, so what appears in it is said to screen readers wherever the keyboard is.
    <div role="status" aria-live="polite" className="fixed inset-x-4 bottom-4 z-40 sm:left-auto sm:right-6 sm:w-96">
      {toast && (
        <div className="flex items-start gap-3 rounded-xl border border-slate-200 bg-surface p-4 text-sm shadow-lg">
          <p className="min-w-0 flex-1 text-slate-800">
            {toast.link ? (
              <Link to={toast.link} className="font-medium hover:underline" onClick={() => setToast(null)}>
                {toast.text}
              </Link>
            ) : (
              toast.text
            )}
          </p>
          <button
            type="button"
            aria-label="Dismiss"
            title="Dismiss"
            className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            onClick={() => setToast(null)}
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      )}
    </div>
  );
}
