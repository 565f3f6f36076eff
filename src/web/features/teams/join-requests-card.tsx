import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { ErrorMessage, Spinner, SuccessMessage } from '../../components/ui/feedback';
import { errorText } from '../../lib/api';
import { focusFirstOf } from '../../lib/focus';
import { formatDate } from '../../lib/format';
import { ReportButton } from '../moderation';
import { LeaderListCard } from './leader-list-card';
import { useAnswerJoinRequest, useJoinRequests, useSetPositions, useTeam } from './team-queries';

/** How a leader reads a join request (docs/product.md#join-requests): the position line, a blank line, the message. */
export function requestText(position: string, message: string): string {
  return `Position: ${position}\n\n${message}`;
}

/** Someone accepted for a position the team still lists as open. */
type Filled = { name: string; position: string };

/**
 * After accepting someone for an open position: is it filled now? One click takes it off the open
 * positions (the team's page and its suggestions then stop asking for it); or it stays open.
 */
function PositionFilled({
  teamId,
  openPositions,
  filled,
  onDone,
}: {
  teamId: string;
  openPositions: string[];
  filled: Filled;
  onDone(): void;
}) {
  const positions = useSetPositions(teamId);
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <SuccessMessage>
        {filled.name} joined as {filled.position}.
      </SuccessMessage>
      <p className="text-sm text-slate-700">Is the position filled now?</p>
      {positions.isError && <ErrorMessage>{errorText(positions.error, 'Failed to update positions')}</ErrorMessage>}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={positions.isPending}
          onClick={() => positions.mutate({ openPositions: openPositions.filter((p) => p !== filled.position) }, { onSuccess: onDone })}
        >
          {positions.isPending && <Spinner />}
          Remove {filled.position} from open positions
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          Keep it open
        </Button>
      </div>
    </div>
  );
}

/** Leaders only: the pending requests, each answered with Accept or Decline. */
export function JoinRequestsCard({ teamId, locked = false }: { teamId: string; locked?: boolean }) {
  const requests = useJoinRequests(teamId);
  const answer = useAnswerJoinRequest(teamId);
  const openPositions = useTeam(teamId).data?.openPositions ?? [];
  const [filled, setFilled] = useState<Filled | null>(null);
  // The answered request leaves the list, and its buttons with it: the keyboard goes on from the heading.
  const answered = () => focusFirstOf('join-requests-heading');

  return (
    <LeaderListCard
      note={locked ? 'The team formation deadline has passed: requests can only be declined.' : undefined}
      title="Join Requests"
      titleId="join-requests-heading"
      query={requests}
      failure={answer.isError ? errorText(answer.error, 'Failed to process join request') : null}
      notice={filled && <PositionFilled teamId={teamId} openPositions={openPositions} filled={filled} onDone={() => setFilled(null)} />}
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
                        <Button
                          size="sm"
                          disabled={answer.isPending}
                          onClick={() =>
                            answer.mutate(
                              { id: r.id, accept: true },
                              {
                                onSuccess: () =>
                                  setFilled(openPositions.includes(r.position) ? { name: r.requester.name, position: r.position } : null),
                                onSettled: answered,
                              },
                            )
                          }
                        >
                          Accept
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={answer.isPending}
                        onClick={() => answer.mutate({ id: r.id, accept: false }, { onSettled: answered })}
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
