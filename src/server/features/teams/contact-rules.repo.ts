/**
 * The safety rules for requests and invitations (docs/product.md#safety): blocks, who may contact a
 * person, bans, the 7-day cooldown after a decline and the per-sender hourly limits. A block, a
 * 'nobody' setting and a ban of the invited person all answer the same words, so none is revealed.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { DECLINE_COOLDOWN_DAYS, INVITATIONS_PER_HOUR, REQUESTS_PER_HOUR, type ContactSetting } from '../../../shared/safety';
import { done, refused, type Outcome } from '../../api/outcome';
import { queryRows, type Db } from '../../db/client';
import { joinRequests, teamInvitations, teamMembers, type Event } from '../../db/schema';
import { shareAnEvent } from '../events';
import { bannedFrom, blockedWithOf, contactSettingSql, countSend } from '../safety';

/** 'check': the rules; 'count': the hourly limit, counted once everything else allows the send. */
type Step = 'check' | 'count';
/** SEND_LIMITS=off (benchmarks that flood requests on purpose) lifts the hourly limits; validated in platform/env.ts. */
const sendLimitsOff = () => process.env.SEND_LIMITS === 'off';
const COOLDOWN_MS = DECLINE_COOLDOWN_DAYS * 24 * 3_600_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * As SQL: when the person last declined (an invitation) or was declined by (a request) this team
 * within the cooldown, in epoch milliseconds; null if not.
 */
const lastDeclineMs = (table: typeof joinRequests | typeof teamInvitations, teamId: string, profileId: string) =>
  sql<number | null>`(select (extract(epoch from max(${table.respondedAt})) * 1000)::float8 from ${table}
    where ${table.teamId} = ${teamId} and ${table.profileId} = ${profileId} and ${table.status} = 'declined'
      and ${table.respondedAt} > now() - make_interval(days => ${DECLINE_COOLDOWN_DAYS}))`;

/** The team's memberships of people on the other side of a block with the person, whoever made it. */
const blockedMembership = (teamId: string, profileId: string) =>
  and(eq(teamMembers.teamId, teamId), sql`${teamMembers.profileId} in ${blockedWithOf(sql`${profileId}`)}`);

/** As SQL: whether there is a block between the person and any of the team's members. */
const blockWithAMember = (teamId: string, profileId: string) =>
  sql<boolean>`exists (select 1 from ${teamMembers} where ${blockedMembership(teamId, profileId)})`;

/** The team's members on the other side of a block with the person, whoever made it. */
export async function membersBlockedWith(tx: Db, teamId: string, profileId: string): Promise<string[]> {
  const rows = await tx.select({ id: teamMembers.profileId }).from(teamMembers).where(blockedMembership(teamId, profileId));
  return rows.map((r) => r.id);
}

/**
 * Before a person asks to join a team: not banned from its event, no block with its members, no
 * recent decline, within the hourly limit. The first three are read in one statement: a join request
 * is the busiest write, and each statement is a round trip to PostgreSQL or, on the embedded
 * database, a turn of its one thread.
 */
export async function mayAsk(tx: Db, event: Event, teamId: string, profileId: string, step: Step): Promise<Outcome> {
  if (step === 'count') {
    if (sendLimitsOff()) return done();
    const limit = await countSend(tx, profileId, 'request', REQUESTS_PER_HOUR);
    return limit.ok ? done() : refused('too_many_join_requests', { limit: REQUESTS_PER_HOUR, retryAfter: limit.retryAfterSeconds });
  }
  const [facts] = await queryRows<{ banned: boolean; blocked: boolean; declinedMs: number | null }>(
    tx,
    sql`select ${bannedFrom(profileId, event.id)} as banned, ${blockWithAMember(teamId, profileId)} as blocked,
      ${lastDeclineMs(joinRequests, teamId, profileId)} as "declinedMs"`,
  );
  if (facts.banned) return refused('banned_from_event', { event: event.name });
  if (facts.blocked) return refused('not_accepting_requests');
  if (facts.declinedMs !== null) return refused('request_cooldown', { until: day(new Date(facts.declinedMs + COOLDOWN_MS)) });
  return done();
}

/**
 * Before a leader invites a person: the leader is not banned from the event; the invited person is
 * not banned there, has no block with the team's members (the leader among them), accepts
 * invitations from the leader, and has not declined this team in the last 7 days; the leader is
 * within the hourly limit. The rules are read in one statement, as for `mayAsk`.
 */
export async function mayInvite(tx: Db, event: Event, teamId: string, leaderId: string, inviteeId: string, step: Step): Promise<Outcome> {
  if (step === 'count') {
    if (sendLimitsOff()) return done();
    const limit = await countSend(tx, leaderId, 'invitation', INVITATIONS_PER_HOUR);
    return limit.ok ? done() : refused('too_many_invitations', { limit: INVITATIONS_PER_HOUR, retryAfter: limit.retryAfterSeconds });
  }
  // The leader is one of the team's members (the caller locked the team as the one they lead).
  const [facts] = await queryRows<{
    leaderBanned: boolean;
    inviteeBanned: boolean;
    blocked: boolean;
    setting: ContactSetting | null;
    shareAnEvent: boolean;
    declinedMs: number | null;
  }>(
    tx,
    sql`select ${bannedFrom(leaderId, event.id)} as "leaderBanned", ${bannedFrom(inviteeId, event.id)} as "inviteeBanned",
      ${blockWithAMember(teamId, inviteeId)} as blocked,
      ${contactSettingSql(inviteeId)} as setting, ${shareAnEvent(leaderId, inviteeId)} as "shareAnEvent",
      ${lastDeclineMs(teamInvitations, teamId, inviteeId)} as "declinedMs"`,
  );
  if (facts.leaderBanned) return refused('banned_from_event', { event: event.name });
  const notAccepting = refused('not_accepting_invitations');
  if (facts.inviteeBanned || facts.blocked || facts.setting === 'nobody') return notAccepting;
  if (facts.setting === 'events' && !facts.shareAnEvent) return notAccepting;
  if (facts.declinedMs !== null) return refused('invitation_cooldown', { until: day(new Date(facts.declinedMs + COOLDOWN_MS)) });
  return done();
}

/** Teams `profileId` is in, as a subquery. */
const teamsOf = (profileId: string) =>
  sql`(select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.profileId} = ${profileId})`;

/**
 * After a block: the pending requests and invitations between the two are withdrawn (requests of
 * one to teams the other is in, invitations to one from teams the other is in or sent by them), as
 * a new request or invitation meets a block with any of a team's members. No one is told.
 */
export async function withdrawBetween(db: Db, a: string, b: string): Promise<void> {
  const now = new Date();
  const requestsBetween = (from: string, to: string) =>
    and(eq(joinRequests.profileId, from), sql`${joinRequests.teamId} in ${teamsOf(to)}`);
  await db
    .update(joinRequests)
    .set({ status: 'cancelled', respondedAt: now })
    .where(and(eq(joinRequests.status, 'pending'), or(requestsBetween(a, b), requestsBetween(b, a))));
  const invitationsBetween = (to: string, from: string) =>
    and(eq(teamInvitations.profileId, to), or(eq(teamInvitations.invitedBy, from), sql`${teamInvitations.teamId} in ${teamsOf(from)}`));
  await db
    .update(teamInvitations)
    .set({ status: 'withdrawn', respondedAt: now })
    .where(and(eq(teamInvitations.status, 'pending'), or(invitationsBetween(a, b), invitationsBetween(b, a))));
}
