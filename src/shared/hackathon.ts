/**
 * Facts about the hackathon (docs/product.md#hackathon-facts), in one place: the home and hackathon pages
 * read them, and the server takes the default 'Register Now' address from here.
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

export const SCHEDULE: readonly ScheduleEvent[] = [
  { title: 'Kickoff Party', at: '2025-05-07T10:00:00Z' },
  { title: 'Hackathon Begins', detail: 'Submissions open', at: '2025-05-30T11:00:00Z' },
  { title: 'Hackathon Ends', detail: 'Submission deadline', at: '2025-06-30T14:00:00Z' },
  { title: 'Award Ceremony', at: '2025-07-26T10:00:00Z' },
];

export interface UpcomingHackathon {
  name: string;
  date: string;
  location: string;
}

export const UPCOMING_HACKATHONS: readonly UpcomingHackathon[] = [
  { name: "World's Largest Hackathon", date: 'May 30 - June 30, 2025', location: 'Virtual (month-long)' },
  { name: 'SF AI Builders Hackathon', date: 'August 5-7, 2025', location: 'San Francisco, CA' },
  { name: 'Boston Climate Tech Hack', date: 'September 10-12, 2025', location: 'Boston, MA' },
];
