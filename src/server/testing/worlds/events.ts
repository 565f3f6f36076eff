/**
 * The events tests' world (events/events*.test.ts): a fresh harness with a platform admin
 * (ADMIN_EMAILS), an event's owner-to-be and a stranger, and a valid new event's body, field by
 * field overridable. A test file calls `useEventsWorld()` once at its top.
 */
import { afterAll, beforeAll } from 'vitest';
import { at, createEvent } from '../events';
import { createHarness, type Harness, type TestUser } from '../harness';

export const ADMIN = 'admin@example.com';
export let h: Harness;
export let owner: TestUser;
export let stranger: TestUser;
export let admin: TestUser;

export function useEventsWorld() {
  beforeAll(async () => {
    h = await createHarness({ adminEmails: [ADMIN] });
    [owner, stranger] = await Promise.all([h.signUp({ firstName: 'Olga' }), h.signUp({ firstName: 'Stan' })]);
    admin = await h.signUp({ firstName: 'Ada', email: ADMIN });
  });
  afterAll(() => h?.close());
}

export { at };

let n = 0;
/** A valid new event, overridden field by field. */
export const newEvent = (over: Record<string, unknown> = {}) => ({
  slug: `spring-hack-${++n}`,
  name: 'Spring Hack',
  tagline: 'Build for spring',
  location: 'Online',
  timezone: 'Europe/Berlin',
  buildStartsAt: at(10),
  submissionDeadline: at(12),
  awardsAt: at(13),
  teamSizeMin: 2,
  teamSizeMax: 4,
  ...over,
});

/** A new event (a draft) made by `by`: its slug. */
export const create = (by: TestUser, over: Record<string, unknown> = {}) => createEvent(h, by, newEvent(over), { publish: false });
