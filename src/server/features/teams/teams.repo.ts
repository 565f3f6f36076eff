/**
 * Data access for teams, memberships, join requests and invitations. Functions return null
 * (or a small outcome value) and let the route pick the status; ownership sits in the where
 * clause so a foreign id looks exactly like an unknown one.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  JoinRequestView, LedTeam, Paged, PersonRef, TeamCard, TeamDetail,
} from '../../../shared/api-types';
import { DEFAULT_MEMBER_ROLE, LEADER_ROLE, type RequestStatus } from '../../../shared/constants';
import type {
  CreateTeamSchema, InvitationSchema, JoinRequestSchema, TeamListQuery, UpdateTeamSchema,
} from '../../../shared/schemas';
import type { Db } from '../../db/client';
import { OFFSET_FENCE, pageWithTotal, type CountCache } from '../../paging';
import { joinRequests, profiles, teamInvitations, teamMembers, teams, type Team } from '../../db/schema';

const iso = (d: Date) => d.toISOString();

/** `%`, `_` and `\` in the search text are literal characters, not LIKE wildcards. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

const personColumns = {
  id: profiles.id,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  name: profiles.name,
  avatarUrl: profiles.avatarUrl,
};

function toCard(team: Team, memberCount: number): TeamCard {
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    logoUrl: team.logoUrl,
    isOpen: team.isOpen,
    openPositions: team.openPositions,
    memberCount,
    createdAt: iso(team.createdAt),
  };
}

async function memberCounts(db: Db, teamIds: string[]): Promise<Map<string, number>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .select({ teamId: teamMembers.teamId, n: count() })
    .from(teamMembers)
    .where(inArray(teamMembers.teamId, teamIds))
    .groupBy(teamMembers.teamId);
  return new Map(rows.map((r) => [r.teamId, Number(r.n)]));
}

// ---------- teams ----------

export async function listTeams(db: Db, query: TeamListQuery, countCache?: CountCache): Promise<Paged<TeamCard>> {
  const conditions = [];
  // search_text is lower(name || ' ' || description), indexed with trigrams for LIKE.
  if (query.q) conditions.push(sql`${teams.searchText} like ${`%${escapeLike(query.q.toLowerCase())}%`}`);
  if (query.open) conditions.push(eq(teams.isOpen, true));
  const where = conditions.length ? and(...conditions) : undefined;

  const { rows, total } = await pageWithTotal({
    page: query.page,
    pageSize: query.pageSize,
    rows: (few) => {
      const offset = (query.page - 1) * query.pageSize;
      if (!few) {
        return db.select().from(teams).where(where)
          .orderBy(desc(teams.createdAt), desc(teams.id)).limit(query.pageSize).offset(offset);
      }
      // The fence keeps the planner from walking the newest-first index for rare matches.
      const matches = db.select().from(teams).where(where).offset(OFFSET_FENCE).as('matches');
      return db.select().from(matches)
        .orderBy(desc(matches.createdAt), desc(matches.id)).limit(query.pageSize).offset(offset);
    },
    count: async () => Number((await db.select({ total: count() }).from(teams).where(where))[0].total),
    countKey: `teams:${JSON.stringify([query.q?.toLowerCase() ?? '', query.open])}`,
    counts: countCache,
  });
  const counts = await memberCounts(db, rows.map((t) => t.id));
  return {
    items: rows.map((t) => toCard(t, counts.get(t.id) ?? 0)),
    total: Number(total),
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getTeamDetail(db: Db, teamId: string, viewerProfileId: string | null): Promise<TeamDetail | null> {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (!team) return null;
  const members = await db
    .select({ ...personColumns, role: teamMembers.role, isLeader: teamMembers.isLeader })
    .from(teamMembers)
    .innerJoin(profiles, eq(profiles.id, teamMembers.profileId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(desc(teamMembers.isLeader), asc(teamMembers.joinedAt), asc(profiles.name));
  const me = viewerProfileId ? members.find((m) => m.id === viewerProfileId) : undefined;
  let hasPendingRequest = false;
  if (viewerProfileId && !me) {
    const [pending] = await db
      .select({ id: joinRequests.id })
      .from(joinRequests)
      .where(and(eq(joinRequests.teamId, teamId), eq(joinRequests.profileId, viewerProfileId), eq(joinRequests.status, 'pending')));
    hasPendingRequest = Boolean(pending);
  }
  return {
    ...toCard(team, members.length),
    updatedAt: iso(team.updatedAt),
    members,
    viewer: { isMember: Boolean(me), isLeader: Boolean(me?.isLeader), hasPendingRequest },
  };
}

/** The team, and the viewer's membership in it (null when not a member). */
export async function getTeamAndMembership(db: Db, teamId: string, profileId: string) {
  const [row] = await db
    .select({ team: teams, isLeader: teamMembers.isLeader })
    .from(teams)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.profileId, profileId)))
    .where(eq(teams.id, teamId));
  if (!row) return null;
  return { team: row.team, membership: row.isLeader === null ? null : { isLeader: row.isLeader } };
}

/** The team and the creator's leader membership, both or neither. */
export async function createTeam(db: Db, creatorProfileId: string, input: z.infer<typeof CreateTeamSchema>): Promise<string> {
  return db.transaction(async (tx) => {
    const [team] = await tx.insert(teams).values({
      name: input.name,
      description: input.description,
      logoUrl: input.logoUrl,
      isOpen: input.isOpen,
      openPositions: input.openPositions,
    }).returning({ id: teams.id });
    await tx.insert(teamMembers).values({ teamId: team.id, profileId: creatorProfileId, role: LEADER_ROLE, isLeader: true });
    return team.id;
  });
}

export async function updateTeam(db: Db, teamId: string, input: z.infer<typeof UpdateTeamSchema>) {
  await db.update(teams)
    .set({ name: input.name, description: input.description, isOpen: input.isOpen, updatedAt: new Date() })
    .where(eq(teams.id, teamId));
}

export async function setOpenPositions(db: Db, teamId: string, openPositions: string[]) {
  await db.update(teams).set({ openPositions, updatedAt: new Date() }).where(eq(teams.id, teamId));
}

/** Members, requests and invitations go with it (ON DELETE CASCADE). */
export async function deleteTeam(db: Db, teamId: string) {
  await db.delete(teams).where(eq(teams.id, teamId));
}

/** 'removed', or why not: the person is no member, or is a leader (leaders are never removed). */
export async function removeMember(db: Db, teamId: string, profileId: string): Promise<'removed' | 'not-member' | 'leader'> {
  const removed = await db.delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.profileId, profileId), eq(teamMembers.isLeader, false)))
    .returning({ profileId: teamMembers.profileId });
  if (removed.length) return 'removed';
  const [member] = await db.select({ isLeader: teamMembers.isLeader }).from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.profileId, profileId)));
  return member ? 'leader' : 'not-member';
}

export async function ledTeams(db: Db, profileId: string, candidateProfileId?: string): Promise<LedTeam[]> {
  const rows = await db
    .select({ id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.profileId, profileId), eq(teamMembers.isLeader, true)))
    .orderBy(asc(teams.name));
  if (!candidateProfileId || rows.length === 0) return rows;
  const ids = rows.map((r) => r.id);
  const [memberOf, invitedTo] = await Promise.all([
    db.select({ teamId: teamMembers.teamId }).from(teamMembers)
      .where(and(eq(teamMembers.profileId, candidateProfileId), inArray(teamMembers.teamId, ids))),
    db.select({ teamId: teamInvitations.teamId }).from(teamInvitations)
      .where(and(eq(teamInvitations.profileId, candidateProfileId), eq(teamInvitations.status, 'pending'), inArray(teamInvitations.teamId, ids))),
  ]);
  const members = new Set(memberOf.map((r) => r.teamId));
  const invited = new Set(invitedTo.map((r) => r.teamId));
  return rows.map((r) => ({ ...r, candidateIsMember: members.has(r.id), candidateInvited: invited.has(r.id) }));
}

// ---------- join requests ----------

const requestColumns = {
  id: joinRequests.id,
  teamId: joinRequests.teamId,
  teamName: teams.name,
  position: joinRequests.position,
  message: joinRequests.message,
  status: joinRequests.status,
  createdAt: joinRequests.createdAt,
  requester: personColumns,
};

type RequestRow = {
  id: string; teamId: string; teamName: string; position: string; message: string; status: string; createdAt: Date;
  requester: PersonRef;
};
const toRequestView = (r: RequestRow): JoinRequestView => ({ ...r, status: r.status as RequestStatus, createdAt: iso(r.createdAt) });

/** Join requests with their team's name and the requester, newest first. */
export async function selectJoinRequests(db: Db, where: SQL | undefined, limit: number): Promise<JoinRequestView[]> {
  const rows = await db
    .select(requestColumns)
    .from(joinRequests)
    .innerJoin(teams, eq(teams.id, joinRequests.teamId))
    .innerJoin(profiles, eq(profiles.id, joinRequests.profileId))
    .where(where)
    .orderBy(desc(joinRequests.createdAt), desc(joinRequests.id))
    .limit(limit);
  return rows.map(toRequestView);
}

export async function listPendingRequests(db: Db, teamId: string): Promise<JoinRequestView[]> {
  return selectJoinRequests(db, and(eq(joinRequests.teamId, teamId), eq(joinRequests.status, 'pending')), 200);
}

/** The new request's id, or null when one is already pending for this person and team. */
export async function createJoinRequest(
  db: Db, teamId: string, profileId: string, input: z.infer<typeof JoinRequestSchema>,
): Promise<string | null> {
  // The partial unique index (one pending per team and person) settles concurrent duplicates.
  const [row] = await db.insert(joinRequests)
    .values({ teamId, profileId, position: input.position, message: input.message })
    .onConflictDoNothing()
    .returning({ id: joinRequests.id });
  return row?.id ?? null;
}

export type AnswerOutcome = { ok: true } | { ok: false; reason: 'not-found' } | { ok: false; reason: 'answered'; status: string };

/**
 * Accepts or declines a pending request of a team the leader leads. The conditional UPDATE
 * takes the row lock, so of two concurrent answers exactly one sees it pending; the membership
 * is made in the same transaction.
 */
export async function answerJoinRequest(db: Db, requestId: string, leaderProfileId: string, accept: boolean): Promise<AnswerOutcome> {
  const ledByViewer = sql`${joinRequests.teamId} in (
    select ${teamMembers.teamId} from ${teamMembers}
    where ${teamMembers.profileId} = ${leaderProfileId} and ${teamMembers.isLeader} = true)`;
  const answered = await db.transaction(async (tx) => {
    const [request] = await tx.update(joinRequests)
      .set({ status: accept ? 'accepted' : 'declined', respondedAt: new Date() })
      .where(and(eq(joinRequests.id, requestId), eq(joinRequests.status, 'pending'), ledByViewer))
      .returning({ teamId: joinRequests.teamId, profileId: joinRequests.profileId, position: joinRequests.position });
    if (!request) return false;
    if (accept) {
      await tx.insert(teamMembers)
        .values({ teamId: request.teamId, profileId: request.profileId, role: request.position.trim() || DEFAULT_MEMBER_ROLE, isLeader: false })
        .onConflictDoNothing();
    }
    return true;
  });
  if (answered) return { ok: true };
  const [existing] = await db.select({ status: joinRequests.status }).from(joinRequests)
    .where(and(eq(joinRequests.id, requestId), ledByViewer));
  return existing ? { ok: false, reason: 'answered', status: existing.status } : { ok: false, reason: 'not-found' };
}

// ---------- invitations ----------

export async function getInviteTarget(db: Db, teamId: string, profileId: string) {
  const [row] = await db
    .select({ lookingForTeam: profiles.lookingForTeam, memberTeamId: teamMembers.teamId })
    .from(profiles)
    .leftJoin(teamMembers, and(eq(teamMembers.profileId, profiles.id), eq(teamMembers.teamId, teamId)))
    .where(eq(profiles.id, profileId));
  if (!row) return null;
  return { lookingForTeam: row.lookingForTeam, isMember: row.memberTeamId !== null };
}

/** The new invitation's id, or null when one is already pending for this person and team. */
export async function createInvitation(db: Db, invitedBy: string, input: z.infer<typeof InvitationSchema>): Promise<string | null> {
  const [row] = await db.insert(teamInvitations)
    .values({ teamId: input.teamId, profileId: input.profileId, invitedBy, role: input.role, message: input.message })
    .onConflictDoNothing()
    .returning({ id: teamInvitations.id });
  return row?.id ?? null;
}

/** Only the invited person answers; accepting makes the membership in the same transaction. */
export async function answerInvitation(db: Db, invitationId: string, profileId: string, accept: boolean): Promise<AnswerOutcome> {
  const answered = await db.transaction(async (tx) => {
    const [invitation] = await tx.update(teamInvitations)
      .set({ status: accept ? 'accepted' : 'declined', respondedAt: new Date() })
      .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.profileId, profileId), eq(teamInvitations.status, 'pending')))
      .returning({ teamId: teamInvitations.teamId, role: teamInvitations.role });
    if (!invitation) return false;
    if (accept) {
      await tx.insert(teamMembers)
        .values({ teamId: invitation.teamId, profileId, role: invitation.role.trim() || DEFAULT_MEMBER_ROLE, isLeader: false })
        .onConflictDoNothing();
    }
    return true;
  });
  if (answered) return { ok: true };
  const [existing] = await db.select({ status: teamInvitations.status }).from(teamInvitations)
    .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.profileId, profileId)));
  return existing ? { ok: false, reason: 'answered', status: existing.status } : { ok: false, reason: 'not-found' };
}
