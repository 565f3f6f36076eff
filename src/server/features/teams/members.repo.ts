/**
 * Who is in a team and who leads it: removing, leaving, making a leader, and a person's teams.
 * Each change locks the team's row and reads the roles after the lock is held (teams.repo.ts).
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Membership } from '../../../shared/api/profiles';
import type { LedTeam } from '../../../shared/api/teams';
import { done, inTransaction, refused, type Outcome } from '../../api/outcome';
import type { Db } from '../../db/client';
import { teamInvitations, teamMembers, teams } from '../../db/schema';
import { notify } from '../notifications';
import { leaderIds, lockLedTeam, lockTeam, personName } from './teams.repo';

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
    const led = await lockLedTeam(tx, teamId, byProfileId);
    if (!led.ok) return led;
    const member = await memberOf(tx, teamId, profileId);
    if (!member) return refused('member_not_found');
    if (member.isLeader) return refused('leader_cannot_be_removed');
    await tx.delete(teamMembers).where(withoutMember(teamId, profileId));
    const by = await personName(tx, byProfileId);
    await notify(tx, [{ profileId, kind: 'removed', data: { teamId, teamName: led.team.name, by } }]);
    return done();
  });
}

/** A member leaves. A leader may leave only while another leader remains; the team's leaders are told. */
export async function leaveTeam(db: Db, teamId: string, profileId: string): Promise<Outcome> {
  return inTransaction(db, async (tx) => {
    const team = await lockTeam(tx, teamId);
    const member = team && (await memberOf(tx, teamId, profileId));
    if (!team || !member) return refused('not_a_member');
    if (member.isLeader && !(await otherLeaderExists(tx, teamId, profileId))) return refused('last_leader_leaving');
    await tx.delete(teamMembers).where(withoutMember(teamId, profileId));
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
