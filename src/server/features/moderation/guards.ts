/**
 * Who may moderate (docs/product.md#moderation): an event's owners, organizers and moderators (and
 * platform admins) its queue; admins alone the platform's. Answered before any input is read.
 */
import { createMiddleware } from 'hono/factory';
import { refusalError, refused } from '../../api/outcome';
import { eventViewerOf, STAFF, type EventEnv } from '../events';

/** After inEvent(): the viewer is on the event's staff, or a platform admin (403 otherwise). */
export const moderatesEvent = createMiddleware<EventEnv>(async (c, next) => {
  const role = c.var.eventRole;
  if (!(role && (STAFF as readonly string[]).includes(role)) && !c.var.eventViewer.isAdmin) throw refusalError(refused('not_moderator'));
  await next();
});

/** A platform admin (ADMIN_EMAILS), else 403. */
export const adminOnly = createMiddleware<EventEnv>(async (c, next) => {
  if (!(await eventViewerOf(c)).isAdmin) throw refusalError(refused('not_admin'));
  await next();
});
