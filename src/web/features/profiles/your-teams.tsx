import { Suspense } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import type { Membership } from '../../../shared/api/profiles';
import { Badge } from '../../components/ui/badge';
import { ButtonLink } from '../../components/ui/button';
import { TeamLogo } from '../../components/ui/avatar';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { LeaveTeamButton } from '../teams';

export function YourTeams({ teams }: { teams: Membership[] }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-3 space-y-0">
        <CardTitle>Your Teams</CardTitle>
        <ButtonLink to="/create-team" size="sm" variant="outline">
          <Plus aria-hidden className="h-4 w-4" /> Create Team
        </ButtonLink>
      </CardHeader>
      <CardContent>
        {teams.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center">
            <p className="text-sm text-slate-600">You are not part of any team yet.</p>
            <div className="mt-4 flex flex-wrap justify-center gap-2">
              <ButtonLink to="/teams" variant="outline" size="sm">
                Browse Teams
              </ButtonLink>
              <ButtonLink to="/create-team" size="sm">
                Create a Team
              </ButtonLink>
            </div>
          </div>
        ) : (
          <ul className="space-y-2">
            {teams.map((t) => (
              <li key={t.teamId} className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 p-3">
                <Link to={`/teams/${t.teamId}`} className="group flex min-w-[12rem] flex-1 items-center gap-3 rounded-md">
                  <TeamLogo name={t.teamName} logoUrl={t.logoUrl} size={40} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-slate-900 group-hover:text-link group-hover:underline">{t.teamName}</p>
                    <div className="mt-1 flex flex-wrap items-center gap-1.5">
                      <span className="text-sm text-slate-500">
                        {t.role} · {t.event.name}
                      </span>
                      {t.isLeader && <Badge variant="primary">Team Leader</Badge>}
                      {t.isOpen && <Badge variant="success">Open to Join</Badge>}
                    </div>
                  </div>
                </Link>
                <Suspense fallback={null}>
                  <LeaveTeamButton teamId={t.teamId} lastLeader={t.soleLeader} size="sm" />
                </Suspense>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
