/**
 * Notifications: written by the features whose changes they report, in the same transaction, and
 * announced with NOTIFY, which PostgreSQL (and PGlite) delivers only once that transaction commits:
 * a rolled back change notifies nobody, and every app instance hears of a committed one.
 */
import { and, desc, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { InboxItem } from '../../../shared/api/notifications';
import type { NotificationKind } from '../../../shared/constants';
import { notificationLink, notificationText, type NotificationData } from '../../../shared/notification-text';
import { queryRows, type Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { HIDDEN_TEXT } from '../../../shared/safety';
import { hiddenAmong } from '../safety';

export type { NotificationData };

/**
 * The channel NOTIFY announces new notifications on: the payload lists them as 'profileId:seq',
 * comma separated. (Ended sessions are announced on it too, as 's:<session id>': migration 0013.)
 */
export const NOTIFICATIONS_CHANNEL = 'hackteams_notifications';
/** Read notifications older than this are pruned (unread ones are kept). */
export const PRUNE_AFTER_DAYS = 90;

export interface NewNotification {
  profileId: string;
  kind: NotificationKind;
  data: NotificationData;
}

/**
 * Adds notifications in the caller's transaction, and announces them to every instance on commit.
 * Each is announced with its seq: transactions commit in another order than they took their seqs,
 * and a live stream that has read past a seq learns this way of one that committed later.
 */
export async function notify(db: Db, entries: NewNotification[]): Promise<void> {
  if (entries.length === 0) return;
  const added = await db
    .insert(notifications)
    .values(entries.map((e) => ({ profileId: e.profileId, kind: e.kind, data: e.data as Record<string, unknown> })))
    .returning({ profileId: notifications.profileId, seq: notifications.seq });
  const announced = added.map((n) => `${n.profileId}:${n.seq}`);
  // A NOTIFY payload holds at most 8000 bytes: 36-character ids with their seq, a hundred at a time.
  for (let i = 0; i < announced.length; i += 100) {
    await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${announced.slice(i, i + 100).join(',')})`);
  }
}

/**
 * The same notification to everyone `recipients` selects (one column, `profile_id`), set-based: one
 * INSERT ... SELECT and its announcements in the same statement, so 100,000 recipients take one
 * round trip (an announcement to an event, docs/product.md#the-organizers-desk). Returns how many.
 */
export async function notifyEveryone(db: Db, recipients: SQL, kind: NotificationKind, data: NotificationData): Promise<number> {
  return notifyEach(db, sql`select r.profile_id, ${JSON.stringify(data)}::jsonb as data from (${recipients}) r`, kind);
}

/**
 * A notification of one kind to each row `rows` selects (`profile_id`, and `data` as jsonb: each
 * its own), in one statement as notifyEveryone: reminders to the leaders of a thousand teams, each
 * naming its team, take one round trip instead of a thousand. Returns how many.
 */
export async function notifyEach(db: Db, rows: SQL, kind: NotificationKind): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with added as (
      insert into ${notifications} (profile_id, kind, data)
      select r.profile_id, ${kind}, r.data from (${rows}) r
      returning profile_id, seq
    ), numbered as (
      select profile_id || ':' || seq as entry, (row_number() over (order by seq) - 1) / 100 as batch from added
    ), sent as (
      select pg_notify(${NOTIFICATIONS_CHANNEL}, string_agg(entry, ',')) from numbered group by batch
    )
    select (select count(*) from added)::int as n, (select count(*) from sent)::int as batches`,
  );
  return row.n;
}

type Row = typeof notifications.$inferSelect;
const toItem = (n: Row): Omit<InboxItem, 'pending'> => {
  const data = n.data as NotificationData;
  return {
    id: n.id,
    seq: n.seq,
    kind: n.kind,
    text: notificationText(n.kind, data),
    link: notificationLink(n.kind, data),
    data,
    createdAt: n.createdAt.toISOString(),
    readAt: n.readAt?.toISOString() ?? null,
  };
};

/**
 * Inbox copies of an announcement a moderator hid (or its author's platform ban did) read 'Hidden
 * by a moderator', as the event's page does (docs/product.md#moderation).
 */
async function withHidden(db: Db, rows: Row[]): Promise<Row[]> {
  const quoted = rows.filter((n) => n.kind === 'announcement' && typeof (n.data as NotificationData).announcementId === 'string');
  if (quoted.length === 0) return rows;
  const hidden = await hiddenAmong(db, 'announcement', [...new Set(quoted.map((n) => (n.data as NotificationData).announcementId!))]);
  if (hidden.size === 0) return rows;
  return rows.map((n) =>
    n.kind === 'announcement' && hidden.has((n.data as NotificationData).announcementId!)
      ? { ...n, data: { ...(n.data as Record<string, unknown>), message: HIDDEN_TEXT } }
      : n,
  );
}

/** One page of a person's notifications, newest first: those older than `before` (a seq), if given. */
export async function inboxPage(db: Db, profileId: string, opts: { before?: number; limit: number }) {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.profileId, profileId), opts.before ? lt(notifications.seq, opts.before) : undefined))
    .orderBy(desc(notifications.seq))
    .limit(opts.limit + 1);
  return { items: (await withHidden(db, rows.slice(0, opts.limit))).map(toItem), more: rows.length > opts.limit };
}

export async function unreadCount(db: Db, profileId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.profileId, profileId), isNull(notifications.readAt)));
  return row.n;
}

/** Marks the person's own notifications read: those of `ids`, or all. Others' ids change nothing. */
export async function markRead(db: Db, profileId: string, ids?: string[]): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.profileId, profileId), isNull(notifications.readAt), ids ? inArray(notifications.id, ids) : undefined));
}

/**
 * The person's unread notifications about a join request or invitation they have just answered:
 * read now, wherever they answered it (the team's page, the pending invitations), as answering in
 * the inbox itself marks them (the person's unread ones only: the partial index on them).
 */
export async function markAnsweredRead(db: Db, profileId: string, about: { requestId: string } | { invitationId: string }): Promise<void> {
  const [key, id] = 'requestId' in about ? (['requestId', about.requestId] as const) : (['invitationId', about.invitationId] as const);
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.profileId, profileId),
        isNull(notifications.readAt),
        eq(notifications.kind, key === 'requestId' ? 'join_request' : 'invitation'),
        sql`${notifications.data} ->> ${key} = ${id}`,
      ),
    );
}

/** A person's notifications after `seq`, oldest first: what their live streams may not have sent yet. */
export async function notificationsAfter(db: Db, profileId: string, seq: number, limit = 100) {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.profileId, profileId), gt(notifications.seq, seq)))
    .orderBy(notifications.seq)
    .limit(limit);
  return (await withHidden(db, rows)).map(toItem);
}

/** The newest seq of a person's notifications (0 without any): where a fresh live stream starts. */
export async function latestSeq(db: Db, profileId: string): Promise<number> {
  const [row] = await db
    .select({ seq: sql<number>`coalesce(max(${notifications.seq}), 0)::bigint` })
    .from(notifications)
    .where(eq(notifications.profileId, profileId));
  return Number(row.seq);
}

/** Deletes read notifications older than PRUNE_AFTER_DAYS; returns how many. */
export async function pruneRead(db: Db): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(sql`${notifications.readAt} < now() - make_interval(days => ${PRUNE_AFTER_DAYS})`)
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * A deleted account leaves no name in anyone's notifications: 'by' (who did it) is dropped from
 * every notification that quotes the person, which then reads 'Someone ...'. Runs in the
 * caller's transaction. A scan of the table, which an account deletion, being rare, can afford.
 */
export async function forgetPerson(db: Db, profileId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ data: sql`${notifications.data} - 'by'` })
    .where(sql`${notifications.data} -> 'by' ->> 'id' = ${profileId}`);
}

/** Every notification of a person, oldest first, with its text as the inbox shows it (a hidden announcement hidden): for their data download. */
export async function allNotificationsOf(db: Db, profileId: string) {
  const rows = await db.select().from(notifications).where(eq(notifications.profileId, profileId)).orderBy(notifications.seq);
  return (await withHidden(db, rows)).map((n) => {
    const item = toItem(n);
    return { kind: item.kind, text: item.text, data: item.data, createdAt: item.createdAt, readAt: item.readAt };
  });
}
