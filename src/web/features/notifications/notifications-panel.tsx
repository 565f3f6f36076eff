/**
 * The Notifications tab of /profile: invitations addressed to the user (Accept / Decline) and
 * the user's own join requests with their status; plus the pending count for the tab badge.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationView, JoinRequestView, Notifications } from '../../../shared/api-types';
import type { RequestStatus } from '../../../shared/constants';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ErrorMessage, Loading, Spinner } from '../../components/ui/feedback';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { TeamLogo } from '../teams/team-card';
import { errorText, formatDate, notificationsKey } from '../teams/team-queries';

function useNotifications() {
  const { user } = useAuth();
  return useQuery({
    queryKey: notificationsKey,
    queryFn: ({ signal }) => api<Notifications>('/api/me/notifications', { signal }),
    enabled: Boolean(user),
  });
}

export function usePendingNotificationCount(): number {
  return useNotifications().data?.pendingCount ?? 0;
}

export function NotificationsPanel() {
  const notifications = useNotifications();
  if (notifications.isPending) return <Loading>Loading notifications...</Loading>;
  if (notifications.isError) return <ErrorMessage>Failed to load notifications</ErrorMessage>;
  const { invitations, requests } = notifications.data;
  if (invitations.length === 0 && requests.length === 0) {
    return <p className="py-8 text-center text-sm text-slate-500">No notifications at this time</p>;
  }
  return (
    <div className="space-y-8">
      {invitations.length > 0 && (
        <section aria-labelledby="team-invitations">
          <h3 id="team-invitations" className="text-lg font-semibold text-slate-900">Team Invitations</h3>
          <ul className="mt-3 space-y-3">
            {invitations.map((invitation) => <InvitationItem key={invitation.id} invitation={invitation} />)}
          </ul>
        </section>
      )}
      {requests.length > 0 && (
        <section aria-labelledby="own-join-requests">
          <h3 id="own-join-requests" className="text-lg font-semibold text-slate-900">Join Requests</h3>
          <ul className="mt-3 space-y-3">
            {requests.map((request) => <RequestItem key={request.id} request={request} />)}
          </ul>
        </section>
      )}
    </div>
  );
}

function InvitationItem({ invitation }: { invitation: InvitationView }) {
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: (action: 'accept' | 'decline') => api(`/api/invitations/${invitation.id}/${action}`, { method: 'POST' }),
    // Accepting changes memberships shown on several screens (own profile, team, lists).
    onSettled: () => queryClient.invalidateQueries(),
  });
  const { team } = invitation;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-start gap-3">
        <TeamLogo name={team.name} logoUrl={team.logoUrl} size={44} />
        <div className="min-w-0 flex-1">
          <p className="font-medium text-slate-900">
            {team.name} invited you to join as {invitation.role}
          </p>
          <p className="mt-1 whitespace-pre-line text-sm text-slate-600">{invitation.message}</p>
          <p className="mt-1 text-xs text-slate-500">{formatDate(invitation.createdAt)}</p>
        </div>
      </div>
      {answer.isError && (
        <ErrorMessage className="mt-3">
          {errorText(answer.error, answer.variables === 'accept' ? 'Failed to accept invitation' : 'Failed to decline invitation')}
        </ErrorMessage>
      )}
      <div className="mt-3 flex gap-2 sm:pl-14">
        <Button size="sm" disabled={answer.isPending} onClick={() => answer.mutate('accept')}>
          {answer.isPending && answer.variables === 'accept' && <Spinner />}
          Accept
        </Button>
        <Button size="sm" variant="outline" disabled={answer.isPending} onClick={() => answer.mutate('decline')}>
          {answer.isPending && answer.variables === 'decline' && <Spinner />}
          Decline
        </Button>
      </div>
    </li>
  );
}

const STATUS: Record<RequestStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pending', variant: 'warning' },
  accepted: { label: 'Accepted', variant: 'success' },
  declined: { label: 'Declined', variant: 'danger' },
};

function RequestItem({ request }: { request: JoinRequestView }) {
  const status = STATUS[request.status];
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-medium text-slate-900">
          Your request to join {request.teamName}
        </p>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <p className="mt-1 text-sm text-slate-500">Position: {request.position}</p>
      <p className="mt-1 whitespace-pre-line text-sm text-slate-600">{request.message}</p>
      <p className="mt-1 text-xs text-slate-500">{formatDate(request.createdAt)}</p>
    </li>
  );
}
