/**
 * Rows read as one JSON text each, on PGlite. PGlite hands every field of every row to JavaScript
 * as its own piece of the wire protocol (an ArrayBuffer copied and a string decoded per field, then
 * an object built from the pairs): a first page of 24 cards of 13 columns took about 1,000 us a
 * statement that way, and 570 us with each row as one text (401 us with no rows at all). On
 * PostgreSQL, node-postgres reads fields cheaply and building the JSON is the server's extra work
 * (5-14% slower there, measured on the bench's lists), so rows stay fields. Decision 034.
 */
import { sql, type SQL } from 'drizzle-orm';
import { pgliteOf, type Db } from './client';
import { decoderOf } from './decoders';

/** Whether `db` reads a page's rows faster as one JSON text each (PGlite). */
export const readsRowsAsJson = (db: Db): boolean => pgliteOf(db) !== undefined;

/**
 * `fields` (a flat selection of a subquery's columns, and expressions of them: a page's outer
 * statement, api/first-pages.ts and paging.ts) as one column, `row`: each row as a JSON array,
 * turned back into the object Drizzle would have made, each value through its field's own decoder
 * (the same Dates, numbers and ISO instants: db/instants.ts reads JSON's form of an instant too).
 */
export function jsonRow(fields: Record<string, unknown>): { row: SQL<Record<string, unknown>> } {
  const keys = Object.keys(fields);
  const decoderOfKey = keys.map((key) => decoderOf(fields[key]));
  const decode = (text: string) => {
    const values = JSON.parse(text) as unknown[];
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = values[i];
      row[keys[i]] = value === null ? null : decoderOfKey[i].mapFromDriverValue(value);
    }
    return row;
  };
  const values = sql.join(
    keys.map((key) => sql`${fields[key]}`),
    sql`, `,
  );
  const row = sql<Record<string, unknown>>`json_build_array(${values})::text`.mapWith(decode);
  jsonRows.add(row);
  return { row };
}

const jsonRows = new WeakSet<object>();

/**
 * Whether a statement's one field is a row as JSON (jsonRow): a named statement (db/prepared.ts)
 * then answers the decoded rows themselves, not `{ row }`, so its callers read the same rows either way.
 */
export const isJsonRow = (field: unknown): boolean => typeof field === 'object' && field !== null && jsonRows.has(field);
