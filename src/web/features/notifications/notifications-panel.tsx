/**
 * The Notifications tab of /profile: invitations addressed to the user (Accept / Decline) and
 * the user's own join requests with their status (SPEC's lists), then everything that happened,
 * newest first (the inbox); plus the pending count for the tab badge.
 */
import { useState, type ReactNode } from 'react';
import type { InboxItem } from '../../../shared/api/notifications';
import type { InvitationView, Joined, JoinRequestView } from '../../../shared/api/teams';
import type { RequestStatus } from '../../../shared/constants';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ErrorMessage, Loading, Spinner, SuccessMessage } from '../../components/ui/feedback';
import { TeamLogo } from '../../components/ui/avatar';
import { errorText } from '../../lib/api';
import { focusFirstOf } from '../../lib/focus';
import { formatDate } from '../../lib/format';
import { notificationText } from '../../../shared/notification-text';
import { ReportButton } from '../moderation';
import { useCancelRequest } from '../teams';
import { AnswerButtons, InboxEntry, invitationFailure, MarkAllReadButton } from './inbox';
import { useAnswerInvitation, useInboxPages, useNotifications } from './notification-queries';

export function NotificationsPanel() {
  const notifications = useNotifications();
  const inbox = useInboxPages();
  // What accepting an invitation did to the rest, said until the page is left.
  const [joined, setJoined] = useState<Joined | null>(null);
  if (notifications.isPending || inbox.isPending) return <Loading>Loading notifications...</Loading>;
  if (notifications.isError || inbox.isError) return <ErrorMessage>Failed to load notifications</ErrorMessage>;
  const { invitations, requests } = notifications.data;
  const items = inbox.data.pages.flatMap((page) => page.items);
  const said = joined && <SuccessMessage>{notificationText('joined', joined)}</SuccessMessage>;
  if (invitations.length === 0 && requests.length === 0 && items.length === 0) {
    return (
      <div className="space-y-4">
        {said}
        <p className="py-8 text-center text-sm text-slate-500">No notifications at this time</p>
      </div>
    );
  }
  return (
    <div className="space-y-8">
      {said}
      {invitations.length > 0 && (
        <ListSection id="team-invitations" title="Team Invitations">
          {invitations.map((invitation) => (
            <InvitationItem key={invitation.id} invitation={invitation} onJoined={setJoined} />
          ))}
        </ListSection>
      )}
      {requests.length > 0 && (
        <ListSection id="own-join-requests" title="Join Requests">
          {requests.map((request) => (
            <RequestItem key={request.id} request={request} />
          ))}
        </ListSection>
      )}
      {items.length > 0 && <InboxSection items={items} unreadCount={inbox.data.pages[0].unreadCount} more={inbox} />}
    </div>
  );
}

function ListSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      <ul className="mt-3 space-y-3">{children}</ul>
    </section>
  );
}

function InboxSection({
  items,
  unreadCount,
  more,
}: {
  items: InboxItem[];
  unreadCount: number;
  more: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage(): unknown };
}) {
  return (
    <section aria-labelledby="recent-activity">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="recent-activity" tabIndex={-1} className="text-lg font-semibold text-slate-900">
          Recent Activity
          {unreadCount > 0 && <span className="ml-2 text-sm font-normal text-slate-500">{unreadCount} unread</span>}
        </h3>
        <MarkAllReadButton unreadCount={unreadCount} variant="outline" />
      </div>
      <ul className="mt-3 space-y-2">
        {items.map((item) => (
          <InboxEntry key={item.id} item={item} answerInvitations={false} />
        ))}
      </ul>
      {more.hasNextPage && (
        <div className="mt-4 text-center">
          <Button variant="outline" disabled={more.isFetchingNextPage} onClick={() => more.fetchNextPage()}>
            {more.isFetchingNextPage && <Spinner />}
            Show more
          </Button>
        </div>
      )}
    </section>
  );
}

function InvitationItem({ invitation, onJoined }: { invitation: InvitationView; onJoined(joined: Joined): void }) {
  const answer = useAnswerInvitation(invitation.id, invitation.team.id, onJoined);
  const { team } = invitation;
  return (
    <li className="rounded-xl border border-slate-200 bg-surface p-4">
      <div className="flex items-start gap-3">
        <TeamLogo name={team.name} logoUrl={team.logoUrl} size={44} />
        <div className="min-w-0 flex-1">
          <p className="font-medium text-slate-900">
            {team.name} invited you to join as {invitation.role}
          </p>
          <p className="mt-1 whitespace-pre-line text-sm text-slate-600">{invitation.message}</p>
          <p className="mt-1 text-xs text-slate-500">{formatDate(invitation.createdAt)}</p>
        </div>
        <ReportButton targetKind="invitation" targetId={invitation.id} label={`Report the invitation from ${team.name}`} />
      </div>
      <AnswerButtons
        answer={answer}
        // The answered invitation leaves the list, and its buttons with it: the keyboard goes on from a heading still there.
        respond={(accept) =>
          answer.mutate(accept, { onSettled: () => focusFirstOf('team-invitations', 'own-join-requests', 'recent-activity') })
        }
        failed={invitationFailure}
        className="mt-3 sm:pl-14"
      />
    </li>
  );
}

const STATUS: Record<RequestStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pending', variant: 'warning' },
  accepted: { label: 'Accepted', variant: 'success' },
  declined: { label: 'Declined', variant: 'danger' },
  cancelled: { label: 'Cancelled', variant: 'default' },
};

function RequestItem({ request }: { request: JoinRequestView }) {
  const status = STATUS[request.status];
  const cancel = useCancelRequest(request.teamId);
  return (
    <li className="rounded-xl border border-slate-200 bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-medium text-slate-900">Your request to join {request.teamName}</p>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <p className="mt-1 text-sm text-slate-500">Position: {request.position}</p>
      <p className="mt-1 whitespace-pre-line text-sm text-slate-600">{request.message}</p>
      <p className="mt-1 text-xs text-slate-500">{formatDate(request.createdAt)}</p>
      {cancel.isError && <ErrorMessage className="mt-3">{errorText(cancel.error, 'Failed to cancel the request')}</ErrorMessage>}
      {request.status === 'pending' && (
        <Button size="sm" variant="outline" className="mt-3" disabled={cancel.isPending} onClick={() => cancel.mutate(request.id)}>
          {cancel.isPending ? 'Cancelling...' : 'Cancel Request'}
        </Button>
      )}
    </li>
  );
}
