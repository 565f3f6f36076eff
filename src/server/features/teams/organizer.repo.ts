/**
 * An event's organizers put people into its teams and take them out, also after the team
 * formation deadline (docs/product.md#events): the team's size, the event's teams-per-person limit
 * and a team's leader still hold; only people taking part come in, and no one banned. The person is
 * told, as a leader's removal tells them; a team whose last member is taken out goes.
 */
import { and, eq } from 'drizzle-orm';
import { DEFAULT_MEMBER_ROLE } from '../../../shared/constants';
import { done, inTransaction, refused, type Outcome } from '../../api/outcome';
import type { Db } from '../../db/client';
import { teamMembers, type Event } from '../../db/schema';
import { mayBeMovedIn } from '../events';
import { notify } from '../notifications';
import { lockProfile } from '../profiles';
import { roomForOneMore } from './event-rules.repo';
import { admit } from './joining.repo';
import { dropTeam, hasRoom, lockTeam, personName } from './teams.repo';
import { memberWebhook } from './webhook-events';

/** The event's team, locked; null when the team is not one of the event's. */
async function lockEventTeam(tx: Db, event: Event, teamId: string) {
  const team = await lockTeam(tx, teamId);
  return team && team.eventId === event.id ? team : null;
}

export async function moveIn(
  db: Db,
  event: Event,
  teamId: string,
  profileId: string,
  role: string | undefined,
  byProfileId: string,
): Promise<Outcome> {
  return inTransaction(db, async (tx) => {
    await lockProfile(tx, profileId);
    const team = await lockEventTeam(tx, event, teamId);
    if (!team) return refused('team_not_found');
    const movable = await mayBeMovedIn(tx, event, profileId);
    if (!movable.ok) return movable;
    const [member] = await tx
      .select({ profileId: teamMembers.profileId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.profileId, profileId)));
    if (member) return refused('invitee_is_member');
    if (!hasRoom(team)) return refused('team_full');
    if (!(await roomForOneMore(tx, event, profileId))) {
      return refused('invitee_teams_per_person', { limit: event.teamsPerPerson!, event: event.name });
    }
    const joined = await admit(tx, team, profileId, role || DEFAULT_MEMBER_ROLE);
    await notify(tx, [{ profileId, kind: 'joined', data: { ...joined, by: await personName(tx, byProfileId) } }]);
    return done();
  });
}

export async function moveOut(db: Db, event: Event, teamId: string, profileId: string, byProfileId: string): Promise<Outcome> {
  return inTransaction(db, async (tx) => {
    const team = await lockEventTeam(tx, event, teamId);
    if (!team) return refused('team_not_found');
    const members = await tx
      .select({ id: teamMembers.profileId, isLeader: teamMembers.isLeader })
      .from(teamMembers)
      .where(eq(teamMembers.teamId, teamId));
    const member = members.find((m) => m.id === profileId);
    if (!member) return refused('member_not_found');
    // The team keeps a leader; the last one in it takes the team with them (as when they leave the event).
    if (member.isLeader && members.length > 1 && !members.some((m) => m.isLeader && m.id !== profileId)) return refused('last_leader');
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.profileId, profileId)));
    await memberWebhook(tx, team, 'member_left', profileId, { reason: 'removed' });
    const by = await personName(tx, byProfileId);
    await notify(tx, [{ profileId, kind: 'removed', data: { teamId, teamName: team.name, by } }]);
    if (members.length === 1) await dropTeam(tx, team, by);
    return done();
  });
}
