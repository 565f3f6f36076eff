import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import type { Membership } from '../../../shared/api-types';
import { Badge } from '../../components/ui/badge';
import { ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

function TeamLogo({ team }: { team: Membership }) {
  if (team.logoUrl) return <img src={team.logoUrl} alt="" className="h-10 w-10 shrink-0 rounded-lg object-cover" />;
  return (
    <span aria-hidden className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 font-semibold text-brand-700">
      {team.teamName.charAt(0).toUpperCase()}
    </span>
  );
}

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
              <ButtonLink to="/teams" variant="outline" size="sm">Browse Teams</ButtonLink>
              <ButtonLink to="/create-team" size="sm">Create a Team</ButtonLink>
            </div>
          </div>
        ) : (
          <ul className="space-y-2">
            {teams.map((t) => (
              <li key={t.teamId}>
                <Link
                  to={`/teams/${t.teamId}`}
                  className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 transition hover:border-brand-300 hover:bg-slate-50"
                >
                  <TeamLogo team={t} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-slate-900">{t.teamName}</p>
                    <p className="truncate text-sm text-slate-500">{t.role}</p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row">
                    {t.isLeader && <Badge variant="primary">Team Leader</Badge>}
                    {t.isOpen && <Badge variant="success">Open to Join</Badge>}
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
