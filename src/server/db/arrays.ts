/** Values of SQL statements that both databases read alike. */
import { sql, type SQL } from 'drizzle-orm';

/**
 * Ids as one uuid[] value, sent as one parameter in PostgreSQL's array text (`{a,b}`): a statement
 * reads any number of ids with `= any(...)`, and stays the same statement for every count.
 */
export const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;
