/** What other features may use of the notifications feature. */
import { lazy } from 'react';

export { usePendingNotificationCount } from './notification-queries';
// The bell, its popover, the inbox and the live stream are for signed-in people only: each is
// loaded when first shown, so none weighs on the first paint of a visitor's page.
export const LiveNotifications = lazy(() => import('./live-notifications').then((m) => ({ default: m.LiveNotifications })));
export const NotificationBell = lazy(() => import('./notification-bell').then((m) => ({ default: m.NotificationBell })));
export const NotificationBellLink = lazy(() => import('./notification-bell').then((m) => ({ default: m.NotificationBellLink })));
export const NotificationsPanel = lazy(() => import('./notifications-panel').then((m) => ({ default: m.NotificationsPanel })));
