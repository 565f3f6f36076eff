/**
 * Safety and moderation (docs/product.md#safety, #moderation): blocks and who may contact me
 * (each person's own), reports (anyone signed in), and the moderation queues: per event for its
 * staff, and the platform's for admins.
 */
import { z } from 'zod';
import { CONTACT_SETTINGS, MODERATION_ACTIONS, MODERATION_REASON_MAX, REPORT_NOTE_MAX, REPORT_REASONS, REPORT_TARGETS } from '../safety';
import { DateTime, defineRoute, errors, idParam, json, jsonBody, jsonBodyErrors, signedIn, Uuid } from './contract';
import { PersonRefSchema } from './refs';

const SAFETY = 'Safety';
const MODERATION = 'Moderation';

export const BlockedPersonSchema = z
  .strictObject({ person: PersonRefSchema, since: DateTime })
  .meta({ id: 'BlockedPerson', description: 'Someone you blocked, and since when' });
export type BlockedPerson = z.infer<typeof BlockedPersonSchema>;

export const ContactSettingSchema = z
  .strictObject({
    whoMayContact: z.enum(CONTACT_SETTINGS, { message: 'Choose anyone, events or nobody' }).meta({
      description:
        "Who may send you invitations: anyone, only people taking part in an event you take part in ('events'), or nobody. Requests to teams you lead are not affected.",
    }),
  })
  .meta({ id: 'ContactSetting' });

const trimmed = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} must not exceed ${max} characters`)
    .refine((s) => !s.includes('\u0000'), 'Text must not contain NUL characters (\\u0000)');

export const ReportInputSchema = z
  .strictObject({
    targetKind: z.enum(REPORT_TARGETS, { message: 'Choose what you report' }),
    targetId: z.string().uuid('There is nothing to report here'),
    reason: z.enum(REPORT_REASONS, { message: 'Choose a reason' }),
    note: trimmed(REPORT_NOTE_MAX, 'Note').optional(),
    event: z
      .string()
      .max(100)
      .optional()
      .meta({ description: 'For a profile: the event where it happened (its moderators see the report)' }),
  })
  .meta({ id: 'ReportInput' });

const ReasonText = z
  .string()
  .trim()
  .min(1, 'Say why: the person concerned reads it')
  .max(MODERATION_REASON_MAX, `The reason must not exceed ${MODERATION_REASON_MAX} characters`)
  .refine((s) => !s.includes('\u0000'), 'Text must not contain NUL characters (\\u0000)');

export const ModerationActionInputSchema = z
  .strictObject({
    action: z.enum(MODERATION_ACTIONS, { message: 'Choose an action' }),
    /** What the action is about: the reported thing (dismiss, hide, unhide) or a person (warn, ban, unban). */
    targetKind: z.enum(REPORT_TARGETS, { message: 'Choose what the action is about' }),
    targetId: z.string().uuid('Not found'),
    /** For warn, ban and unban: the person (default: the reported thing's author). */
    profileId: z.string().uuid('Profile not found').optional(),
    reason: ReasonText,
  })
  .meta({ id: 'ModerationActionInput' });

export const ReportGroupSchema = z
  .strictObject({
    targetKind: z.enum(REPORT_TARGETS),
    targetId: Uuid,
    label: z.string().meta({ description: 'What it is: the team or person name, or "Join request to <team>"' }),
    link: z.string().nullable().meta({ description: 'Where it is in the web app' }),
    subject: PersonRefSchema.nullable().meta({ description: 'Its author: the person, the team leader, the sender' }),
    count: z.number().int().meta({ description: 'How many people reported it' }),
    firstReportedAt: DateTime,
    reasons: z.array(z.enum(REPORT_REASONS)),
    notes: z.array(z.string()).meta({ description: "The reporters' notes (the latest 10)" }),
    snapshot: z.string().meta({ description: 'The content as it was when first reported' }),
    hidden: z.boolean().meta({ description: 'A moderator hid it' }),
    subjectBanned: z.boolean().meta({ description: 'Its author is banned here' }),
    subjectStaff: z
      .boolean()
      .meta({ description: "Its author is on the event's staff, who cannot be banned from it (false on the platform's queue)" }),
  })
  .meta({ id: 'ReportGroup' });
export type ReportGroup = z.infer<typeof ReportGroupSchema>;

export const ModerationRecordSchema = z
  .strictObject({
    id: Uuid,
    action: z.enum(MODERATION_ACTIONS),
    targetKind: z.string(),
    targetId: Uuid,
    subject: PersonRefSchema.nullable(),
    by: PersonRefSchema.nullable(),
    reason: z.string(),
    createdAt: DateTime,
  })
  .meta({ id: 'ModerationRecord' });
export type ModerationRecord = z.infer<typeof ModerationRecordSchema>;

export const BanViewSchema = z.strictObject({ person: PersonRefSchema, reason: z.string(), createdAt: DateTime }).meta({ id: 'BanView' });

export const HiddenViewSchema = z
  .strictObject({
    targetKind: z.enum(REPORT_TARGETS).meta({ description: 'What it is, as reported (its `unhide` action names the same)' }),
    targetId: Uuid,
    label: z.string(),
    link: z.string().nullable(),
    reason: z.string().meta({ description: 'Why it was hidden' }),
    createdAt: DateTime,
  })
  .meta({ id: 'HiddenView', description: 'Content a moderator hid here that is hidden now' });
export type HiddenView = z.infer<typeof HiddenViewSchema>;

export const ModerationQueueSchema = z
  .strictObject({
    reports: z
      .array(ReportGroupSchema)
      .meta({ description: 'Open reports grouped by what they are about: most reported first, then oldest' }),
    bans: z.array(BanViewSchema).meta({ description: 'Who is banned here now' }),
    hidden: z.array(HiddenViewSchema).meta({
      description:
        'What a moderator hid here and is hidden now, newest first (the latest 200; not what a platform ban hid): each can be unhidden',
    }),
    record: z
      .array(ModerationRecordSchema)
      .nullable()
      .meta({ description: 'Every action, newest first (the latest 200): for the owners (and admins); null for the others' }),
  })
  .meta({ id: 'ModerationQueue' });
export type ModerationQueue = z.infer<typeof ModerationQueueSchema>;

const eventParam = z.object({
  slug: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,100}$/, 'Event not found')
    .meta({ description: "The event's address", example: 'spring-hack-2027' }),
});
const profileParam = z.object({ profileId: idParam('Profile not found', 'The person') });
const Done = z.strictObject({ done: z.literal(true) });

const actionDescription =
  'dismiss: closes the reports about the target. hide / unhide: the bio, team description, message or announcement reads ' +
  "'Hidden by a moderator' for everyone but its author, who is told why. warn: the person is told. ban / unban: ";

export const moderationApi = {
  blocks: defineRoute({
    method: 'get',
    path: '/api/me/blocks',
    tags: [SAFETY],
    summary: 'People you blocked',
    security: signedIn,
    responses: { 200: json(z.array(BlockedPersonSchema), 'Newest first'), ...errors(401, 404) },
  }),
  block: defineRoute({
    method: 'put',
    path: '/api/me/blocks/{profileId}',
    tags: [SAFETY],
    summary: 'Block a person',
    description:
      "Neither of you can then send the other a join request or an invitation, neither sees the other's contact details, " +
      'pending requests and invitations between you are withdrawn, and grouping never puts you together. They are not told.',
    security: signedIn,
    request: { params: profileParam },
    responses: { 200: json(Done, 'Blocked (blocking again changes nothing)'), ...errors(400, 401, 404) },
  }),
  unblock: defineRoute({
    method: 'delete',
    path: '/api/me/blocks/{profileId}',
    tags: [SAFETY],
    summary: 'Unblock a person',
    security: signedIn,
    request: { params: profileParam },
    responses: { 204: { description: 'Unblocked (or was not blocked)' }, ...errors(401, 404) },
  }),
  contactSetting: defineRoute({
    method: 'get',
    path: '/api/me/contact-setting',
    tags: [SAFETY],
    summary: 'Who may send you invitations',
    security: signedIn,
    responses: { 200: json(ContactSettingSchema, 'The setting'), ...errors(401, 404) },
  }),
  setContactSetting: defineRoute({
    method: 'put',
    path: '/api/me/contact-setting',
    tags: [SAFETY],
    summary: 'Choose who may send you invitations',
    security: signedIn,
    request: { body: jsonBody(ContactSettingSchema) },
    responses: { 200: json(ContactSettingSchema, 'Saved'), ...errors(401, 404, ...jsonBodyErrors) },
  }),
  report: defineRoute({
    method: 'post',
    path: '/api/reports',
    tags: [MODERATION],
    summary: 'Report a profile, team, message or announcement',
    description:
      "Goes to the moderators of the event it belongs to (a profile: the event named, or one you both take part in), else to the platform's admins. " +
      'Reporting the same thing again counts once. Join request and invitation messages, and announcements not sent to everyone: only those they were sent to (404 to anyone else).',
    security: signedIn,
    request: { body: jsonBody(ReportInputSchema) },
    responses: { 201: json(z.strictObject({ received: z.literal(true) }), 'Received'), ...errors(401, 404, ...jsonBodyErrors) },
  }),
  queue: defineRoute({
    method: 'get',
    path: '/api/events/{slug}/moderation',
    tags: [MODERATION],
    summary: "An event's moderation queue (staff)",
    description: 'Owners, organizers and moderators of the event (and platform admins). The record of actions: owners and admins.',
    security: signedIn,
    request: { params: eventParam },
    responses: { 200: json(ModerationQueueSchema, 'The queue'), ...errors(401, 403, 404) },
  }),
  act: defineRoute({
    method: 'post',
    path: '/api/events/{slug}/moderation/actions',
    tags: [MODERATION],
    summary: 'Act on a report (staff)',
    description:
      actionDescription +
      "the person cannot take part, ask, invite or be grouped in this event; they leave its teams (a last leader's team passes to its longest-standing member). " +
      'The target must belong to this event. Every action is recorded with who and why.',
    security: signedIn,
    request: { params: eventParam, body: jsonBody(ModerationActionInputSchema) },
    responses: { 200: json(Done, 'Done'), ...errors(401, 403, 404, 409, ...jsonBodyErrors) },
  }),
  platformQueue: defineRoute({
    method: 'get',
    path: '/api/moderation',
    tags: [MODERATION],
    summary: 'The platform moderation queue (admins)',
    description: 'Reports outside any event, platform bans and the record of platform actions.',
    security: signedIn,
    responses: { 200: json(ModerationQueueSchema, 'The queue'), ...errors(401, 403, 404) },
  }),
  platformAct: defineRoute({
    method: 'post',
    path: '/api/moderation/actions',
    tags: [MODERATION],
    summary: 'Act on the platform (admins)',
    description:
      actionDescription +
      'the person cannot sign in (their sessions end) and their bio is hidden. Works on anything, in or outside events.',
    security: signedIn,
    request: { body: jsonBody(ModerationActionInputSchema) },
    responses: { 200: json(Done, 'Done'), ...errors(401, 403, 404, 409, ...jsonBodyErrors) },
  }),
};
