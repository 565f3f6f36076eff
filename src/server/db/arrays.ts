/** Values of SQL statements that both databases read alike. */
import { sql, type SQL } from 'drizzle-orm';

/**
 * Ids as one uuid[] value, sent as one parameter in PostgreSQL's array text (`{a,b}`): a statement
 * reads any number of ids with `= any(...)`, and stays the same statement for every count.
 */
export const uuidArray = (ids: readonly string[]): SQL => sql`${uuidArrayText(ids)}::uuid[]`;

/** The same array's text, for a named statement's placeholder (`$n::uuid[]`). */
export const uuidArrayText = (ids: readonly string[]): string => `{${ids.join(',')}}`;
