/**
 * Join requests, invitations, and joining a team. Each change is one transaction with the
 * notifications it causes. Whoever becomes a member goes through `admit`, under two locks taken
 * in this order: the person's profile (so two ways of joining for one person run one after the
 * other), then the team (so two people taking the last place run one after the other).
 */
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { InvitationView, JoinRequestView, PendingInvitation } from '../../../shared/api/teams';
import { DEFAULT_MEMBER_ROLE } from '../../../shared/constants';
import type { InvitationSchema, JoinRequestSchema } from '../../../shared/schemas';
import type { Db } from '../../db/client';
import { joinRequests, teamInvitations, teamMembers, teams, type Team } from '../../db/schema';
import { notify } from '../notifications';
import { lockProfile, people, stopLooking } from '../profiles';
import { hasRoom, iso, leaderIds, lockTeam, personName } from './teams.repo';

/** What happened to the rest when a person joined a team. */
export interface Joined {
  teamId: string;
  teamName: string;
  /** Their other pending join requests, now cancelled. */
  withdrawnRequests: number;
  /** 'Looking for a team' was on and is now off. */
  stoppedLooking: boolean;
}

/**
 * Makes `profileId` a member of the locked `team` (docs/product.md#joining): their other pending
 * join requests are cancelled and 'looking for a team' goes off. Invitations to other teams stay,
 * so they can still choose; one to this team is moot and goes. The caller holds the profile and
 * team locks and has checked there is room.
 */
async function admit(tx: Db, team: Team, profileId: string, role: string, acceptedRequestId?: string): Promise<Joined> {
  await tx.insert(teamMembers).values({ teamId: team.id, profileId, role: role.trim() || DEFAULT_MEMBER_ROLE, isLeader: false });
  const cancelled = await tx
    .update(joinRequests)
    .set({ status: 'cancelled', respondedAt: new Date() })
    .where(
      and(
        eq(joinRequests.profileId, profileId),
        eq(joinRequests.status, 'pending'),
        ...(acceptedRequestId ? [ne(joinRequests.id, acceptedRequestId)] : []),
      ),
    )
    .returning({ teamId: joinRequests.teamId });
  await tx
    .update(teamInvitations)
    .set({ status: 'withdrawn', respondedAt: new Date() })
    .where(and(eq(teamInvitations.teamId, team.id), eq(teamInvitations.profileId, profileId), eq(teamInvitations.status, 'pending')));
  const stoppedLooking = await stopLooking(tx, profileId);
  // A request to this very team (made before an invitation was accepted) is moot, not "another".
  const withdrawnRequests = cancelled.filter((r) => r.teamId !== team.id).length;
  return { teamId: team.id, teamName: team.name, withdrawnRequests, stoppedLooking };
}

export type AnswerOutcome =
  | { ok: true; joined?: Joined }
  | { ok: false; reason: 'not-found' | 'full' | 'no-longer-pending' }
  | { ok: false; reason: 'answered'; status: string };

/** Why a conditional answer found nothing to answer: gone, no longer pending, or answered already. */
function notAnswered(status: string | undefined, noLongerPending: string): AnswerOutcome {
  if (!status) return { ok: false, reason: 'not-found' };
  if (status === noLongerPending) return { ok: false, reason: 'no-longer-pending' };
  return { ok: false, reason: 'answered', status };
}

/** Ends a transaction without keeping anything, answering `outcome`. */
class Abort extends Error {
  constructor(readonly outcome: AnswerOutcome) {
    super('aborted');
  }
}
async function inTransaction(db: Db, work: (tx: Db) => Promise<AnswerOutcome>): Promise<AnswerOutcome> {
  try {
    return await db.transaction(work);
  } catch (err) {
    if (err instanceof Abort) return err.outcome;
    throw err;
  }
}

// ---------- join requests ----------

const requestColumns = {
  id: joinRequests.id,
  teamId: joinRequests.teamId,
  // The team's current name; the one it had once it is gone.
  teamName: sql<string>`coalesce(${teams.name}, ${joinRequests.teamName})`,
  position: joinRequests.position,
  message: joinRequests.message,
  status: joinRequests.status,
  createdAt: joinRequests.createdAt,
  requester: people.ref,
};

/** Join requests with their team's name and the requester, newest first. */
async function selectJoinRequests(db: Db, where: SQL | undefined, limit: number): Promise<JoinRequestView[]> {
  const rows = await db
    .select(requestColumns)
    .from(joinRequests)
    .leftJoin(teams, eq(teams.id, joinRequests.teamId))
    .innerJoin(people.table, eq(people.id, joinRequests.profileId))
    .where(where)
    .orderBy(desc(joinRequests.createdAt), desc(joinRequests.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
}

export function listPendingRequests(db: Db, teamId: string): Promise<JoinRequestView[]> {
  return selectJoinRequests(db, and(eq(joinRequests.teamId, teamId), eq(joinRequests.status, 'pending')), 200);
}

/** A person's own join requests, whatever their status, newest first. */
export function requestsOf(db: Db, profileId: string, limit: number): Promise<JoinRequestView[]> {
  return selectJoinRequests(db, eq(joinRequests.profileId, profileId), limit);
}

/**
 * A new pending request (the team's leaders are told), or null when one is already pending for
 * this person and team: the partial unique index settles concurrent duplicates.
 */
export async function createJoinRequest(
  db: Db,
  team: Team,
  profileId: string,
  input: z.infer<typeof JoinRequestSchema>,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(joinRequests)
      .values({ teamId: team.id, teamName: team.name, profileId, position: input.position, message: input.message })
      .onConflictDoNothing()
      .returning({ id: joinRequests.id });
    if (!row) return null;
    const by = await personName(tx, profileId);
    await notify(
      tx,
      (await leaderIds(tx, team.id)).map((id) => ({
        profileId: id,
        kind: 'join_request' as const,
        data: { teamId: team.id, teamName: team.name, by, requestId: row.id, position: input.position },
      })),
    );
    return row.id;
  });
}

const ledBy = (leaderProfileId: string) => sql`${joinRequests.teamId} in (
  select ${teamMembers.teamId} from ${teamMembers}
  where ${teamMembers.profileId} = ${leaderProfileId} and ${teamMembers.isLeader} = true)`;

/**
 * Accepts or declines a pending request of a team the leader leads; the requester is told. The
 * conditional UPDATE takes the row lock, so of two answers (or an answer and a cancel) exactly one
 * sees it pending. An accept that would overfill the team changes nothing ('full').
 */
export async function answerJoinRequest(db: Db, requestId: string, leaderProfileId: string, accept: boolean): Promise<AnswerOutcome> {
  return inTransaction(db, async (tx) => {
    const [request] = await tx
      .select({
        teamId: joinRequests.teamId,
        profileId: joinRequests.profileId,
        position: joinRequests.position,
        status: joinRequests.status,
      })
      .from(joinRequests)
      .where(and(eq(joinRequests.id, requestId), ledBy(leaderProfileId)));
    if (!request?.teamId) return { ok: false, reason: 'not-found' };
    if (accept) await lockProfile(tx, request.profileId);
    const team = await lockTeam(tx, request.teamId);
    if (!team) return { ok: false, reason: 'not-found' };
    const [answered] = await tx
      .update(joinRequests)
      .set({ status: accept ? 'accepted' : 'declined', respondedAt: new Date() })
      .where(and(eq(joinRequests.id, requestId), eq(joinRequests.status, 'pending')))
      .returning({ id: joinRequests.id });
    if (!answered) {
      const [now] = await tx.select({ status: joinRequests.status }).from(joinRequests).where(eq(joinRequests.id, requestId));
      return notAnswered(now?.status, 'cancelled');
    }
    if (accept && !hasRoom(team)) throw new Abort({ ok: false, reason: 'full' });
    const joined = accept ? await admit(tx, team, request.profileId, request.position, requestId) : undefined;
    const by = await personName(tx, leaderProfileId);
    await notify(tx, [
      {
        profileId: request.profileId,
        kind: accept ? 'request_accepted' : 'request_declined',
        data: {
          teamId: team.id,
          teamName: team.name,
          by,
          requestId,
          position: request.position,
          ...(joined && { withdrawnRequests: joined.withdrawnRequests, stoppedLooking: joined.stoppedLooking }),
        },
      },
    ]);
    return { ok: true };
  });
}

/** The requester takes a pending request back; the team's leaders no longer see it. */
export async function cancelJoinRequest(db: Db, requestId: string, profileId: string): Promise<AnswerOutcome> {
  const [cancelled] = await db
    .update(joinRequests)
    .set({ status: 'cancelled', respondedAt: new Date() })
    .where(and(eq(joinRequests.id, requestId), eq(joinRequests.profileId, profileId), eq(joinRequests.status, 'pending')))
    .returning({ id: joinRequests.id });
  if (cancelled) return { ok: true };
  const [now] = await db
    .select({ status: joinRequests.status })
    .from(joinRequests)
    .where(and(eq(joinRequests.id, requestId), eq(joinRequests.profileId, profileId)));
  return now ? { ok: false, reason: 'no-longer-pending' } : { ok: false, reason: 'not-found' };
}

// ---------- invitations ----------

export async function getInviteTarget(db: Db, teamId: string, profileId: string) {
  const [row] = await db
    .select({ lookingForTeam: people.lookingForTeam, memberTeamId: teamMembers.teamId })
    .from(people.table)
    .leftJoin(teamMembers, and(eq(teamMembers.profileId, people.id), eq(teamMembers.teamId, teamId)))
    .where(eq(people.id, profileId));
  if (!row) return null;
  return { lookingForTeam: row.lookingForTeam, isMember: row.memberTeamId !== null };
}

/** A new pending invitation (the invited person is told), or null when one is already pending. */
export async function createInvitation(
  db: Db,
  team: Team,
  invitedBy: string,
  input: z.infer<typeof InvitationSchema>,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(teamInvitations)
      .values({ teamId: team.id, profileId: input.profileId, invitedBy, role: input.role, message: input.message })
      .onConflictDoNothing()
      .returning({ id: teamInvitations.id });
    if (!row) return null;
    await notify(tx, [
      {
        profileId: input.profileId,
        kind: 'invitation',
        data: { teamId: team.id, teamName: team.name, by: await personName(tx, invitedBy), invitationId: row.id, role: input.role },
      },
    ]);
    return row.id;
  });
}

/** Invitations addressed to a person that are still pending, newest first. */
export async function pendingInvitationsFor(db: Db, profileId: string, limit: number): Promise<InvitationView[]> {
  const rows = await db
    .select({
      id: teamInvitations.id,
      team: { id: teams.id, name: teams.name, logoUrl: teams.logoUrl },
      role: teamInvitations.role,
      message: teamInvitations.message,
      status: teamInvitations.status,
      createdAt: teamInvitations.createdAt,
    })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .where(and(eq(teamInvitations.profileId, profileId), eq(teamInvitations.status, 'pending')))
    .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id))
    .limit(limit);
  return rows.map((i) => ({ ...i, createdAt: iso(i.createdAt) }));
}

/** A team's pending invitations, for its leaders: who, for what role, since when. */
export async function pendingInvitationsOf(db: Db, teamId: string): Promise<PendingInvitation[]> {
  const rows = await db
    .select({
      id: teamInvitations.id,
      invitee: people.ref,
      role: teamInvitations.role,
      message: teamInvitations.message,
      createdAt: teamInvitations.createdAt,
    })
    .from(teamInvitations)
    .innerJoin(people.table, eq(people.id, teamInvitations.profileId))
    .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.status, 'pending')))
    .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id))
    .limit(200);
  return rows.map((i) => ({ ...i, createdAt: iso(i.createdAt) }));
}

/** Of these join request ids, those still pending and for a team `leaderProfileId` leads. */
export async function pendingRequestIds(db: Db, ids: string[], leaderProfileId: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: joinRequests.id })
    .from(joinRequests)
    .where(and(inArray(joinRequests.id, ids), eq(joinRequests.status, 'pending'), ledBy(leaderProfileId)));
  return new Set(rows.map((r) => r.id));
}

/** Of these invitation ids, those to `profileId` still pending. */
export async function pendingInvitationIds(db: Db, ids: string[], profileId: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(and(inArray(teamInvitations.id, ids), eq(teamInvitations.status, 'pending'), eq(teamInvitations.profileId, profileId)));
  return new Set(rows.map((r) => r.id));
}

/** How many invitations to a person and requests of theirs are pending: the Notifications badge. */
export async function pendingCountFor(db: Db, profileId: string): Promise<number> {
  const [{ n }] = await db
    .select({
      n: sql<number>`(select count(*) from ${teamInvitations} where ${teamInvitations.profileId} = ${profileId} and ${teamInvitations.status} = 'pending')
      + (select count(*) from ${joinRequests} where ${joinRequests.profileId} = ${profileId} and ${joinRequests.status} = 'pending')`,
    })
    .from(sql`(select 1) as one`);
  return Number(n);
}

/**
 * Only the invited person answers; accepting makes the membership (see admit) in the same
 * transaction, unless the team is full ('full', the invitation stays pending). The leader who
 * invited is told; the person joining gets 'joined', saying what was withdrawn.
 */
export async function answerInvitation(db: Db, invitationId: string, profileId: string, accept: boolean): Promise<AnswerOutcome> {
  return inTransaction(db, async (tx) => {
    if (accept) await lockProfile(tx, profileId);
    const [invitation] = await tx
      .select({ teamId: teamInvitations.teamId, role: teamInvitations.role, invitedBy: teamInvitations.invitedBy })
      .from(teamInvitations)
      .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.profileId, profileId)));
    if (!invitation) return { ok: false, reason: 'not-found' };
    const team = await lockTeam(tx, invitation.teamId);
    if (!team) return { ok: false, reason: 'not-found' };
    const [answered] = await tx
      .update(teamInvitations)
      .set({ status: accept ? 'accepted' : 'declined', respondedAt: new Date() })
      .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.status, 'pending')))
      .returning({ id: teamInvitations.id });
    if (!answered) {
      const [now] = await tx.select({ status: teamInvitations.status }).from(teamInvitations).where(eq(teamInvitations.id, invitationId));
      return notAnswered(now?.status, 'withdrawn');
    }
    if (accept && !hasRoom(team)) throw new Abort({ ok: false, reason: 'full' });
    const joined = accept ? await admit(tx, team, profileId, invitation.role) : undefined;
    const by = await personName(tx, profileId);
    await notify(tx, [
      ...(invitation.invitedBy
        ? [
            {
              profileId: invitation.invitedBy,
              kind: accept ? ('invitation_accepted' as const) : ('invitation_declined' as const),
              data: { teamId: team.id, teamName: team.name, by, invitationId, role: invitation.role },
            },
          ]
        : []),
      ...(joined ? [{ profileId, kind: 'joined' as const, data: { ...joined, invitationId, role: invitation.role } }] : []),
    ]);
    return { ok: true, joined };
  });
}

/** A leader takes a pending invitation of their team back; it disappears from the invitee's list. */
export async function withdrawInvitation(db: Db, invitationId: string, leaderProfileId: string): Promise<AnswerOutcome> {
  const ledByLeader = sql`${teamInvitations.teamId} in (
    select ${teamMembers.teamId} from ${teamMembers}
    where ${teamMembers.profileId} = ${leaderProfileId} and ${teamMembers.isLeader} = true)`;
  const [withdrawn] = await db
    .update(teamInvitations)
    .set({ status: 'withdrawn', respondedAt: new Date() })
    .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.status, 'pending'), ledByLeader))
    .returning({ id: teamInvitations.id });
  if (withdrawn) return { ok: true };
  const [now] = await db
    .select({ status: teamInvitations.status })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.id, invitationId), ledByLeader));
  return now ? { ok: false, reason: 'no-longer-pending' } : { ok: false, reason: 'not-found' };
}
