/**
 * Where an event stands, by the clock (docs/product.md#events): the page follows its phases, lists
 * group events as upcoming, running and past, and the server opens registration and locks teams at
 * the event's own dates. Dates are instants (ISO 8601); a date left out never arrives.
 */
import { DEFAULT_TEAM_SIZE } from './constants';

/**
 * The 2025 World's Largest Hackathon, made by migration 0013: everything from before events belongs
 * to it, and it keeps the rules it was made with (its registration never closes).
 */
export const LEGACY_EVENT_ID = '00000000-0000-4000-8000-000000002025';

/** The dates that decide an event's phases; null: not set. */
export interface EventDates {
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
  formationDeadline: string | null;
  buildStartsAt: string;
  submissionDeadline: string;
  awardsAt: string | null;
}

/**
 * Counting down to the build start, teams building until the submission deadline, judging until
 * the awards, then over (at the submission deadline when there are no awards).
 */
export type EventPhase = 'before' | 'building' | 'judging' | 'ended';
/** How lists group events. */
export type EventListPhase = 'upcoming' | 'running' | 'past';
export const EVENT_LIST_PHASES = ['upcoming', 'running', 'past'] as const satisfies readonly EventListPhase[];

const at = (iso: string | null) => (iso === null ? null : Date.parse(iso));
const time = (now: Date | number) => new Date(now).getTime();

export function eventPhase(event: EventDates, now: Date | number): EventPhase {
  const t = time(now);
  if (t < Date.parse(event.buildStartsAt)) return 'before';
  if (t < Date.parse(event.submissionDeadline)) return 'building';
  if (t < (at(event.awardsAt) ?? Date.parse(event.submissionDeadline))) return 'judging';
  return 'ended';
}

export function listPhase(event: EventDates, now: Date | number): EventListPhase {
  const phase = eventPhase(event, now);
  return phase === 'before' ? 'upcoming' : phase === 'ended' ? 'past' : 'running';
}

/** When the event is over: the awards, or the submission deadline when there are none. */
export const eventEndsAt = (event: Pick<EventDates, 'awardsAt' | 'submissionDeadline'>) => event.awardsAt ?? event.submissionDeadline;

/**
 * People can take part between the registration dates. Either may be left out: open from the start,
 * or until the event is over. `neverCloses`: no closing date means never (migration 0013's event,
 * which keeps the rule it was made with: docs/product.md#the-2025-hackathon-and-the-demo).
 */
export function registrationOpen(event: EventDates, now: Date | number, neverCloses = false): boolean {
  const t = time(now);
  const opens = at(event.registrationOpensAt);
  const closes = at(event.registrationClosesAt) ?? (neverCloses ? null : Date.parse(eventEndsAt(event)));
  return (opens === null || t >= opens) && (closes === null || t < closes);
}

/** After the team formation deadline, who is in which team is settled: only organizers move people. */
export function formationLocked(event: Pick<EventDates, 'formationDeadline'>, now: Date | number): boolean {
  const deadline = at(event.formationDeadline);
  return deadline !== null && time(now) >= deadline;
}

/** An event's bounds for a team's maximum size. */
export interface TeamSizeBounds {
  teamSizeMin: number;
  teamSizeMax: number;
}

/** The size a new team gets when none is asked for: 4, or the nearest the event allows. */
export const defaultTeamSize = (event: TeamSizeBounds) => Math.min(event.teamSizeMax, Math.max(event.teamSizeMin, DEFAULT_TEAM_SIZE));

/** Whether a team's maximum size is within the event's bounds. */
export const sizeAllowed = (event: TeamSizeBounds, size: number) => size >= event.teamSizeMin && size <= event.teamSizeMax;

/** What a slug (an event's address, /hackathons/{slug}) may be: lower-case letters, digits and single dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
