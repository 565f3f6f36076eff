/**
 * Matching on the web (docs/decisions/011-matching.md): 'Suggested people' on a team's page for its
 * leaders, and 'Teams that need you' for a signed-in participant. Each suggestion says why, in the
 * parts its score is made of.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Send, Sparkles, UserPlus } from 'lucide-react';
import type { SuggestedPerson, SuggestedTeam } from '../../../shared/api/matching';
import type { SkillBadge } from '../../../shared/api/profiles';
import type { TeamDetail } from '../../../shared/api/teams';
import { hoursApartText } from '../../../shared/matching';
import { Avatar, TeamLogo } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorMessage, Spinner } from '../../components/ui/feedback';
import { useAuth } from '../../lib/auth';
import { InviteDialog } from './invite-to-team';
import { JoinTeamDialog } from './join-team-dialog';
import { useSuggestedPeople, useSuggestedTeams } from './team-queries';

/** 'React - Advanced, TypeScript - Intermediate'. */
export const skillsText = (skills: SkillBadge[]) => skills.map((s) => `${s.name} - ${s.level}`).join(', ');

/** Why a person fits: the skills, availability and time zone, as their score counts them. */
export function personReasons(p: SuggestedPerson): string {
  return [skillsText(p.skills), p.availability, p.hoursApart === null ? null : hoursApartText(p.hoursApart)].filter(Boolean).join(' · ');
}

/** What 'Show more' needs of an infinite query. */
interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

function ShowMore({ list }: { list: MorePages }) {
  if (!list.hasNextPage) return null;
  return (
    <Button variant="outline" size="sm" className="mt-3 w-full" disabled={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
      {list.isFetchingNextPage && <Spinner />}
      Show more
    </Button>
  );
}

/** Leaders of an open team with room: the ten people who fit its open positions best. */
export function SuggestedPeopleCard({ team }: { team: TeamDetail }) {
  const hasNeeds = Object.keys(team.positionSkills).length > 0;
  const list = useSuggestedPeople(team.id, hasNeeds);
  const [inviting, setInviting] = useState<SuggestedPerson | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const people = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles aria-hidden className="h-4 w-4 text-link" />
          Suggested people
        </CardTitle>
      </CardHeader>
      <CardContent>
        {!hasNeeds ? (
          <p className="text-sm text-slate-500">Add the skills each open position needs, and the people who have them appear here.</p>
        ) : list.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-500">
            <Spinner /> Finding people...
          </p>
        ) : list.isError ? (
          <ErrorMessage>Failed to load suggestions</ErrorMessage>
        ) : people.length === 0 ? (
          <p className="text-sm text-slate-500">Nobody looking for a team has the skills your positions need yet.</p>
        ) : (
          <ul aria-label="Suggested people" className="divide-y divide-slate-100">
            {people.map((p) => (
              <li key={p.id} className="flex items-start gap-3 py-3 first:pt-0">
                <Avatar person={p} size={40} />
                <div className="min-w-0 flex-1">
                  <Link to={`/profiles/${p.id}`} className="font-medium text-slate-900 hover:underline">
                    {p.name}
                  </Link>
                  <p className="text-sm text-slate-700">Fits: {p.position}</p>
                  <p className="mt-0.5 text-xs text-slate-500">{personReasons(p)}</p>
                </div>
                <Button size="sm" variant="outline" aria-label={`Invite ${p.name}`} onClick={() => setInviting(p)}>
                  <Send aria-hidden className="h-3.5 w-3.5" /> Invite
                </Button>
              </li>
            ))}
          </ul>
        )}
        <ShowMore list={list} />
        {sent && (
          <p role="status" className="mt-3 text-sm text-success">
            Invitation sent to {sent}
          </p>
        )}
      </CardContent>
      {inviting && (
        <InviteDialog
          team={team}
          invitee={inviting}
          role={inviting.position}
          onClose={() => setInviting(null)}
          onSent={() => {
            setSent(inviting.name);
            setInviting(null);
          }}
        />
      )}
    </Card>
  );
}

/** A signed-in participant: open teams with room whose positions need their skills (in the teams list's event, if it has one). */
export function TeamsThatNeedYou({ event }: { event?: string }) {
  const { user } = useAuth();
  const list = useSuggestedTeams(Boolean(user), event);
  const [joining, setJoining] = useState<SuggestedTeam | null>(null);
  if (!user || list.isPending || list.isError) return null;
  const teams = list.data.pages.flatMap((p) => p.items);
  if (teams.length === 0) return null;
  return (
    <section aria-labelledby="teams-that-need-you" className="mb-8 rounded-xl border border-brand-100 bg-brand-50 p-4 sm:p-5">
      <h2 id="teams-that-need-you" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Sparkles aria-hidden className="h-4 w-4 text-link" /> Teams that need you
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {teams.map((s) => (
          <li key={s.team.id} className="flex items-start gap-3 rounded-lg border border-slate-200 bg-surface p-3">
            <TeamLogo name={s.team.name} logoUrl={s.team.logoUrl} size={40} />
            <div className="min-w-0 flex-1">
              <Link to={`/teams/${s.team.id}`} className="font-medium text-slate-900 hover:underline">
                {s.team.name}
              </Link>
              <p className="text-sm text-slate-700">
                Needs: <Badge variant="secondary">{s.position}</Badge>
              </p>
              <p className="mt-0.5 text-xs text-slate-500">Your skills: {skillsText(s.skills)}</p>
            </div>
            <Button size="sm" aria-label={`Join Team ${s.team.name}`} onClick={() => setJoining(s)}>
              <UserPlus aria-hidden className="h-3.5 w-3.5" /> Join Team
            </Button>
          </li>
        ))}
      </ul>
      <ShowMore list={list} />
      {joining && <JoinTeamDialog team={joining.team} position={joining.position} onClose={() => setJoining(null)} />}
    </section>
  );
}
