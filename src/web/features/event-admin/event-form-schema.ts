/**
 * The event form (docs/product.md#event-data): what the organizer types, turned into what
 * `POST /api/events` and `PATCH /api/events/{slug}` take, then checked by the very schema the server
 * checks with (CreateEventSchema), so the form says what the server would, field by field. Dates are
 * typed as wall-clock times in the event's own time zone.
 */
import { z } from 'zod';
import type { EventDetail } from '../../../shared/api/events';
import { DEFAULT_TEAM_SIZE, LOOKING_LAPSE_DAYS, TEAM_SIZE_MIN } from '../../../shared/constants';
import { CreateEventSchema } from '../../../shared/event-schemas';
import { browserTimeZone, instantInZone, knownTimeZone, localInZone } from './zoned-time';

/** The dated phases, in their order on the page; the two every event has are required (the others say what empty means). */
export const PHASE_FIELDS = [
  { name: 'registrationOpensAt', label: 'Registration opens', hint: 'Left empty: open from the start', required: false },
  { name: 'registrationClosesAt', label: 'Registration closes', hint: 'Left empty: open until the event is over', required: false },
  { name: 'formationDeadline', label: 'Team formation deadline', hint: 'After it, teams are locked; left empty: never', required: false },
  { name: 'buildStartsAt', label: 'Build starts', hint: 'Required. The countdown counts down to it', required: true },
  { name: 'submissionDeadline', label: 'Submission deadline', hint: 'Required. Judging starts then', required: true },
  { name: 'awardsAt', label: 'Awards', hint: 'Left empty: the submission deadline', required: false },
] as const;
export type PhaseField = (typeof PHASE_FIELDS)[number]['name'];

const text = z.string();
const typed = z.object({
  slug: text,
  name: text,
  tagline: text,
  description: text,
  location: text,
  timezone: text,
  registrationOpensAt: text,
  registrationClosesAt: text,
  formationDeadline: text,
  buildStartsAt: text,
  submissionDeadline: text,
  awardsAt: text,
  // Number inputs give NaN when empty: the event schema says it must be a whole number.
  teamSizeMin: z.number(),
  teamSizeMax: z.number(),
  teamsPerPerson: z.number(),
  noTeamLimit: z.boolean(),
  lookingLapseDays: z.number(),
  prizePool: text,
  siteUrl: text,
  schedule: z.array(z.object({ title: text, detail: text, at: text })),
});
export type EventFormValues = z.input<typeof typed>;

/** The form's values as the API takes them: instants in the event's zone, no limit as null. */
export const EventFormSchema = typed
  .transform(({ noTeamLimit, teamsPerPerson, schedule, ...v }) => {
    // An unknown zone is refused on its own field; the dates are read in UTC meanwhile.
    const zone = knownTimeZone(v.timezone.trim()) ? v.timezone.trim() : 'UTC';
    const instant = (local: string) => (local.trim() === '' ? '' : instantInZone(local, zone));
    return {
      ...v,
      registrationOpensAt: instant(v.registrationOpensAt),
      registrationClosesAt: instant(v.registrationClosesAt),
      formationDeadline: instant(v.formationDeadline),
      buildStartsAt: instant(v.buildStartsAt),
      submissionDeadline: instant(v.submissionDeadline),
      awardsAt: instant(v.awardsAt),
      teamsPerPerson: noTeamLimit ? null : teamsPerPerson,
      schedule: schedule.map((item) => ({ ...item, at: instant(item.at) })),
    };
  })
  // Its preprocessed fields take `unknown`, which zod's types cannot line up with the strings given here.
  .pipe(CreateEventSchema as z.ZodType<z.output<typeof CreateEventSchema>, any>);
export type EventInput = z.output<typeof EventFormSchema>;

/** A new event's form: online, in the browser's zone, teams of 2 to 4, one team per person. */
export const newEventValues = (): EventFormValues => ({
  slug: '',
  name: '',
  tagline: '',
  description: '',
  location: 'Online',
  timezone: browserTimeZone(),
  registrationOpensAt: '',
  registrationClosesAt: '',
  formationDeadline: '',
  buildStartsAt: '',
  submissionDeadline: '',
  awardsAt: '',
  teamSizeMin: TEAM_SIZE_MIN,
  teamSizeMax: DEFAULT_TEAM_SIZE,
  teamsPerPerson: 1,
  noTeamLimit: false,
  lookingLapseDays: LOOKING_LAPSE_DAYS,
  prizePool: '',
  siteUrl: '',
  schedule: [],
});

/** An event as its form shows it: its dates on its own zone's clock. */
export function eventValues(e: EventDetail): EventFormValues {
  const local = (iso: string | null) => (iso ? localInZone(iso, e.timezone) : '');
  return {
    slug: e.slug,
    name: e.name,
    tagline: e.tagline ?? '',
    description: e.description ?? '',
    location: e.location,
    timezone: e.timezone,
    registrationOpensAt: local(e.registrationOpensAt),
    registrationClosesAt: local(e.registrationClosesAt),
    formationDeadline: local(e.formationDeadline),
    buildStartsAt: local(e.buildStartsAt),
    submissionDeadline: local(e.submissionDeadline),
    awardsAt: local(e.awardsAt),
    teamSizeMin: e.teamSizeMin,
    teamSizeMax: e.teamSizeMax,
    teamsPerPerson: e.teamsPerPerson ?? 1,
    noTeamLimit: e.teamsPerPerson === null,
    lookingLapseDays: e.lookingLapseDays,
    prizePool: e.prizePool ?? '',
    siteUrl: e.siteUrl ?? '',
    schedule: e.schedule.map((s) => ({ title: s.title, detail: s.detail ?? '', at: local(s.at) })),
  };
}

/** A suggested address for a name: 'Spring Hack 2027!' -> 'spring-hack-2027'. */
export const slugFor = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
