/** Events as the API sends them, for component tests (docs/product.md#events). */
import type { EventCard, EventDetail } from '../../shared/api/events';
import type { Membership } from '../../shared/api/profiles';

const NO_VIEWER: EventDetail['viewer'] = { registration: null, staffRole: null, isAdmin: false };

/** The 2025 hackathon, as migration 0013 stores it (docs/product.md#hackathon-facts). */
export const WORLDS_LARGEST: EventDetail = {
  slug: 'worlds-largest-hackathon-2025',
  name: "World's Largest Hackathon",
  tagline: 'The $1M+ Hackathon',
  description: 'A month of building with makers from all over the world, and a prize pool of more than a million dollars.',
  location: 'Virtual (month-long)',
  timezone: 'UTC',
  registrationOpensAt: null,
  registrationClosesAt: null,
  formationDeadline: null,
  buildStartsAt: '2025-05-30T00:00:00.000Z',
  submissionDeadline: '2025-06-30T14:00:00.000Z',
  awardsAt: '2025-07-26T10:00:00.000Z',
  teamSizeMin: 2,
  teamSizeMax: 10,
  teamsPerPerson: null,
  lookingLapseDays: 14,
  prizePool: '$1,000,000+',
  schedule: [
    { title: 'Kickoff Party', detail: null, at: '2025-05-07T10:00:00.000Z' },
    { title: 'Hackathon Begins', detail: 'Submissions open', at: '2025-05-30T11:00:00.000Z' },
    { title: 'Hackathon Ends', detail: 'Submission deadline', at: '2025-06-30T14:00:00.000Z' },
    { title: 'Award Ceremony', detail: null, at: '2025-07-26T10:00:00.000Z' },
  ],
  siteUrl: 'https://www.worldslargesthackathon.com/',
  phase: 'past',
  state: 'published',
  hidden: false,
  registrantCount: 40,
  teamCount: 10,
  registrationOpen: true,
  registrationNeverCloses: true,
  formationLocked: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  viewer: NO_VIEWER,
};

/** An event running now, in Berlin time, its formation deadline ahead: dates counted from `now`. */
export function runningEvent(now: number, changes: Partial<EventDetail> = {}): EventDetail {
  const day = (n: number) => new Date(now + n * 86_400_000).toISOString();
  return {
    ...WORLDS_LARGEST,
    slug: 'climate-code-sprint',
    name: 'Climate Code Sprint',
    tagline: 'A week of building open tools for the energy transition',
    description: 'Teams of two to five build open-source tools.',
    location: 'Online',
    timezone: 'Europe/Berlin',
    registrationOpensAt: day(-20),
    registrationClosesAt: day(2),
    registrationNeverCloses: false,
    formationDeadline: day(2),
    buildStartsAt: day(-2),
    submissionDeadline: day(5),
    awardsAt: day(7),
    teamSizeMin: 2,
    teamSizeMax: 5,
    teamsPerPerson: 1,
    prizePool: '$25,000 in prizes',
    schedule: [],
    siteUrl: 'https://example.org/climate-code-sprint',
    phase: 'running',
    registrantCount: 22,
    teamCount: 3,
    ...changes,
  };
}

/** The card of an event, as GET /api/events lists it. */
export function cardOf(event: EventDetail): EventCard {
  const { slug, name, tagline, location, timezone, buildStartsAt, submissionDeadline, awardsAt, phase, state, hidden } = event;
  return {
    slug,
    name,
    tagline,
    location,
    timezone,
    buildStartsAt,
    submissionDeadline,
    awardsAt,
    phase,
    state,
    hidden,
    registrantCount: event.registrantCount,
    teamCount: event.teamCount,
    updatedAt: event.updatedAt,
  };
}

/** One page of a list. */
export const pageOf = <T>(items: T[], total = items.length) => ({ items, total, page: 1, pageSize: 24 });

/** A published event's card, as the lists and the event filters get it. */
export const eventCard = (slug: string, name: string): EventCard => ({
  slug,
  name,
  tagline: null,
  location: 'Online',
  timezone: 'UTC',
  buildStartsAt: '2027-07-15T07:00:00.000Z',
  submissionDeadline: '2027-07-17T16:00:00.000Z',
  awardsAt: null,
  phase: 'upcoming',
  state: 'published',
  hidden: false,
  registrantCount: 3,
  teamCount: 1,
  updatedAt: '2027-07-01T07:00:00.000Z',
});
/** Two events for a filter to choose from. */
export const TWO_EVENTS = [eventCard('climate-code-sprint', 'Climate Code Sprint'), eventCard('health-hack-berlin', 'Health Hack Berlin')];

/** One of the signed-in person's teams (GET /api/me/teams, the own profile's teams): led, in Climate Code Sprint. */
export const membership = (over: Partial<Membership> = {}): Membership => ({
  teamId: '55555555-5555-4555-8555-555555555555',
  teamName: 'Solar Sleuths',
  description: null,
  logoUrl: null,
  isOpen: true,
  role: 'Team Leader',
  isLeader: true,
  soleLeader: true,
  event: { slug: 'climate-code-sprint', name: 'Climate Code Sprint' },
  ...over,
});
