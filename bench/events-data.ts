/**
 * The events of the bench data (issue 29, 'Scale'): one large event that everyone takes part in
 * and whose teams are the 30,000 of the data set, beside 50 small events of a few hundred people
 * each (drawn from the same people: a person may take part in several) with a few teams of their
 * own. Rows are plain objects for the generator's batched inserts.
 */

const DAY = 24 * 60 * 60 * 1000;

export const LARGE_EVENT_SLUG = 'bench-large';
export const SMALL_EVENTS = 50;
export const smallEventSlug = (i: number) => `bench-small-${String(i + 1).padStart(2, '0')}`;

export interface EventsRng {
  next(): number;
  int(n: number): number;
  chance(p: number): boolean;
  uuid(): string;
}

export interface EventRow {
  id: string;
  slug: string;
  name: string;
  tagline: string;
  location: string;
  timezone: string;
  registration_opens_at: string;
  registration_closes_at: string;
  formation_deadline: string;
  build_starts_at: string;
  submission_deadline: string;
  awards_at: string;
  team_size_min: number;
  team_size_max: number;
  teams_per_person: number | null;
  state: 'published';
  registrant_count: number;
  /** How many of them look for a team there (migration 0026's trigger keeps it; triggers are off for the load). */
  looking_count: number;
  team_count: number;
  created_at: string;
}

export interface RegistrationRow {
  event_id: string;
  profile_id: string;
  looking: boolean | null;
  created_at: string;
  /** Since when the person looks for a team there (set by the loader; the product sets it when they say so). */
  looking_since?: string;
  /** The person's profile's created_at (a trigger sets it in the product; triggers are off for the load). */
  profile_created_at: string;
}

const iso = (t: number) => new Date(t).toISOString();

/**
 * An event's dates around `start` (when building starts): registration opens 40 days before and
 * closes 2 days before, teams lock 1 day before, submissions 2 days after, awards a week after.
 */
function dated(start: number) {
  return {
    registration_opens_at: iso(start - 40 * DAY),
    registration_closes_at: iso(start - 2 * DAY),
    formation_deadline: iso(start - DAY),
    build_starts_at: iso(start),
    submission_deadline: iso(start + 2 * DAY),
    awards_at: iso(start + 7 * DAY),
    created_at: iso(start - 60 * DAY),
  };
}

/** The large event: registration open, teams forming (its formation deadline 20 days ahead), so matching runs in it. */
export function largeEvent(rng: EventsRng, now: number): EventRow {
  return {
    id: rng.uuid(),
    slug: LARGE_EVENT_SLUG,
    name: 'Bench Large Hackathon',
    tagline: 'Everyone in one event',
    location: 'Online',
    timezone: 'UTC',
    ...dated(now + 21 * DAY),
    team_size_min: 2,
    team_size_max: 10,
    teams_per_person: 1,
    state: 'published',
    registrant_count: 0,
    looking_count: 0,
    team_count: 0,
  };
}

/** Small event `i`: a third ended, a third forming teams now, a third upcoming (registration not open yet for some). */
export function smallEvent(rng: EventsRng, now: number, i: number): EventRow {
  const phase = i % 3;
  const start =
    phase === 0 ? now - (10 + rng.int(200)) * DAY : phase === 1 ? now + (5 + rng.int(25)) * DAY : now + (45 + rng.int(60)) * DAY;
  return {
    id: rng.uuid(),
    slug: smallEventSlug(i),
    name: `Bench Small Hackathon ${i + 1}`,
    tagline: 'A few hundred people',
    location: i % 2 ? 'Online' : `City ${i + 1}`,
    timezone: 'UTC',
    ...dated(start),
    team_size_min: 2,
    team_size_max: 6,
    teams_per_person: 1,
    state: 'published',
    registrant_count: 0,
    looking_count: 0,
    team_count: 0,
  };
}

/**
 * Whether someone is looking for a team in an event, as registrations store it: in a team there,
 * false; otherwise mostly null (as their profile says), sometimes set for the event either way.
 */
export function lookingFlag(rng: EventsRng, inTeam: boolean): boolean | null {
  if (inTeam) return false;
  const r = rng.next();
  return r < 0.8 ? null : r < 0.9;
}

/** `n` distinct indexes below `size`, in random order. */
export function sampleIndexes(rng: EventsRng, size: number, n: number): number[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(n, size)) chosen.add(rng.int(size));
  return [...chosen];
}
