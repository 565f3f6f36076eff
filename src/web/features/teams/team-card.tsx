import { Link } from 'react-router';
import { CalendarDays, Users } from 'lucide-react';
import { isFull, isRecruiting } from '../../../shared/teams';
import type { TeamCard } from '../../../shared/api/teams';
import { TeamLogo } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { positionsAge } from '../../lib/format';

/** '3/4 members': how many, out of how many the team takes. */
export const memberCountLabel = (team: Pick<TeamCard, 'memberCount' | 'maxSize'>) =>
  `${team.memberCount}/${team.maxSize} ${team.maxSize === 1 ? 'member' : 'members'}`;

/** A team in a list: links to /teams/{id}. Used by /teams and the home page preview. */
export function TeamCardView({ team }: { team: TeamCard }) {
  return (
    <Link
      to={`/teams/${team.id}`}
      className="group block h-full rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <Card className="h-full p-5 transition-shadow group-hover:shadow-md">
        <div className="flex items-start gap-3">
          <TeamLogo name={team.name} logoUrl={team.logoUrl} />
          <div className="min-w-0 flex-1">
            {/* Names wrap (up to two lines) rather than being cut next to the badge. */}
            <h3 className="line-clamp-2 font-semibold text-slate-900 group-hover:text-link">{team.name}</h3>
            <p className="mt-0.5 flex items-center gap-1 text-sm text-slate-500">
              <CalendarDays aria-hidden className="h-3.5 w-3.5 shrink-0" />
              <span className="sr-only">Event: </span>
              <span className="truncate">{team.event.name}</span>
            </p>
            <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
              <p className="flex items-center gap-1 text-sm text-slate-500">
                <Users aria-hidden className="h-3.5 w-3.5" />
                {memberCountLabel(team)}
              </p>
              {isFull(team) ? <Badge variant="warning">Team is full</Badge> : team.isOpen && <Badge variant="success">Open to Join</Badge>}
            </div>
          </div>
        </div>
        {team.description && <p className="mt-3 line-clamp-2 text-sm text-slate-600">{team.description}</p>}
        {isRecruiting(team) && team.openPositions.length > 0 && (
          <>
            <PositionChips positions={team.openPositions} />
            <p className="mt-2 text-xs text-slate-500">{positionsAge(team.positionsSince)}</p>
          </>
        )}
      </Card>
    </Link>
  );
}

/** The positions a recruiting team is looking for: the first three, and how many more. */
function PositionChips({ positions }: { positions: string[] }) {
  const shown = positions.slice(0, 3);
  return (
    <div className="mt-3">
      <p className="sr-only">Open positions:</p>
      <ul className="flex flex-wrap gap-1.5">
        {shown.map((p) => (
          <li key={p}>
            <Badge variant="secondary">{p}</Badge>
          </li>
        ))}
        {positions.length > shown.length && (
          <li>
            <Badge variant="outline">+{positions.length - shown.length} more</Badge>
          </li>
        )}
      </ul>
    </div>
  );
}
