/**
 * The LISTEN connection of an instance whose database goes away (dropped, restarted, failed over)
 * tries again one try at a time, after a growing pause, and listens again once the database is
 * back, with the notifications sent after that. PostgreSQL only (`npm run test:races`).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { LISTENER_NAME } from '../../src/server/db/listener';
import { scratchDatabaseOfEnv } from '../../src/server/testing/process';

const scratch = scratchDatabaseOfEnv('listener', 'listener reconnect test');
let database: Database | undefined;
afterAll(async () => {
  vi.restoreAllMocks();
  await database?.close().catch(() => {});
  await scratch.drop();
});

it('a lost database is asked again one try at a time, and the channel listens again once it is back', async () => {
  await scratch.create();
  database = await openDatabase({ databaseUrl: scratch.url, log: { error: () => {}, warn: () => {}, info: () => {} } as never });
  const heard: string[] = [];
  let resumed = 0;
  await database.listen(
    'reconnect_test',
    (payload) => heard.push(payload),
    () => resumed++,
  );

  const connects = vi.spyOn(pg.Client.prototype, 'connect');
  await scratch.drop();
  // Pauses of 250, 500, 1,000 and 2,000 ms: about four tries in 4 s, not a try per turn of the loop.
  await new Promise((r) => setTimeout(r, 4000));
  const tries = connects.mock.calls.length;
  expect(tries).toBeGreaterThanOrEqual(2);
  expect(tries).toBeLessThanOrEqual(5);

  await scratch.create();
  await vi.waitFor(() => expect(resumed).toBe(1), { timeout: 10_000, interval: 100 });
  await database.notify('reconnect_test', 'back');
  await vi.waitFor(() => expect(heard).toEqual(['back']), { timeout: 5000 });
});

it('every channel of an instance listens over one connection: each hears its own, all resume together, and the last to stop closes it', async () => {
  // The first test's instance stops: its connection would be counted here too.
  await database?.close();
  database = undefined;
  const other = await openDatabase({ databaseUrl: scratch.url, log: { error: () => {}, warn: () => {}, info: () => {} } as never });
  try {
    const heard: Record<string, string[]> = { one: [], two: [], three: [] };
    const resumed: Record<string, number> = { one: 0, two: 0, three: 0 };
    const stops = await Promise.all(
      Object.keys(heard).map((channel) =>
        other.listen(
          `split_${channel}`,
          (payload) => heard[channel].push(payload),
          () => resumed[channel]++,
        ),
      ),
    );
    const listeners = async () => {
      const { rows } = (await other.db.execute(
        sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_NAME}`,
      )) as unknown as { rows: { pid: number }[] };
      return rows.map((r) => r.pid);
    };
    expect(await listeners()).toHaveLength(1);
    for (const channel of Object.keys(heard)) await other.notify(`split_${channel}`, `to ${channel}`);
    await vi.waitFor(() => expect(heard).toEqual({ one: ['to one'], two: ['to two'], three: ['to three'] }), { timeout: 5000 });
    // The connection is lost (a failover): one new one listens on all three, and each is told once.
    await other.db.execute(sql`select pg_terminate_backend(${(await listeners())[0]})`);
    await vi.waitFor(() => expect(resumed).toEqual({ one: 1, two: 1, three: 1 }), { timeout: 10_000, interval: 100 });
    expect(await listeners()).toHaveLength(1);
    // One stops: the others still hear theirs, it no longer does.
    await stops[0]();
    await other.notify('split_one', 'again');
    await other.notify('split_two', 'again');
    await vi.waitFor(() => expect(heard.two).toEqual(['to two', 'again']), { timeout: 5000 });
    expect(heard.one).toEqual(['to one']);
    await stops[1]();
    await stops[2]();
    await vi.waitFor(async () => expect(await listeners()).toHaveLength(0), { timeout: 5000 });
  } finally {
    await other.close();
  }
});
