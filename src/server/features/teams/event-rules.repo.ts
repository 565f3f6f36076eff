/**
 * The event's rules for who is in which team (docs/product.md#events), applied inside the caller's
 * transaction: after the team formation deadline nothing changes but by an organizer; a person
 * takes part in the event before joining one of its teams (registered on the spot while
 * registration is open); and one person is in at most the event's number of teams.
 */
import { and, eq, sql } from 'drizzle-orm';
import { done, refused, type Outcome } from '../../api/outcome';
import type { Db } from '../../db/client';
import { teamMembers, teams, type Event } from '../../db/schema';
import { ensureRegistered, eventById, isFormationLocked } from '../events';

/** The event a team takes part in (every team has one). */
export async function eventOfTeam(tx: Db, team: { eventId: string }): Promise<Event> {
  const event = await eventById(tx, team.eventId);
  if (!event) throw new Error(`team in a missing event ${team.eventId}`);
  return event;
}

/** Refused when the event's teams are locked (the formation deadline has passed). */
export function notLocked(event: Event): Outcome {
  return isFormationLocked(event) ? refused('formation_locked', { event: event.name }) : done();
}

/** How many of the event's teams the person is in. */
export async function teamsInEvent(tx: Db, eventId: string, profileId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teams.eventId, eventId), eq(teamMembers.profileId, profileId)));
  return row.n;
}

/** Whether the person may be in one more of the event's teams. */
export async function roomForOneMore(tx: Db, event: Event, profileId: string): Promise<boolean> {
  return event.teamsPerPerson === null || (await teamsInEvent(tx, event.id, profileId)) < event.teamsPerPerson;
}

/**
 * Before a person becomes a member of one of the event's teams by their own act (creating a team,
 * asking, accepting): not locked, taking part (registered now if registration is open), and room
 * in their number of teams. The caller holds the person's profile lock, so two joins of one person
 * count one after the other.
 */
export async function mayJoin(tx: Db, event: Event, profileId: string): Promise<Outcome> {
  const open = notLocked(event);
  if (!open.ok) return open;
  const registered = await ensureRegistered(tx, event, profileId);
  if (!registered.ok) return registered;
  if (!(await roomForOneMore(tx, event, profileId)))
    return refused('teams_per_person', { limit: event.teamsPerPerson!, event: event.name });
  return done();
}
