/**
 * The first page of everyone, and of every team, is read by a statement of its own (api/first-pages.ts
 * firstPageStatement) once a list is large enough to be walked: it must show what the list's other
 * reads show, each card's notes included (a hidden bio or description, the event, 'looking since').
 * A list's first read collects its matches while counting them; asked again, with the count kept,
 * it is walked: each page here is read twice, and both answers checked.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN_TEXT } from '../../../shared/safety';
import { hiddenContent, profiles, registrations, teams, users } from '../../db/schema';
import { createHarness, type Harness } from '../../testing/harness';
import { LEGACY_EVENT_ID } from '../../../shared/events';

const EVENT = 'worlds-largest-hackathon-2025';
/** More than twice a page of each, with the planner's estimate of the tables known: the first page is walked. */
const COUNT = 60;

let h: Harness;
/** Names newest first. */
let people: string[];
let teamNames: string[];
let hiddenPerson: string;
let hiddenTeam: string;
/** People looking for a team in the event, by name. */
const looking = new Set<string>();

beforeAll(async () => {
  h = await createHarness();
  const start = Date.parse('2026-01-01T00:00:00Z');
  const userRows = Array.from({ length: COUNT }, (_, i) => ({
    id: randomUUID(),
    name: `Person ${i}`,
    email: `first-page-${i}@example.com`,
  }));
  await h.db.insert(users).values(userRows);
  const made = await h.db
    .insert(profiles)
    .values(
      userRows.map((u, i) => ({
        userId: u.id,
        firstName: 'Person',
        lastName: String(i).padStart(2, '0'),
        name: `Person ${String(i).padStart(2, '0')}`,
        bio: `The bio of person ${i}.`,
        lookingForTeam: i % 3 === 0,
        createdAt: new Date(start + i * 60_000),
      })),
    )
    .returning({ id: profiles.id, name: profiles.name, lookingForTeam: profiles.lookingForTeam });
  // Everyone takes part; a third follow their profile's flag, the others say no there.
  await h.db
    .insert(registrations)
    .values(made.map((p) => ({ eventId: LEGACY_EVENT_ID, profileId: p.id, looking: p.lookingForTeam ? null : false })));
  for (const p of made) if (p.lookingForTeam) looking.add(p.name);
  people = made.map((p) => p.name).reverse();

  const madeTeams = await h.db
    .insert(teams)
    .values(
      Array.from({ length: COUNT }, (_, i) => ({
        name: `Team ${String(i).padStart(2, '0')}`,
        description: `What team ${i} builds.`,
        eventId: LEGACY_EVENT_ID,
        createdAt: new Date(start + i * 60_000),
      })),
    )
    .returning({ id: teams.id, name: teams.name });
  teamNames = madeTeams.map((t) => t.name).reverse();

  // A moderator hid the bio of the third newest person and the description of the second newest team.
  const person = made[COUNT - 3];
  const team = madeTeams[COUNT - 2];
  hiddenPerson = person.name;
  hiddenTeam = team.name;
  await h.db.insert(hiddenContent).values([
    { kind: 'bio', targetId: person.id, eventId: null, reason: 'Spam' },
    { kind: 'team_description', targetId: team.id, eventId: null, reason: 'Spam' },
  ]);
  await h.db.execute(sql`analyze profiles, teams`);
});
afterAll(() => h.close());

describe('the first page of everyone', () => {
  const page = async (query: { event?: string; page?: number; updatedSince?: string }) =>
    (await h.readTwice('GET /api/profiles', { query: { pageSize: 10, ...query } })).body;

  it('lists the newest people, with a hidden bio hidden, and the next page goes on from there', async () => {
    const first = await page({});
    expect(first.items.map((p) => p.name)).toEqual(people.slice(0, 10));
    expect(first.total).toBeGreaterThanOrEqual(COUNT);
    for (const card of first.items) {
      expect(card.bio).toBe(card.name === hiddenPerson ? HIDDEN_TEXT : `The bio of person ${Number(card.lastName)}.`);
      expect(card.lookingSince).toBeUndefined();
    }
    expect((await page({ page: 2 })).items.map((p) => p.name)).toEqual(people.slice(10, 20));
  });

  it('in the event: whether each person is looking there, and since when', async () => {
    const first = await page({ event: EVENT });
    expect(first.items.map((p) => p.name)).toEqual(people.slice(0, 10));
    expect(first.total).toBe(COUNT);
    for (const card of first.items) {
      expect(card.lookingForTeam).toBe(looking.has(card.name));
      expect(card.lookingSince !== undefined).toBe(looking.has(card.name));
      if (card.name === hiddenPerson) expect(card.bio).toBe(HIDDEN_TEXT);
    }
    expect(first.items.some((p) => p.lookingSince)).toBe(true);
    expect((await page({ event: EVENT, page: 2 })).items.map((p) => p.name)).toEqual(people.slice(10, 20));
  });

  it('for sync, the oldest changes first, in the event or not', async () => {
    const changed = await h.db.select({ name: profiles.name }).from(profiles).orderBy(profiles.changedAt, profiles.id).limit(10);
    for (const query of [{}, { event: EVENT }]) {
      const first = await page({ ...query, updatedSince: '2000-01-01T00:00:00Z' });
      expect(first.items.map((p) => p.name)).toEqual(changed.map((p) => p.name));
    }
  });
});

describe('a search that matches most people', () => {
  // Read as the first page is (twice: collected while counted, then walked with the count kept),
  // over all events, in the event, and looking there. A walk tests the term and the event in forms
  // of its own (list.repo profileFilter): it must keep the same people.
  const search = async (query: { event?: string; looking?: boolean; page?: number }) =>
    (await h.readTwice('GET /api/profiles', { query: { q: 'Person', pageSize: 10, ...query } })).body;

  it('finds the same people newest first when walked, in the event or not, looking there or not', async () => {
    for (const query of [{}, { event: EVENT }]) {
      for (const n of [1, 2]) {
        const found = await search({ ...query, page: n });
        expect(found.total).toBe(COUNT);
        expect(found.items.map((p) => p.name)).toEqual(people.slice((n - 1) * 10, n * 10));
      }
    }
    const lookingThere = people.filter((name) => looking.has(name));
    const found = await search({ event: EVENT, looking: true });
    expect(found.total).toBe(lookingThere.length);
    expect(found.items.map((p) => p.name)).toEqual(lookingThere.slice(0, 10));
  });
});

describe('the first page of every team', () => {
  const page = async (query: { event?: string; page?: number }) =>
    (await h.readTwice('GET /api/teams', { query: { pageSize: 10, ...query } })).body;

  it('lists the newest teams with their event and a hidden description hidden, in the event or not', async () => {
    for (const query of [{}, { event: EVENT }]) {
      const first = await page(query);
      expect(first.items.map((t) => t.name)).toEqual(teamNames.slice(0, 10));
      for (const card of first.items) {
        expect(card.event.slug).toBe(EVENT);
        expect(card.description).toBe(card.name === hiddenTeam ? HIDDEN_TEXT : `What team ${Number(card.name.slice(5))} builds.`);
      }
      expect((await page({ ...query, page: 2 })).items.map((t) => t.name)).toEqual(teamNames.slice(10, 20));
    }
  });
});

describe('searches and later pages', () => {
  it('read the same notes as the first page: a hidden bio, looking there and since when, a team’s event and hidden description', async () => {
    for (const query of [{ q: 'person' }, { q: 'person', event: EVENT }, { event: EVENT, page: 2 }, { event: EVENT, page: 3, q: 'bio' }]) {
      for (let read = 0; read < 2; read++) {
        const res = await h.api('GET /api/profiles', { query: { pageSize: 10, ...query } });
        expect(res.status).toBe(200);
        // A word of the bios does not find the one a moderator hid (docs/product.md#moderation).
        const matching = query.q === 'bio' ? people.filter((name) => name !== hiddenPerson) : people;
        const expected = matching.slice(((query.page ?? 1) - 1) * 10, (query.page ?? 1) * 10);
        expect(res.body.items.map((p) => p.name)).toEqual(expected);
        for (const card of res.body.items) {
          expect(card.bio).toBe(card.name === hiddenPerson ? HIDDEN_TEXT : `The bio of person ${Number(card.lastName)}.`);
          expect(card.lookingSince !== undefined).toBe(query.event !== undefined && looking.has(card.name));
        }
      }
    }
    for (const query of [{ q: 'team' }, { q: 'builds', event: EVENT }, { event: EVENT, page: 2 }]) {
      const res = await h.api('GET /api/teams', { query: { pageSize: 10, ...query } });
      // Nor a word of the descriptions the one hidden.
      const matching = query.q === 'builds' ? teamNames.filter((name) => name !== hiddenTeam) : teamNames;
      expect(res.body.items.map((t) => t.name)).toEqual(matching.slice(((query.page ?? 1) - 1) * 10, (query.page ?? 1) * 10));
      for (const card of res.body.items) {
        expect(card.event.slug).toBe(EVENT);
        expect(card.description).toBe(card.name === hiddenTeam ? HIDDEN_TEXT : `What team ${Number(card.name.slice(5))} builds.`);
      }
    }
  });
});

describe("an event's people", () => {
  it('come newest profile first, however late each registered, on the first page as on the next', async () => {
    // The fourth newest person leaves the event and takes part again: their registration is now the
    // newest, their profile still the fourth newest.
    const [again] = await h.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.name, people[3]));
    await h.db.delete(registrations).where(and(eq(registrations.eventId, LEGACY_EVENT_ID), eq(registrations.profileId, again.id)));
    await h.db
      .insert(registrations)
      .values({ eventId: LEGACY_EVENT_ID, profileId: again.id, looking: looking.has(people[3]) ? null : false });
    for (const n of [1, 2]) {
      const res = await h.api('GET /api/profiles', { query: { event: EVENT, page: n, pageSize: 10 } });
      expect(res.body.total).toBe(COUNT);
      expect(res.body.items.map((p) => p.name)).toEqual(people.slice((n - 1) * 10, n * 10));
    }
  });
});

describe('a team search that matches most teams', () => {
  it('walks past newer teams it does not match, in the event or not, open only or not', async () => {
    // 30 teams newer than all the others, none holding 'what team': the search matches 59 of 90 (not
    // the one whose description is hidden), so its first page is walked (list.repo walkedFirstPage),
    // through the 30 it must pass.
    const start = Date.parse('2026-01-01T00:00:00Z') + COUNT * 60_000;
    await h.db.insert(teams).values(
      Array.from({ length: 30 }, (_, i) => ({
        name: `Zeta ${i}`,
        description: 'Builds zeta things.',
        eventId: LEGACY_EVENT_ID,
        createdAt: new Date(start + i * 60_000),
      })),
    );
    await h.db.execute(sql`analyze teams`);
    for (const query of [{}, { event: EVENT }, { open: true }, { open: true, event: EVENT }]) {
      const { body } = await h.readTwice('GET /api/teams', { query: { q: 'what team', pageSize: 10, ...query } });
      expect(body.total).toBe(COUNT - 1);
      expect(body.items.map((t) => t.name)).toEqual(teamNames.filter((name) => name !== hiddenTeam).slice(0, 10));
    }
  });
});
