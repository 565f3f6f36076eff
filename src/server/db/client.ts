/**
 * One Drizzle database over either PGlite (embedded, files under DATA_DIR) or PostgreSQL
 * (DATABASE_URL). Everything above this file sees the same `Db` type.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { pgListener } from './listener';
import { defaultLogger, type Logger } from '../platform/log';
import * as schema from './schema';
import { paceStatements } from './pace';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Exclusive = (lock: string, work: () => Promise<void>) => Promise<boolean>;
export type DatabaseKind = 'pglite' | 'postgres';

/** Connections of the PostgreSQL pool (pg.Pool's totalCount, idleCount, waitingCount). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel` (sent by any instance, once its
   * transaction commits). On PostgreSQL one connection of its own listens on every channel of the
   * instance (db/listener.ts) and is re-opened if lost; `onResume` is called then, since messages
   * sent meanwhile are gone. Returns a function that stops.
   */
  listen(channel: string, onMessage: (payload: string) => void, onResume?: () => void): Promise<() => Promise<void>>;
  /**
   * NOTIFY on `channel` now, outside any transaction. On PostgreSQL it goes over the listening
   * connection while it is open, so it never waits for the pool behind busy requests (a matching
   * ranking waits for its marker to come back this way).
   */
  notify(channel: string, payload: string): Promise<void>;
  /** The connection pool's counts; PostgreSQL only (PGlite is one embedded connection). */
  poolStats?: () => PoolStats;
  /** A backup (db/backup), taken in this process; embedded only (no other process can open its files meanwhile). */
  backup?: () => Promise<string>;
  /**
   * Runs `work` only if no other holder of `lock` runs, in any instance, and answers whether it ran.
   * On PostgreSQL a session advisory lock on a connection of its own (released if the process dies);
   * PGlite's files open in one process only, so there it is a lock within the process.
   */
  exclusive: Exclusive;
  close(): Promise<void>;
}

/** The PostgreSQL extensions the migrations use, as PGlite loads them. */
export const pgliteExtensions = { pg_trgm, btree_gin };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// node-postgres returns bigint counts as strings; int8 values here are counts only.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; log?: Logger }): Promise<Database> {
  const log = opts.log ?? defaultLogger;
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: Number(process.env.PG_POOL_MAX ?? 10),
      // Short queries only: JIT compilation costs more than it saves (seen: 250 ms on a count).
      // Instants in UTC, as PGlite writes them: cards read them as text (db/instants.ts).
      options: '-c jit=off -c TimeZone=UTC',
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => log.error({ err }, 'PostgreSQL connection error'));
    const db = retryingTransactions(drizzlePg(pool, { schema }) as unknown as Db, log);
    // One instance migrates at a time when several start together.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(727274)');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(727274)').catch(() => {});
      client.release();
    }
    const listener = pgListener(opts.databaseUrl, log);
    return {
      db,
      kind: 'postgres',
      listen: listener.listen,
      notify: async (channel, payload) => {
        await (listener.client() ?? pool).query({ name: 'notify', text: 'select pg_notify($1, $2)', values: [channel, payload] });
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      exclusive: async (lock, work) => {
        const client = new pg.Client({ connectionString: opts.databaseUrl });
        client.on('error', (err) => log.error({ err, lock }, 'advisory lock connection error'));
        await client.connect();
        try {
          const { rows } = await client.query<{ held: boolean }>('select pg_try_advisory_lock(hashtext($1)) as held', [lock]);
          if (!rows[0].held) return false;
          await work();
          return true;
        } finally {
          await client.end().catch(() => {});
        }
      },
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  // dataDir undefined means in-memory (tests): a copy of a database migrated once per process.
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  // Its statements run on this thread: paced, so new connections are accepted between them (pace.ts).
  const client = paceStatements(
    opts.dataDir ? await PGlite.create(opts.dataDir, { extensions: pgliteExtensions }) : await migratedInMemory(),
  );
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return () => stop();
    },
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    exclusive: inProcessExclusive(),
    // Loaded on first use: pg_dump is a WebAssembly program the server seldom needs.
    backup: async () => (await import('./backup/dump')).dumpPglite(client),
    close: () => client.close(),
  };
}

/** The files of an in-memory database with every migration applied (PGlite's dumpDataDir), made once per process. */
let migratedImage: Promise<File | Blob> | null = null;

/**
 * A new in-memory database, loaded from `migratedImage`: a test harness opens dozens, and PGlite's
 * initdb and the migrations took 3-5 s each on CI's machine, where loading the image takes about one
 * (docs/decisions/028-ci-time.md). The caller still runs the migrations, which find them all applied.
 */
async function migratedInMemory(): Promise<PGlite> {
  migratedImage ??= (async () => {
    const first = await PGlite.create({ extensions: pgliteExtensions });
    try {
      await migratePglite(drizzlePglite(first), { migrationsFolder });
      return await first.dumpDataDir('none');
    } finally {
      await first.close();
    }
  })().catch((err: unknown) => {
    migratedImage = null;
    throw err;
  });
  return PGlite.create({ loadDataDir: await migratedImage, extensions: pgliteExtensions });
}

/** `exclusive` within one process: the embedded database has no other. */
function inProcessExclusive(): Exclusive {
  const held = new Set<string>();
  return async (lock, work) => {
    if (held.has(lock)) return false;
    held.add(lock);
    try {
      await work();
      return true;
    } finally {
      held.delete(lock);
    }
  };
}

/**
 * The PGlite under `db` (Drizzle's `$client`), or undefined on PostgreSQL and for a transaction's
 * Drizzle, which has no client of its own: what PGlite-only reads check (json-rows.ts, kept-plans.ts).
 */
export const pgliteOf = (db: Db): PGlite | undefined => {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : undefined;
};

/** The rows of a raw SQL query, whichever driver runs it (node-postgres and PGlite answer differently). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows?: T[] }).rows ?? (result as unknown as T[]);
}

/** PostgreSQL's and Node's codes for a database that cannot be reached (restarting, down, closed). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03']);
const UNREACHABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|PGlite is closed|Client has encountered a connection error|Cannot use a pool after calling end/i;

/**
 * Holds a lock on `key` until the caller's transaction ends (a PostgreSQL advisory lock, on PGlite
 * too): writes that count before they add (a limit per person or per event, one run at a time) take
 * it first, so two at once are counted one after the other.
 */
export async function lockKey(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** `err` and the errors it wraps (Drizzle wraps the driver's), outermost first, five at most. */
function* errorChain(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  type Wrapping = { code?: unknown; message?: unknown; cause?: unknown };
  for (let e = err as Wrapping | undefined, depth = 0; e && depth < 5; e = e.cause as Wrapping | undefined, depth++) yield e;
}

/** PostgreSQL's error code of `err` or of an error it wraps, else ''. */
export function pgErrorCode(err: unknown): string {
  for (const e of errorChain(err)) if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return '';
}

/** Deadlock detected, serialization failure: PostgreSQL ended the transaction whole, and it may simply run again. */
const RUN_AGAIN = new Set(['40P01', '40001']);

/**
 * Whether PostgreSQL ended `err`'s statement or transaction to break a deadlock or a serialization
 * failure: nothing of it was written, and the same request may simply be sent again.
 */
export const mayRunAgain = (err: unknown): boolean => RUN_AGAIN.has(pgErrorCode(err));

/** What the log says of a transaction or statement `mayRunAgain` ended (tests/races/world.ts looks for it). */
export const ENDED_TO_RUN_AGAIN = 'a deadlock or a serialization failure';

/**
 * `db.transaction` runs a transaction again (twice at most) when PostgreSQL ended it to break a
 * deadlock: it was rolled back whole, its notifications and webhooks with it (they are rows and a
 * NOTIFY, sent on commit), and every write reads what it checks again under its own locks. The
 * writes take their locks in one order (the person, the team, the event; tests/races) so as not to
 * deadlock; this is for a pair not found yet, which would otherwise answer a 500. The
 * transactions a transaction opens inside (savepoints) are not run again on their own.
 */
function retryingTransactions(db: Db, log: Logger): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (work: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(work, config);
      } catch (err) {
        if (attempt > 2 || !mayRunAgain(err)) throw err;
        log.warn({ err, attempt }, `transaction run again: PostgreSQL ended it (${ENDED_TO_RUN_AGAIN})`);
      }
    }
  }) as Db['transaction'];
  return db;
}

/** Whether `err` (or what it wraps) says the database could not be reached, rather than refused a query. */
export function databaseUnreachable(err: unknown): boolean {
  for (const e of errorChain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNREACHABLE_CODES.has(code) || code.startsWith('08')) return true;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/** The migrations of the migrations folder (its journal), as drizzle records them once applied. */
const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: { tag: string; when: number }[] };

export interface MigrationStatus {
  /** Migrations in the migrations folder. */
  expected: number;
  /** Rows in drizzle.__drizzle_migrations. */
  applied: number;
  /** Whether the latest migration of the folder is applied (drizzle keeps its `when` as created_at). */
  latestApplied: boolean;
}

/** How far the database is migrated. Throws when the database does not answer. */
export async function migrationStatus(db: Db): Promise<MigrationStatus> {
  const latest = journal.entries.at(-1)?.when ?? 0;
  const [row] = await queryRows<{ applied: number; latest: string | number | null }>(
    db,
    sql`select count(*)::int as applied, max(created_at) as latest from drizzle.__drizzle_migrations`,
  );
  return { expected: journal.entries.length, applied: Number(row.applied), latestApplied: Number(row.latest ?? 0) >= latest };
}
