/**
 * Who is in a team and who leads it: removing, leaving, making a leader, and a person's teams.
 * Each change locks the team's row and reads the roles after the lock is held (teams.repo.ts).
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Membership } from '../../../shared/api/profiles';
import type { LedTeam } from '../../../shared/api/teams';
import { done, inTransaction, refused, Rollback, type Outcome } from '../../api/outcome';
import type { Db } from '../../db/client';
import { joinRequests, teamInvitations, teamMembers, teams, type Event } from '../../db/schema';
import { deregister, eventRefOf, isFormationLocked } from '../events';
import { lockProfile } from '../profiles';
import { notify } from '../notifications';
import { eventOfTeam, notLocked } from './event-rules.repo';
import { dropTeam, leaderIds, lockLedTeam, lockTeam, personName } from './teams.repo';
import { memberWebhook } from './webhook-events';

/** `profileId`'s membership of the (locked) team, read under the lock. */
async function memberOf(tx: Db, teamId: string, profileId: string) {
  const [member] = await tx
    .select({ isLeader: teamMembers.isLeader })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.profileId, profileId)));
  return member ?? null;
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

const withoutMember = (teamId: string, profileId: string) => and(eq(teamMembers.teamId, teamId), eq(teamMembers.profileId, profileId));

/** A leader removes a member who is not a leader (a leader is made a member first); the person is told. */
export async function removeMember(db: Db, teamId: string, profileId: string, byProfileId: string): Promise<Outcome> {
  return inTransaction(db, async (tx) => {
    // The person before the team (db/people.ts lockPerson): their leaving the event takes them in that order.
    await lockProfile(tx, profileId);
    const led = await lockLedTeam(tx, teamId, byProfileId);
    if (!led.ok) return led;
    const member = await memberOf(tx, teamId, profileId);
    if (!member) return refused('member_not_found');
    if (member.isLeader) return refused('leader_cannot_be_removed');
    const open = notLocked(await eventOfTeam(tx, led.team));
    if (!open.ok) return open;
    await tx.delete(teamMembers).where(withoutMember(teamId, profileId));
    await memberWebhook(tx, led.team, 'member_left', profileId, { reason: 'removed' });
    const by = await personName(tx, byProfileId);
    await notify(tx, [{ profileId, kind: 'removed', data: { teamId, teamName: led.team.name, by } }]);
    return done();
  });
}

/** A member leaves. A leader may leave only while another leader remains; the team's leaders are told. */
export async function leaveTeam(db: Db, teamId: string, profileId: string): Promise<Outcome> {
  return inTransaction(db, async (tx) => {
    await lockProfile(tx, profileId);
    const team = await lockTeam(tx, teamId);
    const member = team && (await memberOf(tx, teamId, profileId));
    if (!team || !member) return refused('not_a_member');
    if (member.isLeader && !(await otherLeaderExists(tx, teamId, profileId))) return refused('last_leader_leaving');
    const open = notLocked(await eventOfTeam(tx, team));
    if (!open.ok) return open;
    await tx.delete(teamMembers).where(withoutMember(teamId, profileId));
    await memberWebhook(tx, team, 'member_left', profileId, { reason: 'left' });
    const by = await personName(tx, profileId);
    const data = { teamId, teamName: team.name, by };
    await notify(
      tx,
      (await leaderIds(tx, teamId)).map((id) => ({ profileId: id, kind: 'member_left' as const, data })),
    );
    return done();
  });
}

/**
 * Makes a member a leader, or a leader a member again. A team always keeps one leader: of two
 * leaders demoting each other at once, the second finds itself the last one.
 */
export async function setLeader(db: Db, teamId: string, profileId: string, isLeader: boolean, byProfileId: string): Promise<Outcome> {
  return inTransaction(db, async (tx) => {
    await lockProfile(tx, profileId);
    const led = await lockLedTeam(tx, teamId, byProfileId);
    if (!led.ok) return led;
    const member = await memberOf(tx, teamId, profileId);
    if (!member) return refused('member_not_found');
    if (member.isLeader === isLeader) return done();
    if (!isLeader && !(await otherLeaderExists(tx, teamId, profileId))) return refused('last_leader');
    await tx.update(teamMembers).set({ isLeader }).where(withoutMember(teamId, profileId));
    if (isLeader && profileId !== byProfileId) {
      const by = await personName(tx, byProfileId);
      await notify(tx, [{ profileId, kind: 'made_leader', data: { teamId, teamName: led.team.name, by } }]);
    }
    return done();
  });
}

/** The teams a person belongs to (in one event, or all), with their role and event: leaders' teams first, then by date joined. */
export async function membershipsOf(db: Db, profileId: string, eventId?: string): Promise<Membership[]> {
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
      event: eventRefOf(teams.eventId),
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.profileId, profileId), eventId ? eq(teams.eventId, eventId) : undefined))
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

/**
 * A person stops taking part in an event: they leave its teams (the leader rules hold: a last leader
 * with others in the team hands over first; a team they are alone in goes), their pending requests
 * to its teams are cancelled and its teams' invitations to them withdrawn, and the registration goes.
 * Refused once the event's teams are locked and they are in one.
 */
export async function leaveEvent(db: Db, event: Event, profileId: string, opts: { banned?: boolean } = {}): Promise<Outcome> {
  return inTransaction(db, async (tx) => {
    await lockProfile(tx, profileId);
    const mine = await tx
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(eq(teams.eventId, event.id), eq(teamMembers.profileId, profileId)))
      .orderBy(asc(teamMembers.teamId));
    if (mine.length && isFormationLocked(event) && !opts.banned) return refused('leave_event_locked', { event: event.name });
    const by = await personName(tx, profileId);
    for (const { teamId } of mine) {
      const team = await lockTeam(tx, teamId);
      const member = team && (await memberOf(tx, teamId, profileId));
      if (!team || !member) continue;
      const others = await tx
        .select({ id: teamMembers.profileId })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), ne(teamMembers.profileId, profileId)));
      if (others.length === 0) {
        // Those who asked to join it are told, as when its leader deletes it.
        await dropTeam(tx, team, by);
        continue;
      }
      if (member.isLeader && !(await otherLeaderExists(tx, teamId, profileId))) {
        // A banned last leader cannot hand over: the longest-standing member leads from now on.
        if (!opts.banned) throw new Rollback(refused('last_leader_leaving'));
        await tx
          .update(teamMembers)
          .set({ isLeader: true })
          .where(
            sql`(${teamMembers.teamId}, ${teamMembers.profileId}) = (select m.team_id, m.profile_id from ${teamMembers} m
              where m.team_id = ${teamId} and m.profile_id <> ${profileId} order by m.joined_at, m.profile_id limit 1)`,
          );
      }
      await tx.delete(teamMembers).where(withoutMember(teamId, profileId));
      await memberWebhook(tx, team, 'member_left', profileId, { reason: 'left_event' });
      const data = { teamId, teamName: team.name, by };
      await notify(
        tx,
        (await leaderIds(tx, teamId)).map((id) => ({ profileId: id, kind: 'member_left' as const, data })),
      );
    }
    const inEvent = sql`in (select t.id from ${teams} t where t.event_id = ${event.id})`;
    await tx
      .update(joinRequests)
      .set({ status: 'cancelled', respondedAt: new Date() })
      .where(and(eq(joinRequests.profileId, profileId), eq(joinRequests.status, 'pending'), sql`${joinRequests.teamId} ${inEvent}`));
    await tx
      .update(teamInvitations)
      .set({ status: 'withdrawn', respondedAt: new Date() })
      .where(
        and(eq(teamInvitations.profileId, profileId), eq(teamInvitations.status, 'pending'), sql`${teamInvitations.teamId} ${inEvent}`),
      );
    await deregister(tx, event.id, profileId);
    return done();
  });
}
