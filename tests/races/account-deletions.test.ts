/**
 * Two accounts deleted at once, each taking part in the same two events, registered in opposite
 * orders: each deletion changes both events' kept counts (registrants, looking, teams), and must not
 * wait on the other while the other waits on it (PostgreSQL would end one as a deadlock: a 500).
 * PGlite runs one transaction at a time: PostgreSQL only (`npm run test:races`).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness, type TestUser } from '../../src/server/testing/harness';

let h: Harness;
beforeAll(async () => {
  if (!process.env.DATABASE_URL) throw new Error('The race tests need PostgreSQL: set DATABASE_URL');
  h = await createHarness();
});
afterAll(() => h?.close());

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

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

/** Sessions waiting for a lock, on this test's database. */
async function waitingForLocks(): Promise<number> {
  const rows = (await h.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  )) as unknown as { rows: { n: number }[] };
  return rows.rows[0].n;
}

async function untilWaiting(count: number) {
  const until = Date.now() + 10_000;
  while ((await waitingForLocks()) < count) {
    if (Date.now() > until) throw new Error(`fewer than ${count} sessions came to wait for a lock`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

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
  const holders = ['race-first', 'race-second'].map((slug) => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held = () => {};
    const holding = new Promise<void>((resolve) => (held = resolve));
    const done = h.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from events where slug = ${slug} for no key update`);
      held();
      await gate;
    });
    return { holding, release, done };
  });
  await Promise.all(holders.map((x) => x.holding));
  const remove = (person: TestUser) =>
    h.api('POST /api/auth/delete-account', { cookie: person.cookie, body: { password: 'team-finder-1', confirm: 'delete my account' } });
  const firstGone = remove(first);
  await untilWaiting(1);
  const secondGone = remove(second);
  await untilWaiting(2);
  for (const x of holders) x.release();
  await Promise.all(holders.map((x) => x.done));

  const [a, b] = await Promise.all([firstGone, secondGone]);
  expect([a.status, b.status]).toEqual([200, 200]);
  for (const slug of ['race-first', 'race-second']) {
    const event = await h.api('GET /api/events/{slug}', { params: { slug } });
    expect(event.body.registrantCount).toBe(0);
  }
});
