/**
 * Events (docs/product.md#events): the hackathons the product serves, their staff, and taking part.
 * A profile is the person's across events; registration, the per-event looking flag and teams
 * belong to one event.
 */
import { z } from 'zod';
import { EVENT_ROLES, TEAM_SIZE_MAX, TEAM_SIZE_MIN } from '../constants';
import {
  AddStaffSchema,
  CreateEventSchema,
  EventListQuerySchema,
  FeaturedEventSchema,
  RegistrationSchema,
  StaffRoleSchema,
  UpdateEventSchema,
} from '../event-schemas';
import { EVENT_LIST_PHASES } from '../events';
import {
  DateTime,
  defineRoute,
  errors,
  idParam,
  json,
  jsonBody,
  jsonBodyErrors,
  NullableText,
  paged,
  signedIn,
  optionalSession,
} from './contract';
import { PersonRefSchema } from './refs';

export { EventRefSchema, type EventRef } from './refs';

const EVENTS = 'Events';

export const ScheduleItemViewSchema = z
  .strictObject({ title: z.string(), detail: NullableText, at: DateTime })
  .meta({ id: 'ScheduleItem' });

export const EventCardSchema = z
  .strictObject({
    slug: z.string().meta({ description: 'Its address: /hackathons/{slug}', example: 'spring-hack-2027' }),
    name: z.string().meta({ example: 'Spring Hack 2027' }),
    tagline: NullableText,
    location: z.string().meta({ example: 'Online' }),
    timezone: z.string().meta({ description: "The event's own time zone (IANA)", example: 'Europe/Berlin' }),
    buildStartsAt: DateTime,
    submissionDeadline: DateTime,
    awardsAt: DateTime.nullable(),
    phase: z.enum(EVENT_LIST_PHASES).meta({ description: 'Upcoming (before the build starts), running, or past (after the awards)' }),
    state: z.enum(['draft', 'published']).meta({ description: 'A draft is seen by its staff only' }),
    hidden: z.boolean().meta({ description: 'Hidden by a platform admin: seen by its staff and admins only' }),
    registrantCount: z.number().int(),
    teamCount: z.number().int(),
    updatedAt: DateTime.meta({ description: 'When anything shown here last changed (sync: updatedSince)' }),
  })
  .meta({ id: 'EventCard' });
export type EventCard = z.infer<typeof EventCardSchema>;

export const RegistrationViewSchema = z
  .strictObject({
    looking: z.boolean().meta({ description: "Looking for a team here (unless set for this event, as the profile's flag)" }),
    intent: NullableText.meta({ description: 'What the person wants to do at this event' }),
    createdAt: DateTime,
    lookingSince: DateTime.meta({
      description: "When the person last said they are looking here; the flag lapses after the event's lookingLapseDays",
    }),
  })
  .meta({ id: 'Registration' });
export type RegistrationView = z.infer<typeof RegistrationViewSchema>;

export const EventDetailSchema = EventCardSchema.extend({
  description: NullableText,
  registrationOpensAt: DateTime.nullable(),
  registrationClosesAt: DateTime.nullable(),
  formationDeadline: DateTime.nullable().meta({ description: 'After it, who is in which team is locked; only organizers move people' }),
  teamSizeMin: z.number().int().min(TEAM_SIZE_MIN).max(TEAM_SIZE_MAX),
  teamSizeMax: z.number().int().min(TEAM_SIZE_MIN).max(TEAM_SIZE_MAX),
  teamsPerPerson: z.number().int().nullable().meta({ description: 'How many teams one person may be in here; null: no limit' }),
  lookingLapseDays: z.number().int().meta({ description: "Days 'looking for a team' lasts here without the person saying so again" }),
  prizePool: NullableText,
  schedule: z.array(ScheduleItemViewSchema),
  siteUrl: NullableText.meta({ description: "The event's own site ('Register Now')" }),
  registrationOpen: z.boolean().meta({ description: 'People can take part now' }),
  registrationNeverCloses: z.boolean().meta({
    description: 'Without a closing date, registration never closes (the 2025 event); otherwise it closes when the event is over',
  }),
  formationLocked: z.boolean().meta({ description: 'The team formation deadline has passed' }),
  createdAt: DateTime,
  viewer: z
    .strictObject({
      registration: RegistrationViewSchema.nullable(),
      staffRole: z.enum(EVENT_ROLES).nullable(),
      isAdmin: z.boolean().meta({ description: 'A platform admin (ADMIN_EMAILS)' }),
    })
    .meta({ description: 'The signed-in viewer here; all empty for anonymous viewers' }),
}).meta({ id: 'EventDetail' });
export type EventDetail = z.infer<typeof EventDetailSchema>;

export const EventListSchema = paged(EventCardSchema).meta({ id: 'EventList' });
export type EventList = z.infer<typeof EventListSchema>;

export const StaffMemberSchema = z
  .strictObject({
    person: PersonRefSchema,
    email: z.string().nullable().meta({
      description:
        'Seen by the event staff only, and only their own or that of someone taking part in the event (null for one added by profile who does not): adding a stranger does not reveal their email',
    }),
    role: z.enum(EVENT_ROLES),
    addedAt: DateTime,
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof StaffMemberSchema>;

const Slugged = z.strictObject({ slug: z.string() }).meta({ id: 'EventCreated' });
// No regex flags: the pattern goes into the API document as it is. An address no event can have is not found.
const eventParam = z.object({
  slug: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,100}$/, 'Event not found')
    .meta({ description: "The event's address", example: 'spring-hack-2027' }),
});
const staffParam = eventParam.extend({ profileId: idParam('Staff member not found', "The staff member's profile id") });
const teamMemberParam = eventParam.extend({
  id: idParam('Team not found', 'The team id'),
  profileId: idParam('Profile not found', "The person's profile id"),
});
const teamParam = eventParam.extend({ id: idParam('Team not found', 'The team id') });

export const OrganizerMoveSchema = z.object({
  profileId: z.string().uuid('Invalid profile id'),
  role: z.string().trim().max(100).optional().meta({ description: "Their role in the team (default 'Team Member')" }),
});

export const eventsApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/events',
    security: optionalSession,
    tags: [EVENTS],
    summary: 'Browse events',
    description:
      'Published events, soonest first among upcoming and running ones, latest first among past ones. `mine=true`: the events you take part in or work on, drafts included.',
    request: { query: EventListQuerySchema },
    responses: { 200: json(EventListSchema, 'One page of events and the number of all matches'), ...errors(400) },
  }),
  featured: defineRoute({
    method: 'get',
    path: '/api/events/featured',
    security: optionalSession,
    tags: [EVENTS],
    summary: 'The featured event',
    description: 'The event /hackathon shows (a platform setting).',
    responses: { 200: json(EventDetailSchema, 'The featured event'), ...errors(404) },
  }),
  setFeatured: defineRoute({
    method: 'put',
    path: '/api/events/featured',
    tags: [EVENTS],
    summary: 'Choose the featured event',
    description: 'Platform admins only.',
    security: signedIn,
    request: { body: jsonBody(FeaturedEventSchema) },
    responses: { 200: json(Slugged, 'Featured'), ...errors(401, 403, 404, ...jsonBodyErrors) },
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/events',
    tags: [EVENTS],
    summary: 'Create an event',
    description: 'Any signed-in person; it starts as a draft, seen by its staff only, and you are its owner.',
    security: signedIn,
    request: { body: jsonBody(CreateEventSchema) },
    responses: { 201: json(Slugged, 'The new event'), ...errors(401, 404, 409, ...jsonBodyErrors) },
  }),
  get: defineRoute({
    method: 'get',
    path: '/api/events/{slug}',
    security: optionalSession,
    tags: [EVENTS],
    summary: 'An event',
    description:
      'A draft or hidden event answers 404 to everyone but its staff (and, for hidden ones, platform admins and those taking part, who can still leave it).',
    request: { params: eventParam },
    responses: { 200: json(EventDetailSchema, 'The event'), ...errors(404) },
  }),
  update: defineRoute({
    method: 'patch',
    path: '/api/events/{slug}',
    tags: [EVENTS],
    summary: 'Edit, publish or hide an event',
    description:
      'Owners and organizers edit and publish; `hidden` is for platform admins only. The dates keep their order on the whole event. ' +
      'An event goes back to a draft (`state: draft`) only while no one takes part in it (409 `event_has_participants`).',
    security: signedIn,
    request: { params: eventParam, body: jsonBody(UpdateEventSchema) },
    responses: { 200: json(EventDetailSchema, 'The event as saved'), ...errors(401, 403, 404, 409, ...jsonBodyErrors) },
  }),
  staff: defineRoute({
    method: 'get',
    path: '/api/events/{slug}/staff',
    tags: [EVENTS],
    summary: "An event's staff",
    description: 'Its owners, organizers and moderators, for the staff.',
    security: signedIn,
    request: { params: eventParam },
    responses: { 200: json(z.array(StaffMemberSchema), 'The staff'), ...errors(401, 403, 404) },
  }),
  addStaff: defineRoute({
    method: 'post',
    path: '/api/events/{slug}/staff',
    tags: [EVENTS],
    summary: 'Add someone to the staff',
    description: "Owners only. By profile id, or by the email of one of the event's registrants.",
    security: signedIn,
    request: { params: eventParam, body: jsonBody(AddStaffSchema) },
    responses: { 201: json(StaffMemberSchema, 'Added'), ...errors(401, 403, 404, 409, ...jsonBodyErrors) },
  }),
  setStaffRole: defineRoute({
    method: 'patch',
    path: '/api/events/{slug}/staff/{profileId}',
    tags: [EVENTS],
    summary: "Change a staff member's role",
    description: 'Owners only; an event always keeps an owner.',
    security: signedIn,
    request: { params: staffParam, body: jsonBody(StaffRoleSchema) },
    responses: { 200: json(StaffMemberSchema, 'Changed'), ...errors(401, 403, 404, 409, ...jsonBodyErrors) },
  }),
  removeStaff: defineRoute({
    method: 'delete',
    path: '/api/events/{slug}/staff/{profileId}',
    tags: [EVENTS],
    summary: 'Take someone off the staff',
    description: 'Owners only (anyone may leave the staff themselves); an event always keeps an owner.',
    security: signedIn,
    request: { params: staffParam },
    responses: { 204: { description: 'Removed' }, ...errors(401, 403, 404, 409) },
  }),
  register: defineRoute({
    method: 'put',
    path: '/api/events/{slug}/registration',
    tags: [EVENTS],
    summary: 'Take part (or change how)',
    description: 'Registers you while registration is open; later, changes your looking flag and what you want to do.',
    security: signedIn,
    request: { params: eventParam, body: jsonBody(RegistrationSchema) },
    responses: { 200: json(RegistrationViewSchema, 'You take part'), ...errors(401, 403, 404, 409, ...jsonBodyErrors) },
  }),
  leave: defineRoute({
    method: 'delete',
    path: '/api/events/{slug}/registration',
    tags: [EVENTS],
    summary: 'Stop taking part',
    description:
      'Leaves the event and its teams, with the leader rules of a team (the last leader hands over or deletes the team first). After the team formation deadline, someone in a team cannot leave. One can leave an event an admin hid too (404 to anyone else).',
    security: signedIn,
    request: { params: eventParam },
    responses: { 204: { description: 'You no longer take part' }, ...errors(401, 404, 409) },
  }),
  moveIn: defineRoute({
    method: 'post',
    path: '/api/events/{slug}/teams/{id}/members',
    tags: [EVENTS],
    summary: 'Put someone in a team (organizers)',
    description:
      "Owners and organizers, also after the team formation deadline; the team's size and the teams-per-person limit hold. Only people taking part in the event (404 otherwise), not someone banned from it or from the platform, nor in an event an admin hid (409).",
    security: signedIn,
    request: { params: teamParam, body: jsonBody(OrganizerMoveSchema) },
    responses: { 204: { description: 'In the team' }, ...errors(401, 403, 404, 409, ...jsonBodyErrors) },
  }),
  moveOut: defineRoute({
    method: 'delete',
    path: '/api/events/{slug}/teams/{id}/members/{profileId}',
    tags: [EVENTS],
    summary: 'Take someone out of a team (organizers)',
    description:
      'Owners and organizers, also after the team formation deadline; a team keeps a leader. Taking out its last member deletes the team (pending join requests are cancelled and their senders told).',
    security: signedIn,
    request: { params: teamMemberParam },
    responses: { 204: { description: 'Out of the team' }, ...errors(401, 403, 404, 409) },
  }),
};
