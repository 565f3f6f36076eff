/**
 * The LISTEN connection of an instance whose database goes away (dropped, restarted, failed over)
 * tries again one try at a time, after a growing pause, and listens again once the database is
 * back, with the notifications sent after that. PostgreSQL only (`npm run test:races`).
 */
import pg from 'pg';
import { afterAll, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
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
