/**
 * Hostile query strings: lists fall back to their defaults, never a 5xx; a hostile candidate is
 * ignored; a hostile skill name to remove finds nothing and writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { offContract } from '../testing/harness';
import {
  alice,
  expectClientError,
  expectOkOrClientError,
  h,
  HUGE,
  NUL,
  snapshot,
  UNKNOWN_ID,
  useRobustnessWorld,
  w,
} from '../testing/worlds/robustness';

useRobustnessWorld();

describe('query parameters', () => {
  const hostileQueries = [
    'page=1&page=2&page=abc',
    'pageSize=-5',
    'pageSize=1e308',
    'page=1e308',
    'page=-1',
    'pageSize=Infinity',
    'page=NaN',
    `q=${encodeURIComponent(HUGE)}`,
    'q=%00',
    `q=${encodeURIComponent(NUL)}`,
    'q=a&q=b',
    'q[]=a&q[]=b',
    'q[a]=b',
    'q=%E0%A4%A',
    'q=%25%5F%5C',
    "q=' or 1=1 --",
    'skills=a&skills=b',
    `skills=${encodeURIComponent(HUGE)}`,
    `skills=${Array.from({ length: 500 }, (_, i) => `s${i}`).join(',')}`,
    'skills=%00',
    'skills[]=x',
    'availability=Nope',
    'availability=%00',
    'looking=%00',
    'looking=true&looking=false',
    'open=yes&open=1',
    `${'k'.repeat(10_000)}=v`,
  ];

  it.each(['/api/profiles', '/api/teams'])('GET %s with hostile query strings -> 200 or 4xx, never 5xx', async (path) => {
    for (const query of hostileQueries) {
      const res = await h.request('GET', `${path}?${query}`);
      expectOkOrClientError(res);
      if (res.status === 200) {
        expect(res.body.pageSize, query).toBeLessThanOrEqual(100);
        expect(res.body.page, query).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('GET /api/me/led-teams with a hostile candidate -> 200, the candidate ignored', async () => {
    for (const query of [
      'candidate=x',
      `candidate=${'-'.repeat(36)}`,
      `candidate=${'0'.repeat(36)}`,
      'candidate=%00',
      `candidate=${encodeURIComponent(HUGE)}`,
      `candidate=${UNKNOWN_ID}&candidate=x`,
      'candidate[]=1',
    ]) {
      const res = await h.api('GET /api/me/led-teams', { query: offContract(query), cookie: alice.cookie });
      expect(res.status, `${query} ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.map((t: { id: string }) => t.id)).toContain(w.teamId);
    }
  });

  it('DELETE a skill with a hostile name -> 404, nothing written', async () => {
    const before = await snapshot();
    for (const query of [
      '',
      'name=',
      'name=%00',
      `name=${encodeURIComponent(NUL)}`,
      `name=${encodeURIComponent(HUGE)}`,
      'name[]=Rust',
      'name=%25',
      'name=%E0%A4%A',
    ]) {
      const res = await h.request('DELETE', `/api/profiles/${alice.profileId}/skills?${query}`, { cookie: alice.cookie });
      expectClientError(res, 404);
    }
    expect(await snapshot()).toBe(before);
  });
});
