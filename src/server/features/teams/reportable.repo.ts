/**
 * What moderation reads of teams (docs/product.md#moderation): a reported team, join request or
 * invitation as a report records it, and who may report a message (only those it was sent to).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { joinRequests, teamInvitations, teamMembers, teams } from '../../db/schema';

/** A team: its event, its words, and its first leader (the report's subject). */
export async function reportableTeam(db: Db, id: string) {
  const [row] = await db
    .select({ eventId: teams.eventId, name: teams.name, description: teams.description, leaderId: teamMembers.profileId })
    .from(teams)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.isLeader, true)))
    .where(eq(teams.id, id))
    .orderBy(asc(teamMembers.joinedAt))
    .limit(1);
  return row ?? null;
}

/** A join request, if `viewerId` may see it (a member of its team): its event, team, message and requester. */
export async function reportableRequest(db: Db, id: string, viewerId: string | null) {
  const [row] = await db
    .select({
      eventId: teams.eventId,
      teamId: teams.id,
      teamName: teams.name,
      message: joinRequests.message,
      senderId: joinRequests.profileId,
    })
    .from(joinRequests)
    .innerJoin(teams, eq(teams.id, joinRequests.teamId))
    .where(eq(joinRequests.id, id));
  if (!row || viewerId === null) return row ?? null;
  const [member] = await db
    .select({ id: teamMembers.profileId })
    .from(teamMembers)
    .innerJoin(joinRequests, eq(joinRequests.teamId, teamMembers.teamId))
    .where(and(eq(joinRequests.id, id), eq(teamMembers.profileId, viewerId)));
  return member ? row : null;
}

/** An invitation, if `viewerId` may see it (the invited person): its event, team, message and sender. */
export async function reportableInvitation(db: Db, id: string, viewerId: string | null) {
  const [row] = await db
    .select({
      eventId: teams.eventId,
      teamId: teams.id,
      teamName: teams.name,
      message: teamInvitations.message,
      senderId: teamInvitations.invitedBy,
      inviteeId: teamInvitations.profileId,
    })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .where(eq(teamInvitations.id, id));
  if (!row || (viewerId !== null && row.inviteeId !== viewerId)) return null;
  return row;
}

/**
 * What a person wrote that others read in teams (a platform ban hides it all): the descriptions of
 * the teams they lead, their join request messages and the messages of invitations they sent.
 */
export async function writtenBy(db: Db, profileId: string) {
  const [led, requests, invitations] = await Promise.all([
    db
      .select({ id: teamMembers.teamId })
      .from(teamMembers)
      .where(and(eq(teamMembers.profileId, profileId), eq(teamMembers.isLeader, true))),
    db.select({ id: joinRequests.id }).from(joinRequests).where(eq(joinRequests.profileId, profileId)),
    db.select({ id: teamInvitations.id }).from(teamInvitations).where(eq(teamInvitations.invitedBy, profileId)),
  ]);
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
  return { teams: ids(led), joinRequests: ids(requests), invitations: ids(invitations) };
}
