/**
 * The organizer's desk (docs/product.md#the-organizers-desk): an event's dashboard, the people still
 * without a team, CSV exports and announcements. Staff see the dashboard and the unteamed; owners and
 * organizers export and announce; owners see the record of both.
 */
import { z } from 'zod';
import { AVAILABILITIES, EVENT_ROLES, TIMEZONES } from '../constants';
import { flag, page, pageSize, skillNameList, updatedSince } from '../schemas';
import { DateTime, defineRoute, errors, json, jsonBody, jsonBodyErrors, paged, signedIn, Uuid, optionalSession } from './contract';
import { PersonRefSchema } from './refs';

const ORGANIZE = 'Organizers';

/** Time zone bands: the 26 profile time zones in three spans of the world, and people who set none. */
export const TIMEZONE_BANDS = {
  americas: { label: 'Americas (UTC-12 to UTC-3)', zones: TIMEZONES.slice(0, TIMEZONES.indexOf('UTC-3') + 1) },
  'europe-africa': {
    label: 'Europe and Africa (UTC-2 to UTC+3)',
    zones: TIMEZONES.slice(TIMEZONES.indexOf('UTC-2'), TIMEZONES.indexOf('UTC+3') + 1),
  },
  'asia-pacific': { label: 'Asia and Pacific (UTC+4 to UTC+12)', zones: TIMEZONES.slice(TIMEZONES.indexOf('UTC+4')) },
  unset: { label: 'No time zone given', zones: [] as string[] },
} as const;
export type TimezoneBand = keyof typeof TIMEZONE_BANDS;
export const TIMEZONE_BAND_KEYS = Object.keys(TIMEZONE_BANDS) as TimezoneBand[];

export const UNTEAMED_PAGE_SIZE = 50;
export const ANNOUNCEMENT_MIN = 10;
export const ANNOUNCEMENT_MAX = 2000;
/** A join request or invitation unanswered this long is stale. */
export const STALE_HOURS = 48;

/** The filters of the unteamed list; the same drive its export and the 'without a team' announcement. */
export const UnteamedFilterSchema = z.object({
  skills: skillNameList.meta({
    type: 'string',
    description: 'Comma-separated skill names; a person must have all of them',
    example: 'React',
  }),
  availability: z
    .enum(AVAILABILITIES)
    .optional()
    .catch(undefined)
    .meta({ type: 'string', enum: [...AVAILABILITIES] }),
  band: z
    .enum(TIMEZONE_BAND_KEYS as [TimezoneBand, ...TimezoneBand[]])
    .optional()
    .catch(undefined)
    .meta({ type: 'string', enum: TIMEZONE_BAND_KEYS, description: 'Time zone band of the profile' }),
  looking: flag.catch(false).meta({ type: 'boolean', description: 'Only people looking for a team in this event' }),
});
export type UnteamedFilter = z.infer<typeof UnteamedFilterSchema>;
export const UnteamedQuerySchema = UnteamedFilterSchema.extend({ updatedSince, page, pageSize: pageSize(UNTEAMED_PAGE_SIZE) });
export type UnteamedQuery = z.infer<typeof UnteamedQuerySchema>;

export const DashboardSchema = z
  .strictObject({
    people: z.strictObject({
      registrants: z.number().int(),
      looking: z.number().int().meta({ description: 'Registrants looking for a team here' }),
      inTeam: z.number().int(),
      withoutTeam: z.number().int(),
    }),
    teams: z.strictObject({
      total: z.number().int(),
      open: z.number().int().meta({ description: 'Open to requests and not full' }),
      full: z.number().int(),
      closed: z.number().int().meta({ description: 'Closed by their leaders, not full' }),
      bySize: z.array(z.strictObject({ members: z.number().int(), teams: z.number().int() })),
    }),
    positions: z.strictObject({
      open: z.number().int().meta({ description: 'Open positions of open teams that are not full' }),
      byAge: z
        .array(z.strictObject({ label: z.string(), positions: z.number().int() }))
        .meta({ description: 'Open positions by the time since their team last changed its listing' }),
    }),
    pending: z.strictObject({
      joinRequests: z.number().int(),
      joinRequestsStale: z
        .number()
        .int()
        .meta({ description: `Pending for over ${STALE_HOURS} hours` }),
      invitations: z.number().int(),
      invitationsStale: z
        .number()
        .int()
        .meta({ description: `Pending for over ${STALE_HOURS} hours` }),
    }),
    days: z
      .array(
        z.strictObject({ day: z.string().meta({ example: '2026-05-30' }), registrations: z.number().int(), teamsFormed: z.number().int() }),
      )
      .meta({ description: "Day by day in the event's time zone, from the first registration or team to today (at most 120 days)" }),
    asOf: DateTime,
  })
  .meta({ id: 'OrganizerDashboard' });
export type Dashboard = z.infer<typeof DashboardSchema>;

export const UnteamedPersonSchema = z
  .strictObject({
    person: PersonRefSchema,
    skills: z.array(z.strictObject({ name: z.string(), level: z.string() })),
    availability: z.string(),
    timezone: z.string().nullable(),
    looking: z.boolean(),
    registeredAt: DateTime,
    updatedAt: DateTime.meta({ description: "When the person's profile, registration or teams last changed (sync: updatedSince)" }),
  })
  .meta({ id: 'UnteamedPerson' });
export type UnteamedPerson = z.infer<typeof UnteamedPersonSchema>;
export const UnteamedListSchema = paged(UnteamedPersonSchema).meta({ id: 'UnteamedList' });
export type UnteamedList = z.infer<typeof UnteamedListSchema>;

export const SEGMENT_KINDS = ['everyone', 'unteamed', 'looking', 'stale_leaders', 'team'] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];
export const SEGMENT_LABELS: Record<SegmentKind, string> = {
  everyone: 'Everyone in the event',
  unteamed: 'People without a team',
  looking: 'People looking for a team',
  stale_leaders: `Leaders with requests pending over ${STALE_HOURS} hours`,
  team: "A team's members",
};

export const SegmentSchema = z
  .object({
    kind: z.enum(SEGMENT_KINDS, { message: 'Choose who receives it' }),
    teamId: z.string().uuid('Choose a team').optional().meta({ description: "With 'team': the team" }),
    filter: UnteamedFilterSchema.partial().optional().meta({ description: "With 'unteamed': the unteamed list's filters" }),
  })
  .refine((s) => s.kind !== 'team' || s.teamId, { message: 'Choose a team', path: ['teamId'] });
export type Segment = z.infer<typeof SegmentSchema>;

export const AnnouncementInputSchema = z.object({
  message: z
    .string({ message: `Message must be at least ${ANNOUNCEMENT_MIN} characters` })
    .trim()
    .min(ANNOUNCEMENT_MIN, `Message must be at least ${ANNOUNCEMENT_MIN} characters`)
    .max(ANNOUNCEMENT_MAX, `Message must not exceed ${ANNOUNCEMENT_MAX} characters`),
  segment: SegmentSchema,
});
export type AnnouncementInput = z.infer<typeof AnnouncementInputSchema>;

export const AnnouncementSentSchema = z.strictObject({ id: Uuid, recipientCount: z.number().int() }).meta({ id: 'AnnouncementSent' });

export const PublicAnnouncementSchema = z
  .strictObject({ id: Uuid, message: z.string(), by: PersonRefSchema.nullable(), createdAt: DateTime })
  .meta({ id: 'Announcement' });
export type PublicAnnouncement = z.infer<typeof PublicAnnouncementSchema>;

export const DeskRecordSchema = z
  .strictObject({
    kind: z.enum(['export', 'announcement']),
    what: z
      .string()
      .meta({ description: "The list exported ('registrants', 'teams', 'unteamed') or the segment announced to", example: 'unteamed' }),
    filter: z.record(z.string(), z.unknown()).meta({ description: 'The filters or team, as given' }),
    count: z.number().int().meta({ description: 'Rows exported, or recipients' }),
    by: PersonRefSchema.nullable(),
    role: z.enum(EVENT_ROLES).nullable(),
    at: DateTime,
  })
  .meta({ id: 'DeskRecord' });
export type DeskRecord = z.infer<typeof DeskRecordSchema>;

export const EXPORT_LISTS = ['registrants', 'teams', 'unteamed'] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];
/** Each list as the desk's record names it. */
export const EXPORT_LABELS: Record<ExportList, string> = {
  registrants: 'Registrants',
  teams: 'Teams',
  unteamed: 'People without a team',
};

const eventParam = z.object({
  slug: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,100}$/, 'Event not found')
    .meta({ description: "The event's address", example: 'spring-hack-2027' }),
});
const exportParam = eventParam.extend({
  list: z.enum(EXPORT_LISTS, { message: 'Not found' }).meta({ description: 'Which list' }),
});

export const organizeApi = {
  dashboard: defineRoute({
    method: 'get',
    path: '/api/events/{slug}/organize',
    tags: [ORGANIZE],
    summary: "An event's dashboard (staff)",
    description: 'Owners, organizers and moderators: who takes part, teams, open positions, what waits for an answer, day by day.',
    security: signedIn,
    request: { params: eventParam },
    responses: { 200: json(DashboardSchema, 'The numbers, a few seconds old at most'), ...errors(401, 403, 404) },
  }),
  unteamed: defineRoute({
    method: 'get',
    path: '/api/events/{slug}/organize/unteamed',
    tags: [ORGANIZE],
    summary: 'Registrants without a team (staff)',
    description: 'Newest registrations first, filtered by skills, availability, time zone band and looking.',
    security: signedIn,
    request: { params: eventParam, query: UnteamedQuerySchema },
    responses: { 200: json(UnteamedListSchema, 'One page and the number of all matches'), ...errors(400, 401, 403, 404) },
  }),
  exportCsv: defineRoute({
    method: 'get',
    path: '/api/events/{slug}/organize/export/{list}',
    tags: [ORGANIZE],
    summary: 'Download a list as CSV (owners and organizers)',
    description:
      "registrants (with team and role), teams (with members and open positions), or unteamed (under the query's filters). UTF-8 with a byte order mark; a field starting with = + - @ is prefixed with ' so spreadsheets keep it as text.",
    security: signedIn,
    request: { params: exportParam, query: UnteamedFilterSchema },
    responses: {
      200: { description: 'The CSV file, streamed', content: { 'text/csv': { schema: { type: 'string' } } } },
      ...errors(401, 403, 404),
    },
  }),
  announce: defineRoute({
    method: 'post',
    path: '/api/events/{slug}/announcements',
    tags: [ORGANIZE],
    summary: 'Send an announcement (owners and organizers)',
    description:
      "To a segment: each recipient's inbox, live. Sent to everyone, it is listed on the event for everyone (also before anyone " +
      'takes part); to any other segment with no one in it, 409 `announcement_no_recipients` and nothing is sent or recorded.',
    security: signedIn,
    request: { params: eventParam, body: jsonBody(AnnouncementInputSchema) },
    responses: { 201: json(AnnouncementSentSchema, 'Sent'), ...errors(401, 403, 404, 409, ...jsonBodyErrors) },
  }),
  announcements: defineRoute({
    method: 'get',
    path: '/api/events/{slug}/announcements',
    security: optionalSession,
    tags: [ORGANIZE],
    summary: "The event's announcements to everyone",
    description: 'Newest first (the latest 50); anyone who may see the event.',
    request: { params: eventParam },
    responses: { 200: json(z.array(PublicAnnouncementSchema), 'The announcements'), ...errors(404) },
  }),
  records: defineRoute({
    method: 'get',
    path: '/api/events/{slug}/organize/records',
    tags: [ORGANIZE],
    summary: 'Every export and announcement (owners)',
    description: 'Who, when, what and how many; newest first (the latest 200).',
    security: signedIn,
    request: { params: eventParam },
    responses: { 200: json(z.array(DeskRecordSchema), 'The record'), ...errors(401, 403, 404) },
  }),
};
