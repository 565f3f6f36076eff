/** What the app may use of the organizer's desk. */
export { organizeRoutes } from './organize.routes';
export { announcementForReport, announcementIdsBy } from './announcements.repo';
export { createAnnouncementSender, type AnnouncementSender } from './announcement-mail';
export { createFreshnessJob, refreshFreshness } from './freshness';
export { webhooksRoutes } from './webhooks.routes';
