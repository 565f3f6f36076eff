/**
 * What an event's page says in each phase (docs/product.md#hackathon-page), from its data: the
 * status line, the pitch's last sentence and the prize note. Dates are in the event's time zone.
 */
import type { EventDetail } from '../../../shared/api/events';
import type { EventPhase } from '../../../shared/events';
import { longDate, longDateTime, monthDayOrdinal } from './schedule-time';

type Dated = Pick<EventDetail, 'timezone' | 'buildStartsAt' | 'submissionDeadline' | 'awardsAt' | 'prizePool' | 'hidden'>;

/**
 * The pitch's closing sentence, after the event's description. An event an admin hid invites no one
 * to find a team there (no one can take part in it; its teams are listed to no one).
 */
export function pitchEnding(event: Dated, phase: EventPhase): string {
  if (phase === 'judging') return 'The build is over: the judges are reviewing what the teams shipped.';
  if (phase === 'ended') return 'This edition is over; your profile and your team stay here for the next one.';
  if (event.hidden) return 'While it is hidden, no one can take part and no team forms here.';
  return event.prizePool ? 'Find your team, ship something great, and compete for a share.' : 'Find your team and ship something great.';
}

/** The line under 'Total Prize Pool'. */
export function prizeNote(event: Dated, phase: EventPhase): string {
  const awards = event.awardsAt && longDate(event.awardsAt, event.timezone);
  if (phase === 'before') return `Prize details will be announced before ${monthDayOrdinal(event.buildStartsAt, event.timezone)}.`;
  if (phase === 'ended') return awards ? `The prizes were awarded at the Award Ceremony on ${awards}.` : 'The prizes have been awarded.';
  return awards
    ? `Winners will be announced at the Award Ceremony on ${awards}.`
    : 'Winners will be announced after the submission deadline.';
}

/** The status box's title and sentence once the build has started. */
export function statusText(event: Dated, phase: Exclude<EventPhase, 'before'>): { title: string; text: string } {
  const zone = event.timezone;
  if (phase === 'building') {
    return {
      title: 'The build has started!',
      text: `Teams are building now. Submissions close on ${longDateTime(event.submissionDeadline, zone)}.`,
    };
  }
  if (phase === 'judging') {
    return {
      title: 'Submissions are closed',
      text: `The judges are reviewing the projects. Awards on ${longDateTime(event.awardsAt ?? event.submissionDeadline, zone)}.`,
    };
  }
  return {
    title: 'The event has ended',
    text: event.awardsAt
      ? `The awards were presented on ${longDate(event.awardsAt, zone)}. Thank you to every builder who took part.`
      : `It ended on ${longDate(event.submissionDeadline, zone)}. Thank you to every builder who took part.`,
  };
}
