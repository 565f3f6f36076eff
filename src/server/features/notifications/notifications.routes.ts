/**
 * The notifications routes of the contract (src/shared/api/notifications.ts): read marks and the
 * live stream. The inbox and the pending lists join teams' data: the `me` feature serves them.
 */
import { streamSSE } from 'hono/streaming';
import { notificationsApi } from '../../../shared/api/notifications';
import { STREAMS_PER_ACCOUNT } from '../../../shared/constants';
import { ApiError, requireViewer, withProfile } from '../../api/http';
import { createRouter, guarded } from '../../api/openapi';
import { latestSeq, markRead, unreadCount } from './notifications.repo';

/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
const KEEP_ALIVE_MS = 20_000;
/** How long a browser waits before reconnecting a lost stream. */
const RECONNECT_MS = 2_000;
/**
 * When the server ends a stream (shutting down: platform/drain.ts), the browser reconnects after
 * this long, to another instance; spread, so that thousands of browsers do not all come at once.
 */
const MOVE_RETRY_MS = { min: 1_000, max: 5_000 };
const moveRetryMs = () => Math.round(MOVE_RETRY_MS.min + Math.random() * (MOVE_RETRY_MS.max - MOVE_RETRY_MS.min));
const TOO_MANY_STREAMS = `Live notifications are already open in ${STREAMS_PER_ACCOUNT} browsers or devices of your account. Close one, or try again later.`;
const STREAMS_RETRY_AFTER_SECONDS = 60;

export const notificationsRoutes = createRouter()
  .openapi(guarded(notificationsApi.markRead, withProfile), async (c) => {
    const { profileId } = c.var;
    await markRead(c.var.db, profileId, c.req.valid('json').ids);
    return c.json({ unreadCount: await unreadCount(c.var.db, profileId) }, 200);
  })
  .openapi(guarded(notificationsApi.events, withProfile), async (c) => {
    const { profileId } = c.var;
    const { sessionId } = await requireViewer(c);
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
        // a stream (shutting down), it says when to reconnect, and the browser does, to another instance.
        if (why === 'session-ended') await stream.writeSSE({ event: 'session-ended', data: '{}' });
        if (why === 'server') await stream.write(`retry: ${moveRetryMs()}\n\n`);
      } finally {
        clearInterval(keepAlive);
        live.close();
      }
    });
  });
