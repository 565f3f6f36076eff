/** The input schemas of events (docs/product.md#events): what organizers write, and taking part. */
import { z } from 'zod';
import { EVENT_ROLES, EVENTS_PAGE_SIZE, LOOKING_LAPSE_DAYS, TEAM_SIZE_MAX, TEAM_SIZE_MIN } from './constants';
import { EVENT_LIST_PHASES, SLUG_PATTERN } from './events';
import { email, flag, optionalText, optionalUrl, page, pageSize, trimmed, updatedSince } from './schemas';

export const SLUG_MESSAGE = 'Use 3 to 60 lower-case letters, digits and dashes, such as spring-hack-2027';
/** Addresses the web app and the API use for pages of their own. */
const RESERVED_SLUGS = new Set(['new', 'featured']);
export const slug = z
  .string()
  .trim()
  .min(3, SLUG_MESSAGE)
  .max(60, SLUG_MESSAGE)
  .regex(SLUG_PATTERN, SLUG_MESSAGE)
  .refine((s) => !RESERVED_SLUGS.has(s), 'This address is taken by the site: choose another');

const instant = (label: string) => z.iso.datetime({ offset: true, message: `${label} must be a date and time` });
const optionalInstant = (label: string) =>
  z.preprocess((v) => (v === '' ? null : v), instant(label).nullable().optional()).transform((v) => (v ? new Date(v).toISOString() : null));
const requiredInstant = (label: string) => instant(label).transform((v) => new Date(v).toISOString());

/** A time zone the browser and the server both know (IANA, such as Europe/Berlin). */
export const timeZone = z
  .string()
  .trim()
  .min(1, 'Time zone is required')
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone (use a name such as Europe/Berlin or UTC)');

const teamSize = (label: string) =>
  z
    .number({ message: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(TEAM_SIZE_MIN, `${label} must be between ${TEAM_SIZE_MIN} and ${TEAM_SIZE_MAX}`)
    .max(TEAM_SIZE_MAX, `${label} must be between ${TEAM_SIZE_MIN} and ${TEAM_SIZE_MAX}`);

export const ScheduleItemSchema = z.object({
  title: trimmed(100, 'Title').min(1, 'Title is required'),
  detail: optionalText(200, 'Detail'),
  at: requiredInstant('The time'),
});

/** Every field of an event but its address, as an organizer edits them. */
const eventFields = {
  name: trimmed(100, 'Event name').min(3, 'Event name must be at least 3 characters'),
  tagline: optionalText(140, 'Tagline'),
  description: optionalText(5000, 'Description'),
  location: trimmed(100, 'Location').min(1, "Location is required (or 'Online')"),
  timezone: timeZone,
  registrationOpensAt: optionalInstant('Registration opens'),
  registrationClosesAt: optionalInstant('Registration closes'),
  formationDeadline: optionalInstant('The team formation deadline'),
  buildStartsAt: requiredInstant('Build starts'),
  submissionDeadline: requiredInstant('The submission deadline'),
  awardsAt: optionalInstant('Awards'),
  teamSizeMin: teamSize('Smallest team size'),
  teamSizeMax: teamSize('Largest team size'),
  teamsPerPerson: z
    .number({ message: 'Teams per person must be a whole number' })
    .int('Teams per person must be a whole number')
    .min(1, 'Teams per person must be at least 1')
    .max(20, 'Teams per person must be at most 20')
    .nullable()
    .meta({ description: 'How many teams one person may be in here; null: no limit' }),
  lookingLapseDays: z
    .number({ message: 'Days a looking flag lasts must be a whole number' })
    .int('Days a looking flag lasts must be a whole number')
    .min(1, 'A looking flag must last at least 1 day')
    .max(365, 'A looking flag must last at most 365 days')
    .meta({ description: "Days 'looking for a team' lasts here without the person saying so again (docs/product.md#freshness)" }),
  prizePool: optionalText(100, 'Prize pool'),
  schedule: z.array(ScheduleItemSchema).max(30, 'At most 30 schedule items'),
  siteUrl: optionalUrl('Invalid site URL'),
};
type Fields = { [K in keyof typeof eventFields]: z.output<(typeof eventFields)[K]> };

/** The order an event's dates must keep; checked again on the merged event when an edit changes some of them. */
export function eventDateIssues(e: Pick<Fields, keyof Fields>): { field: keyof Fields; message: string }[] {
  const issues: { field: keyof Fields; message: string }[] = [];
  const t = (iso: string | null) => (iso === null ? null : Date.parse(iso));
  if (t(e.buildStartsAt)! >= t(e.submissionDeadline)!)
    issues.push({ field: 'submissionDeadline', message: 'The submission deadline must be after the build starts' });
  if (e.awardsAt !== null && t(e.awardsAt)! < t(e.submissionDeadline)!)
    issues.push({ field: 'awardsAt', message: 'Awards must not be before the submission deadline' });
  if (e.registrationOpensAt !== null && e.registrationClosesAt !== null && t(e.registrationOpensAt)! >= t(e.registrationClosesAt)!) {
    issues.push({ field: 'registrationClosesAt', message: 'Registration must close after it opens' });
  }
  if (e.teamSizeMin > e.teamSizeMax) issues.push({ field: 'teamSizeMax', message: 'The largest team size must not be below the smallest' });
  return issues;
}

const checkDates = (e: Fields, ctx: z.RefinementCtx) => {
  for (const { field, message } of eventDateIssues(e)) ctx.addIssue({ code: 'custom', message, path: [field] });
};

export const CreateEventSchema = z
  .object({
    slug,
    ...eventFields,
    location: eventFields.location.default('Online'),
    timezone: eventFields.timezone.default('UTC'),
    teamSizeMin: eventFields.teamSizeMin.default(TEAM_SIZE_MIN),
    teamSizeMax: eventFields.teamSizeMax.default(4),
    teamsPerPerson: eventFields.teamsPerPerson.default(1),
    lookingLapseDays: eventFields.lookingLapseDays.default(LOOKING_LAPSE_DAYS),
    schedule: eventFields.schedule.default([]),
  })
  .superRefine(checkDates);
export type CreateEventInput = z.input<typeof CreateEventSchema>;

const optionalFields = Object.fromEntries(Object.entries(eventFields).map(([k, v]) => [k, v.optional()])) as {
  [K in keyof typeof eventFields]: z.ZodOptional<(typeof eventFields)[K]>;
};

/** An edit: any fields (the address stays), checked with the rest of the event; `state` publishes or takes back to a draft. */
export const UpdateEventSchema = z.object({
  ...optionalFields,
  state: z.enum(['draft', 'published']).optional().meta({ description: 'Published: everyone sees it; draft: its staff only' }),
  hidden: z.boolean().optional().meta({ description: 'Hidden by a platform admin (admins only)' }),
});
export type UpdateEventInput = z.output<typeof UpdateEventSchema>;

export const RegistrationSchema = z.object({
  looking: z.boolean().optional().meta({ description: "Looking for a team in this event (left out: as the profile's flag)" }),
  intent: optionalText(140, 'What you want to do'),
});

export const AddStaffSchema = z
  .object({
    profileId: z.string().uuid('Invalid profile id').optional(),
    email: email.optional().meta({ description: "A registrant's email (organizers see their registrants' emails)" }),
    role: z.enum(EVENT_ROLES, { message: 'Role must be owner, organizer or moderator' }),
  })
  .refine((s) => Boolean(s.profileId) !== Boolean(s.email), { message: 'Give a profile or an email', path: ['email'] });

export const StaffRoleSchema = z.object({ role: z.enum(EVENT_ROLES, { message: 'Role must be owner, organizer or moderator' }) });

export const EventListQuerySchema = z.object({
  phase: z
    .enum(EVENT_LIST_PHASES)
    .optional()
    .catch(undefined)
    .meta({ type: 'string', enum: [...EVENT_LIST_PHASES], description: 'Upcoming, running or past; left out: all' }),
  mine: flag.catch(false).meta({ type: 'boolean', description: 'Only events the viewer takes part in or works on (drafts included)' }),
  joinable: flag.catch(false).meta({
    type: 'boolean',
    description:
      'Only events whose teams the viewer could create or join now: published, teams not locked, and they take part or registration is open',
  }),
  updatedSince,
  page,
  pageSize: pageSize(EVENTS_PAGE_SIZE),
});
export type EventListQuery = z.infer<typeof EventListQuerySchema>;

export const FeaturedEventSchema = z.object({ slug });
