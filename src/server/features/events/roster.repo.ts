/**
 * The event's registrations as a source other features' reports select from (the organizer's desk,
 * docs/product.md#the-organizers-desk): a subquery with named columns, so a report is one statement
 * over the primary key's (event_id, profile_id) order, without another feature reading this table.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { registrations } from '../../db/schema';

/**
 * Freshness (docs/product.md#freshness): when each of `profileIds` last said they are looking for a
 * team in the event (a page of cards at a time, by the primary key).
 */
export async function lookingSinceIn(db: Db, eventId: string, profileIds: string[]): Promise<Map<string, string>> {
  if (profileIds.length === 0) return new Map();
  const rows = await db
    .select({ profileId: registrations.profileId, since: registrations.lookingSince })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), inArray(registrations.profileId, profileIds)));
  return new Map(rows.map((r) => [r.profileId, r.since.toISOString()]));
}

/** `(select profile_id, looking, created_at from registrations of the event)`: `looking` is null when it follows the profile. */
export const eventRegistrations = (eventId: string): SQL =>
  sql`(select profile_id, looking, created_at from ${registrations} where event_id = ${eventId})`;
