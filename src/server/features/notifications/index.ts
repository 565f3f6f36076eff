/** What other features (and the server's start-up) may use of the notifications feature. */
export { NotificationHub } from './live';
export { allNotificationsOf, forgetPerson, notify, pruneRead, type NewNotification, type NotificationData } from './notifications.repo';
