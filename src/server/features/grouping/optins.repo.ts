/**
 * Who asked to be grouped in an event ('Find me a team'), with their role and the people they do
 * not want to be grouped with; the pool a run draws from; the forbidden pairs among it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { GroupingRole } from '../../../shared/api/grouping';
import type { Availability, SkillLevel } from '../../../shared/constants';
import { done, inTransaction, refused, type Outcome } from '../../api/outcome';
import { queryRows, type Db } from '../../db/client';
import { uuidArray } from '../../db/arrays';
import { people } from '../../db/people';
import { groupingAvoids, groupingOptIns, groupingTeamOptIns, type Event } from '../../db/schema';
import { eventById, eventRegistrations, isFormationLocked } from '../events';
import { bannedAmong, blockedPairsAmong } from '../safety';
import { eventMemberships, eventTeams } from '../teams';
import { levelFromSkills, roleFromSkills, type PartialTeam, type Solo } from './people';

/** Opts a registrant without a team in (or changes their role and 'not with' list). */
export async function optIn(db: Db, event: Event, profileId: string, input: { role: GroupingRole; notWith: string[] }): Promise<Outcome> {
  if (isFormationLocked(event)) return refused('formation_locked', { event: event.name });
  return inTransaction(db, async (tx) => {
    const [state] = await queryRows<{ registered: boolean; in_team: boolean }>(
      tx,
      sql`select exists (select 1 from ${eventRegistrations(event.id)} r where r.profile_id = ${profileId}) as registered,
                 exists (select 1 from ${eventMemberships(event.id)} m where m.profile_id = ${profileId}) as in_team`,
    );
    if (!state.registered) return refused('not_registered', { event: event.name });
    if (state.in_team) return refused('grouping_in_team', { event: event.name });
    await tx
      .insert(groupingOptIns)
      .values({ eventId: event.id, profileId, role: input.role })
      .onConflictDoUpdate({ target: [groupingOptIns.eventId, groupingOptIns.profileId], set: { role: input.role } });
    await tx.delete(groupingAvoids).where(eq(groupingAvoids.profileId, profileId));
    const wanted = [...new Set(input.notWith.map((id) => id.toLowerCase()))].filter((id) => id !== profileId);
    if (wanted.length) {
      // Only people who exist; unknown ids are ignored rather than refused (they may have left).
      const known = await tx.select({ id: people.id }).from(people.table).where(inArray(people.id, wanted));
      if (known.length) await tx.insert(groupingAvoids).values(known.map((k) => ({ profileId, avoidProfileId: k.id })));
    }
    return done();
  });
}

export async function optOut(db: Db, eventId: string, profileId: string): Promise<void> {
  await db.delete(groupingOptIns).where(and(eq(groupingOptIns.eventId, eventId), eq(groupingOptIns.profileId, profileId)));
}

/** The person's opt-in: role and 'not with' people, or null. */
export async function optInOf(db: Db, eventId: string, profileId: string) {
  const [row] = await db
    .select({ role: groupingOptIns.role })
    .from(groupingOptIns)
    .where(and(eq(groupingOptIns.eventId, eventId), eq(groupingOptIns.profileId, profileId)));
  if (!row) return null;
  const notWith = await db
    .select(people.ref)
    .from(groupingAvoids)
    .innerJoin(people.table, eq(people.id, groupingAvoids.avoidProfileId))
    .where(eq(groupingAvoids.profileId, profileId))
    .orderBy(people.name);
  return { role: row.role, notWith };
}

/**
 * A leader asks for members through grouping (wanted 0: no longer). Refused once the event's teams
 * are locked (its formation deadline passed): no run could fill the team then.
 */
export async function setTeamOptIn(db: Db, team: { id: string; eventId: string }, wanted: number): Promise<Outcome> {
  const event = await eventById(db, team.eventId);
  if (event && isFormationLocked(event)) return refused('formation_locked', { event: event.name });
  if (wanted <= 0) await db.delete(groupingTeamOptIns).where(eq(groupingTeamOptIns.teamId, team.id));
  else
    await db
      .insert(groupingTeamOptIns)
      .values({ teamId: team.id, wanted })
      .onConflictDoUpdate({ target: groupingTeamOptIns.teamId, set: { wanted } });
  return done();
}

/** A member joined the team through grouping: it asks for one fewer (and stops at none). */
export async function oneTeamPlaceFilled(db: Db, teamId: string): Promise<void> {
  await db
    .update(groupingTeamOptIns)
    .set({ wanted: sql`${groupingTeamOptIns.wanted} - 1` })
    .where(eq(groupingTeamOptIns.teamId, teamId));
  await db.delete(groupingTeamOptIns).where(and(eq(groupingTeamOptIns.teamId, teamId), sql`${groupingTeamOptIns.wanted} <= 0`));
}

/** How many more members the team asked grouping for (0: it did not, or no longer). */
export async function teamOptInOf(db: Db, teamId: string): Promise<number> {
  const [row] = await db
    .select({ wanted: groupingTeamOptIns.wanted })
    .from(groupingTeamOptIns)
    .where(eq(groupingTeamOptIns.teamId, teamId));
  return row?.wanted ?? 0;
}

interface PoolRow {
  id: string;
  role: GroupingRole | null;
  timezone: string | null;
  availability: Availability;
  skills: { name: string; level: SkillLevel }[];
  team_id: string | null;
  wanted: number | null;
}

/**
 * The pool of a run: opted-in registrants in no team of the event and not waiting on (or accepted
 * into) a sent proposal that is still open; and the partial teams that asked for members, open and
 * with room. A partial team's member counts with the role they opted in with, else the one their skills say.
 */
export async function poolOf(db: Db, event: Event): Promise<{ solos: Solo[]; partialTeams: PartialTeam[] }> {
  const rows = await queryRows<PoolRow>(
    db,
    sql`
    select o.profile_id as id, o.role, ${people.timezone} as timezone, ${people.table}.availability, ${people.skills} as skills,
           null::uuid as team_id, null::int as wanted
      from grouping_opt_ins o join ${people.table} on ${people.id} = o.profile_id
     where o.event_id = ${event.id}
       and exists (select 1 from ${eventRegistrations(event.id)} r where r.profile_id = o.profile_id)
       and not exists (select 1 from ${eventMemberships(event.id)} m where m.profile_id = o.profile_id)
       and not exists (
         select 1 from grouping_members gm join grouping_groups g on g.id = gm.group_id join grouping_runs ru on ru.id = g.run_id
          where ru.event_id = ${event.id} and ru.status = 'sent' and gm.profile_id = o.profile_id
            and gm.answer in ('pending', 'accepted') and g.expires_at > now())
    union all
    select m.profile_id, own.role, ${people.timezone}, ${people.table}.availability, ${people.skills},
           t.id, least(gt.wanted, t.max_size - t.member_count)
      from grouping_team_opt_ins gt join ${eventTeams(event.id)} t on t.id = gt.team_id
      join ${eventMemberships(event.id)} m on m.team_id = t.id
      join ${people.table} on ${people.id} = m.profile_id
      left join grouping_opt_ins own on own.event_id = ${event.id} and own.profile_id = m.profile_id
     where t.is_open and t.member_count < t.max_size
     order by 1`,
  );
  const solos: Solo[] = [];
  const teams = new Map<string, PartialTeam>();
  rows.forEach((r, order) => {
    const person: Solo = {
      id: r.id,
      role: r.role ?? roleFromSkills(r.skills),
      timezone: r.timezone,
      availability: r.availability,
      level: levelFromSkills(r.skills),
      order,
    };
    if (!r.team_id) return void solos.push(person);
    const team = teams.get(r.team_id) ?? { id: r.team_id, members: [], wanted: r.wanted ?? 0 };
    team.members.push(person);
    teams.set(r.team_id, team);
  });
  // Nobody banned from the event is grouped there (docs/product.md#moderation).
  const banned = await bannedAmong(
    db,
    solos.map((p) => p.id),
    event.id,
  );
  return { solos: banned.size ? solos.filter((p) => !banned.has(p.id)) : solos, partialTeams: [...teams.values()] };
}

/**
 * Pairs never to be grouped together among `profileIds`: one asked not to be grouped with the other.
 * The only place forbidden pairs are loaded.
 */
export async function forbiddenPairs(db: Db, profileIds: string[]): Promise<Array<[string, string]>> {
  if (profileIds.length === 0) return [];
  const ids = uuidArray(profileIds);
  const avoids = await queryRows<{ a: string; b: string }>(
    db,
    sql`select profile_id as a, avoid_profile_id as b from grouping_avoids
         where profile_id = any(${ids}) and avoid_profile_id = any(${ids})`,
  );
  // And whoever blocked the other (docs/product.md#safety): neither side is told, both are kept apart.
  return [...avoids.map((r): [string, string] => [r.a, r.b]), ...(await blockedPairsAmong(db, profileIds))];
}

/** How many are in the pool now (for the organizer's desk). */
export async function poolSize(db: Db, event: Event): Promise<number> {
  return (await poolOf(db, event)).solos.length;
}
