/** What the signed-in user is waiting on: invitations addressed to them and their own join requests. */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Notifications } from '../../../shared/api-types';
import type { RequestStatus } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { joinRequests, teamInvitations, teams } from '../../db/schema';
import { selectJoinRequests } from '../teams/teams.repo';

export async function getNotifications(db: Db, profileId: string, limit: number): Promise<Notifications> {
  const pendingInvitation = and(eq(teamInvitations.profileId, profileId), eq(teamInvitations.status, 'pending'));
  const pendingRequest = and(eq(joinRequests.profileId, profileId), eq(joinRequests.status, 'pending'));
  const [invitations, requests, [invitationCount], [requestCount]] = await Promise.all([
    db.select({
      id: teamInvitations.id,
      team: { id: teams.id, name: teams.name, logoUrl: teams.logoUrl },
      role: teamInvitations.role,
      message: teamInvitations.message,
      status: teamInvitations.status,
      createdAt: teamInvitations.createdAt,
    })
      .from(teamInvitations)
      .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
      .where(pendingInvitation)
      .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id))
      .limit(limit),
    selectJoinRequests(db, eq(joinRequests.profileId, profileId), limit),
    db.select({ n: count() }).from(teamInvitations).where(pendingInvitation),
    db.select({ n: count() }).from(joinRequests).where(pendingRequest),
  ]);
  return {
    invitations: invitations.map((i) => ({ ...i, status: i.status as RequestStatus, createdAt: i.createdAt.toISOString() })),
    requests,
    pendingCount: Number(invitationCount.n) + Number(requestCount.n),
  };
}
