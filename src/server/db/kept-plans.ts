/**
 * Named statements whose plans PGlite keeps, as PostgreSQL keeps them for node-postgres. Drizzle's
 * PGlite driver sends every statement unnamed, so PGlite parses and plans it again on each request:
 * about 240 of a list's 560 us in the database on the bench's data (a first page of people, 558 us
 * unnamed against 320 us prepared). Here a named statement (db/prepared.ts) is PREPAREd once per
 * PGlite and run as `EXECUTE name('value', ...)`. PostgreSQL's EXECUTE takes no bound parameters,
 * so the values go into its text as quoted literals, each coerced to its parameter's type as a bound
 * value would be; a statement whose values are not all plain (an array, bytes, a NUL character)
 * runs unnamed as before. The plans follow PostgreSQL's plan cache (custom plans first, then a
 * generic one when it costs no more), which is what the same statements meet on PostgreSQL, where
 * they were made for it (`unseenByPlanner`). Decision 035.
 */
import type { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders } from 'drizzle-orm';
import { pgliteOf, type Db } from './client';

/** What this needs of Drizzle's PGlite prepared query: its SQL, its parameters and its execute. */
interface PgliteQuery {
  queryString: string;
  params: unknown[];
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/** Per PGlite: SQL text -> the name it was PREPAREd under (one name may be built again with other SQL elsewhere), and the next name's number. */
const keptBy = new WeakMap<PGlite, { names: Map<string, Promise<string>>; next: number }>();
/** Kept plans per PGlite at most (each holds memory; page sizes multiply the first pages' names): past it, statements run unnamed. */
const MAX_KEPT = 500;

/** A value as a PostgreSQL literal of unknown type (node-postgres's escapeLiteral), or undefined if it cannot be one. */
export function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean' && typeof value !== 'bigint') return undefined;
  const text = String(value);
  // A NUL ends the statement's text on the wire: bound, PostgreSQL refuses the value instead.
  if (text.includes('\0')) return undefined;
  const quoted = `'${text.replace(/'/g, "''")}'`;
  return text.includes('\\') ? `E${quoted.replace(/\\/g, '\\\\')}` : quoted;
}

/** PostgreSQL's error for a name no statement was PREPAREd under: pg_dump (db/backup) ends with DEALLOCATE ALL. */
const isUnknownStatement = (err: unknown): boolean => {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '26000') return true;
  }
  return false;
};

/**
 * `statement` (a Drizzle prepared query built on `db`) with its plan kept, where `db` is a PGlite
 * (a transaction's Drizzle has no client of its own here: its statements run as they were).
 */
export function keepsPlan<T>(db: Db, name: string, statement: T): T {
  const client = pgliteOf(db);
  const query = statement as unknown as PgliteQuery;
  if (!client || typeof query?.queryString !== 'string' || !Array.isArray(query.params)) return statement;
  let kept = keptBy.get(client);
  if (!kept) keptBy.set(client, (kept = { names: new Map(), next: 1 }));
  const { names } = kept;
  const text = query.queryString;
  const drizzleExecute = query.execute;
  const prepare = (): Promise<string> => {
    let ready = names.get(text);
    if (!ready) {
      const as = `${name.replace(/\W/g, '_').slice(0, 40)}_${kept.next++}`;
      ready = client.query(`prepare "${as}" as ${text}`).then(() => as);
      names.set(text, ready);
      // A failed PREPARE is tried again next time (the statement fails the same way unnamed).
      const failed = ready;
      failed.catch(() => names.get(text) === failed && names.delete(text));
    }
    return ready;
  };
  // Drizzle's own execute (its errors, result parsers and row mapping) on the EXECUTE's text.
  const executeNamed = (as: string, literals: string[]) => {
    const args = literals.length ? `(${literals.join(', ')})` : '';
    return drizzleExecute.call(Object.create(query, { queryString: { value: `execute "${as}"${args}` }, params: { value: [] } }), {});
  };
  query.execute = async (values = {}) => {
    const literals = fillPlaceholders(query.params, values).map(literal);
    const unnamed = () => drizzleExecute.call(query, values);
    if (literals.some((l) => l === undefined) || (names.size >= MAX_KEPT && !names.has(text))) return unnamed();
    const ready = prepare();
    // A statement PREPARE refuses runs unnamed, to fail (or not) exactly as it did before.
    const as = await ready.catch(() => null);
    if (as === null) return unnamed();
    try {
      return await executeNamed(as, literals as string[]);
    } catch (err) {
      if (!isUnknownStatement(err)) throw err;
      if (names.get(text) === ready) names.delete(text);
      return executeNamed(await prepare(), literals as string[]);
    }
  };
  return statement;
}
