/**
 * Webhooks per event (docs/product.md#webhooks, docs/decisions/026-webhooks.md): the URLs an event's
 * organizers registered, and the durable queue of deliveries, written in the same transaction as the
 * change that causes them.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { WEBHOOK_KINDS } from '../../../shared/webhooks';
import { createdAt, oneOf, updatedAt } from './columns';
import { events } from './events';
import { profiles } from './profiles';

export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The HMAC-SHA256 key: the server signs with it, so it is kept as given (shown once, at creation). */
    secret: text('secret').notNull(),
    kinds: text('kinds').array().notNull(),
    active: boolean('active').notNull().default(true),
    byProfileId: uuid('by_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhooks_event_idx').on(t.eventId)],
);

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

/** One delivery of one occurrence to one webhook; its payload is frozen when queued. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may take it next (also the lease: a claimed row is pushed past its timeout). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    check('webhook_deliveries_state_check', oneOf(t.state, WEBHOOK_DELIVERY_STATES)),
    check('webhook_deliveries_kind_check', oneOf(t.kind, WEBHOOK_KINDS)),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt.desc()),
  ],
);
