/**
 * Freshness (docs/product.md#freshness): a looking flag lapses after the event's period without the
 * person saying so again, they are told once and renew it in one call; the event sets the period;
 * leaders of a team whose positions have been listed for 14 days are reminded once. Rows are
 * backdated, then the periodic job runs (twice at once, as two instances would).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, createEvent } from '../../testing/events';
import { createHarness, type Harness, type TestUser } from '../../testing/harness';
import { refreshFreshness } from './freshness';

const DAY = 86_400_000;
const slug = 'fresh-hack';
const LAPSED =
  'Fresh Hack: you no longer show as looking for a team, 14 days after you last said so. Still looking? Say so again in one click';

let h: Harness;
let owner: TestUser, alice: TestUser, bob: TestUser, carol: TestUser, lea: TestUser, max: TestUser;

const registration = async (user: TestUser) =>
  (await h.api('GET /api/events/{slug}', { params: { slug }, cookie: user.cookie })).body.viewer!.registration!;
const inboxTexts = async (user: TestUser) =>
  (await h.api('GET /api/me/inbox', { cookie: user.cookie })).body.items!.map((i: { text: string }) => i.text);
const backdateLooking = (user: TestUser, days: number) =>
  h.db.execute(sql`update registrations set looking_since = now() - make_interval(days => ${days})
    where profile_id = ${user.profileId} and event_id = (select id from events where slug = ${slug})`);

beforeAll(async () => {
  h = await createHarness();
  [owner, alice, bob, carol, lea, max] = await Promise.all(
    ['Olga', 'Alice', 'Bob', 'Carol', 'Lea', 'Max'].map((firstName) => h.signUp({ firstName, lastName: 'Fresh' })),
  );
  await createEvent(h, owner, { slug, name: 'Fresh Hack' });
  for (const user of [alice, bob, carol, lea, max]) {
    const registered = await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: user.cookie, body: {} });
    expect(registered.status).toBe(200);
  }
  expect(
    (await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: carol.cookie, body: { looking: false } })).status,
  ).toBe(200);
});
afterAll(() => h.close());

describe('a looking flag lapses', () => {
  it("after the event's 14 days: the person is told once, even when two instances run the job at once", async () => {
    const fresh = await registration(alice);
    expect(fresh.looking).toBe(true);
    expect(Date.now() - Date.parse(fresh.lookingSince)).toBeLessThan(60_000);
    await backdateLooking(alice, 15);
    await backdateLooking(bob, 13);
    await backdateLooking(carol, 30);

    const runs = await Promise.all([refreshFreshness(h.db), refreshFreshness(h.db)]);
    expect(runs.reduce((n, r) => n + r.lapsed, 0)).toBe(1);
    expect((await registration(alice)).looking).toBe(false);
    expect((await registration(bob)).looking).toBe(true);
    expect((await registration(carol)).looking).toBe(false);
    expect((await inboxTexts(alice)).filter((t) => t === LAPSED)).toHaveLength(1);
    expect(await inboxTexts(bob)).not.toContain(LAPSED);
    expect(await inboxTexts(carol)).not.toContain(LAPSED);
    const inbox = (await h.api('GET /api/me/inbox', { cookie: alice.cookie })).body.items!;
    expect(inbox.find((i: { text: string }) => i.text === LAPSED)?.link).toBe(`/hackathons/${slug}`);

    // A later run finds nothing more to do.
    expect((await refreshFreshness(h.db)).lapsed).toBe(0);
    expect((await inboxTexts(alice)).filter((t) => t === LAPSED)).toHaveLength(1);
  });

  it('renewing it is one call, and its age starts over', async () => {
    const renewed = await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: alice.cookie, body: { looking: true } });
    expect(renewed.status).toBe(200);
    const now = await registration(alice);
    expect(now.looking).toBe(true);
    expect(Date.now() - Date.parse(now.lookingSince)).toBeLessThan(60_000);
    expect((await refreshFreshness(h.db)).lapsed).toBe(0);
    expect((await registration(alice)).looking).toBe(true);
  });

  it('the event sets its own period (1 to 365 days)', async () => {
    const longer = await h.api('PATCH /api/events/{slug}', { params: { slug }, cookie: owner.cookie, body: { lookingLapseDays: 30 } });
    expect(longer.status, JSON.stringify(longer.body)).toBe(200);
    expect((await h.api('GET /api/events/{slug}', { params: { slug } })).body.lookingLapseDays).toBe(30);
    await backdateLooking(bob, 20);
    expect((await refreshFreshness(h.db)).lapsed).toBe(0);
    expect((await registration(bob)).looking).toBe(true);
    await backdateLooking(bob, 31);
    expect((await refreshFreshness(h.db)).lapsed).toBe(1);
    expect(await inboxTexts(bob)).toContain(
      'Fresh Hack: you no longer show as looking for a team, 30 days after you last said so. Still looking? Say so again in one click',
    );

    const bad = await h.api('PATCH /api/events/{slug}', { params: { slug }, cookie: owner.cookie, body: { lookingLapseDays: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.lookingLapseDays).toBe('A looking flag must last at least 1 day');
  });
});

describe("a looking flag's age", () => {
  it("shows on the cards of the event's people who look there, and only in an event's list", async () => {
    await backdateLooking(lea, 3);
    const cards = (await h.api('GET /api/profiles', { query: { event: slug } })).body.items!;
    const card = (user: TestUser) => cards.find((c: { id: string }) => c.id === user.profileId);
    expect(Math.round((Date.now() - Date.parse(card(lea)!.lookingSince!)) / DAY)).toBe(3);
    expect(card(carol)!.lookingForTeam).toBe(false);
    expect(card(carol)!.lookingSince).toBeUndefined();
    const anywhere = (await h.api('GET /api/profiles', {})).body.items!.find((c: { id: string }) => c.id === lea.profileId);
    expect(anywhere?.lookingSince).toBeUndefined();
  });

  it("follows the person's word: saying so again starts it over, and one who follows their profile's flag loses it with the flag", async () => {
    const card = async (user: TestUser) =>
      (await h.api('GET /api/profiles', { query: { event: slug } })).body.items!.find((c: { id: string }) => c.id === user.profileId)!;
    const ageInDays = (since: string) => Math.round((Date.now() - Date.parse(since)) / DAY);
    await backdateLooking(max, 5);
    expect(ageInDays((await card(max)).lookingSince!)).toBe(5);
    const again = await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: max.cookie, body: { looking: true } });
    expect(again.status).toBe(200);
    expect(ageInDays((await card(max)).lookingSince!)).toBe(0);

    // Lea took part without a flag of her own: her registration follows her profile's.
    await backdateLooking(lea, 4);
    const settings = (lookingForTeam: boolean) =>
      h.api('PUT /api/profiles/{id}/settings', { params: { id: lea.profileId }, cookie: lea.cookie, body: { lookingForTeam } });
    expect((await settings(false)).status).toBe(200);
    expect(await card(lea)).toMatchObject({ lookingForTeam: false });
    expect((await card(lea)).lookingSince).toBeUndefined();
    expect((await settings(true)).status).toBe(200);
    expect(await card(lea)).toMatchObject({ lookingForTeam: true });
    expect(ageInDays((await card(lea)).lookingSince!)).toBe(4);
  });
});

describe('leaders are reminded of positions open for 14 days', () => {
  it('once, and only the leaders', async () => {
    const team = await h.api('POST /api/teams', {
      cookie: lea.cookie,
      body: {
        name: 'Stale Sails',
        description: 'Sailing routes planned with the wind forecast.',
        logoUrl: '',
        openPositions: ['Designer'],
        isOpen: true,
        event: slug,
      },
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    const teamId = team.body.id;
    const added = await h.api('POST /api/events/{slug}/teams/{id}/members', {
      params: { slug, id: teamId },
      cookie: owner.cookie,
      body: { profileId: max.profileId },
    });
    expect(added.status).toBe(204);
    const said = 'The open positions of Stale Sails have been listed for 14 days: still open? Update them, or close the team to requests';

    expect((await refreshFreshness(h.db)).reminded).toBe(0);
    await h.db.execute(sql`update teams set updated_at = now() - interval '15 days' where id = ${teamId}`);
    const runs = await Promise.all([refreshFreshness(h.db), refreshFreshness(h.db)]);
    expect(runs.reduce((n, r) => n + r.reminded, 0)).toBe(1);
    expect((await inboxTexts(lea)).filter((t) => t === said)).toHaveLength(1);
    expect(await inboxTexts(max)).not.toContain(said);
    const inbox = (await h.api('GET /api/me/inbox', { cookie: lea.cookie })).body.items!;
    expect(inbox.find((i: { text: string }) => i.text === said)?.link).toBe(`/teams/${teamId}`);
    expect((await refreshFreshness(h.db)).reminded).toBe(0);

    // The team shows its positions' age; 'still open' (leaders only) starts it over and answers the reminder.
    const listed = await h.api('GET /api/teams/{id}', { params: { id: teamId } });
    expect(Date.now() - Date.parse(listed.body.positionsSince)).toBeGreaterThan(14 * DAY);
    const card = (await h.api('GET /api/teams', { query: { event: slug } })).body.items!.find((t: { id: string }) => t.id === teamId);
    expect(card?.positionsSince).toBe(listed.body.positionsSince);
    const byMember = await h.api('POST /api/teams/{id}/positions/still-open', { params: { id: teamId }, cookie: max.cookie });
    expect(byMember.status).toBe(403);
    expect((await h.api('POST /api/teams/{id}/positions/still-open', { params: { id: teamId } })).status).toBe(401);
    const kept = await h.api('POST /api/teams/{id}/positions/still-open', { params: { id: teamId }, cookie: lea.cookie });
    expect(kept.status).toBe(200);
    expect(Date.now() - Date.parse(kept.body.positionsSince)).toBeLessThan(60_000);
    expect((await h.api('GET /api/teams/{id}', { params: { id: teamId } })).body.positionsSince).toBe(kept.body.positionsSince);
    // Reminded again only once they are 14 days old again.
    expect((await refreshFreshness(h.db)).reminded).toBe(0);
    // As if the first reminder came 29 days ago and 'still open' 15 days ago.
    await h.db.execute(
      sql`update teams set updated_at = now() - interval '15 days', positions_reminded_at = now() - interval '29 days' where id = ${teamId}`,
    );
    expect((await refreshFreshness(h.db)).reminded).toBe(1);
  });

  it("each team's leaders hear of their own team, when many are reminded at once", async () => {
    const teamOf = async (leader: TestUser, name: string) => {
      const made = await h.api('POST /api/teams', {
        cookie: leader.cookie,
        body: { name, description: 'Listed for a long time.', logoUrl: '', openPositions: ['Designer'], isOpen: true, event: slug },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return made.body.id;
    };
    const [first, second] = [await teamOf(alice, "Alice's Old Listing"), await teamOf(carol, "Carol's Old Listing")];
    await h.db.execute(sql`update teams set updated_at = now() - interval '15 days' where id in (${first}, ${second})`);
    expect((await refreshFreshness(h.db)).reminded).toBe(2);
    const told = (name: string) =>
      `The open positions of ${name} have been listed for 14 days: still open? Update them, or close the team to requests`;
    const [aliceHeard, carolHeard] = [await inboxTexts(alice), await inboxTexts(carol)];
    expect(aliceHeard).toContain(told("Alice's Old Listing"));
    expect(aliceHeard).not.toContain(told("Carol's Old Listing"));
    expect(carolHeard).toContain(told("Carol's Old Listing"));
    expect(carolHeard).not.toContain(told("Alice's Old Listing"));
    const link = (await h.api('GET /api/me/inbox', { cookie: carol.cookie })).body.items!.find(
      (i: { text: string }) => i.text === told("Carol's Old Listing"),
    )?.link;
    expect(link).toBe(`/teams/${second}`);
  });

  it("'still open' needs open positions and room", async () => {
    const team = await h.api('POST /api/teams', {
      cookie: bob.cookie,
      body: {
        name: 'No Seats',
        description: 'A team that lists no open position.',
        logoUrl: '',
        openPositions: ['Cook'],
        isOpen: true,
        event: slug,
      },
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    const params = { id: team.body.id };
    expect((await h.api('PUT /api/teams/{id}/positions', { params, cookie: bob.cookie, body: { openPositions: [] } })).status).toBe(200);
    const none = await h.api('POST /api/teams/{id}/positions/still-open', { params: { id: team.body.id }, cookie: bob.cookie });
    expect(none.status).toBe(409);
    expect(none.body.error).toBe('This team has no open positions to keep listed');
    expect((await h.api('PUT /api/teams/{id}/positions', { params, cookie: bob.cookie, body: { openPositions: ['Cook'] } })).status).toBe(
      200,
    );
    const teamBody = { name: 'No Seats', description: 'A team that lists no open position.', isOpen: false };
    expect((await h.api('PATCH /api/teams/{id}', { params, cookie: bob.cookie, body: teamBody })).status).toBe(200);
    const closed = await h.api('POST /api/teams/{id}/positions/still-open', { params, cookie: bob.cookie });
    expect(closed.status).toBe(409);
    expect(closed.body.error).toBe('This team is not accepting new members');
    const missing = await h.api('POST /api/teams/{id}/positions/still-open', {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      cookie: bob.cookie,
    });
    expect(missing.status).toBe(404);
  });
});

describe('the event form', () => {
  it('a new event takes its period, 14 days unless set, and refuses one out of bounds', async () => {
    const body = { name: 'Period Hack', location: 'Online', timezone: 'UTC', buildStartsAt: at(10), submissionDeadline: at(12) };
    const plain = await h.api('POST /api/events', { cookie: owner.cookie, body: { ...body, slug: 'period-plain' } });
    expect(plain.status).toBe(201);
    expect((await h.api('GET /api/events/{slug}', { params: { slug: 'period-plain' }, cookie: owner.cookie })).body.lookingLapseDays).toBe(
      14,
    );
    const set = await h.api('POST /api/events', { cookie: owner.cookie, body: { ...body, slug: 'period-set', lookingLapseDays: 30 } });
    expect(set.status).toBe(201);
    expect((await h.api('GET /api/events/{slug}', { params: { slug: 'period-set' }, cookie: owner.cookie })).body.lookingLapseDays).toBe(
      30,
    );
    const bad = await h.api('POST /api/events', { cookie: owner.cookie, body: { ...body, slug: 'period-bad', lookingLapseDays: 400 } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.lookingLapseDays).toBe('A looking flag must last at most 365 days');
  });
});
