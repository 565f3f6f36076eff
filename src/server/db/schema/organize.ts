/** The organizer's desk (docs/product.md#the-organizers-desk): announcements and the record of exports and announcements. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { EVENT_ROLES } from '../../../shared/constants';
import { createdAt } from './columns';
import { events } from './events';
import { profiles } from './profiles';

/** A message an event's organizers sent to a segment of its registrants. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    byProfileId: uuid('by_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    segment: text('segment').notNull(),
    /** The segment's filters or team, as given. */
    filter: jsonb('filter')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    message: text('message').notNull(),
    recipientCount: integer('recipient_count').notNull().default(0),
    /** Sent to everyone: listed on the event's page. */
    public: boolean('public').notNull().default(false),
    /** Email: 'none' (no mail configured when sent), 'sending', 'sent'. */
    mailState: text('mail_state').notNull().default('none'),
    /** Email progress: recipients are mailed in profile id order, and this is the last one mailed. */
    mailedThrough: uuid('mailed_through'),
    /** Inboxes: 'delivering' while batches wait (features/organize/announcement-inbox.repo.ts), then 'delivered'. */
    inboxState: text('inbox_state').notNull().default('delivered'),
    /** Inbox progress: recipients get it in profile id order, and this is the last one who has. */
    inboxThrough: uuid('inbox_through'),
    createdAt: createdAt(),
  },
  (t) => [
    index('announcements_event_idx').on(t.eventId, t.createdAt.desc().nullsFirst()),
    index('announcements_sending_idx')
      .on(t.createdAt)
      .where(sql`${t.mailState} = 'sending'`),
    index('announcements_delivering_idx')
      .on(t.createdAt)
      .where(sql`${t.inboxState} = 'delivering'`),
  ],
);

/** Who an announcement went to, frozen when it was sent: email goes out from this list, resumably. */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.profileId] })],
);

/** Every export and announcement: who, when, what, how many (shown to the event's owners). */
export const deskRecords = pgTable(
  'desk_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    byProfileId: uuid('by_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    role: text('role', { enum: EVENT_ROLES }),
    kind: text('kind', { enum: ['export', 'announcement'] }).notNull(),
    what: text('what').notNull(),
    filter: jsonb('filter')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    count: integer('count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('desk_records_event_idx').on(t.eventId, t.createdAt.desc().nullsFirst())],
);

export type Announcement = typeof announcements.$inferSelect;
