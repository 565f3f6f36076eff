/**
 * Facts about the hackathon (docs/product.md#hackathon-facts), in one place: the home and hackathon pages
 * read them, and the server takes the default 'Register Now' address from here. The pages follow the
 * event's phases by the clock (`eventPhase`, `upcomingHackathons`), so nothing here needs editing when
 * a date passes.
 */

export const EVENT_NAME = "World's Largest Hackathon";

/** Where 'Register Now' leads unless the server is configured with EVENT_URL. */
export const DEFAULT_EVENT_URL = 'https://www.worldslargesthackathon.com/';

/** The countdown target: the start of the build competition. */
export const COUNTDOWN_TARGET = '2025-05-30T00:00:00Z';

export const PRIZE_POOL = '$1,000,000+';

export interface ScheduleEvent {
  title: string;
  detail?: string;
  /** An exact instant, ISO 8601 in UTC. */
  at: string;
}

/** The submission deadline ('Hackathon Ends'): the build is over, judging starts. */
export const SUBMISSION_DEADLINE = '2025-06-30T14:00:00Z';
/** The award ceremony: from then on the event has ended. */
export const AWARD_CEREMONY = '2025-07-26T10:00:00Z';

export const SCHEDULE: readonly ScheduleEvent[] = [
  { title: 'Kickoff Party', at: '2025-05-07T10:00:00Z' },
  { title: 'Hackathon Begins', detail: 'Submissions open', at: '2025-05-30T11:00:00Z' },
  { title: 'Hackathon Ends', detail: 'Submission deadline', at: SUBMISSION_DEADLINE },
  { title: 'Award Ceremony', at: AWARD_CEREMONY },
];

/**
 * Where the event stands (docs/product.md#hackathon-page): counting down to the build start, teams
 * building until the submission deadline, judging until the award ceremony, then over.
 */
export type EventPhase = 'before' | 'building' | 'judging' | 'ended';

export function eventPhase(now: Date | number): EventPhase {
  const t = new Date(now).getTime();
  if (t < Date.parse(COUNTDOWN_TARGET)) return 'before';
  if (t < Date.parse(SUBMISSION_DEADLINE)) return 'building';
  if (t < Date.parse(AWARD_CEREMONY)) return 'judging';
  return 'ended';
}

/** People can still sign up for the event until the submission deadline (a month-long, virtual build). */
export const canRegister = (phase: EventPhase) => phase === 'before' || phase === 'building';

export interface UpcomingHackathon {
  name: string;
  date: string;
  location: string;
  /** When it starts and ends, ISO 8601 in UTC: the home page lists it until it has ended. */
  startsAt: string;
  endsAt: string;
  /** This product's page about it; only the event the product is built for has one. */
  detailsPath?: string;
}

export const UPCOMING_HACKATHONS: readonly UpcomingHackathon[] = [
  {
    name: "World's Largest Hackathon",
    date: 'May 30 - June 30, 2025',
    location: 'Virtual (month-long)',
    startsAt: COUNTDOWN_TARGET,
    endsAt: SUBMISSION_DEADLINE,
    detailsPath: '/hackathon',
  },
  // Local events run until midnight of their last day, local time (PDT and EDT, UTC-7 and UTC-4).
  {
    name: 'SF AI Builders Hackathon',
    date: 'August 5-7, 2025',
    location: 'San Francisco, CA',
    startsAt: '2025-08-05T07:00:00Z',
    endsAt: '2025-08-08T07:00:00Z',
  },
  {
    name: 'Boston Climate Tech Hack',
    date: 'September 10-12, 2025',
    location: 'Boston, MA',
    startsAt: '2025-09-10T04:00:00Z',
    endsAt: '2025-09-13T04:00:00Z',
  },
];

/** The hackathons that have not ended at `now`, in date order, each saying whether it is on right now. */
export function upcomingHackathons(now: Date | number): (UpcomingHackathon & { happeningNow: boolean })[] {
  const t = new Date(now).getTime();
  return UPCOMING_HACKATHONS.filter((h) => Date.parse(h.endsAt) > t).map((h) => ({ ...h, happeningNow: Date.parse(h.startsAt) <= t }));
}
