/**
 * Statements built once per database and named, for the hot reads of a fixed shape (a profile, a
 * team page, the viewer's profile id): Drizzle does not rebuild their SQL on every request, and
 * PostgreSQL parses and plans each once per connection instead of once per request.
 */
import type { Db } from './client';

const built = new WeakMap<Db, Map<string, unknown>>();

/** The statement `name` of `db`, built by `build` the first time it is asked for. */
export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let byName = built.get(db);
  if (!byName) built.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) byName.set(name, (statement = build(db, name)));
  return statement;
}
