/**
 * An event of more than FEW_MATCHES people: its first page is not its newest registrants (a small
 * event's, first-page.test.ts) but a walk of everyone's newest-first index that tests each person
 * for the event (list.repo everyoneFirstPage, takesPartIn's walk form). Here the newest people
 * of all take part in another event only, and their changes are the oldest: the walks pass them,
 * and no page of the large event may show them. The large event holds most people, so its searches
 * take the forms for such an event (profileFilter's `mostInEvent`: `= any()`, tested last in a walk).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEW_MATCHES } from '../../api/counts';
import { events, profiles, registrations, users } from '../../db/schema';
import { createHarness, type Harness } from '../../testing/harness';
import { LEGACY_EVENT_ID } from '../../../shared/events';

const EVENT = 'worlds-largest-hackathon-2025';
const OTHER = 'large-event-test-other';
/** In the large event: more than FEW_MATCHES. */
const COUNT = FEW_MATCHES + 30;
/** In the other event only, all newer than anyone in the large one. */
const OTHERS = 25;

let h: Harness;
/** The large event's people by name, newest first. */
let people: string[];
/** The other event's people by name, newest first. */
let others: string[];
/** People looking for a team in the large event, by name. */
const looking = new Set<string>();

/** `count` people created a minute apart from `start`, named `prefix` and a number, registered in `eventId`. */
async function addPeople(prefix: string, count: number, start: number, eventId: string) {
  const names: string[] = [];
  for (let from = 0; from < count; from += 500) {
    const batch = Array.from({ length: Math.min(500, count - from) }, (_, k) => from + k);
    const userRows = batch.map((i) => ({ id: randomUUID(), name: `${prefix} ${i}`, email: `${prefix.toLowerCase()}-${i}@example.com` }));
    await h.db.insert(users).values(userRows);
    const made = await h.db
      .insert(profiles)
      .values(
        batch.map((i, k) => ({
          userId: userRows[k].id,
          firstName: prefix,
          lastName: String(i).padStart(4, '0'),
          name: `${prefix} ${String(i).padStart(4, '0')}`,
          bio: `Building things, ${prefix.toLowerCase()} ${i}.`,
          lookingForTeam: i % 3 === 0,
          createdAt: new Date(start + i * 60_000),
        })),
      )
      .returning({ id: profiles.id, name: profiles.name, lookingForTeam: profiles.lookingForTeam });
    await h.db.insert(registrations).values(made.map((p) => ({ eventId, profileId: p.id, looking: p.lookingForTeam ? null : false })));
    for (const p of made) {
      names.push(p.name);
      if (p.lookingForTeam && eventId === LEGACY_EVENT_ID) looking.add(p.name);
    }
  }
  return names.reverse();
}

beforeAll(async () => {
  h = await createHarness();
  const start = Date.parse('2026-01-01T00:00:00Z');
  const [other] = await h.db
    .insert(events)
    .values({
      slug: OTHER,
      name: 'Another hackathon',
      state: 'published',
      buildStartsAt: new Date('2026-12-01T00:00:00Z'),
      submissionDeadline: new Date('2026-12-03T00:00:00Z'),
    })
    .returning({ id: events.id });
  // The others are made first: their profiles are the newest, their changes (for sync) the oldest.
  others = await addPeople('Other', OTHERS, start + COUNT * 60_000, other.id);
  people = await addPeople('Person', COUNT, start, LEGACY_EVENT_ID);
  await h.db.execute(sql`analyze profiles`);
}, 120_000);
afterAll(() => h.close());

/** A page of people, read twice (the count kept by the first read): both answers the same. */
async function page(query: { event?: string; page?: number; q?: string; updatedSince?: string }) {
  return (await h.readTwice('GET /api/profiles', { query: { pageSize: 10, ...query } })).body;
}

describe('an event of more people than a small one', () => {
  it('lists its own people newest first, passing the newer people of another event, with looking there', async () => {
    expect((await page({})).items.map((p) => p.name)).toEqual(others.slice(0, 10));
    for (const n of [1, 2]) {
      const found = await page({ event: EVENT, page: n });
      expect(found.total).toBe(COUNT);
      expect(found.items.map((p) => p.name)).toEqual(people.slice((n - 1) * 10, n * 10));
      for (const card of found.items) {
        expect(card.lookingForTeam).toBe(looking.has(card.name));
        expect(card.lookingSince !== undefined).toBe(looking.has(card.name));
      }
    }
  });

  it('a search matching everyone finds its own people only, walked as collected', async () => {
    for (const n of [1, 2]) {
      const found = await page({ event: EVENT, q: 'building', page: n });
      expect(found.total).toBe(COUNT);
      expect(found.items.map((p) => p.name)).toEqual(people.slice((n - 1) * 10, n * 10));
    }
    const lookingThere = people.filter((name) => looking.has(name));
    const res = await h.api('GET /api/profiles', { query: { event: EVENT, q: 'building', looking: true, pageSize: 10 } });
    expect(res.body.total).toBe(lookingThere.length);
    expect(res.body.items.map((p) => p.name)).toEqual(lookingThere.slice(0, 10));
  });

  it('a search matching some of everyone, walked, finds its own people only', async () => {
    // '2.' ends the bios of the people numbered ...2, in both events; the other event's are the newest.
    expect(others.some((name) => name.endsWith('2'))).toBe(true);
    const matching = people.filter((name) => name.endsWith('2'));
    for (const n of [1, 2]) {
      const found = await page({ event: EVENT, q: '2.', page: n });
      expect(found.total).toBe(matching.length);
      expect(found.items.map((p) => p.name)).toEqual(matching.slice((n - 1) * 10, n * 10));
    }
  });

  it('for sync, its own people, the oldest change first', async () => {
    const found = await page({ event: EVENT, updatedSince: '2000-01-01T00:00:00Z' });
    expect(found.total).toBe(COUNT);
    const changed = await h.db
      .select({ name: profiles.name })
      .from(profiles)
      .where(sql`${profiles.eventIds} @> array[${LEGACY_EVENT_ID}::uuid]`)
      .orderBy(profiles.changedAt, profiles.id)
      .limit(10);
    expect(found.items.map((p) => p.name)).toEqual(changed.map((p) => p.name));
  });

  it('beside it, the small event lists its people', async () => {
    const found = await page({ event: OTHER });
    expect(found.total).toBe(OTHERS);
    expect(found.items.map((p) => p.name)).toEqual(others.slice(0, 10));
  });
});
