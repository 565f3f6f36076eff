/**
 * Joining a team, and answering what can lead there: a join request (its team's leaders answer)
 * or an invitation (the invited person answers). Both take the one path of `answerPending`. Whoever
 * becomes a member goes through `admit`, under two locks taken in this order: the person's profile
 * (so two ways of joining for one person run one after the other), then the team (so two people
 * taking the last place run one after the other).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { RefusalCode } from '../../../shared/api/refusals';
import { DEFAULT_MEMBER_ROLE } from '../../../shared/constants';
import { done, inTransaction, refused, Rollback, type Outcome, type Refused } from '../../api/outcome';
import type { Db } from '../../db/client';
import { joinRequests, teamInvitations, teamMembers, teams, type Team } from '../../db/schema';
import { stopLookingIn } from '../events';
import { markAnsweredRead, notify, type NewNotification } from '../notifications';
import { lockProfile, stopLooking } from '../profiles';
import { membersBlockedWith, withdrawBetween } from './contact-rules.repo';
import { eventOfTeam, mayJoin } from './event-rules.repo';
import { hasRoom, lockTeam } from './teams.repo';
import { memberWebhook } from './webhook-events';

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
export async function admit(tx: Db, team: Team, profileId: string, role: string, acceptedRequestId?: string): Promise<Joined> {
  await tx.insert(teamMembers).values({ teamId: team.id, profileId, role: role.trim() || DEFAULT_MEMBER_ROLE, isLeader: false });
  // Their asks to the event's other teams end; those in other events stay.
  const cancelled = await tx
    .update(joinRequests)
    .set({ status: 'cancelled', respondedAt: new Date() })
    .where(
      and(
        eq(joinRequests.profileId, profileId),
        eq(joinRequests.status, 'pending'),
        sql`${joinRequests.teamId} in (select t.id from ${teams} t where t.event_id = ${team.eventId})`,
        ...(acceptedRequestId ? [ne(joinRequests.id, acceptedRequestId)] : []),
      ),
    )
    .returning({ teamId: joinRequests.teamId });
  await tx
    .update(teamInvitations)
    .set({ status: 'withdrawn', respondedAt: new Date() })
    .where(and(eq(teamInvitations.teamId, team.id), eq(teamInvitations.profileId, profileId), eq(teamInvitations.status, 'pending')));
  const stoppedLooking = await stopLooking(tx, profileId);
  await stopLookingIn(tx, team.eventId, profileId);
  // A request to this very team (made before an invitation was accepted) is moot, not "another".
  const withdrawnRequests = cancelled.filter((r) => r.teamId !== team.id).length;
  await memberWebhook(tx, team, 'member_joined', profileId, { role: role.trim() || DEFAULT_MEMBER_ROLE });
  return { teamId: team.id, teamName: team.name, withdrawnRequests, stoppedLooking };
}

/** A pending thing as its answerer may see it: the team, who would join, and as what. */
export interface Answerable {
  teamId: string | null;
  joinerId: string;
  role: string;
}

/** How one kind of pending thing is read and marked; the rest of answering is shared. */
export interface PendingKind<F extends Answerable> {
  refusals: { notFound: RefusalCode; noLongerPending: RefusalCode; answered: RefusalCode };
  /** The status that means the sender took it back. */
  takenBack: 'cancelled' | 'withdrawn';
  /** A join request (accepting it must not cancel it along with the joiner's other requests). */
  isJoinRequest: boolean;
  /** The pending thing, if `actorId` may answer it; null otherwise (as if it did not exist). */
  find(tx: Db, id: string, actorId: string): Promise<F | null>;
  /** Once the team is locked: why `actorId` may no longer answer (a leader demoted meanwhile), or null. */
  recheck(tx: Db, team: Team, actorId: string): Promise<Refused | null>;
  /** Sets the answer if it is still pending: whether it was. */
  mark(tx: Db, id: string, status: 'accepted' | 'declined'): Promise<boolean>;
  /** Its status now (undefined: gone). */
  statusOf(tx: Db, id: string): Promise<string | undefined>;
  /** Who is told of the answer. */
  notices(
    tx: Db,
    answer: { id: string; found: F; team: Team; actorId: string; accept: boolean; joined?: Joined },
  ): Promise<NewNotification[]>;
}

/**
 * Accepts or declines a pending request or invitation, in one transaction with the membership it
 * makes and the notifications it causes. The conditional UPDATE takes the row lock, so of two
 * answers (or an answer and a take-back) exactly one sees it pending. An accept that would overfill
 * the team changes nothing ('team_full'; it stays pending).
 */
export function answerPending<F extends Answerable>(
  db: Db,
  kind: PendingKind<F>,
  id: string,
  actorId: string,
  accept: boolean,
): Promise<Outcome<{ joined?: Joined }>> {
  return inTransaction(db, async (tx) => {
    const found = await kind.find(tx, id, actorId);
    if (!found?.teamId) return refused(kind.refusals.notFound);
    if (accept) await lockProfile(tx, found.joinerId);
    const team = await lockTeam(tx, found.teamId);
    if (!team) return refused(kind.refusals.notFound);
    const stale = await kind.recheck(tx, team, actorId);
    if (stale) return stale;
    // Declining changes no team; accepting is joining, under the event's rules.
    if (accept) {
      // A block between the joiner and a member (made since it was sent, or with someone who joined since)
      // withdraws it, as a block does; no one is told why.
      const apart = await membersBlockedWith(tx, team.id, found.joinerId);
      if (apart.length > 0) {
        for (const memberId of apart) await withdrawBetween(tx, found.joinerId, memberId);
        return refused(kind.refusals.noLongerPending);
      }
      // Taking part may be written here (registered on the spot): a refusal from now on undoes it.
      const allowed = await mayJoin(tx, await eventOfTeam(tx, team), found.joinerId);
      if (!allowed.ok) throw new Rollback(allowed);
    }
    if (!(await kind.mark(tx, id, accept ? 'accepted' : 'declined'))) {
      const status = await kind.statusOf(tx, id);
      if (!status) throw new Rollback(refused(kind.refusals.notFound));
      if (status === kind.takenBack) throw new Rollback(refused(kind.refusals.noLongerPending));
      throw new Rollback(refused(kind.refusals.answered, { status }));
    }
    if (accept && !hasRoom(team)) throw new Rollback(refused('team_full'));
    const joined = accept ? await admit(tx, team, found.joinerId, found.role, kind.isJoinRequest ? id : undefined) : undefined;
    await notify(tx, await kind.notices(tx, { id, found, team, actorId, accept, joined }));
    // Answered: the answerer's own notice of it is read, wherever they answered.
    await markAnsweredRead(tx, actorId, kind.isJoinRequest ? { requestId: id } : { invitationId: id });
    return done({ joined });
  });
}
