import { and, asc, desc, getTableName, gte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../db/client';
import { prepared } from '../db/prepared';
import { jsonRow, readsRowsAsJson } from '../db/json-rows';
import { CountCache, FEW_MATCHES } from './counts';

/**
 * `.offset(OFFSET_FENCE)` on a subquery: an OFFSET 0 keeps the planner from merging the
 * subquery into the outer, ordered query. Drizzle leaves out `.offset(0)`, hence SQL typed as a
 * number.
 */
const OFFSET_FENCE = sql`0` as unknown as number;

export type Order = 'newest first' | 'oldest change first';
export const orderOf = (order: Order, t: Record<string, SQL | PgColumn>) =>
  order === 'newest first' ? [desc(t.createdAt), desc(t.id)] : [asc(t.changedAt), asc(t.id)];

/**
 * The statement of `page` (a statement that cuts a page, in `order`) as a list reads it: on
 * PostgreSQL the page itself; on PGlite its rows each as one JSON text (db/json-rows.ts), read from
 * the page as a subquery. A list's kept first pages are made the same way (api/first-pages.ts).
 */
export function pageRows(db: Db, page: Preparable & { as: (alias: string) => unknown }, keys: string[], order: Order): Preparable {
  if (!readsRowsAsJson(db)) return page;
  const cut = page.as('page') as Record<string, SQL>;
  return db
    .select(jsonRow(Object.fromEntries(keys.map((key) => [key, cut[key]]))))
    .from(cut as never)
    .orderBy(...orderOf(order, cut));
}

/**
 * A page's size and offset in a list's statements (runList, and a list's own kept statements):
 * values of each request (`pageLimit`, `pageOffset`), not of the shape.
 */
export const PAGE_LIMIT = sql.placeholder('pageLimit') as unknown as number;
export const PAGE_OFFSET = sql.placeholder('pageOffset') as unknown as number;

/**
 * A LIMIT written into a statement, for a named one: with a LIMIT it cannot see, PostgreSQL's
 * generic plan for any value would sort every match.
 */
export const writtenLimit = (count: number) => sql.raw(String(Math.trunc(count)));

/** A query Drizzle can make a statement of. */
interface Preparable {
  prepare(name: string): unknown;
}

/**
 * What a list reads, as its statements are made: `shape` makes the columns (`id`, `createdAt` and
 * for sync `changedAt` among them) and the filter, with a placeholder (sql.placeholder) for every
 * value, `params` holds the values, and `name` names the shape among the lists of one table: one
 * name, one shape. So each statement of a list is built by Drizzle once per shape, not on every
 * request (for the combined filter, about 40% of the server's time a request).
 */
export interface ListQuery {
  name: string;
  /**
   * `walk`: the statement walks the list's order (only when a walk finds the page soonest), so a
   * filter may be written for that, where the index it walks is known (an event's own index).
   */
  shape: (walk: boolean) => { columns: SelectedFields; where?: SQL };
  params: Record<string, unknown>;
}

/**
 * Runs one of a list's statements (`kind`: a count, a page), built the first time it is asked for
 * and kept per database. Sent unnamed: PostgreSQL plans it again for each request's values, as it
 * planned the statement Drizzle built each time (how many teams an event has, how common a search
 * term is, choose the plan).
 */
function runList<Row>(
  db: Db,
  table: PgTable,
  list: ListQuery,
  kind: string,
  build: (shape: ReturnType<ListQuery['shape']>) => Preparable,
  values: Record<string, unknown> = {},
) {
  const statement = prepared(db, `list:${getTableName(table)}:${list.name}:${kind}`, () => build(list.shape(kind === 'walk')).prepare(''), {
    planned: 'each time',
  }) as {
    execute(values: Record<string, unknown>): Promise<Row[]>;
  };
  return statement.execute({ ...list.params, ...values });
}

/** Matches above this share of the table are collected by reading the whole table (the planner's choice). */
export const SCAN_SHARE = 0.02;

/**
 * Whether walking the newest-first index finds a page sooner than collecting every match: a walk
 * reads about (offset + page size) x rows / matches rows, collecting reads every match through
 * the filter's index, or, once the matches are more than a few percent of the table, the whole
 * table: the planner then scans it (seen on the bench's data: 'city' in the large event, 1,081 of
 * 30,475 teams, collected by a sequential scan in 24 ms, where a walk reads 560 rows in 0.25 ms).
 * Without an estimate of the table's rows (a table never analyzed), FEW_MATCHES decides.
 */
export function walkFindsPageSooner(total: number, offset: number, pageSize: number, tableRows: number | null): boolean {
  if (total > FEW_MATCHES) return true;
  if (!tableRows || total === 0) return false;
  const collected = total > SCAN_SHARE * tableRows ? tableRows : total;
  // Twice the rows to walk, as walking visits them one by one in index order.
  return 2 * (offset + pageSize) * (tableRows / total) < collected;
}

/** The planner's estimate of each table's rows, per database, read at most once a minute (only a plan's choice depends on it). */
const tableRowEstimates = new WeakMap<Db, Map<string, { rows: Promise<number | null>; expires: number }>>();
export function estimatedRows(db: Db, table: PgTable): Promise<number | null> {
  const name = getTableName(table);
  let known = tableRowEstimates.get(db);
  if (!known) tableRowEstimates.set(db, (known = new Map()));
  const hit = known.get(name);
  if (hit && hit.expires > Date.now()) return hit.rows;
  const rows = queryRows<{ rows: number }>(db, sql`select reltuples::float8 as rows from pg_class where oid = to_regclass(${name})`)
    .then(([row]) => (row && row.rows > 0 ? Number(row.rows) : null))
    .catch(() => null);
  known.set(name, { rows, expires: Date.now() + 60_000 });
  return rows;
}

/** `%`, `_` and `\` in search text are literal characters, not LIKE wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** A table listed newest first by (created_at desc, id desc), with an index in that order. */
export type NewestFirstTable = PgTable & { createdAt: PgColumn; id: PgColumn };

/**
 * One page of `table`'s rows matching the list's filter, newest first, and the number of all
 * matches. The total picks the plan: with few matches the page is read by collecting them through
 * the filter's own indexes and sorting, because walking the newest-first index would pass over
 * almost every row before finding a page of rare matches; with many, walking that index finds a
 * page within a few hundred rows. A filter whose total is not kept is first read the few-matches
 * way, counting as it goes (one statement: most filters of a search have few matches); only when
 * that finds more than FEW_MATCHES does it count them all and walk the index.
 */
export async function newestFirstPage<Row>(
  db: Db,
  opts: {
    table: NewestFirstTable;
    list: ListQuery;
    page: number;
    pageSize: number;
    /** Identifies the filter and its values (not the page) for the count cache. */
    countKey: string;
    counts?: CountCache;
    /** The number of all matches where the caller knows it more cheaply than by counting them. */
    total?: () => Promise<number>;
    /** The first page when it is walked, read by the caller's own statement (firstPageStatement). */
    firstPage?: () => Promise<Row[]>;
  },
): Promise<{ rows: Row[]; total: number }> {
  const { table, list, page, pageSize, countKey } = opts;
  const counts = opts.counts ?? new CountCache();
  const offset = (page - 1) * pageSize;
  const run = <R = Row>(kind: string, build: (shape: ReturnType<ListQuery['shape']>) => Preparable) =>
    runList<R>(db, table, list, kind, build, { pageLimit: pageSize, pageOffset: offset });
  const count =
    opts.total ??
    (async () =>
      (
        await run<{ total: number }>('count', ({ where }) =>
          db
            .select({ total: sql<number>`count(*)::int` })
            .from(table)
            .where(where),
        )
      )[0].total);
  // The selection's shape is the caller's Row; Drizzle cannot follow a table left generic here.
  const base = ({ columns, where }: ReturnType<ListQuery['shape']>) =>
    db
      .select(columns)
      .from(table as never)
      .where(where)
      .$dynamic();
  const walk = async (total: number) => ({
    rows:
      offset >= total
        ? []
        : offset === 0 && opts.firstPage
          ? await opts.firstPage()
          : await run('walk', (shape) =>
              pageRows(
                db,
                base(shape).orderBy(desc(table.createdAt), desc(table.id)).limit(PAGE_LIMIT).offset(PAGE_OFFSET),
                Object.keys(shape.columns),
                'newest first',
              ),
            ),
    total,
  });

  const kept = counts.known(countKey, count);
  if (kept) {
    const total = Number(await kept);
    if (walkFindsPageSooner(total, offset, pageSize, await estimatedRows(db, table))) return walk(total);
    if (offset >= total) return { rows: [], total };
    const rows = await run('collect', (shape) => {
      const matches = base(shape).offset(OFFSET_FENCE).as('matches') as unknown as Record<string, SQL>;
      return pageRows(
        db,
        db
          .select()
          .from(matches as never)
          .orderBy(desc(matches.createdAt), desc(matches.id))
          .limit(PAGE_LIMIT)
          .offset(PAGE_OFFSET),
        Object.keys(shape.columns),
        'newest first',
      );
    });
    return { rows, total };
  }
  // A filter with many matches when last counted: counted and walked at once, without first
  // collecting FEW_MATCHES + 1 of its matches (for a broad term, as costly as a quarter of its count).
  if (counts.wasBroad(countKey)) return walk(Number(await counts.total(countKey, count)));
  // At most FEW_MATCHES + 1 matches, counted beside the page: all of them when there are few.
  const found = await run<Record<string, unknown> & { matchCount: number }>('few', (shape) => {
    const keys = Object.keys(shape.columns);
    const matches = base(shape)
      .limit(FEW_MATCHES + 1)
      .offset(OFFSET_FENCE)
      .as('matches') as unknown as Record<string, SQL>;
    return pageRows(
      db,
      db
        .select({
          ...Object.fromEntries(keys.map((key) => [key, matches[key]])),
          matchCount: sql<number>`count(*) over ()`.mapWith(Number).as('match_count'),
        })
        .from(matches as never)
        .orderBy(desc(matches.createdAt), desc(matches.id))
        .limit(PAGE_LIMIT)
        .offset(PAGE_OFFSET),
      [...keys, 'matchCount'],
      'newest first',
    );
  });
  if (found.length === 0) {
    if (offset === 0) {
      counts.set(countKey, 0);
      return { rows: [], total: 0 };
    }
    // A page past the end: the total still says how many there are.
    const total = Number(await counts.total(countKey, count));
    return total > FEW_MATCHES && offset < total ? walk(total) : { rows: [], total };
  }
  const total = Number(found[0].matchCount);
  if (total > FEW_MATCHES) return walk(Number(await counts.total(countKey, count)));
  counts.set(countKey, total);
  return { rows: found.map(({ matchCount: _, ...row }) => row) as Row[], total };
}

/** A table with a sync time kept by the database (changed_at, docs/decisions/027-sync.md), indexed with its id. */
export type ChangedTable = PgTable & { changedAt: PgColumn; id: PgColumn };

/**
 * Sync: one page of `table`'s rows matching the list's filter and changed at or after `since`,
 * oldest change first (changed_at, then id: the (changed_at, id) index, or the event's (event_id,
 * changed_at, id)), and the number of all of them, kept like the other totals.
 */
export async function changedSincePage<Row>(
  db: Db,
  opts: {
    table: ChangedTable;
    list: ListQuery;
    since: string;
    page: number;
    pageSize: number;
    countKey: string;
    counts?: CountCache;
    /**
     * The first page, read by the caller's own statement (firstPageStatement), which walks the
     * index; with `matches` (how many rows the filter keeps at any instant), only when a walk finds
     * the page soonest, as in newestFirstPage.
     */
    firstPage?: () => Promise<Row[]>;
    matches?: () => Promise<number>;
  },
): Promise<{ rows: Row[]; total: number }> {
  const { table, list, page, pageSize } = opts;
  const firstPage =
    page === 1 &&
    opts.firstPage &&
    (!opts.matches || walkFindsPageSooner(await opts.matches(), 0, pageSize, await estimatedRows(db, table)))
      ? opts.firstPage
      : undefined;
  const since = new Date(opts.since).toISOString();
  const run = <R = Row>(kind: string, build: (shape: ReturnType<ListQuery['shape']>) => Preparable) =>
    runList<R>(db, table, list, kind, build, { pageSince: since, pageLimit: pageSize, pageOffset: (page - 1) * pageSize });
  const whereSince = (where: SQL | undefined) => and(where, gte(table.changedAt, sql`${sql.placeholder('pageSince')}::timestamptz`));
  const counts = opts.counts ?? new CountCache();
  const [rows, total] = await Promise.all([
    firstPage
      ? firstPage()
      : run('since', ({ columns, where }) =>
          pageRows(
            db,
            db
              .select(columns)
              .from(table as never)
              .where(whereSince(where))
              .orderBy(asc(table.changedAt), asc(table.id))
              .limit(PAGE_LIMIT)
              .offset(PAGE_OFFSET),
            Object.keys(columns),
            'oldest change first',
          ),
        ),
    counts.get(`${opts.countKey}:since:${since}`, async () =>
      Number(
        (
          await run<{ total: number }>('since_count', ({ where }) =>
            db
              .select({ total: sql<number>`count(*)::int` })
              .from(table)
              .where(whereSince(where)),
          )
        )[0].total,
      ),
    ),
  ]);
  return { rows, total };
}
