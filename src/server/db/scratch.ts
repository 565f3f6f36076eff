/**
 * A database of its own on a PostgreSQL server, for a test harness, a multi-process test or the
 * benchmark: a unique name, `create()` first, `drop()` at the end (connections and all).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export function scratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    name,
    url: Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString(),
    create: () => admin(`create database ${name}`),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
