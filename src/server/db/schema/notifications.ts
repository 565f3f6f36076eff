/** Notifications. */
import { sql } from 'drizzle-orm';
import { NOTIFICATION_KINDS } from '../../../shared/constants';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns';
import { profiles } from './profiles';

/**
 * What happened that a person should hear about, written in the same transaction as the change
 * it reports (a rolled back accept notifies nobody). `data` holds what the text needs (team
 * name, who did it), so a notification still reads right after the team is gone.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Increasing with every notification: the order of an inbox, and the id of a live event (resumed with Last-Event-ID). */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    check('notifications_kind_check', oneOf(t.kind, NOTIFICATION_KINDS)),
    index('notifications_profile_seq_idx').on(t.profileId, t.seq),
    index('notifications_unread_idx')
      .on(t.profileId)
      .where(sql`${t.readAt} is null`),
  ],
);
