/**
 * Announcements in their recipients' inboxes (docs/product.md#the-organizers-desk,
 * docs/decisions/036-announcements-delivered-in-batches.md). The recipients are frozen when the
 * announcement is sent; a notification goes to each of them in profile id order, a batch per
 * transaction, and `inbox_through` records the last one of each batch in that same transaction: a
 * batch is delivered whole or not at all, so nobody gets it twice and nobody is skipped. A small
 * announcement is one batch, in the transaction that sends it; a large one waits in inbox_state
 * 'delivering' for the deliverer (announcement-inbox.ts), so that on the embedded database, which
 * answers one statement at a time, browsing goes on between its batches.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { uuidArray } from '../../db/arrays';
import { queryRows, type Db } from '../../db/client';
import { people } from '../../db/people';
import { announcementRecipients, announcements } from '../../db/schema';
import { eventById } from '../events';
import { notifyEveryone } from '../notifications';

/** The channel an instance announces a waiting delivery on, so that whichever holds the deliverer's lock starts at once. */
export const ANNOUNCEMENT_INBOX_CHANNEL = 'hackteams_announcement_inbox';

/** Recipients per batch: an announcement to at most this many reaches them in the transaction that sends it. */
export const INBOX_BATCH = 1_000;

/** The least uuid: the first batch starts at it. */
const NIL = '00000000-0000-0000-0000-000000000000';

/** A notification quotes the start of the message; the event's page shows it whole. */
const QUOTED = 280;

export interface InboxDelivery {
  id: string;
  event: { slug: string; name: string };
  message: string;
  /** The last recipient delivered to, in profile id order; null before the first batch. */
  through: string | null;
}

/** The oldest announcement not yet in all its recipients' inboxes, or null. */
export async function nextDelivery(db: Db): Promise<InboxDelivery | null> {
  const [row] = await db
    .select({ id: announcements.id, eventId: announcements.eventId, message: announcements.message, through: announcements.inboxThrough })
    .from(announcements)
    .where(eq(announcements.inboxState, 'delivering'))
    .orderBy(asc(announcements.createdAt), asc(announcements.id))
    .limit(1);
  // An event's announcements go with it (cascade): one deleted since the row was read has none left.
  const event = row && (await eventById(db, row.eventId));
  if (!row || !event) return null;
  return { id: row.id, event: { slug: event.slug, name: event.name }, message: row.message, through: row.through };
}

/**
 * Delivers the next `size` recipients of the announcement after `through`, in the caller's
 * transaction, records the last one, and marks the announcement delivered when none is left.
 * Recipients who deleted their account since it was sent are passed over.
 */
export async function deliverBatch(tx: Db, delivery: InboxDelivery, size: number): Promise<void> {
  // The batch walks the recipients' primary key in order from the row after the last one delivered,
  // written so that no statistics decide the plan: just frozen, the recipients are not yet in them,
  // and PostgreSQL, expecting a few dozen, collected and sorted all that were left on every batch
  // (22 ms a batch with 39,000 left, against 1 ms walked).
  const from = sql`(r.announcement_id, r.profile_id) ${delivery.through ? sql`>` : sql`>=`} (${delivery.id}::uuid, ${delivery.through ?? NIL}::uuid)`;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select b.profile_id as id from (
        select r.announcement_id, r.profile_id from ${announcementRecipients} r where ${from}
        order by r.announcement_id, r.profile_id limit ${size}) b
      where b.announcement_id = ${delivery.id}`,
  );
  const last = rows.at(-1)?.id;
  if (last) {
    const quoted = delivery.message.length > QUOTED ? `${delivery.message.slice(0, QUOTED - 1)}…` : delivery.message;
    await notifyEveryone(
      tx,
      sql`select ${people.id} as profile_id from ${people.table} where ${people.id} = any(${uuidArray(rows.map((r) => r.id))})`,
      'announcement',
      { eventSlug: delivery.event.slug, eventName: delivery.event.name, announcementId: delivery.id, message: quoted },
    );
  }
  await tx
    .update(announcements)
    .set({ inboxThrough: last ?? delivery.through, ...(rows.length < size && { inboxState: 'delivered' }) })
    .where(eq(announcements.id, delivery.id));
}
