import { desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from './db/client';

/**
 * Paged lists with an exact total. Counting every match of a broad search costs far more than
 * the page itself at 100,000+ rows, so the count is kept briefly per distinct filter. Every
 * successful write through this app instance clears the kept counts (see app.ts), so they never
 * lag behind one's own changes; writes made through other instances show within COUNT_TTL_MS.
 */
export const COUNT_TTL_MS = 10_000;
const MAX_KEYS = 1000;

export class CountCache {
  private readonly entries = new Map<string, { value: Promise<number>; expires: number }>();

  get(key: string, compute: () => Promise<number>): Promise<number> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (this.entries.size >= MAX_KEYS) this.entries.clear();
    // Concurrent requests for the same filter share one count query.
    const value = compute();
    this.entries.set(key, { value, expires: now + COUNT_TTL_MS });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  clear() {
    this.entries.clear();
  }
}

/**
 * `.offset(OFFSET_FENCE)` on a subquery: an OFFSET 0 keeps the planner from merging the
 * subquery into the outer, ordered query. Drizzle leaves out `.offset(0)`, hence SQL typed as a
 * number.
 */
const OFFSET_FENCE = sql`0` as unknown as number;

/** At most this many matches count as few: collecting and sorting them beats walking the index. */
export const FEW_MATCHES = 3000;

/** `%`, `_` and `\` in search text are literal characters, not LIKE wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** A table listed newest first by (created_at desc, id desc), with an index in that order. */
type NewestFirstTable = PgTable & { createdAt: PgColumn; id: PgColumn };

/**
 * One page of `table`'s rows matching `where`, newest first, and the number of all matches.
 * The total comes first (kept briefly per `countKey`); it also picks the plan: with few matches
 * the page is read by collecting them through the filter's own indexes and sorting, because
 * walking the newest-first index would pass over almost every row before finding a page of rare
 * matches; with many, walking that index finds a page within a few hundred rows.
 */
export async function newestFirstPage<Row>(db: Db, opts: {
  table: NewestFirstTable;
  /** The columns to read (the whole row when omitted). */
  columns?: SelectedFields;
  where: SQL | undefined;
  page: number;
  pageSize: number;
  /** Identifies the filter (not the page) for the count cache. */
  countKey: string;
  counts?: CountCache;
}): Promise<{ rows: Row[]; total: number }> {
  const { table, where, page, pageSize } = opts;
  const count = async () => (await db.select({ total: sql<number>`count(*)::int` }).from(table).where(where))[0].total;
  const total = Number(opts.counts ? await opts.counts.get(opts.countKey, count) : await count());
  const offset = (page - 1) * pageSize;
  if (offset >= total) return { rows: [], total };
  // The selection's shape is the caller's Row; Drizzle cannot follow a table left generic here.
  const base = (opts.columns ? db.select(opts.columns) : db.select()).from(table as never).where(where).$dynamic();
  if (total > FEW_MATCHES) {
    return { rows: (await base.orderBy(desc(table.createdAt), desc(table.id)).limit(pageSize).offset(offset)) as Row[], total };
  }
  const matches = base.offset(OFFSET_FENCE).as('matches') as unknown as { createdAt: SQL; id: SQL };
  const rows = await db.select().from(matches as never).orderBy(desc(matches.createdAt), desc(matches.id)).limit(pageSize).offset(offset);
  return { rows: rows as Row[], total };
}
