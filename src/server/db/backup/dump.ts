/**
 * A backup is a plain SQL dump (pg_dump's INSERT form, so it runs as one string on either database,
 * without psql) that loads on PostgreSQL 15 whichever database it came from: the embedded database
 * is PostgreSQL 18, whose pg_dump writes a few lines 15 does not know, taken out here.
 */
import { spawn } from 'node:child_process';
import { protocol, type PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import type { DatabaseKind } from '../client';

type RowDescription = InstanceType<typeof protocol.messages.RowDescriptionMessage>;
type DataRow = InstanceType<typeof protocol.messages.DataRowMessage>;

/** The first line of every backup; restore refuses a file without it. */
export const BACKUP_HEADER = '-- HackTeams backup';

/**
 * Owners and grants are the source's own roles, which the target need not have; comments only
 * describe extensions, and commenting on an extension someone else created needs its ownership.
 * Multi-row INSERTs (rather than COPY) load through a driver as well as through psql.
 */
const DUMP_ARGS = ['--no-owner', '--no-privileges', '--no-comments', '--rows-per-insert=500'];

/** `dump` made a backup: the header line, and the settings PostgreSQL 15 would refuse removed from its preamble. */
export function asBackup(dump: string, from: DatabaseKind, takenAt = new Date()): string {
  // Only the preamble (before the first object) and the one closing line are touched, so no
  // text a user wrote inside an INSERT can be mistaken for them.
  const firstObject = dump.search(/^-- Name: /m);
  let preamble = firstObject < 0 ? dump : dump.slice(0, firstObject);
  let body = firstObject < 0 ? '' : dump.slice(firstObject);
  // psql's \restrict (pg_dump 15.14 and later) guards a file against psql; no driver reads it.
  const restrictKey = /^\\restrict (\S+)$/m.exec(preamble)?.[1];
  if (restrictKey) body = body.replace(`\n\\unrestrict ${restrictKey}\n`, '\n');
  preamble = preamble.replace(/^\\restrict \S+\n/m, '').replace(/^SET transaction_timeout = 0;\n/m, '');
  return `${BACKUP_HEADER} of the ${from === 'pglite' ? 'embedded' : 'PostgreSQL'} database, taken ${takenAt.toISOString()}\n${preamble}${body}`;
}

/**
 * A backup of an embedded database, taken inside the process that holds it open. pg_dump runs on
 * PGlite's one connection and blocks the event loop while it runs, so it is one consistent
 * snapshot; it starts only once no transaction is open and no query is half sent, since its
 * statements would otherwise land in the middle of them.
 */
export async function dumpPglite(pg: PGlite): Promise<string> {
  const dump = await pg._runExclusiveTransaction(() =>
    pg.runExclusive(async () => {
      try {
        return await (await pgDump({ pg: withoutLocks(pg), args: DUMP_ARGS })).text();
      } finally {
        // pg_dump leaves without ending its read-only transaction (a server would end it with the
        // connection; PGlite's one connection stays), and its session settings stay on the
        // connection the app goes on using, some changing what its queries may do
        // (search_path, restrict_nonsystem_relation_kind): back to the start-up values (the app
        // sets none of its own).
        if (pg.isInTransaction()) await pg.execProtocol(protocol.serialize.query('ROLLBACK'));
        await pg.execProtocol(protocol.serialize.query('RESET ALL'));
      }
    }),
  );
  return asBackup(dump, 'pglite');
}

/**
 * `pg` as pgDump uses it (its own `query`, `exec` and `execProtocolRawStream`), with the first two
 * sent straight down the protocol: the locks held around the dump are not re-entrant.
 */
function withoutLocks(pg: PGlite): PGlite {
  const simpleQuery = async (text: string) => (await pg.execProtocol(protocol.serialize.query(text))).messages;
  const view = {
    execProtocolRawStream: (message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) =>
      pg.execProtocolRawStream(message, options),
    exec: async (text: string) => {
      await simpleQuery(text);
      return [];
    },
    query: async (text: string) => {
      const messages = await simpleQuery(text);
      const columns = messages.flatMap((m) => (m.name === 'rowDescription' ? (m as RowDescription).fields.map((f) => f.name) : []));
      const rows = messages.flatMap((m) =>
        m.name === 'dataRow' ? [Object.fromEntries(columns.map((name, i) => [name, (m as DataRow).fields[i]]))] : [],
      );
      return { rows, fields: columns.map((name) => ({ name })) };
    },
  };
  return view as unknown as PGlite;
}

/**
 * A backup of a PostgreSQL database by the pg_dump on the PATH (its version must be the server's or
 * newer), which reads one snapshot while the database keeps serving. The password goes in the
 * environment, not on a command line others can see.
 */
export function dumpPostgres(databaseUrl: string): Promise<string> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn('pg_dump', [...DUMP_ARGS, '--dbname', url.toString()], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new Error("pg_dump was not found: install PostgreSQL's client tools (the server's version or newer), e.g. postgresql-client")
          : err,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(asBackup(Buffer.concat(out).toString('utf8'), 'postgres'));
      else reject(new Error(`pg_dump failed (exit code ${code}): ${errors.trim()}`));
    });
  });
}
