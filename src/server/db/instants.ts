/**
 * Instants read as the API writes them (ISO 8601 in UTC, to the millisecond), straight from
 * PostgreSQL's text. Drizzle reads a timestamptz column into a Date, and a card wrote it back out
 * with toISOString (three times a team card, twice a profile card): for a page of 24 cards, a tenth
 * of the server's time on the teams list. Both databases speak UTC here (db/client.ts sets the
 * session's time zone on PostgreSQL; PGlite's is UTC) and write an instant as
 * '2026-11-28 13:15:16.123456+00', or inside JSON (db/json-rows.ts) as '2026-11-28T13:15:16.123456+00:00';
 * any other form still goes through a Date.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * '2026-11-28 13:15:16.123456+00' (or '...16+00', '...16.1+00'), or JSON's '2026-11-28T13:15:16.123456+00:00'
 * (or '...16+00:00'), as '2026-11-28T13:15:16.123Z'.
 */
export function isoOfTimestamptz(text: string): string {
  const n = text.length;
  // The offset's length: '+00' in PostgreSQL's text, '+00:00' in its JSON.
  const json = text.charCodeAt(10) === 84; // 'T'
  const zone = json ? 6 : 3;
  const utcText =
    n >= 19 + zone &&
    n <= 26 + zone &&
    text.charCodeAt(4) === 45 && // '-'
    text.charCodeAt(10) === (json ? 84 : 32) && // 'T' or ' '
    text.charCodeAt(13) === 58 && // ':'
    text.endsWith(json ? '+00:00' : '+00') &&
    (n === 19 + zone || text.charCodeAt(19) === 46); // '.'
  if (!utcText) return new Date(text).toISOString();
  // Milliseconds: the fraction's first three digits (a Date drops the rest too), padded.
  const fraction = n === 19 + zone ? '000' : (text.slice(20, n - zone) + '00').slice(0, 3);
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
}

/** A timestamptz column read as ISO 8601 text (isoOfTimestamptz), under the column's own name. */
export const isoInstant = (column: PgColumn): SQL.Aliased<string> => sql`${column}`.mapWith(isoOfTimestamptz).as(column.name);
