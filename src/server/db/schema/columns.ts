/** Column helpers every table file uses. */
import { sql } from 'drizzle-orm';
import { customType, timestamp } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** `column in ('a', 'b', ...)` over one of the shared constant lists, for a CHECK. */
export const oneOf = (column: unknown, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '))})`;

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/**
 * When anything a list item or detail shows last changed (the API's `updatedAt`, for sync): kept by
 * the database (migration 0023 and docs/decisions/027-sync.md), never written by the app.
 */
export const changedAt = () => timestamp('changed_at', { withTimezone: true }).notNull().defaultNow();
