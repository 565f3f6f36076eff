/**
 * Teams that come from grouping (issue 32): a proposed group becomes a team when enough of it
 * accepted, or those who accepted join the partial team it filled. Each person acted (accepted), so
 * the event's rules hold as for any join: not locked, taking part, room in their number of teams.
 */
import { LEADER_ROLE } from '../../../shared/constants';
import { eq } from 'drizzle-orm';
import { done, refused, type Outcome } from '../../api/outcome';
import type { Db } from '../../db/client';
import { teamMembers, teams, type Event } from '../../db/schema';
import { stopLookingIn, takesPart } from '../events';
import { lockProfile } from '../profiles';
import { mayJoin } from './event-rules.repo';
import { hasRoom, lockTeam } from './teams.repo';
import { memberWebhook, teamCreatedWebhook } from './webhook-events';

/**
 * Of those who accepted a proposed group (`answererId` just now), in the order they did, who may be
 * in its team now: each is locked, and the event's rules for a join hold for them (not locked, taking
 * part, room in their number of teams). The answerer's refusal is theirs to read; anyone else who no
 * longer may (left the event, banned from it, in as many of its teams as it allows) is left out, so the rest
 * are not held back by them. No one is registered again on another's behalf.
 */
export async function whoMayJoin(tx: Db, event: Event, profileIds: string[], answererId: string): Promise<Outcome<{ kept: string[] }>> {
  const kept: string[] = [];
  for (const id of profileIds) {
    await lockProfile(tx, id);
    if (id === answererId) {
      const allowed = await mayJoin(tx, event, id);
      if (!allowed.ok) return allowed;
    } else if (!(await takesPart(tx, event.id, id)) || !(await mayJoin(tx, event, id)).ok) continue;
    kept.push(id);
  }
  return done({ kept });
}

/** The ids of a team's members. */
export async function memberIdsOf(tx: Db, teamId: string): Promise<string[]> {
  const rows = await tx.select({ id: teamMembers.profileId }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return rows.map((r) => r.id);
}

/** A new team of `members` (the first leads), with open positions for what is missing; in the caller's transaction. */
export async function formGroupedTeam(
  tx: Db,
  event: Event,
  input: { name: string; description: string; members: { profileId: string; role: string }[]; openPositions: string[] },
): Promise<Outcome<{ id: string }>> {
  for (const m of input.members) {
    await lockProfile(tx, m.profileId);
    const allowed = await mayJoin(tx, event, m.profileId);
    if (!allowed.ok) return allowed;
  }
  const maxSize = Math.max(event.teamSizeMin, Math.min(event.teamSizeMax, input.members.length + input.openPositions.length));
  const [team] = await tx
    .insert(teams)
    .values({
      eventId: event.id,
      name: input.name,
      description: input.description,
      isOpen: input.openPositions.length > 0,
      openPositions: input.openPositions.slice(0, Math.max(0, maxSize - input.members.length)),
      maxSize,
    })
    .returning({ id: teams.id });
  await tx
    .insert(teamMembers)
    .values(
      input.members.map((m, i) => ({ teamId: team.id, profileId: m.profileId, role: i === 0 ? LEADER_ROLE : m.role, isLeader: i === 0 })),
    );
  for (const m of input.members) await stopLookingIn(tx, event.id, m.profileId, { evenIfFollowingProfile: true });
  await teamCreatedWebhook(
    tx,
    { id: team.id, name: input.name, eventId: event.id },
    input.openPositions.slice(0, Math.max(0, maxSize - input.members.length)),
  );
  return done({ id: team.id });
}

/**
 * The person, then the team they join, locked (the team's row as it is now; null once deleted). An
 * answer takes these before its group's row: a team's deletion holds the team and then, by its
 * trigger (migration 0030), the groups naming it, so the other order deadlocked with it.
 */
export async function lockForJoining(tx: Db, teamId: string, profileId: string) {
  await lockProfile(tx, profileId);
  return lockTeam(tx, teamId);
}

/**
 * One who accepted joins the team their group formed, or the partial team it filled (`filling`):
 * refused when it is full or gone, and a partial team its leaders closed since.
 */
export async function joinGroupedTeam(
  tx: Db,
  event: Event,
  teamId: string,
  profileId: string,
  role: string,
  { filling }: { filling: boolean },
): Promise<Outcome> {
  const team = await lockForJoining(tx, teamId, profileId);
  if (!team) return refused('team_not_found');
  if (filling && !team.isOpen) return refused('team_not_open');
  if (!hasRoom(team)) return refused('team_full');
  const allowed = await mayJoin(tx, event, profileId);
  if (!allowed.ok) return allowed;
  const added = await tx
    .insert(teamMembers)
    .values({ teamId, profileId, role })
    .onConflictDoNothing()
    .returning({ profileId: teamMembers.profileId });
  if (added.length) await memberWebhook(tx, team, 'member_joined', profileId, { role });
  await stopLookingIn(tx, event.id, profileId, { evenIfFollowingProfile: true });
  return done();
}
