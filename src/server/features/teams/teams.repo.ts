/**
 * Data access for teams and their members. Functions return null (or a small outcome value) and
 * let the route pick the status; ownership sits in the where clause so a foreign id looks exactly
 * like an unknown one. Every change to who is in a team, or who leads it, locks the team's row
 * first (lockTeam), so concurrent changes to one team run one after the other.
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Membership, SkillBadge } from '../../../shared/api/profiles';
import { isRecruiting, type LedTeam, type TeamCard, type TeamDetail, type TeamList, type TeamMember } from '../../../shared/api/teams';
import { LEADER_ROLE } from '../../../shared/constants';
import { positionSkillColumns, timezoneHours } from '../../../shared/matching';
import type { CreateTeamSchema, TeamListQuery, UpdateTeamSchema } from '../../../shared/schemas';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { joinRequests, teamInvitations, teamMembers, teams, type Team } from '../../db/schema';
import { escapeLike, newestFirstPage, type CountCache } from '../../api/paging';
import { notify } from '../notifications';
import { people } from '../profiles';

export const iso = (d: Date) => d.toISOString();

/** Whether a team has room for one more member. */
export const hasRoom = (team: Pick<Team, 'memberCount' | 'maxSize'>) => team.memberCount < team.maxSize;

/** What a team card shows: the columns lists read. */
const cardColumns = {
  id: teams.id,
  name: teams.name,
  description: teams.description,
  logoUrl: teams.logoUrl,
  isOpen: teams.isOpen,
  openPositions: teams.openPositions,
  memberCount: teams.memberCount,
  maxSize: teams.maxSize,
  createdAt: teams.createdAt,
};
type CardRow = Pick<Team, keyof typeof cardColumns>;

function toCard(team: CardRow): TeamCard {
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    logoUrl: team.logoUrl,
    isOpen: team.isOpen,
    openPositions: team.openPositions,
    memberCount: team.memberCount,
    maxSize: team.maxSize,
    createdAt: iso(team.createdAt),
  };
}

/** The team's row, locked until the transaction ends; null if there is no such team. */
export async function lockTeam(tx: Db, teamId: string): Promise<Team | null> {
  // NO KEY UPDATE: inserts that only reference the team (a join request) are not held up.
  const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('no key update');
  return team ?? null;
}

/** The profile ids of a team's leaders. */
export async function leaderIds(db: Db, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ id: teamMembers.profileId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.isLeader, true)));
  return rows.map((r) => r.id);
}

/** A person's name, as notifications quote who did something. */
export async function personName(db: Db, profileId: string): Promise<{ id: string; name: string }> {
  const [row] = await db.select({ id: people.id, name: people.name }).from(people.table).where(eq(people.id, profileId));
  return row ?? { id: profileId, name: 'Someone' };
}

// ---------- teams ----------

export async function listTeams(db: Db, query: TeamListQuery, countCache?: CountCache): Promise<TeamList> {
  const conditions = [];
  // search_text is lower(name || ' ' || description), indexed with trigrams for LIKE.
  if (query.q) conditions.push(sql`${teams.searchText} like ${`%${escapeLike(query.q.toLowerCase())}%`}`);
  // Open to new members: recruiting, and not full.
  if (query.open) conditions.push(eq(teams.isOpen, true), sql`${teams.memberCount} < ${teams.maxSize}`);
  const where = conditions.length ? and(...conditions) : undefined;

  const { rows, total } = await newestFirstPage<CardRow>(db, {
    table: teams,
    columns: cardColumns,
    where,
    page: query.page,
    pageSize: query.pageSize,
    countKey: `teams:${JSON.stringify([query.q?.toLowerCase() ?? '', query.open])}`,
    counts: countCache,
  });
  return { items: rows.map(toCard), total, page: query.page, pageSize: query.pageSize };
}

/** A team's page: the team, its members (leaders first, then by date joined) and what the viewer may do, in one statement. */
export async function getTeamDetail(db: Db, teamId: string, viewerProfileId: string | null): Promise<TeamDetail | null> {
  const teamIdParam = sql.placeholder('teamId');
  const statement = (viewer: boolean) => (db: Db, name: string) =>
    db
      .select({
        team: teams,
        members: sql<TeamMember[]>`coalesce((
        select json_agg(json_build_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name, 'name', p.name,
          'avatarUrl', p.avatar_url, 'role', m.role, 'isLeader', m.is_leader) order by m.is_leader desc, m.joined_at, p.name)
        from ${teamMembers} m join ${people.table} p on p.id = m.profile_id where m.team_id = ${teamIdParam}), '[]')`,
        pendingRequestId: viewer
          ? sql<string | null>`(select jr.id from ${joinRequests} jr
            where jr.team_id = ${teamIdParam} and jr.profile_id = ${sql.placeholder('viewer')} and jr.status = 'pending' limit 1)`
          : sql<null>`null`,
      })
      .from(teams)
      .where(eq(teams.id, teamIdParam))
      .prepare(name);
  const [row] = viewerProfileId
    ? await prepared(db, 'team_detail_for_viewer', statement(true)).execute({ teamId, viewer: viewerProfileId })
    : await prepared(db, 'team_detail', statement(false)).execute({ teamId });
  if (!row) return null;
  const { team, members } = row;
  const me = viewerProfileId ? members.find((m) => m.id === viewerProfileId) : undefined;
  const pendingRequestId = me ? null : row.pendingRequestId;
  return {
    ...toCard(team),
    positionSkills: team.positionSkills,
    updatedAt: iso(team.updatedAt),
    members,
    viewer: { isMember: Boolean(me), isLeader: Boolean(me?.isLeader), hasPendingRequest: pendingRequestId !== null, pendingRequestId },
  };
}

/** The team, and the viewer's membership in it (null when not a member). */
export async function getTeamAndMembership(db: Db, teamId: string, profileId: string) {
  const [row] = await prepared(db, 'team_and_membership', (db, name) =>
    db
      .select({ team: teams, isLeader: teamMembers.isLeader })
      .from(teams)
      .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.profileId, sql.placeholder('profileId'))))
      .where(eq(teams.id, sql.placeholder('teamId')))
      .prepare(name),
  ).execute({ teamId, profileId });
  if (!row) return null;
  return { team: row.team, membership: row.isLeader === null ? null : { isLeader: row.isLeader } };
}

/** The team and the creator's leader membership, both or neither. */
export async function createTeam(db: Db, creatorProfileId: string, input: z.infer<typeof CreateTeamSchema>): Promise<string> {
  return db.transaction(async (tx) => {
    const [team] = await tx
      .insert(teams)
      .values({
        name: input.name,
        description: input.description,
        logoUrl: input.logoUrl,
        isOpen: input.isOpen,
        openPositions: input.openPositions,
        maxSize: input.maxSize,
        ...positionSkillColumns(input.openPositions, input.positionSkills ?? {}),
      })
      .returning({ id: teams.id });
    await tx.insert(teamMembers).values({ teamId: team.id, profileId: creatorProfileId, role: LEADER_ROLE, isLeader: true });
    return team.id;
  });
}

/** Saves the edit; 'too-small' (with the member count) when the new size is below the members it has. */
export async function updateTeam(
  db: Db,
  teamId: string,
  input: z.infer<typeof UpdateTeamSchema>,
): Promise<{ ok: true } | { ok: false; memberCount: number }> {
  const rows = await db
    .update(teams)
    .set({ name: input.name, description: input.description, isOpen: input.isOpen, maxSize: input.maxSize, updatedAt: new Date() })
    // Checked in the same statement as the write, so a member joining meanwhile cannot slip past it.
    .where(and(eq(teams.id, teamId), ...(input.maxSize === undefined ? [] : [sql`${teams.memberCount} <= ${input.maxSize}`])))
    .returning({ id: teams.id });
  if (rows.length) return { ok: true };
  const [team] = await db.select({ memberCount: teams.memberCount }).from(teams).where(eq(teams.id, teamId));
  return { ok: false, memberCount: team?.memberCount ?? 0 };
}

/** Replaces the open positions; without `skills`, each position that stays keeps what it needs. */
export async function setOpenPositions(db: Db, teamId: string, openPositions: string[], skills?: Record<string, string[]>) {
  return db.transaction(async (tx) => {
    const current = skills ?? (await lockTeam(tx, teamId))?.positionSkills ?? {};
    const columns = positionSkillColumns(openPositions, current);
    await tx
      .update(teams)
      .set({ openPositions, ...columns, updatedAt: new Date() })
      .where(eq(teams.id, teamId));
    return columns.positionSkills;
  });
}

/**
 * Deletes the team. Members and invitations go with it; pending join requests are cancelled
 * (their senders see 'Cancelled'), and members and requesters are told, all in one transaction.
 */
export async function deleteTeam(db: Db, teamId: string, byProfileId: string) {
  await db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    if (!team) return;
    const by = await personName(tx, byProfileId);
    const members = await tx
      .select({ id: teamMembers.profileId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), ne(teamMembers.profileId, byProfileId)));
    const cancelled = await tx
      .update(joinRequests)
      .set({ status: 'cancelled', respondedAt: new Date() })
      .where(and(eq(joinRequests.teamId, teamId), eq(joinRequests.status, 'pending')))
      .returning({ id: joinRequests.id, profileId: joinRequests.profileId });
    await tx.delete(teams).where(eq(teams.id, teamId));
    const data = { teamId: null, teamName: team.name, by };
    await notify(tx, [
      ...members.map((m) => ({ profileId: m.id, kind: 'team_deleted' as const, data })),
      ...cancelled.map((r) => ({
        profileId: r.profileId,
        kind: 'request_withdrawn' as const,
        data: { ...data, requestId: r.id, reason: 'team_deleted' },
      })),
    ]);
  });
}

export type MemberChange = 'done' | 'not-member' | 'leader' | 'last-leader' | 'not-leader';

/** The team, locked, and `profileId`'s membership in it; null when either is missing. */
async function lockedMembership(tx: Db, teamId: string, profileId: string) {
  const team = await lockTeam(tx, teamId);
  if (!team) return null;
  const [member] = await tx
    .select({ isLeader: teamMembers.isLeader })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.profileId, profileId)));
  return member ? { team, member } : null;
}

/** Removes a member who is not a leader (a leader is made a member first); the person is told. */
export async function removeMember(db: Db, teamId: string, profileId: string, byProfileId: string): Promise<MemberChange> {
  return db.transaction(async (tx) => {
    const found = await lockedMembership(tx, teamId, profileId);
    if (!found) return 'not-member';
    const { team, member } = found;
    if (member.isLeader) return 'leader';
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.profileId, profileId)));
    await notify(tx, [{ profileId, kind: 'removed', data: { teamId, teamName: team.name, by: await personName(tx, byProfileId) } }]);
    return 'done';
  });
}

/** Whether anyone but `profileId` leads the team (read under the team's lock). */
async function otherLeaderExists(tx: Db, teamId: string, profileId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: teamMembers.profileId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.isLeader, true), ne(teamMembers.profileId, profileId)))
    .limit(1);
  return Boolean(row);
}

/**
 * A member leaves. A leader may leave only while another leader remains ('last-leader'); the
 * team's leaders are told.
 */
export async function leaveTeam(db: Db, teamId: string, profileId: string): Promise<MemberChange> {
  return db.transaction(async (tx) => {
    const found = await lockedMembership(tx, teamId, profileId);
    if (!found) return 'not-member';
    const { team, member } = found;
    if (member.isLeader && !(await otherLeaderExists(tx, teamId, profileId))) return 'last-leader';
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.profileId, profileId)));
    const by = await personName(tx, profileId);
    await notify(
      tx,
      (await leaderIds(tx, teamId)).map((id) => ({
        profileId: id,
        kind: 'member_left' as const,
        data: { teamId, teamName: team.name, by },
      })),
    );
    return 'done';
  });
}

/**
 * Makes a member a leader, or a leader a member again. `byProfileId` must still lead the team
 * when the team is locked, and a team always keeps one leader: of two leaders demoting each
 * other at once, the second finds itself the last one ('last-leader').
 */
export async function setLeader(db: Db, teamId: string, profileId: string, isLeader: boolean, byProfileId: string): Promise<MemberChange> {
  return db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    if (!team) return 'not-member';
    const [actor] = await tx
      .select({ isLeader: teamMembers.isLeader })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.profileId, byProfileId)));
    if (!actor?.isLeader) return 'not-leader';
    const [member] = await tx
      .select({ isLeader: teamMembers.isLeader })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.profileId, profileId)));
    if (!member) return 'not-member';
    if (member.isLeader === isLeader) return 'done';
    if (!isLeader && !(await otherLeaderExists(tx, teamId, profileId))) return 'last-leader';
    await tx
      .update(teamMembers)
      .set({ isLeader })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.profileId, profileId)));
    if (isLeader && profileId !== byProfileId) {
      await notify(tx, [{ profileId, kind: 'made_leader', data: { teamId, teamName: team.name, by: await personName(tx, byProfileId) } }]);
    }
    return 'done';
  });
}

/** The teams a person belongs to, with their role: leaders' teams first, then by date joined. */
export async function membershipsOf(db: Db, profileId: string): Promise<Membership[]> {
  return db
    .select({
      teamId: teams.id,
      teamName: teams.name,
      description: teams.description,
      logoUrl: teams.logoUrl,
      isOpen: teams.isOpen,
      role: teamMembers.role,
      isLeader: teamMembers.isLeader,
      soleLeader: sql<boolean>`${teamMembers.isLeader} and not exists (select 1 from ${teamMembers} o
        where o.team_id = ${teamMembers.teamId} and o.is_leader and o.profile_id <> ${teamMembers.profileId})`,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.profileId, profileId))
    .orderBy(desc(teamMembers.isLeader), asc(teamMembers.joinedAt));
}

/** The teams a person leads; with a candidate, whether that person is in each or invited to it. */
export async function ledTeams(db: Db, profileId: string, candidateProfileId?: string): Promise<LedTeam[]> {
  const candidate = candidateProfileId ?? null;
  const rows = await db
    .select({
      id: teams.id,
      name: teams.name,
      isFull: sql<boolean>`${teams.memberCount} >= ${teams.maxSize}`,
      candidateIsMember: sql<boolean>`exists (select 1 from ${teamMembers} m where m.team_id = ${teams.id} and m.profile_id = ${candidate})`,
      candidateInvited: sql<boolean>`exists (select 1 from ${teamInvitations} i where i.team_id = ${teams.id} and i.profile_id = ${candidate} and i.status = 'pending')`,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.profileId, profileId), eq(teamMembers.isLeader, true)))
    .orderBy(asc(teams.name));
  return rows.map(({ candidateIsMember, candidateInvited, ...team }) =>
    candidate ? { ...team, candidateIsMember, candidateInvited } : team,
  );
}

// ---------- matching (docs/decisions/011-matching.md) ----------

/**
 * A team with the viewer's membership, as getTeamAndMembership, and who its suggestions leave out
 * (members, invited, asked: pending ones) with the members' time zones as hours: one statement,
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
      })
      .from(teams)
      .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.profileId, sql.placeholder('profileId'))))
      .where(eq(teams.id, team))
      .prepare(name);
  }).execute({ teamId, profileId });
  if (!row) return null;
  const { candidates } = row;
  return {
    team: row.team,
    membership: row.isLeader === null ? null : { isLeader: row.isLeader },
    exclude: new Set(candidates.map(([id]) => id)),
    memberHours: candidates
      .filter(([, , member]) => member)
      .map(([, timezone]) => timezoneHours(timezone))
      .filter((h): h is number => h !== null),
  };
}

/**
 * A person's skills, and the teams never suggested to them (those they are in or have asked to
 * join, pending): one statement, prepared, for a suggestions request. Null: no such profile.
 */
export async function personForSuggestions(db: Db, profileId: string): Promise<{ skills: SkillBadge[]; exclude: Set<string> } | null> {
  const [row] = await prepared(db, 'person_for_suggestions', (db, name) => {
    const profile = sql.placeholder('profileId');
    return db
      .select({
        skills: people.skills,
        teams: sql<string[]>`coalesce((select json_agg(x.id) from (
          select team_id as id from ${teamMembers} where profile_id = ${profile}
          union
          select team_id from ${joinRequests} where profile_id = ${profile} and status = 'pending') x), '[]'::json)`,
      })
      .from(people.table)
      .where(eq(people.id, profile))
      .prepare(name);
  }).execute({ profileId });
  return row ? { skills: row.skills, exclude: new Set(row.teams) } : null;
}

/**
 * What the matching index keeps of teams: the recruiting ones whose open positions need skills, or
 * the given teams whatever their state (an id not returned is a deleted team). Positions in the
 * order the team lists them.
 */
export async function matchingTeams(db: Db, ids?: string[]) {
  const rows = await db
    .select({ ...cardColumns, positionSkills: teams.positionSkills })
    .from(teams)
    .where(
      ids
        ? sql`${teams.id} = any(${`{${ids.join(',')}}`}::uuid[])`
        : and(eq(teams.isOpen, true), sql`${teams.memberCount} < ${teams.maxSize}`, sql`${teams.positionSkills} <> '{}'::jsonb`),
    );
  return rows.map((t) => ({
    id: t.id,
    createdAt: t.createdAt,
    recruiting: isRecruiting(t),
    positions: t.openPositions
      .filter((title) => t.positionSkills[title]?.length)
      .map((title) => ({ title, skills: t.positionSkills[title] })),
    card: toCard(t),
  }));
}
