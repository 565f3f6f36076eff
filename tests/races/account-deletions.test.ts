/**
 * Two accounts deleted at once, each taking part in the same two events, registered in opposite
 * orders: each deletion changes both events' kept counts (registrants, looking, teams), and must not
 * wait on the other while the other waits on it (PostgreSQL would end one as a deadlock: a 500).
 * PGlite runs one transaction at a time: PostgreSQL only (`npm run test:races`).
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { TestUser } from '../../src/server/testing/harness';
import { holdRows, untilWaiting } from './locks';
import { at, h, useRaceWorld } from './world';

useRaceWorld();

async function publishedEvent(owner: TestUser, slug: string) {
  const created = await h.api('POST /api/events', {
    cookie: owner.cookie,
    body: { slug, name: slug, location: 'Online', timezone: 'UTC', buildStartsAt: at(10), submissionDeadline: at(12) },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const published = await h.api('PATCH /api/events/{slug}', { params: { slug }, cookie: owner.cookie, body: { state: 'published' } });
  expect(published.status).toBe(200);
}

const takePart = async (person: TestUser, slug: string, looking: boolean) =>
  expect((await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: person.cookie, body: { looking } })).status).toBe(
    200,
  );

it('two people in the same events, registered in opposite orders, delete their accounts at once: both are deleted', async () => {
  const owner = await h.signUp({ firstName: 'Owen' });
  await publishedEvent(owner, 'race-first');
  await publishedEvent(owner, 'race-second');
  const [first, second] = await Promise.all([h.signUp({ firstName: 'Fay' }), h.signUp({ firstName: 'Sam' })]);
  // Not looking for a team: a looking flag's count takes its events' rows in the order of their ids
  // (migration 0027), before the registrants' count takes them in the order the person took part.
  await takePart(first, 'race-first', false);
  await takePart(first, 'race-second', false);
  await takePart(second, 'race-second', false);
  await takePart(second, 'race-first', false);

  // Two other transactions hold the two events' rows. Each deletion comes to wait for the first
  // event whose count it changes: without lockEventsOf, the first person's for 'race-first' and the
  // second person's for 'race-second' (the order each took part in). Both rows are then let go at
  // once: each deletion would take the row it waited for and come to wait for the other's.
  const holders = await Promise.all(
    ['race-first', 'race-second'].map((slug) => holdRows(h, sql`select 1 from events where slug = ${slug} for no key update`)),
  );
  const remove = (person: TestUser) =>
    h.api('POST /api/auth/delete-account', { cookie: person.cookie, body: { password: 'team-finder-1', confirm: 'delete my account' } });
  const firstGone = remove(first);
  // Each deletion checks its password first (a hash): up to 10 s on a loaded machine.
  await untilWaiting(h, 1, 10_000);
  const secondGone = remove(second);
  await untilWaiting(h, 2, 10_000);
  await Promise.all(holders.map((x) => x.release()));

  const [a, b] = await Promise.all([firstGone, secondGone]);
  expect([a.status, b.status]).toEqual([200, 200]);
  for (const slug of ['race-first', 'race-second']) {
    const event = await h.api('GET /api/events/{slug}', { params: { slug } });
    expect(event.body.registrantCount).toBe(0);
  }
});
