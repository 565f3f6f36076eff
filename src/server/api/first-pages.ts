/**
 * Kept first pages (decisions 029 and 032): the first page of a list as one statement named per
 * shape and page size, which PostgreSQL plans once per connection, and the forms its filters are
 * written in so that the plan it keeps for any values is the plan each request's values would get.
 */
import { gte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { orderOf, pageRows, writtenLimit, type ChangedTable, type ListQuery, type NewestFirstTable, type Order } from './paging';

/**
 * A value a kept statement's plan must not depend on, as a scalar subquery: `(select $1::uuid)`.
 * PostgreSQL then estimates every value alike, so a named statement keeps one plan for all of them,
 * where a custom plan that saw the value (a large event, a recent instant) cost less than the plan
 * for any, and was made again on every request (seen: 0.2 ms of planning a page of teams changed in
 * the last day in the large event). In a walk's filter it also keeps PostgreSQL on the index the
 * walk was chosen for (an event's own), not another it would pick for a value it sees.
 */
export const unseenByPlanner = (value: Placeholder | SQL | string, type: 'uuid' | 'timestamptz') =>
  sql`(select ${value}::${sql.raw(type)})`;

/** For a first page's statement (firstPageStatement): changed at or after sync's instant (`since`), unseen by the planner. */
export const changedSince = (column: PgColumn) => gte(column, unseenByPlanner(sql.placeholder('since'), 'timestamptz'));

/** A kept first page's statement: its rows, as the columns name them. */
interface KeptPage {
  execute(values: Record<string, unknown>): Promise<unknown[]>;
}

/**
 * The first page of a list whose filter has a fixed shape (everyone, or everyone in an event;
 * newest first, or for sync oldest change first): what every visitor of a list opens first, as a
 * statement named per page size, parsed and planned once per connection instead of on every
 * request. `where` and `columns` hold placeholders, never values, and are made once (`shape`), when
 * the statement is first prepared. The page size is written into
 * the statement: with a LIMIT it cannot see, PostgreSQL's plan for any value would sort every
 * match. On PGlite each row is read as one JSON text (db/json-rows.ts), as paging.ts pageRows reads
 * every page's.
 */
export function firstPageStatement(
  db: Db,
  opts: {
    name: string;
    table: NewestFirstTable & ChangedTable;
    /** The page's columns (`id`, and `createdAt` or for 'oldest change first' `changedAt`, among them) and filter. */
    shape: () => { columns: SelectedFields; where?: SQL };
    order: Order;
    pageSize: number;
  },
) {
  return prepared(db, `${opts.name}_${opts.pageSize}`, (db, name) => {
    const { table } = opts;
    const { columns, where } = opts.shape();
    const page = db
      .select(columns)
      .from(table as never)
      .where(where)
      .orderBy(...orderOf(opts.order, table as unknown as Record<string, PgColumn>))
      .limit(writtenLimit(opts.pageSize) as unknown as number);
    return pageRows(db, page, Object.keys(columns), opts.order).prepare(name) as KeptPage;
  });
}

/**
 * The first page of a list's walk (ListQuery's shape with `walk`) as a named statement
 * (firstPageStatement), for the caller to give newestFirstPage as `firstPage`, which reads it only
 * when the count says to walk. Only for shapes whose walk tests in forms no index serves (a term
 * through strpos, a flag on the row, an event's id as a subquery): PostgreSQL then has nothing to
 * estimate from the values, the plan it keeps for any of them walks as each request's plan did, and
 * the statement is planned once per connection instead of on every request (0.15-0.2 ms of a
 * walked page's 0.35 ms in the database). One statement per shape (`list.name`) and page size.
 */
export function walkedFirstPage<Row>(
  db: Db,
  opts: { name: string; table: NewestFirstTable & ChangedTable; list: ListQuery; pageSize: number },
): Promise<Row[]> {
  return firstPageStatement(db, {
    name: `${opts.name}:${opts.list.name}`,
    table: opts.table,
    shape: () => opts.list.shape(true),
    order: 'newest first',
    pageSize: opts.pageSize,
  }).execute(opts.list.params) as Promise<Row[]>;
}
