/** What the signed-in user is waiting on, and what happened that concerns them. */
import { z } from 'zod';
import { NOTIFICATION_KINDS, STREAMS_PER_ACCOUNT, type NotificationKind } from '../constants';
import { DateTime, defineRoute, ErrorSchema, errors, json, jsonBody, jsonBodyErrors, signedIn, Uuid } from './contract';
import { InvitationViewSchema, JoinRequestViewSchema } from './teams';

export const NotificationsSchema = z
  .strictObject({
    invitations: z.array(InvitationViewSchema).meta({ description: 'Pending invitations addressed to you, newest first' }),
    requests: z.array(JoinRequestViewSchema).meta({ description: 'Your own join requests with their status, newest first' }),
    pendingCount: z.number().int().meta({ description: 'Pending invitations plus pending own requests: the tab badge' }),
  })
  .meta({ id: 'Notifications' });
export type Notifications = z.infer<typeof NotificationsSchema>;

export const NotificationDataSchema = z
  .strictObject({
    teamId: Uuid.nullable().optional(),
    teamName: z.string().optional(),
    by: z.strictObject({ id: z.string(), name: z.string() }).optional(),
    requestId: Uuid.optional(),
    invitationId: Uuid.optional(),
    position: z.string().optional(),
    role: z.string().optional(),
    withdrawnRequests: z.number().int().optional(),
    stoppedLooking: z.boolean().optional(),
    reason: z.string().optional(),
    eventSlug: z.string().optional(),
    eventName: z.string().optional(),
    announcementId: Uuid.optional(),
    message: z.string().optional(),
    days: z
      .number()
      .int()
      .optional()
      .meta({ description: 'Freshness: after how many days a looking flag lapsed, or positions have been open' }),
  })
  .meta({ id: 'NotificationData', description: 'What the notification is about; each kind fills its own fields' });

const inboxItemFields = {
  id: Uuid,
  seq: z.number().int().meta({ description: 'Increasing with each notification; the id of its live event' }),
  text: z.string().meta({ example: 'Ada Lovelace asked to join Pixel Pioneers as Designer' }),
  link: z.string().nullable().meta({
    description: 'Where it leads in the web app; null once its team is gone',
    example: '/teams/3f2c8a52-5b7e-4c1d-9a0e-2d6f1b8c4e77',
  }),
  createdAt: DateTime,
  readAt: DateTime.nullable(),
  pending: z.boolean().nullable().meta({
    description:
      'For a join request to your team or an invitation to you: whether it still waits for an answer (Accept / Decline work in place); null for other kinds',
  }),
};

/**
 * What each kind of notification carries for sure (every kind may carry the other fields of
 * NotificationData too). `by` is not among them: it goes when that person deletes their account.
 */
const KIND_DATA: Record<NotificationKind, { about: string; fields?: z.ZodRawShape }> = {
  join_request: { about: 'Someone asked to join a team you lead', fields: { teamName: z.string(), requestId: Uuid } },
  request_accepted: { about: 'Your join request was accepted: you joined the team' },
  request_declined: { about: 'Your join request was declined' },
  request_withdrawn: { about: 'Your join request was withdrawn (`reason`: the team was deleted)' },
  invitation: { about: 'A leader invited you to their team', fields: { teamName: z.string(), invitationId: Uuid } },
  invitation_accepted: { about: 'Someone accepted your invitation' },
  invitation_declined: { about: 'Someone declined your invitation' },
  joined: { about: 'You joined a team (an invitation you accepted, or an organizer moved you in)' },
  removed: { about: 'A leader or an organizer removed you from a team', fields: { teamName: z.string() } },
  team_deleted: { about: 'A team you were in was deleted' },
  made_leader: { about: 'You were made a leader of a team', fields: { teamName: z.string() } },
  member_left: { about: 'A member left a team you lead' },
  leader_handed_over: { about: 'You now lead a team: its leader deleted their account' },
  member_deleted_account: { about: 'A member of your team deleted their account' },
  event_handed_over: { about: 'You now own an event (`eventSlug`, `eventName`): its only owner deleted their account' },
  announcement: { about: "An event's organizers wrote to you (`eventSlug`, `eventName`, `announcementId`, `message`)" },
  looking_lapsed: { about: 'Your looking-for-a-team flag in an event lapsed (`eventSlug`, `days`)' },
  positions_open_long: { about: "Your team's open positions have been listed for a long time (`days`)" },
  group_proposed: { about: 'A group was proposed to you in an event (`eventSlug`): look at it and say yes or no' },
  group_formed: { about: 'A group you were proposed in became a team' },
  group_returned: { about: 'You are back among the people looking for a team in an event (`eventSlug`)' },
  moderation: {
    about: 'A moderator hid something of yours, warned or banned you (`message`, `reason`; `eventSlug` or `teamId` where it happened)',
  },
};
const pascal = (kind: string) => kind.replace(/(^|_)([a-z])/g, (_, __, ch: string) => ch.toUpperCase());

/** The type every kind fits (its `data` with every field optional), as the app reads an item. */
export const AnyInboxItemSchema = z.strictObject({ ...inboxItemFields, kind: z.enum(NOTIFICATION_KINDS), data: NotificationDataSchema });

/** One shape per kind of notification, told apart by `kind` (typed as their common shape). */
export const InboxItemSchema = z
  .discriminatedUnion(
    'kind',
    NOTIFICATION_KINDS.map((kind) =>
      z
        .strictObject({
          ...inboxItemFields,
          kind: z.literal(kind),
          data: NotificationDataSchema.extend(KIND_DATA[kind].fields ?? {}).meta({
            id: `${pascal(kind)}Data`,
            description: `${KIND_DATA[kind].about}. What the notification is about.`,
          }),
        })
        .meta({ id: `${pascal(kind)}Notification`, description: KIND_DATA[kind].about }),
    ) as unknown as [typeof AnyInboxItemSchema],
  )
  .meta({ id: 'InboxItem', description: 'A notification; `kind` says which shape `data` has' }) as unknown as typeof AnyInboxItemSchema;
export type InboxItem = z.infer<typeof InboxItemSchema>;

export const InboxSchema = z
  .strictObject({
    items: z.array(InboxItemSchema),
    unreadCount: z.number().int(),
    nextBefore: z.number().int().nullable().meta({ description: 'Pass as `before` for the next (older) page; null on the last' }),
  })
  .meta({ id: 'Inbox' });
export type Inbox = z.infer<typeof InboxSchema>;

/**
 * The events of the live stream, one object per event as its `event:`, `id:` and `data:` lines
 * carry it (`data` is JSON).
 */
export const LiveEventSchema = z
  .discriminatedUnion('event', [
    z
      .strictObject({
        event: z.literal('ready'),
        retry: z.number().int().meta({ description: 'Milliseconds to wait before reconnecting after a lost connection' }),
        data: z.strictObject({}),
      })
      .meta({ id: 'LiveReadyEvent', description: 'The first event: the stream is open' }),
    z
      .strictObject({
        event: z.literal('notification'),
        id: z.string().meta({ description: "The notification's `seq`: send it back as `Last-Event-ID` to resume", example: '1042' }),
        data: InboxItemSchema.meta({ description: 'The notification, as the inbox lists it (without `pending`)' }),
      })
      .meta({ id: 'LiveNotificationEvent', description: 'Something happened that concerns you' }),
    z.strictObject({ event: z.literal('session-ended'), data: z.strictObject({}) }).meta({
      id: 'LiveSessionEndedEvent',
      description: 'The last event: the session that opened the stream ended, and the stream closes',
    }),
  ])
  .meta({
    id: 'LiveEvent',
    description:
      'One event of the stream. Besides these: a comment line (`: keep-alive`) every 20 s, and on shutdown a bare `retry:` line (1 to 5 s) before the stream ends.',
  });

const NOTIFICATIONS = 'Notifications';

export const notificationsApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/me/notifications',
    tags: [NOTIFICATIONS],
    summary: 'Your invitations and join requests',
    description:
      'What you are waiting on: invitations addressed to you and your own join requests, newest first, with the count the tab badge shows.',
    security: signedIn,
    responses: { 200: json(NotificationsSchema, 'Your notifications'), ...errors(401, 404) },
  }),
  inbox: defineRoute({
    method: 'get',
    path: '/api/me/inbox',
    tags: [NOTIFICATIONS],
    summary: 'Your notifications, newest first',
    description:
      'Everything that happened that concerns you (a join request to a team you lead, answers to your requests and invitations, ' +
      'removals, deleted teams, leadership, members leaving), with its text and link, read or unread. Read notifications are kept 90 days.',
    security: signedIn,
    request: {
      query: z.object({
        before: z.coerce
          .number()
          .int()
          .min(1)
          .optional()
          .catch(undefined)
          .meta({ type: 'integer', minimum: 1, description: 'Only notifications older than this seq (paging)' }),
        limit: z.coerce
          .number()
          .int()
          .min(1)
          .max(50)
          .catch(20)
          .meta({ type: 'integer', minimum: 1, maximum: 50, default: 20, description: 'How many (at most 50)' }),
      }),
    },
    responses: { 200: json(InboxSchema, 'A page of notifications and the unread count'), ...errors(401, 404) },
  }),
  markRead: defineRoute({
    method: 'post',
    path: '/api/me/inbox/read',
    tags: [NOTIFICATIONS],
    summary: 'Mark notifications read',
    description: 'The ones listed in `ids`, or all of yours without `ids`. Ids of notifications that are not yours change nothing.',
    security: signedIn,
    request: { body: jsonBody(z.object({ ids: z.array(z.string().uuid('Notification not found')).max(100).optional() })) },
    responses: { 200: json(z.strictObject({ unreadCount: z.number().int() }), 'Marked'), ...errors(401, 404, ...jsonBodyErrors) },
  }),
  events: defineRoute({
    method: 'get',
    path: '/api/me/events',
    tags: [NOTIFICATIONS],
    summary: 'Live notifications (Server-Sent Events)',
    description:
      'A stream that stays open: an event `notification` (id = its `seq`, data = the InboxItem as JSON) the moment something ' +
      "happens that concerns you, from whichever app instance it happened on. The browser's EventSource resumes a lost connection " +
      'with Last-Event-ID and gets what arrived meanwhile; a fresh connection starts with what happens next. `ready` opens the stream; ' +
      'a comment line every 20 s keeps proxies from closing it. The stream lasts as long as the session that opened it: when that ' +
      'session ends (signing out, revoking it, a password change, deleting the account, expiry), a last event `session-ended` is ' +
      'sent and the stream closes (reconnecting would answer 401). When the instance shuts down, the stream ends with a `retry:` ' +
      'of 1 to 5 s and the browser reconnects, to another instance. ' +
      `An account holds at most ${STREAMS_PER_ACCOUNT} streams on a server ` +
      "instance (a browser's tabs share one); the next answers 429.",
    security: signedIn,
    responses: {
      200: {
        description: 'The event stream: each event is one of LiveEvent',
        content: { 'text/event-stream': { schema: LiveEventSchema } },
      },
      ...errors(401, 404),
      429: {
        description: `The account already has ${STREAMS_PER_ACCOUNT} live streams open here: close one (another browser or device), or try again after \`Retry-After\` seconds`,
        headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } } },
        content: { 'application/json': { schema: ErrorSchema } },
      },
    },
  }),
};
