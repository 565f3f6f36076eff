/**
 * A live stream gets a notification whose transaction commits after one with a later number, once.
 * PGlite runs one transaction at a time, so there a later seq never commits first: PostgreSQL only
 * (`npm run test:races`).
 */
import { expect, it } from 'vitest';
import { notify } from '../../src/server/features/notifications/notifications.repo';
import { eventReader } from '../../src/server/testing/client';
import { h, useRaceWorld } from './world';

useRaceWorld();

async function leaderWithTeam(firstName: string) {
  const leader = await h.signUp({ firstName, lastName: 'Leader' });
  const res = await h.api('POST /api/teams', {
    cookie: leader.cookie,
    body: { name: `${firstName} Team`, description: 'A team whose leader hears of requests live.', openPositions: ['Designer'] },
  });
  expect(res.status).toBe(201);
  return leader;
}

async function openStream(cookie: string) {
  const res = await h.app.request('http://localhost/api/me/events', { headers: { cookie } });
  expect(res.status).toBe(200);
  const reader = eventReader(res);
  expect(await reader.next()).toMatchObject({ event: 'ready' });
  return reader;
}

it('a notification whose transaction commits after a later one still reaches the stream, once', async () => {
  const leader = await leaderWithTeam('Late');
  const stream = await openStream(leader.cookie);
  const removed = (teamName: string) => [{ profileId: leader.profileId, kind: 'removed' as const, data: { teamName } }];
  let written = () => {};
  const wrote = new Promise<void>((resolve) => (written = resolve));
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  // The first takes the lower seq, and commits only after the second.
  const slow = h.db.transaction(async (tx) => {
    await notify(tx, removed('Slow Team'));
    written();
    await gate;
  });
  await wrote;
  await notify(h.db, removed('Fast Team'));
  const teamOf = async () => {
    const event = await stream.next();
    return event === 'timeout' ? event : JSON.parse(event.data).data.teamName;
  };
  expect(await teamOf()).toBe('Fast Team');
  release();
  await slow;
  expect(await teamOf()).toBe('Slow Team');
  expect(await stream.next(500)).toBe('timeout');
  await stream.close();
});
