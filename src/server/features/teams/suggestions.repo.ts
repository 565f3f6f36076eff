/**
 * What matching reads of teams (docs/decisions/011-matching.md): the postings its index keeps, and
 * per request who a team's or a person's suggestions leave out. Teams own these tables, so the
 * reads live here and the matching feature calls them.
 */
import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import type { SkillBadge } from '../../../shared/api/profiles';
import { isRecruiting } from '../../../shared/api/teams';
import { formationLocked } from '../../../shared/events';
import { skillsOfPosition, timezoneHours } from '../../../shared/matching';
import { HIDDEN_TEXT } from '../../../shared/safety';
import type { Db } from '../../db/client';
import { uuidArray } from '../../db/arrays';
import { prepared } from '../../db/prepared';
import { joinRequests, teamInvitations, teamMembers, teams } from '../../db/schema';
import { people } from '../../db/people';
import { blockedWithOf } from '../safety';
import { formationDeadlineOf, joinableEventIdsOf } from '../events';
import { cardColumns, toCard } from './teams.repo';

/**
 * A team with the viewer's membership, as getTeamAndMembership, and who its suggestions leave out
 * (members, invited, asked: pending ones, and anyone on the other side of a block with a member)
 * with the members' time zones as hours, and whether its event's teams are locked: one statement,
 * prepared, for a suggestions request.
 */
export async function teamForSuggestions(db: Db, teamId: string, profileId: string) {
  const [row] = await prepared(db, 'team_for_suggestions', (db, name) => {
    // The placeholder, not teams.id: Drizzle leaves a column unqualified in a statement without a join.
    const team = sql.placeholder('teamId');
    return db
      .select({
        team: teams,
        isLeader: teamMembers.isLeader,
        // [profile id, time zone or null, member?] for each.
        candidates: sql<[string, string | null, boolean][]>`coalesce((select json_agg(json_build_array(c.id, c.timezone, c.member)) from (
          select m.profile_id as id, p.timezone, true as member from ${teamMembers} m join ${people.table} p on p.id = m.profile_id where m.team_id = ${team}
          union all
          select profile_id, null, false from ${teamInvitations} where team_id = ${team} and status = 'pending'
          union all
          select profile_id, null, false from ${joinRequests} where team_id = ${team} and status = 'pending') c), '[]'::json)`,
        // Nobody on the other side of a block with a member is suggested (docs/product.md#safety).
        blocked: sql<string[]>`coalesce((select json_agg(b.id) from ${teamMembers} m
          cross join lateral ${blockedWithOf(sql`m.profile_id`)} as b(id) where m.team_id = ${team}), '[]'::json)`,
        formationDeadline: formationDeadlineOf(teams.eventId),
      })
      .from(teams)
      .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.profileId, sql.placeholder('profileId'))))
      .where(eq(teams.id, team))
      .prepare(name);
  }).execute({ teamId, profileId });
  if (!row) return null;
  const { candidates, blocked, formationDeadline } = row;
  return {
    team: row.team,
    membership: row.isLeader === null ? null : { isLeader: row.isLeader },
    /** Its event's formation deadline has passed: the team takes nobody. */
    formationLocked: formationLocked({ formationDeadline }, Date.now()),
    exclude: new Set([...candidates.map(([id]) => id), ...blocked]),
    memberHours: candidates
      .filter(([, , member]) => member)
      .map(([, timezone]) => timezoneHours(timezone))
      .filter((h): h is number => h !== null),
  };
}

/**
 * How many teams of each event the person is in, as a JSON object (event id to count): counted
 * apart from the events it is compared with (inside a subquery of teams, a one-table statement's
 * unqualified 'id' would be the team's).
 */
const teamsPerEventOf = (profileId: Placeholder) =>
  sql`(select jsonb_object_agg(c.event_id, c.n) from (select t.event_id, count(*) as n from ${teamMembers} m
    join ${teams} t on t.id = m.team_id where m.profile_id = ${profileId} group by t.event_id) c)`;

/**
 * A person's skills, and the teams never suggested to them (those they are in or have asked to
 * join, pending, and the teams with a member on the other side of a block with them, as a team's
 * suggested people skip them), and the events whose teams they could join now: one statement,
 * prepared, for a suggestions request. Null: no such profile.
 */
export async function personForSuggestions(
  db: Db,
  profileId: string,
): Promise<{ skills: SkillBadge[]; exclude: Set<string>; eventIds: string[] } | null> {
  const [row] = await prepared(db, 'person_for_suggestions', (db, name) => {
    const profile = sql.placeholder('profileId');
    return db
      .select({
        skills: people.skills,
        teams: sql<string[]>`coalesce((select json_agg(x.id) from (
          select team_id as id from ${teamMembers} where profile_id = ${profile}
          union
          select team_id from ${joinRequests} where profile_id = ${profile} and status = 'pending'
          union
          select team_id from ${teamMembers} where profile_id in ${blockedWithOf(profile)}) x), '[]'::json)`,
        eventIds: joinableEventIdsOf(profile, teamsPerEventOf(profile)),
      })
      .from(people.table)
      .where(eq(people.id, profile))
      .prepare(name);
  }).execute({ profileId });
  return row ? { skills: row.skills, exclude: new Set(row.teams), eventIds: row.eventIds } : null;
}

/**
 * What the matching index keeps of teams: the recruiting ones whose open positions need skills, or
 * the given teams whatever their state (an id not returned is a deleted team). Positions in the
 * order the team lists them. A description a moderator hid is hidden here (its flag's trigger moves
 * the row's change time, so the index reads the team again).
 */
export async function matchingTeams(db: Db, ids?: string[]) {
  const rows = await db
    .select({ ...cardColumns, eventId: teams.eventId, positionSkills: teams.positionSkills })
    .from(teams)
    .where(
      ids
        ? sql`${teams.id} = any(${uuidArray(ids)})`
        : and(eq(teams.isOpen, true), sql`${teams.memberCount} < ${teams.maxSize}`, sql`${teams.positionSkills} <> '{}'::jsonb`),
    );
  return rows.map((t) => ({
    id: t.id,
    eventId: t.eventId,
    createdAt: new Date(t.createdAt),
    recruiting: isRecruiting(t),
    positions: t.openPositions
      .map((title) => ({ title, skills: skillsOfPosition(t.positionSkills, title) }))
      .filter((p) => p.skills.length),
    // No one it is suggested to is in the team: a description a moderator hid reads as hidden.
    card: t.descriptionHidden ? { ...toCard(t, t.event), description: HIDDEN_TEXT } : toCard(t, t.event),
  }));
}
