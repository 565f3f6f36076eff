/**
 * The matching cases (issue 12): suggestions for a team and teams for a person, on the generated
 * data. A bench account with popular skills leads a sample of open teams whose positions need
 * skills; the load signs in as it.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { events, profileSkills, registrations, teamMembers, teams } from '../src/server/db/schema';
import { matchingTeams, personForSuggestions, teamForSuggestions } from '../src/server/features/teams/suggestions.repo';
import { matchingPeople } from '../src/server/features/profiles/profiles.repo';
import { queryRows, type Db } from '../src/server/db/client';
import { insertBenchAccount, signInForBench } from './sign-up';
import { explainStatements, type ExplainedQuery, type ExplainTarget } from './explain';
import type { LoadCase } from './load';

export const MATCHER = { email: 'matcher@bench.example', password: 'bench-password' };
/**
 * The person 'Teams that need a person' asks for: the matcher's skills, taking part in the same
 * events, in no team. The matcher leads a team in every event, so the teams-per-person limit
 * (1 in the bench's events) leaves it no team it could join, and its own answer is empty.
 */
export const SEEKER = { email: 'seeker@bench.example', password: 'bench-password' };

/** Signs the bench account in on a running server; its session cookie. */
export function signInMatcher(baseUrl: string, account: { email: string; password: string } = MATCHER): Promise<string> {
  return signInForBench(baseUrl, account);
}

/** Matching (issue 12), signed in as the bench account: the same targets as a detail page; suggestions rank within the team's event. */
export function matchingCases(teamIds: string[], smallTeamIds: string[], cookie: string, seekerCookie = cookie): LoadCase[] {
  return [
    {
      name: 'suggested people for a team',
      kind: 'matching',
      paths: teamIds.map((id) => `/api/teams/${id}/suggestions`),
      headers: { cookie },
    },
    ...(smallTeamIds.length
      ? [
          {
            name: 'suggested people for a team, small events',
            kind: 'matching' as const,
            paths: smallTeamIds.map((id) => `/api/teams/${id}/suggestions`),
            headers: { cookie },
          },
        ]
      : []),
    { name: 'teams that need a person', kind: 'matching', paths: ['/api/me/suggested-teams'], headers: { cookie: seekerCookie } },
  ];
}

/**
 * Makes the bench account (once per data set), registered in the large event where it leads
 * `teamCount` teams, and in each small event whose teams are still forming, where it leads one
 * (returns their ids), and the seeker (SEEKER), taking part in the same events in no team.
 */
export async function prepareMatching(
  db: Db,
  eventIds: { large: string; small: string[] },
  teamCount = 50,
): Promise<{ profileId: string; teamIds: string[]; smallTeamIds: string[] }> {
  const profileId = await insertBenchAccount(db, {
    firstName: 'Bench',
    lastName: 'Matcher',
    ...MATCHER,
    timezone: 'UTC+1',
    lookingForTeam: true,
  });
  // The most common skills: the heaviest 'teams that need you'.
  const popular = await queryRows<{ id: string }>(
    db,
    sql`select skill_id as id from profile_skills group by skill_id order by count(*) desc limit 4`,
  );
  const skillsOf = (id: string) =>
    popular.map((s, i) => ({ profileId: id, skillId: s.id, level: (['Advanced', 'Intermediate', 'Beginner', 'Advanced'] as const)[i] }));
  await db.insert(profileSkills).values(skillsOf(profileId));
  const recruiting = and(
    eq(teams.isOpen, true),
    gt(sql`${teams.maxSize} - ${teams.memberCount}`, 1),
    sql`${teams.positionSkills} <> '{}'::jsonb`,
  );
  const led = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.eventId, eventIds.large), recruiting))
    .limit(teamCount);
  // One team in each small event still forming teams (its formation deadline ahead).
  const smallLed = await db
    .selectDistinctOn([teams.eventId], { id: teams.id, eventId: teams.eventId })
    .from(teams)
    .innerJoin(events, eq(events.id, teams.eventId))
    .where(and(inArray(teams.eventId, eventIds.small), sql`${events.formationDeadline} > now()`, recruiting))
    .orderBy(teams.eventId, teams.id);
  const taking = [eventIds.large, ...smallLed.map((t) => t.eventId)];
  await db.insert(registrations).values(taking.map((eventId) => ({ eventId, profileId })));
  await db.insert(teamMembers).values([...led, ...smallLed].map((t) => ({ teamId: t.id, profileId, role: 'Team Leader', isLeader: true })));
  // The seeker: the same skills and events, no team.
  const seekerId = await insertBenchAccount(db, {
    firstName: 'Bench',
    lastName: 'Seeker',
    ...SEEKER,
    timezone: 'UTC+1',
    lookingForTeam: true,
  });
  await db.insert(profileSkills).values(skillsOf(seekerId));
  await db.insert(registrations).values(taking.map((eventId) => ({ eventId, profileId: seekerId })));
  return { profileId, teamIds: led.map((t) => t.id), smallTeamIds: smallLed.map((t) => t.id) };
}

/** The plans of the statements both suggestion routes send besides ranking (which runs in memory), for one of the bench account's teams. */
export async function explainMatching(target: ExplainTarget, profileId: string, teamId: string): Promise<ExplainedQuery[]> {
  return explainStatements(target, async (db) => {
    await teamForSuggestions(db, teamId, profileId);
    await personForSuggestions(db, profileId);
    await matchingPeople(db, [profileId]);
    await matchingTeams(db, [teamId]);
  });
}
