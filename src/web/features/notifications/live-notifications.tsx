/**
 * Keeps the signed-in user's screens current: one EventSource on /api/me/events per browser, shared
 * by its tabs (event-stream.ts). Each notification refreshes what it is about (the inbox and
 * counts, the pending lists, the team's page with its Join Requests card, the own profile's
 * teams), says it in a toast and to screen readers, and puts the unread count in the tab's title.
 * The lists always come from the server, so a notification is never shown twice; a reconnect
 * refreshes them, so none is missed. When the stream's session ends, who is signed in is asked again.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { X } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { notificationKeys, profileKeys, teamKeys } from '../../lib/query-keys';
import { useUnreadInTitle } from '../../lib/title';
import { followEvents, type LiveItem } from './event-stream';
import { useInboxPreview } from './notification-queries';

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
const TOAST_MS = 6_000;
/** How long a browser whose session ended waits for a new session's cookie (a password change here) before it forgets the account. */
const SESSION_RECHECK_MS = 1500;

/** Follows the stream while someone is signed in; `onItem` hears each notification as it arrives. */
function useEventStream(
  enabled: boolean,
  handlers: { onItem: (item: LiveItem) => void; onReopen: () => void; onSessionEnded: () => void },
) {
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    return followEvents((message) => {
      if (message.type === 'item') current.current.onItem(message.item);
      else if (message.type === 'reopen') current.current.onReopen();
      else current.current.onSessionEnded();
    });
  }, [enabled]);
}

export function LiveNotifications() {
  const { user, refresh: refreshAuth, forget } = useAuth();
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
  useEventStream(Boolean(user), {
    onItem: (item) => {
      void refresh(item);
      // 'You joined ...' follows the user's own accept, which its screen already says.
      if (item.kind !== 'joined') setToast(item);
    },
    onReopen: () => void refreshAll(),
    // Signed out elsewhere: every tab of this browser says so at once (and drops what it showed of
    // the account), not at its next request. After a password change here, a new session goes on:
    // the old one can end before the answer with the new cookie has arrived, so a browser that
    // seems signed out asks once more, a moment later, before it forgets the account. The asking
    // leaves the signed-in account in place until the answer is final: a page showing 'Password
    // changed' is not swapped for the signed-out one and back (seen in CI: the message was lost).
    onSessionEnded: () =>
      void (async () => {
        const signedIn = async () => Boolean((await api('GET /api/me').catch(() => null))?.user);
        if (!(await signedIn())) {
          await new Promise((resolve) => setTimeout(resolve, SESSION_RECHECK_MS));
          if (!(await signedIn())) return void forget();
        }
        await refreshAuth();
      })(),
  });

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
