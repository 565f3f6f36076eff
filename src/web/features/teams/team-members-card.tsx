import { useState } from 'react';
import { Link } from 'react-router';
import { Crown, UserMinus } from 'lucide-react';
import type { TeamDetail, TeamMember as TeamMemberView } from '../../../shared/api/teams';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ErrorMessage } from '../../components/ui/feedback';
import { Tooltip } from '../../components/ui/tooltip';
import { errorText } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { memberCountLabel } from './team-card';
import { useRemoveMember, useSetLeader } from './team-queries';

/**
 * The members, leaders first. Leaders see what they can change (docs/product.md#team-lifecycle):
 * make a member leader, make another leader (or themselves) a member again while a leader
 * remains, and remove a member who is not a leader.
 */
export function TeamMembersCard({ team }: { team: TeamDetail }) {
  const { profile: me } = useAuth();
  const [toRemove, setToRemove] = useState<TeamMemberView | null>(null);
  const remove = useRemoveMember(team.id);
  const setLeader = useSetLeader(team.id);
  const leaders = team.members.filter((m) => m.isLeader).length;
  const busy = remove.isPending || setLeader.isPending;
  const failure = remove.isError
    ? errorText(remove.error, 'Failed to remove team member')
    : setLeader.isError
      ? errorText(setLeader.error, 'Failed to update team')
      : null;

  return (
    <Card>
      <CardHeader className="flex items-baseline justify-between space-y-0">
        <CardTitle>Team Members</CardTitle>
        <span className="text-sm text-slate-500">{memberCountLabel(team)}</span>
      </CardHeader>
      <CardContent className="space-y-3">
        {failure && <ErrorMessage>{failure}</ErrorMessage>}
        <ul className="divide-y divide-slate-100" aria-label="Team members">
          {team.members.map((m) => {
            const isMe = m.id === me?.id;
            return (
              <li key={m.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0">
                <Avatar person={m} size={40} />
                {/* Wide enough for a name: on a phone the buttons move to a line of their own. */}
                <div className="min-w-[10rem] flex-1">
                  <Link to={`/profiles/${m.id}`} className="block truncate font-medium text-slate-900 hover:text-link hover:underline">
                    {m.name}
                    {isMe && <span className="font-normal text-slate-500"> (you)</span>}
                  </Link>
                  <p className="truncate text-sm text-slate-500">{m.role}</p>
                </div>
                {m.isLeader && (
                  <Badge variant="primary" className="shrink-0">
                    Team Leader
                  </Badge>
                )}
                {team.viewer.isLeader && (
                  <div className="ml-auto flex shrink-0 items-center gap-1">
                    {!m.isLeader && (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={busy}
                        onClick={() => setLeader.mutate({ profileId: m.id, isLeader: true })}
                      >
                        <Crown aria-hidden className="h-3.5 w-3.5" /> Make Leader
                      </Button>
                    )}
                    {m.isLeader && leaders > 1 && (
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={busy}
                        onClick={() => setLeader.mutate({ profileId: m.id, isLeader: false })}
                      >
                        {isMe ? 'Step Down' : 'Make Member'}
                      </Button>
                    )}
                    {!m.isLeader && !team.event.formationLocked && (
                      <Tooltip content={`Remove ${m.name}`}>
                        <Button
                          variant="ghost"
                          size="icon"
                          className="text-slate-500 hover:text-danger"
                          aria-label={`Remove ${m.name}`}
                          disabled={busy}
                          onClick={() => setToRemove(m)}
                        >
                          <UserMinus aria-hidden className="h-4 w-4" />
                        </Button>
                      </Tooltip>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => !open && setToRemove(null)}
        title={toRemove ? `Remove ${toRemove.name}` : 'Remove member'}
        question="Are you sure you want to remove this member?"
        confirmLabel="Remove"
        onConfirm={() => toRemove && remove.mutate(toRemove.id)}
      />
    </Card>
  );
}
