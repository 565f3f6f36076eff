/** What other features (and the server's start-up) may use of the notifications feature. */
export { NotificationHub } from './live';
export { notificationsRoutes } from './notifications.routes';
export {
  allNotificationsOf,
  forgetPerson,
  inboxPage,
  markAnsweredRead,
  notify,
  notifyEach,
  notifyEveryone,
  pruneRead,
  unreadCount,
  type NewNotification,
  type NotificationData,
} from './notifications.repo';
