import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { teams } from '../db/schema';
import { BROAD_TTL_MS, COUNT_STALE_MS, COUNT_TTL_MS, CountCache, FEW_MATCHES } from './counts';
import { newestFirstPage, walkFindsPageSooner } from './paging';
import { listTeams } from '../features/teams/list.repo';
import { createHarness, type Harness } from '../testing/harness';
import { LEGACY_EVENT_ID } from '../../shared/events';

describe('walkFindsPageSooner', () => {
  it('walks the newest-first index for many matches, or for a large share of a large table', () => {
    expect(walkFindsPageSooner(FEW_MATCHES + 1, 0, 24, null)).toBe(true);
    // 2,750 of 30,000 teams match: a page is about 260 rows into the index, fewer than 2,750.
    expect(walkFindsPageSooner(2750, 0, 24, 30_000)).toBe(true);
    // 248 of 130,000 profiles: a page would be 12,000 rows into the index; collect the 248.
    expect(walkFindsPageSooner(248, 0, 24, 130_000)).toBe(false);
    // Deep pages walk further: collecting wins again, even when it reads the whole table.
    expect(walkFindsPageSooner(2750, 2400, 24, 30_000)).toBe(false);
    // 1,081 of 30,475 teams (3.5%): collecting them is a scan of the table; a page is 564 rows into the index.
    expect(walkFindsPageSooner(1081, 0, 20, 30_475)).toBe(true);
    // 1,286 of 130,000 profiles (1%): collected through their index, cheaper than walking 4,000 rows.
    expect(walkFindsPageSooner(1286, 0, 20, 130_000)).toBe(false);
    expect(walkFindsPageSooner(2750, 0, 24, null)).toBe(false);
  });
});

describe('newestFirstPage', () => {
  let h: Harness;
  /** Team names, newest first, as the database holds them. */
  let newest: string[];
  beforeAll(async () => {
    h = await createHarness();
    // More than FEW_MATCHES rows, so both plans run: walking the index (all of them) and
    // collecting and sorting the few that match a filter.
    const base = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: FEW_MATCHES + 40 }, (_, i) => ({
      name: `Team ${String(i).padStart(5, '0')}${i % 100 === 0 ? ' rare' : ''}`,
      description: 'A team that exists to be counted.',
      eventId: LEGACY_EVENT_ID,
      createdAt: new Date(base + i * 1000),
    }));
    for (let i = 0; i < rows.length; i += 1000) await h.db.insert(teams).values(rows.slice(i, i + 1000));
    newest = rows.map((r) => r.name).reverse();
  });
  afterAll(() => h.close());

  const names = (rows: { name: string }[]) => rows.map((r) => r.name);
  /** A filter of team names, named for the statements made of it. */
  const named = (name: string) => ({ name, where: sql`${teams.name} like ${sql.placeholder('pattern')}`, params: { pattern: name } });
  type Filter = ReturnType<typeof named>;
  const page = (filter: Filter | undefined, pageNumber: number, counts?: CountCache, countKey = filter?.name ?? 'everyone') =>
    newestFirstPage<{ name: string }>(h.db, {
      table: teams,
      list: {
        name: filter ? 'name like' : 'everyone',
        shape: () => ({ columns: { name: teams.name, createdAt: teams.createdAt, id: teams.id }, where: filter?.where }),
        params: filter?.params ?? {},
      },
      page: pageNumber,
      pageSize: 10,
      countKey,
      counts,
    });

  it('pages through many matches newest first (walking the index)', async () => {
    const first = await page(undefined, 1);
    expect(first.total).toBe(FEW_MATCHES + 40);
    expect(names(first.rows)).toEqual(newest.slice(0, 10));
    expect(names((await page(undefined, 3)).rows)).toEqual(newest.slice(20, 30));
  });

  it('pages through few matches newest first (collecting and sorting them)', async () => {
    const rare = named('%rare');
    const rareNewest = newest.filter((n) => n.endsWith('rare'));
    const first = await page(rare, 1);
    expect(first.total).toBe(rareNewest.length);
    expect(first.total).toBeLessThanOrEqual(FEW_MATCHES);
    expect(names(first.rows)).toEqual(rareNewest.slice(0, 10));
    expect(names((await page(rare, 2)).rows)).toEqual(rareNewest.slice(10, 20));
  });

  it('pages a search in an event with many matches as over all events (walking the index of the event)', async () => {
    // Every team here is in the 2025 event, and each name holds 'team': more than FEW_MATCHES match.
    const search = (event: string | undefined, n: number) =>
      listTeams(h.db, { q: 'team', open: false, event, page: n, pageSize: 10 }).then((list) => ({
        names: list.items.map((team) => team.name),
        total: list.total,
      }));
    for (const n of [1, 2, 5]) {
      const inEvent = await search('worlds-largest-hackathon-2025', n);
      expect(inEvent.total).toBe(FEW_MATCHES + 40);
      expect(inEvent.names).toEqual(newest.slice((n - 1) * 10, n * 10));
      expect(inEvent).toEqual(await search(undefined, n));
    }
  });

  it('answers a filter nothing matches with no rows and a total of 0', async () => {
    expect(await page(named('%nobody%'), 1)).toEqual({ rows: [], total: 0 });
  });

  it('reads the same pages whether the total is kept or not', async () => {
    const cache = new CountCache();
    const rare = named('%rare');
    for (const filter of [rare, undefined]) {
      for (const n of [1, 2, 4]) {
        const cold = await page(filter, n);
        expect(await page(filter, n, cache, `same-${filter?.name}`)).toEqual(cold);
        expect(await page(filter, n, cache, `same-${filter?.name}`)).toEqual(cold);
      }
    }
  });

  it('does not read a page past the end', async () => {
    expect(await page(named('%rare'), 99)).toEqual({ rows: [], total: 31 });
  });

  it('keeps a count per filter until cleared', async () => {
    const cache = new CountCache();
    const rare = named('%rare');
    expect((await page(rare, 1, cache, 'rare')).total).toBe(31);
    await h.db.insert(teams).values({ name: 'Newest rare', description: 'Arrives after the count was kept.', eventId: LEGACY_EVENT_ID });
    // The kept count stands (the page is read fresh), until the cache is cleared.
    expect((await page(rare, 1, cache, 'rare')).total).toBe(31);
    cache.clear();
    expect((await page(rare, 1, cache, 'rare')).total).toBe(32);
  });

  it('counts a filter found broad at once, without first collecting its matches, and reads the same pages', async () => {
    const cache = new CountCache();
    const first = await page(undefined, 1, cache, 'everyone');
    expect(first.total).toBeGreaterThan(FEW_MATCHES);
    expect(cache.wasBroad('everyone')).toBe(true);
    expect(cache.wasBroad('rare')).toBe(false);
    // Once its total is gone, the next read sends two statements (the count and the page), not
    // the collecting one before them.
    vi.useFakeTimers({ now: Date.now() + BROAD_TTL_MS + COUNT_STALE_MS + 1, toFake: ['Date'] });
    expect(cache.known('everyone')).toBeUndefined();
    const client = (h.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const sent = vi.spyOn(client, 'query');
    try {
      expect(await page(undefined, 1, cache, 'everyone')).toEqual(first);
      expect(sent).toHaveBeenCalledTimes(2);
    } finally {
      sent.mockRestore();
      vi.useRealTimers();
    }
  });
});

describe('list totals after writes', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('a full page counts, and a write through the app is counted at once', async () => {
    const leader = await h.signUp();
    const create = (name: string) =>
      h.api('POST /api/teams', {
        cookie: leader.cookie,
        body: { name, description: 'A team made for counting its totals right.', openPositions: ['Dev'], isOpen: true },
      });
    await create('Count One');
    await create('Count Two');
    expect((await h.api('GET /api/teams', { query: { pageSize: 1 } })).body.total).toBe(2);
    await create('Count Three');
    expect((await h.api('GET /api/teams', { query: { pageSize: 1 } })).body.total).toBe(3);
  });

  it("a sign-in or sign-up keeps the teams' kept count (they cannot change it) and counts the new person at once", async () => {
    const teamsTotal = async () => (await h.api('GET /api/teams', { query: { pageSize: 1 } })).body.total;
    const peopleTotal = async () => (await h.api('GET /api/profiles', { query: { pageSize: 1 } })).body.total;
    const person = await h.signUp();
    const before = await teamsTotal();
    const people = await peopleTotal();
    // A team written around the app (as by another instance): the kept count does not know it yet.
    await h.db.insert(teams).values({ name: 'Around The App', description: 'Written straight to the database.', eventId: LEGACY_EVENT_ID });
    const signIn = await h.api('POST /api/auth/sign-in/email', { body: { email: person.email, password: 'team-finder-1' } });
    expect(signIn.status).toBe(200);
    await h.signUp();
    // Kept through the sign-in and the sign-up: every browse of a rush does not count all teams again.
    expect(await teamsTotal()).toBe(before);
    expect(await peopleTotal()).toBe(people + 1);
    // Any other write drops it: this team and the one written around the app are counted.
    const made = await h.api('POST /api/teams', {
      cookie: person.cookie,
      body: { name: 'Counted At Once', description: 'A team made for counting its totals right.', openPositions: ['Dev'], isOpen: true },
    });
    expect(made.status).toBe(201);
    expect(await teamsTotal()).toBe(before + 2);
  });
});

describe('kept counts', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps a count its time, then answers it at once while one reader recounts it, then the new one', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['Date'] });
    const cache = new CountCache();
    let counted = 0;
    const count = vi.fn(async () => ++counted * 100);
    expect(await cache.get('k', count)).toBe(100);
    vi.setSystemTime(COUNT_TTL_MS - 1);
    expect(await cache.get('k', count)).toBe(100);
    expect(count).toHaveBeenCalledTimes(1);
    vi.setSystemTime(COUNT_TTL_MS + 1);
    // Three readers at once: all get the kept total, one recount runs.
    const answers = await Promise.all([cache.get('k', count), cache.get('k', count), cache.get('k', count)]);
    expect(answers).toEqual([100, 100, 100]);
    expect(count).toHaveBeenCalledTimes(2);
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('k', count)).toBe(200);
    // Past its time and COUNT_STALE_MS more without a reader, the kept total is gone: the next reader counts and waits.
    vi.setSystemTime(COUNT_TTL_MS + 1 + COUNT_TTL_MS + COUNT_STALE_MS + 1);
    expect(cache.known('k')).toBeUndefined();
    expect(await cache.get('k', count)).toBe(300);
  });

  it('keeps a broad total a minute and through writes, a short one until a write', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['Date'] });
    const cache = new CountCache();
    const broad = vi.fn(async () => FEW_MATCHES + 1);
    expect(await cache.total('broad', broad)).toBe(FEW_MATCHES + 1);
    expect(await cache.total('short', async () => 5)).toBe(5);
    cache.clear();
    expect(cache.known('short')).toBeUndefined();
    vi.setSystemTime(BROAD_TTL_MS - 1);
    expect(await cache.total('broad', broad)).toBe(FEW_MATCHES + 1);
    expect(broad).toHaveBeenCalledTimes(1);
    // Past its minute, it is recounted like any other.
    vi.setSystemTime(BROAD_TTL_MS + 1);
    await cache.total('broad', broad);
    expect(broad).toHaveBeenCalledTimes(2);
  });

  it('forgets a count a write cleared, however fresh', async () => {
    const cache = new CountCache();
    cache.set('k', 5);
    cache.clear();
    expect(cache.known('k')).toBeUndefined();
  });
});
