/**
 * Position titles are a team's own words, and they key what each position needs: a title that is
 * also a member every JavaScript object has ('constructor') must work like any other, and
 * '__proto__', which no object keeps as its own key, is refused in words rather than dropped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, type TestUser } from '../../testing/harness';

const INHERITED = ['constructor', 'hasOwnProperty', '__defineGetter__', 'isPrototypeOf', 'toString'];

let h: Harness;
let leader: TestUser;
beforeAll(async () => {
  h = await createHarness();
  leader = await h.signUp({ firstName: 'Kit' });
});
afterAll(() => h.close());

const team = (positions: string[], positionSkills?: Record<string, string[]>) => ({
  name: 'Object Lessons',
  description: 'A team whose positions share names with what every object has.',
  openPositions: positions,
  ...(positionSkills && { positionSkills }),
});

describe('position titles that are names of object members', () => {
  it('a team is created with them, with and without the skills they need, and its page shows them', async () => {
    const plain = await h.request('POST', '/api/teams', { cookie: leader.cookie, body: team(INHERITED) });
    expect(plain.status).toBe(201);
    const page = await h.request('GET', `/api/teams/${plain.body.id}`);
    expect(page.body.openPositions).toEqual(INHERITED);
    expect(page.body.positionSkills).toEqual({});

    const needs = Object.fromEntries(INHERITED.map((title, i) => [title, [`Skill ${i}`]]));
    const withSkills = await h.request('POST', '/api/teams', { cookie: leader.cookie, body: team(INHERITED, needs) });
    expect(withSkills.status).toBe(201);
    expect((await h.request('GET', `/api/teams/${withSkills.body.id}`)).body.positionSkills).toEqual(needs);
  });

  it('a leader sets them as the open positions, and people can ask to join for one', async () => {
    const created = await h.request('POST', '/api/teams', { cookie: leader.cookie, body: team(['Designer']) });
    const id = created.body.id;
    const put = await h.request('PUT', `/api/teams/${id}/positions`, {
      cookie: leader.cookie,
      body: { openPositions: INHERITED, positionSkills: { constructor: ['TypeScript'] } },
    });
    expect(put.status).toBe(200);
    expect(put.body.positionSkills).toEqual({ constructor: ['TypeScript'] });
    // Skills left out: each position keeps what it had, and no position inherits anything.
    const again = await h.request('PUT', `/api/teams/${id}/positions`, { cookie: leader.cookie, body: { openPositions: INHERITED } });
    expect(again.status).toBe(200);
    expect(again.body.positionSkills).toEqual({ constructor: ['TypeScript'] });

    const asker = await h.signUp({ firstName: 'Ash' });
    const asked = await h.request('POST', `/api/teams/${id}/join-requests`, {
      cookie: asker.cookie,
      body: { position: 'hasOwnProperty', message: 'I would love to own this property.' },
    });
    expect(asked.status).toBe(201);
  });

  it("'__proto__' is refused with a message, as a title or as a key of what positions need", async () => {
    const asTitle = await h.request('POST', '/api/teams', { cookie: leader.cookie, body: team(['Designer', '__proto__']) });
    expect(asTitle.status).toBe(400);
    expect(asTitle.body.error).toBe('A position cannot be called __proto__');

    const asKey = await h.request('POST', '/api/teams', {
      cookie: leader.cookie,
      body: '{"name":"Proto Team","description":"A team that tries a sneaky key in its needs.","openPositions":["Designer"],"positionSkills":{"__proto__":["Figma"]}}',
    });
    expect(asKey.status).toBe(400);
    expect(asKey.body.fields).toEqual({ 'positionSkills.__proto__': 'A position cannot be called __proto__' });
  });
});
