/**
 * Statements built once per database and named, for the hot reads of a fixed shape (a profile, a
 * team page, the viewer's profile id): Drizzle does not rebuild their SQL on every request, and
 * PostgreSQL parses and plans each once per connection instead of once per request (PGlite too:
 * db/kept-plans.ts).
 */
import type { Db } from './client';
import { decoderOf } from './decoders';
import { isJsonRow } from './json-rows';
import { keepsPlan } from './kept-plans';

const built = new WeakMap<Db, Map<string, unknown>>();

/**
 * The statement `name` of `db`, built by `build` the first time it is asked for. `planned: 'each
 * time'` for a statement `build` prepares unnamed (`prepare('')`), whose plan must follow its
 * values (how common a search term is): PGlite then plans it on every request too.
 */
export function prepared<T>(
  db: Db,
  name: string,
  build: (db: Db, name: string) => T,
  { planned = 'once' }: { planned?: 'once' | 'each time' } = {},
): T {
  let byName = built.get(db);
  if (!byName) built.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = mapsRowsByKnownFields(build(db, name));
    byName.set(name, (statement = planned === 'once' ? keepsPlan(db, name, statement) : statement));
  }
  return statement;
}

/** What Drizzle keeps of a prepared select (both drivers' prepared queries): its fields in column order, and an optional mapper of all rows. */
interface PreparedRows {
  fields?: Array<{ path: string[]; field: unknown }>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
}

/**
 * Drizzle maps a row by asking, for each field of each row, which kind of field it is (a walk of
 * the class chain per question, through a proxy for a subquery's columns): for a page of 24 cards,
 * a fifth of the server's own time on a list (docs/decisions/030). A named statement's fields
 * never change, so their decoders are picked once here and each row is only decoded. Only flat
 * selections (one key per column, no joined tables' objects), whose rows Drizzle builds the same way.
 */
function mapsRowsByKnownFields<T>(statement: T): T {
  const query = statement as PreparedRows;
  const fields = query?.fields;
  if (!Array.isArray(fields) || query.customResultMapper || fields.some((f) => f.path.length !== 1)) return statement;
  const decoders = fields.map((f) => decoderOf(f.field));
  // A page read as one JSON text per row (json-rows.ts): each row is the object its text decodes to.
  if (fields.length === 1 && isJsonRow(fields[0].field)) {
    query.customResultMapper = (rows) => rows.map((row) => decoders[0].mapFromDriverValue(row[0]));
    return statement;
  }
  const keys = fields.map((f) => f.path[0]);
  query.customResultMapper = (rows) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const value = row[i];
        out[keys[i]] = value === null ? null : decoders[i].mapFromDriverValue(value);
      }
      return out;
    });
  return statement;
}
