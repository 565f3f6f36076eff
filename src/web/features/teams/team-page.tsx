import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Pencil, Trash2 } from 'lucide-react';
import type { TeamDetail } from '../../../shared/api-types';
import { Page } from '../../components/layout';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ErrorMessage, Loading } from '../../components/ui/feedback';
import { api, ApiRequestError } from '../../lib/api';
import { ConfirmDialog } from './confirm-dialog';
import { EditTeamForm } from './edit-team-form';
import { JoinRequestsCard } from './join-requests-card';
import { JoinTeamButton } from './join-team-dialog';
import { OpenPositionsCard } from './open-positions-card';
import { TeamLogo } from './team-card';
import { TeamMembersCard } from './team-members-card';
import { errorText, formatDate, teamKeys } from './team-queries';
import { useDocumentTitle } from '../../lib/title';

export default function TeamPage() {
  const { id = '' } = useParams();
  const team = useQuery({
    queryKey: teamKeys.detail(id),
    queryFn: ({ signal }) => api<TeamDetail>(`/api/teams/${encodeURIComponent(id)}`, { signal }),
    retry: (count, err) => !(err instanceof ApiRequestError && err.status === 404) && count < 2,
  });
  useDocumentTitle(team.data?.name ?? 'Team');

  if (team.isPending) return <Loading>Loading team details...</Loading>;
  const missing = team.error instanceof ApiRequestError && team.error.status === 404;
  // A failed reload keeps showing the team, unless the team is gone.
  if (team.isError && (missing || !team.data)) {
    return (
      <Page narrow>
        <ErrorMessage>{missing ? 'Team not found' : 'Failed to load team'}</ErrorMessage>
        <ButtonLink to="/teams" variant="outline" className="mt-4">Browse Teams</ButtonLink>
      </Page>
    );
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
  const isLeader = team.viewer.isLeader;
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
                {team.isOpen ? <Badge variant="success">Open to New Members</Badge> : <Badge>Not Recruiting</Badge>}
              </div>
              <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-500">
                <CalendarDays aria-hidden className="h-4 w-4" />
                Created {formatDate(team.createdAt)}
              </p>
              {team.description && <p className="mt-4 whitespace-pre-line text-slate-700">{team.description}</p>}
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              {isLeader ? (
                <>
                  <Button variant="outline" onClick={() => setEditing(true)}>
                    <Pencil aria-hidden className="h-4 w-4" />
                    Edit Team
                  </Button>
                  <DeleteTeamButton teamId={team.id} />
                </>
              ) : (
                !team.viewer.isMember && <JoinTeamButton team={team} />
              )}
            </div>
          </div>
        )}
      </Card>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <TeamMembersCard team={team} />
          {isLeader && <JoinRequestsCard teamId={team.id} />}
        </div>
        <div>
          <OpenPositionsCard team={team} />
        </div>
      </div>
    </Page>
  );
}

function DeleteTeamButton({ teamId }: { teamId: string }) {
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => api(`/api/teams/${teamId}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: teamKeys.detail(teamId) });
      // Lists, previews and the own profile's teams all showed it.
      void queryClient.invalidateQueries();
      navigate('/teams');
    },
  });
  return (
    <>
      <Button variant="outline" className="border-red-200 text-red-700 hover:bg-red-50" onClick={() => setConfirming(true)} disabled={remove.isPending}>
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
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}
