/**
 * A person's teams when their account goes (docs/decisions/013-accounts.md), and what they did in
 * teams, for their data download. Leaving runs inside the caller's transaction, so the account's
 * deletion is all or nothing.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { AccountData } from '../../../shared/api/account';
import type { Db } from '../../db/client';
import { joinRequests, teamInvitations, teamMembers, teams } from '../../db/schema';
import { lockEventsOf } from '../events';
import { notify, type NewNotification } from '../notifications';
import { dropTeam, iso, lockTeam } from './teams.repo';
import { memberWebhook } from './webhook-events';

/**
 * Takes `profileId` out of every team, in the caller's transaction, before the profile is deleted:
 * - a team with nobody else is deleted; its pending join requests are cancelled and their senders told;
 * - a team the person led alone goes to its longest-standing member, who is told;
 * - everyone else in the person's teams is told a member deleted their account.
 * First the teams are locked in id order, then the rows of the events the person takes part in
 * (lockEventsOf: what follows, and the profile's deletion after it, change the counts they keep),
 * before anything changes: the person (the caller locks their profile first), their teams, then events,
 * as every write takes them (accepting a request locks the person, the team, then registers them), so
 * two writes never wait on each other in a circle (db/people.ts lockPerson; docs/decisions/038).
 */
export async function leaveAllTeams(tx: Db, profileId: string): Promise<void> {
  const memberships = await tx
    .select({ teamId: teamMembers.teamId, isLeader: teamMembers.isLeader })
    .from(teamMembers)
    .where(eq(teamMembers.profileId, profileId))
    .orderBy(asc(teamMembers.teamId));
  const locked = [];
  for (const { teamId, isLeader } of memberships) {
    const team = await lockTeam(tx, teamId);
    if (team) locked.push({ teamId, isLeader, team });
  }
  await lockEventsOf(tx, profileId);
  const notes: NewNotification[] = [];
  for (const { teamId, isLeader, team } of locked) {
    const others = await tx
      .select({ id: teamMembers.profileId, isLeader: teamMembers.isLeader })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), ne(teamMembers.profileId, profileId)))
      .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.profileId));
    if (others.length === 0) {
      await dropTeam(tx, team, null);
      continue;
    }
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.profileId, profileId)));
    await memberWebhook(tx, team, 'member_left', profileId, { reason: 'account_deleted' });
    const heir = isLeader && !others.some((o) => o.isLeader) ? others[0].id : null;
    if (heir)
      await tx
        .update(teamMembers)
        .set({ isLeader: true })
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.profileId, heir)));
    for (const other of others) {
      notes.push({
        profileId: other.id,
        kind: other.id === heir ? 'leader_handed_over' : 'member_deleted_account',
        data: { teamId, teamName: team.name },
      });
    }
  }
  // The person's own join requests and the invitations they received go with the profile (foreign keys).
  await notify(tx, notes);
}

/** The person's memberships, join requests and invitations, for their data download. */
export async function teamDataOf(db: Db, profileId: string): Promise<Pick<AccountData, 'memberships' | 'joinRequests' | 'invitations'>> {
  const memberships = await db
    .select({
      teamId: teams.id,
      teamName: teams.name,
      role: teamMembers.role,
      isLeader: teamMembers.isLeader,
      joinedAt: teamMembers.joinedAt,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.profileId, profileId))
    .orderBy(asc(teamMembers.joinedAt));
  const requests = await db.select().from(joinRequests).where(eq(joinRequests.profileId, profileId)).orderBy(asc(joinRequests.createdAt));
  const invitations = await db
    .select({ invitation: teamInvitations, teamName: teams.name })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .where(eq(teamInvitations.profileId, profileId))
    .orderBy(asc(teamInvitations.createdAt));
  return {
    memberships: memberships.map((m) => ({ ...m, joinedAt: iso(m.joinedAt) })),
    joinRequests: requests.map((r) => ({
      id: r.id,
      teamId: r.teamId,
      teamName: r.teamName,
      position: r.position,
      message: r.message,
      status: r.status,
      createdAt: iso(r.createdAt),
      respondedAt: r.respondedAt ? iso(r.respondedAt) : null,
    })),
    invitations: invitations.map(({ invitation: i, teamName }) => ({
      id: i.id,
      teamId: i.teamId,
      teamName,
      role: i.role,
      message: i.message,
      status: i.status,
      createdAt: iso(i.createdAt),
      respondedAt: i.respondedAt ? iso(i.respondedAt) : null,
    })),
  };
}
