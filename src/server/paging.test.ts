import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CountCache, FEW_MATCHES, pageWithTotal } from './paging';
import { createHarness, type Harness } from './testing';

describe('pageWithTotal', () => {
  const run = (total: number, page: number, counts?: CountCache) => {
    const calls = { count: 0, rows: [] as boolean[] };
    const result = pageWithTotal({
      page,
      pageSize: 10,
      rows: async (few) => (calls.rows.push(few), ['row']),
      count: async () => (calls.count++, total),
      countKey: 'k',
      counts,
    });
    return { result, calls };
  };

  it('reads the page after the total, telling it whether matches are few', async () => {
    const small = run(FEW_MATCHES, 1);
    expect(await small.result).toEqual({ rows: ['row'], total: FEW_MATCHES });
    expect(small.calls.rows).toEqual([true]);
    const large = run(FEW_MATCHES + 1, 1);
    await large.result;
    expect(large.calls.rows).toEqual([false]);
  });

  it('does not read a page past the end', async () => {
    const past = run(20, 3);
    expect(await past.result).toEqual({ rows: [], total: 20 });
    expect(past.calls.rows).toEqual([]);
  });

  it('keeps a count per filter until cleared', async () => {
    const cache = new CountCache();
    const first = run(5, 1, cache);
    await first.result;
    const second = run(6, 1, cache);
    expect((await second.result).total).toBe(5);
    expect(second.calls.count).toBe(0);
    cache.clear();
    expect((await run(6, 1, cache).result).total).toBe(6);
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
      h.request('POST', '/api/teams', {
        cookie: leader.cookie,
        body: { name, description: 'A team made for counting its totals right.', openPositions: ['Dev'], isOpen: true },
      });
    await create('Count One');
    await create('Count Two');
    expect((await h.request('GET', '/api/teams?pageSize=1')).body.total).toBe(2);
    await create('Count Three');
    expect((await h.request('GET', '/api/teams?pageSize=1')).body.total).toBe(3);
  });
});
