/**
 * The event's registrations as a source other features' reports select from (the organizer's desk,
 * docs/product.md#the-organizers-desk): a subquery with named columns, so a report is one statement
 * over the primary key's (event_id, profile_id) order, without another feature reading this table.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
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
