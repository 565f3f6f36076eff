/** Personal API tokens (docs/decisions/025-personal-api-tokens.md): only a hash of each secret is kept. */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt } from './columns';
import { events } from './events';

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 of the whole secret, hex: the secret itself is never stored. */
    secretHash: text('secret_hash').notNull().unique(),
    /** The first characters of the secret, shown in the list to recognize a token. */
    prefix: text('prefix').notNull(),
    scopes: text('scopes').array().notNull(),
    /** An `organize` token limited to one event; null: every event its owner is staff of. */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Updated at most once a minute. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('api_tokens_user_idx').on(t.userId, t.createdAt),
    check('api_tokens_scopes_check', sql`${t.scopes} <@ array['read', 'act', 'organize']::text[] and cardinality(${t.scopes}) > 0`),
  ],
);
