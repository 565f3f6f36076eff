/**
 * The notifications routes of the contract (src/shared/api/notifications.ts): the pending lists,
 * the inbox with its read marks, and the live stream.
 */
import { streamSSE } from 'hono/streaming';
import { notificationsApi } from '../../../shared/api/notifications';
import { ApiError, requireProfile } from '../../api/http';
import { STREAMS_PER_ACCOUNT } from '../../../shared/constants';
import { createRouter, guarded } from '../../api/openapi';
import { pendingCountFor, pendingInvitationIds, pendingInvitationsFor, pendingRequestIds, requestsOf } from '../teams';
import { inboxPage, latestSeq, markRead, unreadCount } from './notifications.repo';

/** Newest first; older answered requests beyond this are not worth a notification. */
const NOTIFICATIONS_LIMIT = 50;
/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
const KEEP_ALIVE_MS = 20_000;
/** How long a browser waits before reconnecting a lost stream. */
const RECONNECT_MS = 2_000;
const TOO_MANY_STREAMS = `Live notifications are already open in ${STREAMS_PER_ACCOUNT} browsers or devices of your account. Close one, or try again later.`;
const STREAMS_RETRY_AFTER_SECONDS = 60;

export const notificationsRoutes = createRouter()
  .openapi(guarded(notificationsApi.list), async (c) => {
    const { profileId } = await requireProfile(c);
    const [invitations, requests, pendingCount] = await Promise.all([
      pendingInvitationsFor(c.var.db, profileId, NOTIFICATIONS_LIMIT),
      requestsOf(c.var.db, profileId, NOTIFICATIONS_LIMIT),
      pendingCountFor(c.var.db, profileId),
    ]);
    return c.json({ invitations, requests, pendingCount }, 200);
  })
  .openapi(guarded(notificationsApi.inbox), async (c) => {
    const { profileId } = await requireProfile(c);
    const { before, limit } = c.req.valid('query');
    const [page, unread] = await Promise.all([inboxPage(c.var.db, profileId, { before, limit }), unreadCount(c.var.db, profileId)]);
    // Accept / Decline work in place while the request or invitation still waits for an answer.
    const ids = (kind: string, key: 'requestId' | 'invitationId') =>
      page.items.filter((n) => n.kind === kind && n.data[key]).map((n) => n.data[key] as string);
    const [requests, invitations] = await Promise.all([
      pendingRequestIds(c.var.db, ids('join_request', 'requestId'), profileId),
      pendingInvitationIds(c.var.db, ids('invitation', 'invitationId'), profileId),
    ]);
    const items = page.items.map((n) => ({
      ...n,
      pending:
        n.kind === 'join_request'
          ? requests.has(n.data.requestId ?? '')
          : n.kind === 'invitation'
            ? invitations.has(n.data.invitationId ?? '')
            : null,
    }));
    return c.json({ items, unreadCount: unread, nextBefore: page.more ? items[items.length - 1].seq : null }, 200);
  })
  .openapi(guarded(notificationsApi.markRead), async (c) => {
    const { profileId } = await requireProfile(c);
    await markRead(c.var.db, profileId, c.req.valid('json').ids);
    return c.json({ unreadCount: await unreadCount(c.var.db, profileId) }, 200);
  })
  .openapi(guarded(notificationsApi.events), async (c) => {
    const { profileId, sessionId } = await requireProfile(c);
    const live = c.var.live.open({ profileId, sessionId });
    if (!live) throw ApiError.retryLater(429, TOO_MANY_STREAMS, STREAMS_RETRY_AFTER_SECONDS);
    let from: number;
    try {
      // A reconnecting EventSource says where it stopped; a fresh one starts with what happens next.
      const resumeFrom = Number(c.req.header('last-event-id'));
      from = Number.isSafeInteger(resumeFrom) && resumeFrom >= 0 ? resumeFrom : await latestSeq(c.var.db, profileId);
    } catch (err) {
      live.close();
      throw err;
    }
    // Proxies that buffer answers (nginx does by default) pass this one on as it is written.
    c.header('x-accel-buffering', 'no');
    return streamSSE(c, async (stream) => {
      stream.onAbort(() => live.close());
      const keepAlive = setInterval(() => void stream.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      try {
        await stream.writeSSE({ event: 'ready', data: '{}', retry: RECONNECT_MS });
        const why = await live.run(from, (item) =>
          stream.writeSSE({ event: 'notification', id: String(item.seq), data: JSON.stringify(item) }),
        );
        // Reconnecting would be refused (401): the browser is told, so it stops. When the server ends
        // a stream (shutting down), it just closes, and the browser reconnects to another instance.
        if (why === 'session-ended') await stream.writeSSE({ event: 'session-ended', data: '{}' });
      } finally {
        clearInterval(keepAlive);
        live.close();
      }
    });
  });
