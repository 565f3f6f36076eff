import { Hono } from 'hono';
import { type AppEnv, requireProfile } from '../../http';
import { getNotifications } from './notifications.repo';

/** Newest first; older answered requests beyond this are not worth a notification. */
const NOTIFICATIONS_LIMIT = 50;

export const notificationsRoutes = new Hono<AppEnv>()
  .get('/me/notifications', async (c) => {
    const viewer = await requireProfile(c);
    return c.json(await getNotifications(c.var.db, viewer.profileId, NOTIFICATIONS_LIMIT));
  });
