/**
 * The kept totals of one app instance's lists (paging.ts), and its other costly reads kept the
 * same way (the organizer's dashboard). Paged lists have an exact total. Counting every match of a broad search costs far more than
 * the page itself at 100,000+ rows, so the count is kept per distinct filter. A count is kept
 * COUNT_TTL_MS; for COUNT_STALE_MS after that it is still answered while one request recounts it,
 * so when a busy filter's count comes due, its readers do not all count (and wait) at once. Every
 * successful write through this app instance clears the kept counts of up to FEW_MATCHES (see
 * app.ts; a sign-in or sign-up only the people's, the one list it can change), so a short list
 * never lags behind one's own changes. A total above FEW_MATCHES (a broad search: 'python' among
 * 130,000 people is 160-400 ms of the database) is kept BROAD_TTL_MS and through writes: one more
 * or less in 25,000 shows within a minute, where clearing it on every write would count it again
 * for nearly every reader of a busy event (docs/decisions/006-lists-at-scale.md).
 */

/** At most this many matches count as few: collecting and sorting them beats walking the index. */
export const FEW_MATCHES = 3000;
export const COUNT_TTL_MS = 10_000;
export const COUNT_STALE_MS = 5_000;
export const BROAD_TTL_MS = 60_000;
/** How long a filter found to have more than FEW_MATCHES matches is counted without first collecting them. */
export const BROAD_MEMO_MS = 5 * 60_000;
const MAX_KEYS = 1000;

interface Kept {
  value: Promise<unknown>;
  expires: number;
  ttlMs: number;
  staleMs: number;
  /** A list's total: above FEW_MATCHES it lasts BROAD_TTL_MS and through writes. */
  total?: boolean;
  broad?: boolean;
  fresh?: Promise<unknown>;
}

export class CountCache {
  private readonly entries = new Map<string, Kept>();
  private readonly broadUntil = new Map<string, number>();

  /**
   * Any costly read kept the same way as the counts (the organizer's dashboard): requests at once
   * share one computation, dropped by this instance's writes. Once `ttlMs` old, the kept value is
   * still answered while one fresh computation runs (for at most `staleMs` more), so readers do not
   * wait for it.
   */
  keep<T>(key: string, compute: () => Promise<T>, ttlMs: number, staleMs = ttlMs): Promise<T> {
    return this.kept(key, compute) ?? this.put(key, compute(), { ttlMs, staleMs });
  }

  /** A count (not a list's total: the sync's changes, an event's registrants), kept COUNT_TTL_MS. */
  get(key: string, compute: () => Promise<number>): Promise<number> {
    return this.kept(key, compute) ?? this.put(key, compute(), { ttlMs: COUNT_TTL_MS, staleMs: COUNT_STALE_MS });
  }

  /** A list's total: kept, or counted once for the readers asking at once; a broad one lasts longer. */
  total(key: string, compute: () => Promise<number>): Promise<number> {
    return this.kept(key, compute) ?? this.put(key, compute(), { ttlMs: COUNT_TTL_MS, staleMs: COUNT_STALE_MS, total: true });
  }

  /** The kept total of `key`, if there is one; when it is due, `recount`, if given, runs once to replace it. */
  known(key: string, recount?: () => Promise<number>): Promise<number> | undefined {
    return this.kept(key, recount);
  }

  /** Keeps a list's total found beside its page. */
  set(key: string, value: number) {
    this.put(key, Promise.resolve(value), { ttlMs: COUNT_TTL_MS, staleMs: COUNT_STALE_MS, total: true });
  }

  /** Whether `key`'s filter had more than FEW_MATCHES matches when last counted, within BROAD_MEMO_MS (writes do not clear it). */
  wasBroad(key: string): boolean {
    return (this.broadUntil.get(key) ?? 0) > Date.now();
  }

  /** Drops every kept value but broad totals, or only those whose key starts with `prefix` ('profiles:'). */
  clear(prefix?: string) {
    for (const [key, entry] of this.entries) if (!entry.broad && (prefix === undefined || key.startsWith(prefix))) this.entries.delete(key);
  }

  private kept<T>(key: string, recompute?: () => Promise<T>): Promise<T> | undefined {
    const hit = this.entries.get(key);
    const now = Date.now();
    if (!hit) return undefined;
    if (hit.expires > now) return hit.value as Promise<T>;
    if (!recompute || hit.expires + hit.staleMs <= now) return undefined;
    if (!hit.fresh) {
      const fresh = recompute();
      hit.fresh = fresh;
      fresh.then(
        () => {
          if (this.entries.get(key) === hit) this.put(key, fresh, hit);
        },
        // A failed recomputation leaves the kept value in place; the next reader tries again.
        () => (hit.fresh = undefined),
      );
    }
    return hit.value as Promise<T>;
  }

  private put<T>(key: string, value: Promise<T>, how: Pick<Kept, 'ttlMs' | 'staleMs' | 'total'>): Promise<T> {
    if (this.entries.size >= MAX_KEYS) this.entries.clear();
    const entry: Kept = { value, expires: Date.now() + how.ttlMs, ttlMs: how.ttlMs, staleMs: how.staleMs, total: how.total };
    this.entries.set(key, entry);
    value.then(
      (v) => {
        const broad = Boolean(how.total && typeof v === 'number' && v > FEW_MATCHES);
        if (broad) {
          if (this.broadUntil.size >= MAX_KEYS) this.broadUntil.clear();
          this.broadUntil.set(key, Date.now() + BROAD_MEMO_MS);
        }
        entry.broad = broad;
        entry.expires = Date.now() + (broad ? BROAD_TTL_MS : how.ttlMs);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }
}
