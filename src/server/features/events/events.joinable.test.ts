/**
 * `GET /api/events?joinable=true`: the events whose teams the viewer could create or join now
 * (docs/product.md#events), the choices of the event picker on /create-team.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, createEvent } from '../../testing/events';
import { createHarness, type Harness, type TestUser } from '../../testing/harness';

let h: Harness;
let owner: TestUser;
let person: TestUser;
beforeAll(async () => {
  h = await createHarness();
  [owner, person] = await Promise.all([h.signUp({ firstName: 'Olga' }), h.signUp({ firstName: 'Pat' })]);
});
afterAll(() => h.close());

let n = 0;
const event = (over: Record<string, unknown> = {}, { publish = true } = {}) =>
  createEvent(h, owner, { slug: `joinable-${++n}`, name: `Joinable ${n}`, ...over }, { publish });

const joinable = async (cookie?: string) =>
  (await h.api('GET /api/events', { query: { joinable: true, pageSize: 100 }, cookie })).body.items.map((e) => e.slug);

describe('events whose teams one could join now', () => {
  it('are published, not locked, and open for registration or taken part in', async () => {
    const open = await event({ registrationOpensAt: at(-1) });
    const draft = await event({}, { publish: false });
    const locked = await event({ formationDeadline: at(-1), buildStartsAt: at(-1), submissionDeadline: at(2) });
    const closing = await event({ registrationOpensAt: at(-3), registrationClosesAt: at(1) });
    // No closing date: registration closes when the event is over.
    const over = await event({ buildStartsAt: at(-5), submissionDeadline: at(-2) });
    // Judging (submissions closed, awards ahead): not over yet, so still open.
    const judging = await event({ buildStartsAt: at(-5), submissionDeadline: at(-1), awardsAt: at(2) });
    const registered = await h.api('PUT /api/events/{slug}/registration', { params: { slug: closing }, cookie: person.cookie, body: {} });
    expect(registered.status).toBe(200);
    // Registration closes: those who take part still can, nobody else.
    const closed = await h.api('PATCH /api/events/{slug}', {
      params: { slug: closing },
      cookie: owner.cookie,
      body: { registrationOpensAt: at(-3), registrationClosesAt: at(-1) },
    });
    expect(closed.status).toBe(200);

    // Signed out first: the list's statement for a signed-out viewer is not the one for a person.
    expect(await joinable()).not.toContain(closing);
    const forPerson = await joinable(person.cookie);
    expect(forPerson).toEqual(expect.arrayContaining([open, closing]));
    expect(forPerson).not.toContain(draft);
    expect(forPerson).not.toContain(locked);

    for (const cookie of [owner.cookie, undefined]) {
      const seen = await joinable(cookie);
      expect(seen).toContain(open);
      // Even the owner of a draft: a team in it waits until it is published.
      expect(seen).not.toContain(draft);
      expect(seen).not.toContain(locked);
      expect(seen).not.toContain(closing);
      expect(seen).not.toContain(over);
      expect(seen).toContain(judging);
    }
    // Migration 0013's event keeps its rule: registration never closes there.
    expect(await joinable()).toContain('worlds-largest-hackathon-2025');
    // Without the flag, every published event is listed, locked or not.
    const all = (await h.api('GET /api/events', { query: { pageSize: 100 } })).body.items.map((e) => e.slug);
    expect(all).toEqual(expect.arrayContaining([open, locked, closing, over]));
  });
});
