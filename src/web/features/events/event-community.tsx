/**
 * An event's teams and the people looking for a team in it (docs/product.md#events): the newest few
 * of each, with the way to the whole filtered lists and to creating a team there.
 */
import { Link } from 'react-router';
import { Plus, Users } from 'lucide-react';
import type { EventDetail } from '../../../shared/api/events';
import { Avatar, TeamLogo } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorMessage, Spinner } from '../../components/ui/feedback';
import { useEventPeople, useEventTeams } from './event-queries';

const SHOWN = 5;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function EventTeamsCard({ event }: { event: EventDetail }) {
  const teams = useEventTeams({ event: event.slug, pageSize: SHOWN });
  const slug = encodeURIComponent(event.slug);
  // Creating a team needs to take part, which the form does on the spot while registration is open.
  const canCreate = !event.formationLocked && (event.viewer.registration !== null || event.registrationOpen);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-baseline justify-between gap-2 space-y-0">
        <CardTitle>Teams</CardTitle>
        <span className="text-sm text-slate-500">{count(event.teamCount, 'team', 'teams')}</span>
      </CardHeader>
      <CardContent className="space-y-4">
        {teams.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-500">
            <Spinner /> Loading teams...
          </p>
        ) : teams.isError ? (
          <ErrorMessage>Failed to load teams</ErrorMessage>
        ) : event.hidden ? (
          <p className="text-sm text-slate-500">Hidden by a platform admin: its teams are listed to no one.</p>
        ) : teams.data.items.length === 0 ? (
          <p className="text-sm text-slate-500">{canCreate ? 'No teams yet. Be the first to start one.' : 'No teams yet.'}</p>
        ) : (
          <ul aria-label={`Teams in ${event.name}`} className="divide-y divide-slate-100">
            {teams.data.items.map((t) => (
              <li key={t.id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
                <TeamLogo name={t.name} logoUrl={t.logoUrl} size={36} />
                <div className="min-w-0 flex-1">
                  <Link to={`/teams/${t.id}`} className="block truncate font-medium text-slate-900 hover:text-link hover:underline">
                    {t.name}
                  </Link>
                  <p className="text-xs text-slate-500">
                    {t.memberCount} / {t.maxSize} members
                  </p>
                </div>
                {t.isOpen && t.memberCount < t.maxSize && (
                  <Badge variant="success" className="shrink-0">
                    Open to Join
                  </Badge>
                )}
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={`/teams?event=${slug}`} variant="outline" size="sm" aria-label={`See all teams in ${event.name}`}>
            See all teams
          </ButtonLink>
          {canCreate && (
            <ButtonLink to={`/create-team?event=${slug}`} size="sm" aria-label={`Create a Team in ${event.name}`}>
              <Plus aria-hidden className="h-3.5 w-3.5" />
              Create a Team
            </ButtonLink>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

export function EventPeopleCard({ event }: { event: EventDetail }) {
  const people = useEventPeople({ event: event.slug, looking: true, pageSize: SHOWN });
  const slug = encodeURIComponent(event.slug);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-baseline justify-between gap-2 space-y-0">
        <CardTitle>People</CardTitle>
        <span className="text-sm text-slate-500">{count(event.registrantCount, 'person takes part', 'people take part')}</span>
      </CardHeader>
      <CardContent className="space-y-4">
        <h3 className="text-sm font-medium text-slate-700">Looking for a team</h3>
        {people.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-500">
            <Spinner /> Loading people...
          </p>
        ) : people.isError ? (
          <ErrorMessage>Failed to load profiles</ErrorMessage>
        ) : event.hidden ? (
          <p className="text-sm text-slate-500">Hidden by a platform admin: its people are listed to no one.</p>
        ) : people.data.items.length === 0 ? (
          <p className="text-sm text-slate-500">Nobody is looking for a team here right now.</p>
        ) : (
          <ul aria-label={`Looking for a team in ${event.name}`} className="divide-y divide-slate-100">
            {people.data.items.map((p) => (
              <li key={p.id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
                <Avatar person={p} size={36} />
                <div className="min-w-0 flex-1">
                  <Link to={`/profiles/${p.id}`} className="block truncate font-medium text-slate-900 hover:text-link hover:underline">
                    {p.name}
                  </Link>
                  {p.skills.length > 0 && (
                    <p className="truncate text-xs text-slate-500">
                      {p.skills
                        .slice(0, 3)
                        .map((s) => s.name)
                        .join(', ')}
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        <ButtonLink to={`/profiles?event=${slug}`} variant="outline" size="sm" aria-label={`See everyone in ${event.name}`}>
          <Users aria-hidden className="h-3.5 w-3.5" />
          See everyone
        </ButtonLink>
      </CardContent>
    </Card>
  );
}
