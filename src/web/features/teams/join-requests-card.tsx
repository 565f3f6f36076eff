import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/feedback';
import { errorText } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { ReportButton } from '../moderation';
import { LeaderListCard } from './leader-list-card';
import { useAnswerJoinRequest, useJoinRequests } from './team-queries';

/** How a leader reads a join request (docs/product.md#join-requests): the position line, a blank line, the message. */
export function requestText(position: string, message: string): string {
  return `Position: ${position}\n\n${message}`;
}

/** Leaders only: the pending requests, each answered with Accept or Decline. */
export function JoinRequestsCard({ teamId, locked = false }: { teamId: string; locked?: boolean }) {
  const requests = useJoinRequests(teamId);
  const answer = useAnswerJoinRequest(teamId);

  return (
    <LeaderListCard
      note={locked ? 'The team formation deadline has passed: requests can only be declined.' : undefined}
      title="Join Requests"
      query={requests}
      failure={answer.isError ? errorText(answer.error, 'Failed to process join request') : null}
      loading="Loading join requests..."
      failed="Failed to load join requests"
      empty="No join requests"
    >
      {(pending) => (
        <ul className="space-y-3" aria-label="Pending join requests">
          {pending.map((r) => {
            const busy = answer.isPending && answer.variables.id === r.id;
            return (
              <li key={r.id} className="rounded-lg border border-slate-200 p-4">
                <div className="flex items-center gap-3">
                  <Avatar person={r.requester} size={36} />
                  <div className="min-w-0 flex-1">
                    <Link to={`/profiles/${r.requester.id}`} className="block truncate font-medium text-slate-900 hover:underline">
                      {r.requester.name}
                    </Link>
                    <p className="text-xs text-slate-500">{formatDate(r.createdAt)}</p>
                  </div>
                </div>
                <p className="mt-3 whitespace-pre-line text-sm text-slate-700">{requestText(r.position, r.message)}</p>
                <div className="mt-3 flex flex-wrap gap-2">
                  {busy ? (
                    <Button size="sm" disabled>
                      <Spinner />
                      Processing...
                    </Button>
                  ) : (
                    <>
                      {/* Once the event's teams are locked a request can only be declined (docs/product.md#event-rules-for-teams). */}
                      {!locked && (
                        <Button size="sm" disabled={answer.isPending} onClick={() => answer.mutate({ id: r.id, accept: true })}>
                          Accept
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={answer.isPending}
                        onClick={() => answer.mutate({ id: r.id, accept: false })}
                      >
                        Decline
                      </Button>
                    </>
                  )}
                  <ReportButton
                    targetKind="join_request"
                    targetId={r.id}
                    label={`Report ${r.requester.name}'s join request`}
                    className="ml-auto"
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </LeaderListCard>
  );
}
