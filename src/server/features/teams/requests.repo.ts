/**
 * Join requests: a person asks to join a team for one of its open positions, its leaders answer
 * (answerPending in joining.repo.ts), the person may take it back. The rules are checked here.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { JoinRequestView } from '../../../shared/api/teams';
import type { JoinRequestSchema } from '../../../shared/schemas';
import { done, inTransaction, refused, Rollback, type Outcome } from '../../api/outcome';
import type { Db } from '../../db/client';
import { joinRequests, teamInvitations, teamMembers, teams } from '../../db/schema';
import { notify } from '../notifications';
import { lockProfile } from '../profiles';
import { people } from '../../db/people';
import { HIDDEN_TEXT } from '../../../shared/safety';
import { hiddenAmong } from '../safety';
import { mayAsk } from './contact-rules.repo';
import { eventOfTeam, mayJoin } from './event-rules.repo';
import { answerPending, type Answerable, type PendingKind } from './joining.repo';
import { getTeamAndMembership, hasRoom, iso, leaderIds, lockLedTeam, personName } from './teams.repo';
import { unlistedFor } from './visibility';

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

/** A team's pending requests, for its leaders; a message a moderator hid reads 'Hidden by a moderator'. */
export async function listPendingRequests(db: Db, teamId: string): Promise<JoinRequestView[]> {
  const list = await selectJoinRequests(db, and(eq(joinRequests.teamId, teamId), eq(joinRequests.status, 'pending')), 200);
  const hidden = await hiddenAmong(
    db,
    'join_request',
    list.map((r) => r.id),
  );
  return list.map((r) => (hidden.has(r.id) ? { ...r, message: HIDDEN_TEXT } : r));
}

/** A person's own join requests, whatever their status, newest first. */
export function requestsOf(db: Db, profileId: string, limit: number): Promise<JoinRequestView[]> {
  return selectJoinRequests(db, eq(joinRequests.profileId, profileId), limit);
}

/**
 * A new pending request for one of the team's open positions (stored in the team's own spelling of
 * it); the team's leaders are told. The partial unique index settles concurrent duplicates.
 */
export async function requestToJoin(
  db: Db,
  teamId: string,
  profileId: string,
  input: z.infer<typeof JoinRequestSchema>,
  isAdmin = false,
): Promise<Outcome<{ id: string }>> {
  const found = await getTeamAndMembership(db, teamId, profileId);
  if (!found) return refused('team_not_found');
  const { team } = found;
  if (found.membership) return refused('already_member');
  // A team of an event an admin hid is not there to those who may not see it (its page is 404):
  // asking does not tell it exists, nor name its event.
  if (await unlistedFor(db, team.eventId, { profileId, isAdmin })) return refused('team_not_found');
  if (!team.isOpen) return refused('team_not_open');
  if (!hasRoom(team)) return refused('team_full');
  const position = team.openPositions.find((p) => p.toLowerCase() === input.position.toLowerCase());
  if (!position) return refused('position_not_open');
  return inTransaction(db, async (tx) => {
    // The person, then the team (KEY SHARE, as the request's row will hold it), before asking may
    // register them (the event's row): the order every write takes (db/people.ts lockPerson), so a
    // deletion of the team waits for this, or this for it, never both.
    await lockProfile(tx, profileId);
    const [still] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, team.id)).for('key share');
    if (!still) return refused('team_not_found');
    // Asking is the first step of joining: the event's rules for joining hold now, so no one asks in vain.
    const event = await eventOfTeam(tx, team);
    // Bans, blocks and a recent decline first: a banned person is told why, not 'take part first'.
    const safe = await mayAsk(tx, event, team.id, profileId, 'check');
    if (!safe.ok) return safe;
    const allowed = await mayJoin(tx, event, profileId);
    if (!allowed.ok) throw new Rollback(allowed);
    // Asking may have registered them just now: a refusal from here on undoes that too.
    const counted = await mayAsk(tx, event, team.id, profileId, 'count');
    if (!counted.ok) throw new Rollback(counted);
    const [row] = await tx
      .insert(joinRequests)
      .values({ teamId: team.id, teamName: team.name, profileId, position, message: input.message })
      .onConflictDoNothing()
      .returning({ id: joinRequests.id });
    if (!row) return refused('request_pending');
    const by = await personName(tx, profileId);
    const data = { teamId: team.id, teamName: team.name, by, requestId: row.id, position };
    await notify(
      tx,
      (await leaderIds(tx, team.id)).map((id) => ({ profileId: id, kind: 'join_request' as const, data })),
    );
    return done({ id: row.id });
  });
}

const ledBy = (leaderProfileId: string) => sql`${joinRequests.teamId} in (
  select ${teamMembers.teamId} from ${teamMembers}
  where ${teamMembers.profileId} = ${leaderProfileId} and ${teamMembers.isLeader} = true)`;

type FoundRequest = Answerable & { position: string };

/** A join request, answered by a leader of its team (who must still lead it once the team is locked). */
const joinRequestKind: PendingKind<FoundRequest> = {
  refusals: { notFound: 'request_not_found', noLongerPending: 'request_no_longer_pending', answered: 'request_answered' },
  takenBack: 'cancelled',
  isJoinRequest: true,
  async find(tx, id, leaderId) {
    const [row] = await tx
      .select({
        teamId: joinRequests.teamId,
        joinerId: joinRequests.profileId,
        role: joinRequests.position,
        position: joinRequests.position,
      })
      .from(joinRequests)
      .where(and(eq(joinRequests.id, id), ledBy(leaderId)));
    return row ?? null;
  },
  async recheck(tx, team, leaderId) {
    const led = await lockLedTeam(tx, team.id, leaderId);
    return led.ok ? null : led;
  },
  async mark(tx, id, status) {
    const rows = await tx
      .update(joinRequests)
      .set({ status, respondedAt: new Date() })
      .where(and(eq(joinRequests.id, id), eq(joinRequests.status, 'pending')))
      .returning({ id: joinRequests.id });
    return rows.length > 0;
  },
  async statusOf(tx, id) {
    const [now] = await tx.select({ status: joinRequests.status }).from(joinRequests).where(eq(joinRequests.id, id));
    return now?.status;
  },
  async notices(tx, { id, found, team, actorId, accept, joined }) {
    const by = await personName(tx, actorId);
    const outcome = joined && { withdrawnRequests: joined.withdrawnRequests, stoppedLooking: joined.stoppedLooking };
    return [
      {
        profileId: found.joinerId,
        kind: accept ? 'request_accepted' : 'request_declined',
        data: { teamId: team.id, teamName: team.name, by, requestId: id, position: found.position, ...outcome },
      },
    ];
  },
};

/** A leader of the request's team accepts or declines it; the requester is told. */
export function answerJoinRequest(db: Db, requestId: string, leaderProfileId: string, accept: boolean) {
  return answerPending(db, joinRequestKind, requestId, leaderProfileId, accept);
}

/** The requester takes a pending request back; the team's leaders no longer see it. */
export async function cancelJoinRequest(db: Db, requestId: string, profileId: string): Promise<Outcome> {
  const mine = and(eq(joinRequests.id, requestId), eq(joinRequests.profileId, profileId));
  const [cancelled] = await db
    .update(joinRequests)
    .set({ status: 'cancelled', respondedAt: new Date() })
    .where(and(mine, eq(joinRequests.status, 'pending')))
    .returning({ id: joinRequests.id });
  if (cancelled) return done();
  const [now] = await db.select({ status: joinRequests.status }).from(joinRequests).where(mine);
  return refused(now ? 'request_no_longer_pending' : 'request_not_found');
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
