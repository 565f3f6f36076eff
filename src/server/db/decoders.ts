/** How Drizzle turns a value read from the database into a field of a row, found once per field. */
import { Column, is, SQL, Subquery } from 'drizzle-orm';

export interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The decoder Drizzle's mapResultRow picks for a field (drizzle-orm/utils.js). */
export function decoderOf(field: unknown): Decoder {
  const decoderOfSql = (sql: unknown) => (sql as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: SQL } })._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}
