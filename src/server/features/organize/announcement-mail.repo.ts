/**
 * Email copies of announcements (docs/product.md#the-organizers-desk): an announcement sent while
 * mail is configured waits in mail_state 'sending'; its frozen recipients are mailed in profile id
 * order, and `mailed_through` records the last one of each batch handed to the mail server.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { people } from '../../db/people';
import { announcementRecipients, announcements } from '../../db/schema';

/** The channel an instance announces a new mailing on, so that whichever holds the sender's lock starts at once. */
export const ANNOUNCEMENT_MAIL_CHANNEL = 'hackteams_announcement_mail';

export interface MailingAnnouncement {
  id: string;
  eventId: string;
  message: string;
  mailedThrough: string | null;
}

export interface MailRecipient {
  profileId: string;
  /** Null when the person deleted their account after the announcement: skipped, but counted as passed. */
  email: string | null;
  firstName: string | null;
}

/** The oldest announcement whose email copies are not all sent, or null. */
export async function nextMailing(db: Db): Promise<MailingAnnouncement | null> {
  const [row] = await db
    .select({
      id: announcements.id,
      eventId: announcements.eventId,
      message: announcements.message,
      mailedThrough: announcements.mailedThrough,
    })
    .from(announcements)
    .where(eq(announcements.mailState, 'sending'))
    .orderBy(asc(announcements.createdAt), asc(announcements.id))
    .limit(1);
  return row ?? null;
}

/** The next `size` recipients after `after` (a profile id), in profile id order. */
export async function recipientsAfter(db: Db, announcementId: string, after: string | null, size: number): Promise<MailRecipient[]> {
  return queryRows<MailRecipient>(
    db,
    sql`select r.profile_id as "profileId", ${people.email} as email, ${people.ref.firstName} as "firstName"
      from ${announcementRecipients} r left join ${people.table} on ${people.id} = r.profile_id
      where r.announcement_id = ${announcementId} ${after ? sql`and r.profile_id > ${after}::uuid` : sql``}
      order by r.profile_id limit ${size}`,
  );
}

/** Records a batch as handed over: the next batch starts after `through`. */
export async function markMailed(db: Db, announcementId: string, through: string): Promise<void> {
  await db.update(announcements).set({ mailedThrough: through }).where(eq(announcements.id, announcementId));
}

export async function finishMailing(db: Db, announcementId: string): Promise<void> {
  await db
    .update(announcements)
    .set({ mailState: 'sent' })
    .where(and(eq(announcements.id, announcementId), eq(announcements.mailState, 'sending')));
}
