/**
 * The event's registrations as a source other features' reports select from (the organizer's desk,
 * docs/product.md#the-organizers-desk): a subquery with named columns, so a report is one statement
 * over the primary key's (event_id, profile_id) order, without another feature reading this table.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { events, registrations } from '../../db/schema';

/** `(select profile_id, looking, created_at from registrations of the event)`: `looking` is null when it follows the profile. */
export const eventRegistrations = (eventId: string): SQL =>
  sql`(select profile_id, looking, created_at from ${registrations} where event_id = ${eventId})`;

/**
 * `(select registrant_count, looking_count from the event)`: how many take part, and how many of them
 * look for a team there, the event's own counts kept by triggers (migrations 0013 and 0026).
 */
export const eventCounts = (eventId: string): SQL => sql`(select registrant_count, looking_count from ${events} where id = ${eventId})`;

/** How many take part in the event: its own count, kept by a trigger on registrations (0 for no such event). */
export async function registrantCount(db: Db, eventId: string): Promise<number> {
  const [row] = await prepared(db, 'event_registrant_count', (db, name) =>
    db
      .select({ count: events.registrantCount })
      .from(events)
      .where(eq(events.id, sql.placeholder('eventId')))
      .prepare(name),
  ).execute({ eventId });
  return row?.count ?? 0;
}

/**
 * Locks the rows of the events a person takes part in, in the order of their ids, for a transaction
 * that changes the counts kept on several of them at once (deleting an account: its registrations,
 * its looking flags, the teams it leaves). The counts' triggers update each event's row in the order
 * their statement meets the rows, which differs from person to person: two such transactions meeting
 * two events in opposite orders would each wait for the row the other holds, and PostgreSQL ends one
 * of them with an error. Taken first and in one order, the rows are already held when the triggers
 * update them.
 */
export async function lockEventsOf(tx: Db, profileId: string): Promise<void> {
  await tx
    .select({ id: events.id })
    .from(events)
    .where(inArray(events.id, tx.select({ id: registrations.eventId }).from(registrations).where(eq(registrations.profileId, profileId))))
    .orderBy(events.id)
    .for('no key update');
}
