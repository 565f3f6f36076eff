/** Moderation (docs/product.md#moderation): reports, and the record of every moderator's action. */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MODERATION_ACTIONS, REPORT_REASONS, REPORT_TARGETS } from '../../../shared/safety';
import { createdAt, oneOf } from './columns';
import { events } from './events';
import { profiles } from './profiles';

/** A report: one per reporter and target (reporting again counts once). */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    targetKind: text('target_kind', { enum: REPORT_TARGETS }).notNull(),
    targetId: uuid('target_id').notNull(),
    /** The event whose moderators see it; null: the platform queue (admins). */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    /** The person the report is about (the profile, the team's leader, the message's sender). */
    subjectId: uuid('subject_id').references(() => profiles.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    note: text('note'),
    /** The reported content as it was when reported. */
    snapshot: text('snapshot').notNull(),
    /** 'open' until a moderator dismisses it or acts on it. */
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_once_idx').on(t.reporterId, t.targetKind, t.targetId),
    index('reports_queue_idx')
      .on(t.eventId, t.createdAt)
      .where(sql`${t.status} = 'open'`),
    check('reports_target_check', oneOf(t.targetKind, REPORT_TARGETS)),
    check('reports_reason_check', oneOf(t.reason, REPORT_REASONS)),
  ],
);

/** Every moderator's action, with who and why: shown to the event's owners. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: uuid('target_id').notNull(),
    subjectId: uuid('subject_id').references(() => profiles.id, { onDelete: 'set null' }),
    byProfileId: uuid('by_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_actions_event_idx').on(t.eventId, t.createdAt.desc().nullsFirst()),
    check('moderation_actions_action_check', oneOf(t.action, MODERATION_ACTIONS)),
  ],
);
