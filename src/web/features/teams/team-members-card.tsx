import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserMinus } from 'lucide-react';
import type { TeamDetail, TeamMemberView } from '../../../shared/api-types';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorMessage } from '../../components/ui/feedback';
import { api } from '../../lib/api';
import { ConfirmDialog } from './confirm-dialog';
import { memberCountLabel } from './team-card';
import { errorText, teamKeys } from './team-queries';

export function TeamMembersCard({ team }: { team: TeamDetail }) {
  const queryClient = useQueryClient();
  const [toRemove, setToRemove] = useState<TeamMemberView | null>(null);
  const remove = useMutation({
    mutationFn: (profileId: string) => api(`/api/teams/${team.id}/members/${profileId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.detail(team.id) }),
  });

  return (
    <Card>
      <CardHeader className="flex items-baseline justify-between space-y-0">
        <CardTitle>Team Members</CardTitle>
        <span className="text-sm text-slate-500">{memberCountLabel(team.members.length)}</span>
      </CardHeader>
      <CardContent className="space-y-3">
        {remove.isError && <ErrorMessage>{errorText(remove.error, 'Failed to remove team member')}</ErrorMessage>}
        <ul className="divide-y divide-slate-100" aria-label="Team members">
          {team.members.map((m) => (
            <li key={m.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
              <Avatar person={m} size={40} />
              <div className="min-w-0 flex-1">
                <Link to={`/profiles/${m.id}`} className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline">
                  {m.name}
                </Link>
                <p className="truncate text-sm text-slate-500">{m.role}</p>
              </div>
              {m.isLeader && <Badge variant="primary" className="shrink-0">Team Leader</Badge>}
              {team.viewer.isLeader && !m.isLeader && (
                <Button
                  variant="ghost"
                  size="icon"
                  className="shrink-0 text-slate-500 hover:text-red-600"
                  aria-label={`Remove ${m.name}`}
                  disabled={remove.isPending && remove.variables === m.id}
                  onClick={() => setToRemove(m)}
                >
                  <UserMinus aria-hidden className="h-4 w-4" />
                </Button>
              )}
            </li>
          ))}
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
