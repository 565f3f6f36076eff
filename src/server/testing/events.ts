/**
 * An event for a test that needs one to stand in (its teams, registrations, desk or hooks): made
 * through the API by `by`, who becomes its owner, and published unless asked not to. The events
 * tests themselves (the form's every field) use their world's `newEvent` (worlds/events.ts).
 */
import { expect } from 'vitest';
import type { Harness, TestUser } from './harness';

const DAY = 86_400_000;
/** An instant `days` from now (negative: ago), as the API takes it. */
export const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

let n = 0;

/** The new event's slug; `over` sets or replaces any field of the body (online, UTC, building in 10 days). */
export async function createEvent(
  h: Harness,
  by: TestUser,
  over: Record<string, unknown> = {},
  { publish = true }: { publish?: boolean } = {},
): Promise<string> {
  const slug = typeof over.slug === 'string' ? over.slug : `test-event-${++n}`;
  const body = {
    name: `Event ${slug}`,
    location: 'Online',
    timezone: 'UTC',
    buildStartsAt: at(10),
    submissionDeadline: at(12),
    ...over,
    slug,
  };
  const created = await h.api('POST /api/events', { cookie: by.cookie, body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  if (publish) {
    const published = await h.api('PATCH /api/events/{slug}', { params: { slug }, cookie: by.cookie, body: { state: 'published' } });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
  }
  return slug;
}
