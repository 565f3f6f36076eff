import { sql } from 'drizzle-orm';

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
export const OFFSET_FENCE = sql`0` as unknown as number;

/** At most this many matches count as few: collecting and sorting them beats walking the index. */
export const FEW_MATCHES = 3000;

/**
 * The total first (kept briefly), then the page. `rows(few)` reads the page; with few matches it
 * should collect them through the filter's own indexes and sort, because walking the newest-first
 * index would pass over almost every row before finding a page of rare matches.
 */
export async function pageWithTotal<T>(opts: {
  page: number;
  pageSize: number;
  rows: (few: boolean) => Promise<T[]>;
  count: () => Promise<number>;
  /** Identifies the filter (not the page) for the count cache. */
  countKey: string;
  counts?: CountCache;
}): Promise<{ rows: T[]; total: number }> {
  const total = opts.counts ? await opts.counts.get(opts.countKey, opts.count) : await opts.count();
  if ((opts.page - 1) * opts.pageSize >= total) return { rows: [], total };
  return { rows: await opts.rows(total <= FEW_MATCHES), total };
}
