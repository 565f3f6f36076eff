/**
 * The notifications routes of the contract (src/shared/api/notifications.ts): read marks and the
 * live stream. The inbox and the pending lists join teams' data: the `me` feature serves them.
 */
import { streamSSE } from 'hono/streaming';
import { notificationsApi } from '../../../shared/api/notifications';
import { withProfile } from '../../api/http';
import { createRouter, guarded } from '../../api/openapi';
import { latestSeq, markRead, unreadCount } from './notifications.repo';

/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
const KEEP_ALIVE_MS = 20_000;
/** How long a browser waits before reconnecting a lost stream. */
const RECONNECT_MS = 2_000;

export const notificationsRoutes = createRouter()
  .openapi(guarded(notificationsApi.markRead, withProfile), async (c) => {
    const { profileId } = c.var;
    await markRead(c.var.db, profileId, c.req.valid('json').ids);
    return c.json({ unreadCount: await unreadCount(c.var.db, profileId) }, 200);
  })
  .openapi(guarded(notificationsApi.events, withProfile), async (c) => {
    const { profileId } = c.var;
    // A reconnecting EventSource says where it stopped; a fresh one starts with what happens next.
    const resumeFrom = Number(c.req.header('last-event-id'));
    const from = Number.isSafeInteger(resumeFrom) && resumeFrom >= 0 ? resumeFrom : await latestSeq(c.var.db, profileId);
    const live = c.var.live;
    // Proxies that buffer answers (nginx does by default) pass this one on as it is written.
    c.header('x-accel-buffering', 'no');
    return streamSSE(c, async (stream) => {
      let finish: () => void = () => {};
      const finished = new Promise<void>((resolve) => {
        finish = () => {
          clearInterval(keepAlive);
          unsubscribe();
          resolve();
        };
      });
      await stream.writeSSE({ event: 'ready', data: '{}', retry: RECONNECT_MS });
      const unsubscribe = live.subscribe(
        profileId,
        from,
        (item) => stream.writeSSE({ event: 'notification', id: String(item.seq), data: JSON.stringify(item) }),
        // The server is shutting down: the browser reconnects (to another instance) and resumes.
        () => finish(),
      );
      const keepAlive = setInterval(() => void stream.write(': keep-alive\n\n').catch(() => {}), KEEP_ALIVE_MS);
      stream.onAbort(() => finish());
      await finished;
    });
  });
