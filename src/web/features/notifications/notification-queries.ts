/**
 * The signed-in user's notifications: the pending lists, the inbox with its unread count, read
 * marks, and the answers to invitations. The live stream (live-notifications.tsx) refreshes these.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Inbox } from '../../../shared/api/notifications';
import type { Joined } from '../../../shared/api/teams';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { notificationKeys, profileKeys, teamKeys } from '../../lib/query-keys';

/** How many the navbar's popover shows. */
export const PREVIEW_SIZE = 10;
const PAGE_SIZE = 20;

export function useNotifications() {
  const { user } = useAuth();
  return useQuery({
    queryKey: notificationKeys.pending(),
    queryFn: ({ signal }) => api('GET /api/me/notifications', { signal }),
    enabled: Boolean(user),
  });
}

/** The newest notifications and the unread count: the bell, its popover and the tab title. */
export function useInboxPreview() {
  const { user } = useAuth();
  return useQuery({
    queryKey: notificationKeys.inboxPreview(),
    queryFn: ({ signal }) => api('GET /api/me/inbox', { query: { limit: PREVIEW_SIZE }, signal }),
    enabled: Boolean(user),
  });
}

/** Every notification, a page at a time (the Notifications tab). */
export function useInboxPages() {
  return useInfiniteQuery({
    queryKey: notificationKeys.inboxPages(),
    queryFn: ({ signal, pageParam }) => api('GET /api/me/inbox', { query: { limit: PAGE_SIZE, before: pageParam }, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

/** 'Keep me looking' on a lapsed looking flag (docs/product.md#freshness): looking again in that event, its age starting over. */
export function useKeepLooking(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('PUT /api/events/{slug}/registration', { params: { slug }, body: { looking: true } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['event', slug] });
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

/** Marks the given notifications read, or all without ids; the lists show it at once. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => api('POST /api/me/inbox/read', { body: ids ? { ids } : {} }),
    onMutate: (ids) => markReadInCache(queryClient, ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.inbox() }),
  });
}

function markReadInCache(queryClient: QueryClient, ids?: string[]) {
  const now = new Date().toISOString();
  const mark = (inbox: Inbox): Inbox => {
    let marked = 0;
    const items = inbox.items.map((n) => {
      if (n.readAt || (ids && !ids.includes(n.id))) return n;
      marked += 1;
      return { ...n, readAt: now };
    });
    return { ...inbox, items, unreadCount: ids ? Math.max(0, inbox.unreadCount - marked) : 0 };
  };
  queryClient.setQueryData<Inbox>(notificationKeys.inboxPreview(), (old) => old && mark(old));
  queryClient.setQueryData<{ pages: Inbox[]; pageParams: unknown[] }>(
    notificationKeys.inboxPages(),
    (old) => old && { ...old, pages: old.pages.map(mark) },
  );
}

/**
 * Accepting makes the user a member: their teams, the team's page and lists change too, and
 * `onJoined` hears what joining did to the rest (told here, before the answered invitation
 * leaves the list and its component with it).
 */
export function useAnswerInvitation(invitationId: string, teamId: string | null | undefined, onJoined?: (joined: Joined) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accept: boolean) =>
      api(accept ? 'POST /api/invitations/{id}/accept' : 'POST /api/invitations/{id}/decline', { params: { id: invitationId } }),
    onSuccess: (result) => {
      if (result.joined) onJoined?.(result.joined);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileKeys.own }),
        // Joining switches 'looking for a team' off: the public profile and lists show it.
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
        teamId && queryClient.invalidateQueries({ queryKey: teamKeys.detail(teamId) }),
        queryClient.invalidateQueries({ queryKey: teamKeys.lists() }),
      ]),
  });
}

/** Pending invitations and requests, for the Notifications tab's badge. */
export function usePendingNotificationCount(): number {
  return useNotifications().data?.pendingCount ?? 0;
}
