/**
 * Safety (docs/product.md#safety): blocks, who may contact a person, per-sender hourly counts of
 * requests and invitations, bans (one event or the whole platform) and content hidden by a moderator.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CONTACT_SETTINGS, HIDDEN_KINDS } from '../../../shared/safety';
import { createdAt, oneOf } from './columns';
import { events } from './events';
import { profiles } from './profiles';

/** `blockerId` blocked `blockedId`: neither can send the other a request or an invitation. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
    check('blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** Who may send a person invitations; no row: anyone. */
export const contactSettings = pgTable(
  'contact_settings',
  {
    profileId: uuid('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    whoMayContact: text('who_may_contact', { enum: CONTACT_SETTINGS }).notNull().default('anyone'),
  },
  (t) => [check('contact_settings_who_check', oneOf(t.whoMayContact, CONTACT_SETTINGS))],
);

/** How many requests or invitations a person sent in one clock hour: shared by every instance. */
export const sendCounts = pgTable(
  'send_counts',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['request', 'invitation'] }).notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.kind, t.hour] })],
);

/** A ban: from one event (`eventId`), or from the platform (null). Lifted bans stay, with who lifted them. */
export const bans = pgTable(
  'bans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    byProfileId: uuid('by_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
  },
  (t) => [
    index('bans_profile_idx')
      .on(t.profileId)
      .where(sql`${t.liftedAt} is null`),
  ],
);

/** Content a moderator hid: everyone but its author reads 'Hidden by a moderator'. */
export const hiddenContent = pgTable(
  'hidden_content',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: HIDDEN_KINDS }).notNull(),
    /** The profile (bio), team (description), join request, invitation or announcement. */
    targetId: uuid('target_id').notNull(),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    byProfileId: uuid('by_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** Set when a platform ban hid it: lifting that ban lifts these marks (and no moderator's own). */
    banId: uuid('ban_id').references(() => bans.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
  },
  (t) => [
    index('hidden_content_ban_idx')
      .on(t.banId)
      .where(sql`${t.banId} is not null and ${t.liftedAt} is null`),
    index('hidden_content_target_idx')
      .on(t.targetId)
      .where(sql`${t.liftedAt} is null`),
    check('hidden_content_kind_check', oneOf(t.kind, HIDDEN_KINDS)),
  ],
);
