import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CalendarDays, Flag, Lock, Pencil, Trash2 } from 'lucide-react';
import { isFull, isRecruiting } from '../../../shared/teams';
import type { TeamDetail } from '../../../shared/api/teams';
import { Page, PageFailed } from '../../components/page';
import { TeamLogo } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ErrorMessage, Loading } from '../../components/ui/feedback';
import { ApiRequestError, errorText } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ReportButton } from '../moderation';
import { EditTeamForm } from './edit-team-form';
import { JoinRequestsCard } from './join-requests-card';
import { JoinTeamButton } from './join-team-dialog';
import { LeaveTeamButton } from './leave-team-button';
import { PendingInvitationsCard } from './pending-invitations-card';
import { SuggestedPeopleCard } from './matching';
import { OpenPositionsCard } from './open-positions-card';
import { TeamGroupingCard } from './team-grouping-card';
import { TeamMembersCard } from './team-members-card';
import { useDeleteTeam, useTeam } from './team-queries';
import { useDocumentTitle } from '../../lib/title';
import { useAuth } from '../../lib/auth';

export default function TeamPage() {
  const { id = '' } = useParams();
  const team = useTeam(id);
  useDocumentTitle(team.data?.name ?? 'Team');

  if (team.isPending) return <Loading>Loading team details...</Loading>;
  const missing = team.error instanceof ApiRequestError && team.error.status === 404;
  // A failed reload keeps showing the team, unless the team is gone.
  if (team.isError && (missing || !team.data)) {
    return <PageFailed message={missing ? 'Team not found' : 'Failed to load team'} backTo="/teams" backLabel="Browse Teams" />;
  }
  return (
    <>
      {team.isError && (
        <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
          <ErrorMessage>Failed to fetch updated team data</ErrorMessage>
        </div>
      )}
      <TeamView team={team.data} />
    </>
  );
}

function TeamView({ team }: { team: TeamDetail }) {
  const [editing, setEditing] = useState(false);
  const { isLeader, isMember } = team.viewer;
  const signedIn = useAuth().user !== null;
  const lastLeader = isLeader && team.members.filter((m) => m.isLeader).length === 1;
  // After the event's team formation deadline nobody joins, leaves or is removed (docs/product.md#event-rules-for-teams):
  // the page says so instead of offering buttons the server would refuse.
  const locked = team.event.formationLocked;
  return (
    <Page>
      <Card className="p-5 sm:p-6">
        {editing ? (
          <EditTeamForm team={team} onDone={() => setEditing(false)} />
        ) : (
          <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
            <TeamLogo name={team.name} logoUrl={team.logoUrl} size={72} />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{team.name}</h1>
                {isFull(team) ? (
                  <Badge variant="warning">Team is full</Badge>
                ) : team.isOpen && !locked ? (
                  <Badge variant="success">Open to New Members</Badge>
                ) : (
                  <Badge>Not Recruiting</Badge>
                )}
              </div>
              <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-500">
                <span className="flex items-center gap-1.5">
                  <Flag aria-hidden className="h-4 w-4" />
                  <span>
                    In{' '}
                    <Link to={`/hackathons/${encodeURIComponent(team.event.slug)}`} className="font-medium text-link hover:underline">
                      {team.event.name}
                    </Link>
                  </span>
                </span>
                <span className="flex items-center gap-1.5">
                  <CalendarDays aria-hidden className="h-4 w-4" />
                  Created {formatDate(team.createdAt)}
                </span>
              </p>
              {team.description && <p className="mt-4 whitespace-pre-line text-slate-700">{team.description}</p>}
              {team.descriptionHidden !== undefined && (
                <ErrorMessage className="mt-3">
                  A moderator hid this description: others read 'Hidden by a moderator'. Why: {team.descriptionHidden}
                </ErrorMessage>
              )}
              {locked && <LockedNotice team={team} />}
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              {isLeader && (
                <>
                  <Button variant="outline" onClick={() => setEditing(true)}>
                    <Pencil aria-hidden className="h-4 w-4" />
                    Edit Team
                  </Button>
                  {!locked && <DeleteTeamButton teamId={team.id} />}
                </>
              )}
              {isMember
                ? !locked && <LeaveTeamButton teamId={team.id} lastLeader={lastLeader} />
                : (!locked || team.viewer.pendingRequestId) && <JoinTeamButton team={team} />}
              {signedIn && !isMember && <ReportButton targetKind="team" targetId={team.id} size="md" />}
            </div>
          </div>
        )}
      </Card>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <TeamMembersCard team={team} />
          {isLeader && <JoinRequestsCard teamId={team.id} locked={locked} />}
          {isLeader && <PendingInvitationsCard teamId={team.id} />}
        </div>
        <div className="space-y-6">
          <OpenPositionsCard team={team} />
          {isMember && <TeamGroupingCard team={team} />}
          {isLeader && isRecruiting(team) && !locked && <SuggestedPeopleCard team={team} />}
        </div>
      </div>
    </Page>
  );
}

/** Why the team's membership cannot change any more, in the words the server refuses with. */
function LockedNotice({ team }: { team: TeamDetail }) {
  return (
    <p role="status" className="mt-4 flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-warning ring-1 ring-amber-200">
      <Lock aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <span>
        Teams in {team.event.name} are locked: the team formation deadline has passed. Nobody joins, leaves or is removed now; only the
        event&apos;s organizers move people between teams.
      </span>
    </p>
  );
}

function DeleteTeamButton({ teamId }: { teamId: string }) {
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const remove = useDeleteTeam(teamId);
  return (
    <>
      <Button variant="dangerOutline" onClick={() => setConfirming(true)} disabled={remove.isPending}>
        <Trash2 aria-hidden className="h-4 w-4" />
        {remove.isPending ? 'Deleting...' : 'Delete Team'}
      </Button>
      {remove.isError && <ErrorMessage className="w-full">{errorText(remove.error, 'Failed to delete team')}</ErrorMessage>}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete Team"
        question="Are you sure you want to delete this team? This action cannot be undone."
        confirmLabel="Delete Team"
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate('/teams') })}
      />
    </>
  );
}
