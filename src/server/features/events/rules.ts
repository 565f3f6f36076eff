/**
 * An event's rules as the rest of the server applies them (docs/product.md#events): whether people
 * may take part now, whether its teams are locked, its team sizes and teams per person. Pure: the
 * clock is an argument, so a test or a job can ask about any moment.
 */
import type { EventDates } from '../../../shared/events';
import { eventEndsAt, formationLocked, LEGACY_EVENT_ID, listPhase, registrationOpen } from '../../../shared/events';
import type { Event } from '../../db/schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A stored event's dates. */
export type StoredDates = Pick<
  Event,
  'registrationOpensAt' | 'registrationClosesAt' | 'formationDeadline' | 'buildStartsAt' | 'submissionDeadline' | 'awardsAt'
>;

/** The dates of a stored event, as the shared phase functions read them. */
export function datesOf(event: StoredDates): EventDates {
  return {
    registrationOpensAt: iso(event.registrationOpensAt),
    registrationClosesAt: iso(event.registrationClosesAt),
    formationDeadline: iso(event.formationDeadline),
    buildStartsAt: event.buildStartsAt.toISOString(),
    submissionDeadline: event.submissionDeadline.toISOString(),
    awardsAt: iso(event.awardsAt),
  };
}

/**
 * Whether the public sees the event: published, and not hidden by a platform admin. Only then may
 * people take part in it and form teams there, so no draft or hidden event has teams anyone else sees.
 */
export const isPublic = (event: Pick<Event, 'state' | 'hidden'>) => event.state === 'published' && !event.hidden;

/** What 'event_not_public' says of the event: hidden by a platform admin, or a draft. */
export const whyNotPublic = (event: Pick<Event, 'name' | 'hidden'>) => ({ event: event.name, why: event.hidden ? 'hidden' : 'draft' });

/** Without a closing date, registration never closes: migration 0013's 2025 event only (docs/product.md#the-2025-hackathon-and-the-demo). */
export const registrationNeverCloses = (event: Pick<Event, 'id'>) => event.id === LEGACY_EVENT_ID;
/** Whether people may take part now (registrationOpen, with the 2025 event's rule). */
export const isRegistrationOpen = (event: Event, now = new Date()) => registrationOpen(datesOf(event), now, registrationNeverCloses(event));
export const isFormationLocked = (event: Event, now = new Date()) => formationLocked(datesOf(event), now);
export const phaseOf = (event: StoredDates, now = new Date()) => listPhase(datesOf(event), now);
export const endsAt = (event: Event) => new Date(eventEndsAt(datesOf(event)));

/** A new team's size, and whether a size is allowed: the same rules as the forms show. */
export { defaultTeamSize, sizeAllowed } from '../../../shared/events';
