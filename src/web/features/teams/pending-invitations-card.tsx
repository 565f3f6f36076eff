import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/api';
import { focusFirstOf } from '../../lib/focus';
import { formatDate } from '../../lib/format';
import { LeaderListCard } from './leader-list-card';
import { usePendingInvitations, useWithdrawInvitation } from './team-queries';

/** Leaders only: the invitations still waiting for an answer, each with 'Withdraw'. */
export function PendingInvitationsCard({ teamId }: { teamId: string }) {
  const invitations = usePendingInvitations(teamId);
  const withdraw = useWithdrawInvitation(teamId);
  return (
    <LeaderListCard
      title="Pending Invitations"
      titleId="pending-invitations-heading"
      query={invitations}
      failure={withdraw.isError ? errorText(withdraw.error, 'Failed to withdraw the invitation') : null}
      loading="Loading invitations..."
      failed="Failed to load invitations"
      empty="No pending invitations"
    >
      {(pending) => (
        <ul className="divide-y divide-slate-100" aria-label="Pending invitations">
          {pending.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
              <Avatar person={i.invitee} size={36} />
              <div className="min-w-0 flex-1">
                <Link to={`/profiles/${i.invitee.id}`} className="block truncate font-medium text-slate-900 hover:underline">
                  {i.invitee.name}
                </Link>
                {/* Wraps on a phone rather than cutting off the date. */}
                <p className="break-words text-sm text-slate-500">
                  {i.role} · <span className="whitespace-nowrap">invited {formatDate(i.createdAt)}</span>
                </p>
              </div>
              <Button
                size="sm"
                variant="outline"
                disabled={withdraw.isPending}
                onClick={() => withdraw.mutate(i.id, { onSettled: () => focusFirstOf('pending-invitations-heading') })}
              >
                {withdraw.isPending && withdraw.variables === i.id ? 'Withdrawing...' : 'Withdraw'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </LeaderListCard>
  );
}
