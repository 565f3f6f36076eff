/**
 * The bell in the navigation bar: the unread count (none at 0, '9+' above 9). On a laptop it opens
 * a popover with the newest ten, 'Mark all as read' and 'View all'; on a phone it leads to the
 * Notifications tab of /profile, where there is room for the whole inbox.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Popover } from 'radix-ui';
import { Bell } from 'lucide-react';
import { ErrorMessage, Spinner } from '../../components/ui/feedback';
import { cn } from '../../lib/cn';
import { InboxEntry, MarkAllReadButton } from './inbox';
import { useInboxPreview } from './notification-queries';

const INBOX_PATH = '/profile?tab=notifications';

function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden
      className="absolute -right-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-semibold leading-none text-white"
    >
      {count > 9 ? '9+' : count}
    </span>
  );
}

const bellLabel = (count: number) => (count > 0 ? `Notifications, ${count} unread` : 'Notifications');
const bellClass =
  'relative inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900';

/** The phone's bell: a link to the Notifications tab. */
export function NotificationBellLink({ className }: { className?: string }) {
  const count = useInboxPreview().data?.unreadCount ?? 0;
  return (
    <Link to={INBOX_PATH} aria-label={bellLabel(count)} title={bellLabel(count)} className={cn(bellClass, className)}>
      <Bell className="h-5 w-5" aria-hidden />
      <CountBadge count={count} />
    </Link>
  );
}

/** The laptop's bell: the newest ten in a popover. */
export function NotificationBell({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const inbox = useInboxPreview();
  const count = inbox.data?.unreadCount ?? 0;
  const close = () => setOpen(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger aria-label={bellLabel(count)} title={bellLabel(count)} className={cn(bellClass, className)}>
        <Bell className="h-5 w-5" aria-hidden />
        <CountBadge count={count} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          aria-label="Notifications"
          className="z-50 w-96 max-w-[calc(100vw-2rem)] overflow-hidden rounded-xl border border-slate-200 bg-surface shadow-xl"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <h2 className="font-semibold text-slate-900">Notifications</h2>
            <MarkAllReadButton unreadCount={count} />
          </div>
          <div className="max-h-[min(28rem,70vh)] overflow-y-auto">
            {inbox.isPending ? (
              <p className="flex items-center justify-center gap-2 px-4 py-8 text-sm text-slate-500">
                <Spinner /> Loading notifications...
              </p>
            ) : inbox.isError ? (
              <ErrorMessage className="m-4">Failed to load notifications</ErrorMessage>
            ) : inbox.data.items.length === 0 ? (
              <p className="px-4 py-8 text-center text-sm text-slate-500">No notifications at this time</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {inbox.data.items.map((item) => (
                  <InboxEntry key={item.id} item={item} compact onOpen={close} />
                ))}
              </ul>
            )}
          </div>
          <div className="border-t border-slate-200 px-4 py-2 text-center">
            <Link to={INBOX_PATH} className="text-sm font-medium text-link hover:underline" onClick={close}>
              View all
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
