/** What other features may use of the notifications feature. */
export { LiveNotifications } from './live-notifications';
export { NotificationBell, NotificationBellLink } from './notification-bell';
export { NotificationsPanel, usePendingNotificationCount } from './notifications-panel';
