/** What the app may use of the organizer's desk. */
export { organizeRoutes } from './organize.routes';
export { announcementForReport, announcementIdsBy } from './announcements.repo';
export { createAnnouncementSender, type AnnouncementSender } from './announcement-mail';
export { createAnnouncementInbox } from './announcement-inbox';
export { INBOX_BATCH } from './announcement-inbox.repo';
export { createFreshnessJob, refreshFreshness } from './freshness';
export { webhooksRoutes } from './webhooks.routes';
