/**
 * Announcements and the desk's record (docs/product.md#the-organizers-desk). An announcement freezes
 * its recipients (one INSERT ... SELECT of the segment) and puts it in their inboxes a batch of
 * INBOX_BATCH at a time (one set-based statement each, with the live announcements): the first
 * batch in the transaction that sends it, the rest after it (announcement-inbox.repo.ts).
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { STALE_HOURS, type AnnouncementInput, type DeskRecord, type PublicAnnouncement, type Segment } from '../../../shared/api/organize';
import type { EventRole } from '../../../shared/constants';
import { done, inTransaction, refused, Rollback, type Outcome } from '../../api/outcome';
import { queryRows, type Db } from '../../db/client';
import { people } from '../../db/people';
import { announcementRecipients, announcements, deskRecords, type Event } from '../../db/schema';
import { eventRegistrations } from '../events';
import { hiddenAmong } from '../safety';
import { queueWebhooks } from '../webhooks';
import { HIDDEN_TEXT } from '../../../shared/safety';
import { eventMemberships, eventPendingRequests, eventTeams } from '../teams';
import { ANNOUNCEMENT_INBOX_CHANNEL, deliverBatch, INBOX_BATCH } from './announcement-inbox.repo';
import { ANNOUNCEMENT_MAIL_CHANNEL } from './announcement-mail.repo';
import { unteamedIds } from './unteamed.repo';

/** The profile ids a segment reaches (one column, profile_id). */
function segmentIds(eventId: string, segment: Segment): SQL {
  switch (segment.kind) {
    case 'everyone':
      return sql`select r.profile_id from ${eventRegistrations(eventId)} r`;
    case 'unteamed':
      return unteamedIds(eventId, segment.filter ?? {});
    case 'looking':
      return sql`select r.profile_id from ${eventRegistrations(eventId)} r join ${people.table} on ${people.id} = r.profile_id
        where coalesce(r.looking, ${people.lookingForTeam})`;
    case 'stale_leaders':
      return sql`select distinct m.profile_id from ${eventMemberships(eventId)} m where m.is_leader and exists (
        select 1 from ${eventPendingRequests(eventId)} q where q.team_id = m.team_id and q.created_at < now() - make_interval(hours => ${STALE_HOURS}))`;
    case 'team':
      return sql`select m.profile_id from ${eventMemberships(eventId)} m where m.team_id = ${segment.teamId!}`;
  }
}

/** The segment's filters or team, as recorded. */
const filterOf = (segment: Segment): Record<string, unknown> =>
  segment.kind === 'team' ? { teamId: segment.teamId } : segment.kind === 'unteamed' ? { ...segment.filter } : {};

export async function recordAction(
  db: Db,
  entry: {
    eventId: string;
    byProfileId: string;
    role: EventRole | null;
    kind: 'export' | 'announcement';
    what: string;
    filter: Record<string, unknown>;
    count: number;
  },
): Promise<void> {
  await db.insert(deskRecords).values(entry);
}

export async function announce(
  db: Db,
  event: Event,
  by: { profileId: string; role: EventRole | null },
  input: AnnouncementInput,
  opts: { mail: boolean; inboxBatch?: number },
): Promise<Outcome<{ id: string; recipientCount: number }>> {
  const { segment, message } = input;
  if (segment.kind === 'team') {
    const [team] = await queryRows<{ id: string }>(db, sql`select id from ${eventTeams(event.id)} t where id = ${segment.teamId!}`);
    if (!team) return refused('team_not_found');
  }
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({
        eventId: event.id,
        byProfileId: by.profileId,
        segment: segment.kind,
        filter: filterOf(segment),
        message,
        public: segment.kind === 'everyone',
      })
      .returning({ id: announcements.id });
    const [{ n }] = await queryRows<{ n: number }>(
      tx,
      sql`with added as (insert into ${announcementRecipients} (announcement_id, profile_id)
        select ${row.id}::uuid, s.profile_id from (${segmentIds(event.id, segment)}) s on conflict do nothing returning 1)
        select count(*)::int as n from added`,
    );
    // A segment with no one in it: nothing to send, and nothing to record. To everyone, the
    // announcement is also the event page's, so it stands even before anyone takes part.
    if (n === 0 && segment.kind !== 'everyone') throw new Rollback(refused('announcement_no_recipients'));
    const mailing = opts.mail && n > 0;
    await tx
      .update(announcements)
      .set({ recipientCount: n, mailState: mailing ? 'sending' : 'none', inboxState: 'delivering' })
      .where(eq(announcements.id, row.id));
    // The first batch now (for most announcements, everyone); whichever instance holds the
    // deliverer's lock takes the rest once this commits (announcement-inbox.ts).
    const batch = opts.inboxBatch ?? INBOX_BATCH;
    await deliverBatch(tx, { id: row.id, event, message, through: null }, batch);
    if (n >= batch) await tx.execute(sql`select pg_notify(${ANNOUNCEMENT_INBOX_CHANNEL}, ${row.id})`);
    // Whichever instance holds the sender's lock starts on it once this commits (announcement-mail.ts).
    if (mailing) await tx.execute(sql`select pg_notify(${ANNOUNCEMENT_MAIL_CHANNEL}, ${row.id})`);
    // An announcement to everyone is public (the event's page): the event's webhooks hear of it too.
    if (segment.kind === 'everyone') await queueWebhooks(tx, event.id, 'announcement', { announcementId: row.id, message });
    await recordAction(tx, {
      eventId: event.id,
      byProfileId: by.profileId,
      role: by.role,
      kind: 'announcement',
      what: segment.kind,
      filter: filterOf(segment),
      count: n,
    });
    return done({ id: row.id, recipientCount: n });
  });
}

const personRef = {
  id: people.id,
  firstName: people.ref.firstName,
  lastName: people.ref.lastName,
  name: people.name,
  avatarUrl: people.ref.avatarUrl,
};
const refOrNull = <T extends { id: string | null }>(p: T | null) => (p && p.id ? (p as T & { id: string }) : null);

/** The announcements sent to everyone, newest first: on the event's page. */
export async function publicAnnouncements(db: Db, eventId: string): Promise<PublicAnnouncement[]> {
  const rows = await db
    .select({ id: announcements.id, message: announcements.message, createdAt: announcements.createdAt, by: personRef })
    .from(announcements)
    .leftJoin(people.table, eq(people.id, announcements.byProfileId))
    .where(and(eq(announcements.eventId, eventId), eq(announcements.public, true)))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(50);
  // One a moderator hid reads 'Hidden by a moderator' (docs/product.md#moderation).
  const hidden = await hiddenAmong(
    db,
    'announcement',
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    message: hidden.has(r.id) ? HIDDEN_TEXT : r.message,
    by: refOrNull(r.by),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Every export and announcement of the event, newest first: for its owners. */
export async function deskRecordsOf(db: Db, eventId: string): Promise<DeskRecord[]> {
  const rows = await db
    .select({
      kind: deskRecords.kind,
      what: deskRecords.what,
      filter: deskRecords.filter,
      count: deskRecords.count,
      role: deskRecords.role,
      at: deskRecords.createdAt,
      by: personRef,
    })
    .from(deskRecords)
    .leftJoin(people.table, eq(people.id, deskRecords.byProfileId))
    .where(eq(deskRecords.eventId, eventId))
    .orderBy(desc(deskRecords.createdAt), desc(deskRecords.id))
    .limit(200);
  return rows.map((r) => ({ ...r, by: refOrNull(r.by), at: r.at.toISOString() }));
}

/** The announcements a person wrote (a platform ban hides them). */
export async function announcementIdsBy(db: Db, profileId: string): Promise<string[]> {
  const rows = await db.select({ id: announcements.id }).from(announcements).where(eq(announcements.byProfileId, profileId));
  return rows.map((r) => r.id);
}

/**
 * An announcement as a report records it: its event, sender and words (moderation); null when
 * `viewerId` was not sent it and it is not public (one sent to a segment is, like a message, there
 * only to those it went to; null viewer: a moderator).
 */
export async function announcementForReport(db: Db, id: string, viewerId: string | null) {
  const [row] = await db
    .select({ eventId: announcements.eventId, byProfileId: announcements.byProfileId, message: announcements.message })
    .from(announcements)
    .where(
      and(
        eq(announcements.id, id),
        viewerId === null
          ? undefined
          : sql`(${announcements.public} or exists (select 1 from ${announcementRecipients} r
              where r.announcement_id = ${announcements.id} and r.profile_id = ${viewerId}))`,
      ),
    );
  return row ?? null;
}
