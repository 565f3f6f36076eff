/** Teams, members and open positions; join requests and invitations. */
import { z } from 'zod';
import { TEAM_SIZE_MAX, TEAM_SIZE_MIN } from '../constants';
import {
  CreateTeamSchema,
  InvitationSchema,
  JoinRequestSchema,
  MemberRoleSchema,
  PositionsSchema,
  TeamListQuerySchema,
  UpdateTeamSchema,
} from '../schemas';
import {
  DateTime,
  defineRoute,
  errors,
  idParam,
  isUuid,
  json,
  jsonBody,
  jsonBodyErrors,
  NullableText,
  paged,
  signedIn,
  Uuid,
  optionalSession,
} from './contract';
import { EventRefSchema, PersonRefSchema } from './refs';

export const TeamCardSchema = z
  .strictObject({
    id: Uuid,
    name: z.string().meta({ example: 'Pixel Pioneers' }),
    description: NullableText,
    logoUrl: NullableText,
    isOpen: z.boolean().meta({ description: 'Open to new members' }),
    openPositions: z.array(z.string()).meta({ example: ['Frontend Developer', 'Designer'] }),
    memberCount: z.number().int(),
    maxSize: z
      .number()
      .int()
      .min(TEAM_SIZE_MIN)
      .max(TEAM_SIZE_MAX)
      .meta({ description: 'The most members the team takes; with that many it is full' }),
    createdAt: DateTime,
    updatedAt: DateTime.meta({ description: 'When anything shown here last changed (sync: updatedSince)' }),
    positionsSince: DateTime.meta({ description: "When the listing last changed or was said still open: the open positions' age" }),
    event: EventRefSchema.meta({ description: 'The event the team takes part in' }),
  })
  .meta({ id: 'TeamCard' });

export { isFull, isRecruiting } from '../teams';
export type TeamCard = z.infer<typeof TeamCardSchema>;

export { PersonRefSchema, type PersonRef } from './refs';

export const TeamMemberSchema = PersonRefSchema.extend({
  role: z.string().meta({ example: 'Team Leader' }),
  isLeader: z.boolean(),
}).meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof TeamMemberSchema>;

const PositionSkillsMap = z.record(z.string(), z.array(z.string())).meta({
  description: 'The skills each open position needs (position title -> skill names); positions without skills are left out',
  example: { 'Frontend Developer': ['React', 'TypeScript'] },
});

export const TeamDetailSchema = TeamCardSchema.extend({
  event: EventRefSchema.extend({
    formationDeadline: DateTime.nullable(),
    formationLocked: z.boolean().meta({ description: 'The team formation deadline has passed: who is in the team no longer changes' }),
    teamSizeMin: z.number().int(),
    teamSizeMax: z.number().int(),
  }).meta({ description: 'The event the team takes part in, and its rules for teams' }),
  positionSkills: PositionSkillsMap,
  updatedAt: DateTime,
  members: z.array(TeamMemberSchema).meta({ description: 'Leaders first, then by date joined' }),
  descriptionHidden: z.string().optional().meta({
    description: "For the team's members, when a moderator hid its description: their reason. Others read 'Hidden by a moderator'",
  }),
  viewer: z
    .strictObject({
      isMember: z.boolean(),
      isLeader: z.boolean(),
      hasPendingRequest: z.boolean(),
      pendingRequestId: Uuid.nullable().meta({ description: "The viewer's pending request to join, to cancel it" }),
    })
    .meta({ description: 'What the signed-in viewer may do here; all false for anonymous viewers' }),
}).meta({ id: 'TeamDetail' });
export type TeamDetail = z.infer<typeof TeamDetailSchema>;

import { JoinedSchema, JoinRequestViewSchema, LedTeamSchema, PendingInvitationSchema } from './team-views';
export * from './team-views';

export const TeamListSchema = paged(TeamCardSchema).meta({ id: 'TeamList' });
export type TeamList = z.infer<typeof TeamListSchema>;
const Created = z.strictObject({ id: Uuid }).meta({ id: 'Created' });
const Answered = z.strictObject({ status: z.enum(['accepted', 'declined']) }).meta({ id: 'Answered' });
const InvitationAnswered = z
  .strictObject({ status: z.enum(['accepted', 'declined']), joined: JoinedSchema.optional().meta({ description: 'On accept' }) })
  .meta({ id: 'InvitationAnswered' });

const teamId = z.object({ id: idParam('Team not found', 'The team id') });
const requestId = z.object({ id: idParam('Request not found', 'The join request id') });
const invitationId = z.object({ id: idParam('Invitation not found', 'The invitation id') });
const leaderErrors = errors(401, 403, 404);

const TEAMS = 'Teams';
const REQUESTS = 'Join requests';
const INVITATIONS = 'Invitations';

const answerRequest = <const A extends 'accept' | 'decline'>(action: A) =>
  defineRoute({
    method: 'post',
    path: `/api/join-requests/{id}/${action}`,
    tags: [REQUESTS],
    summary: action === 'accept' ? 'Accept a join request' : 'Decline a join request',
    description:
      (action === 'accept'
        ? 'The requester becomes a member with the position as role; in the same transaction their other pending requests are ' +
          "withdrawn and 'looking for a team' goes off. A full team refuses (409 'This team is full'). "
        : '') +
      "Leaders of the team only; of two answers at once exactly one wins, the other gets 409. A cancelled request: 409 'This request is no longer pending'.",
    security: signedIn,
    request: { params: requestId },
    responses: { 200: json(Answered, 'Answered'), ...errors(401, 403, 404, 409) },
  });

const answerInvitation = <const A extends 'accept' | 'decline'>(action: A) =>
  defineRoute({
    method: 'post',
    path: `/api/invitations/{id}/${action}`,
    tags: [INVITATIONS],
    summary: action === 'accept' ? 'Accept an invitation' : 'Decline an invitation',
    description:
      (action === 'accept'
        ? 'You become a member with the invited role; in the same transaction your other pending join requests are withdrawn and ' +
          "'looking for a team' goes off (`joined` says what changed). A full team refuses (409 'This team is full'). "
        : '') + "The invited person only. A withdrawn invitation: 409 'This invitation is no longer pending'.",
    security: signedIn,
    request: { params: invitationId },
    responses: { 200: json(InvitationAnswered, 'Answered'), ...errors(401, 403, 404, 409) },
  });

export const teamsApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/teams',
    tags: [TEAMS],
    summary: 'Browse teams',
    description:
      'Newest first, 24 per page. `q` searches name and description, case-insensitively; `open=true` keeps teams open to new members and not full.',
    request: { query: TeamListQuerySchema },
    responses: { 200: json(TeamListSchema, 'One page of teams and the number of all matches'), ...errors(400) },
  }),
  get: defineRoute({
    method: 'get',
    path: '/api/teams/{id}',
    security: optionalSession,
    tags: [TEAMS],
    summary: 'A team',
    description: 'The team with its members, and what the signed-in viewer may do (`viewer`).',
    request: { params: teamId },
    responses: { 200: json(TeamDetailSchema, 'The team'), ...errors(404) },
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/teams',
    tags: [TEAMS],
    summary: 'Create a team',
    description: 'The team and your membership as its leader are made together. Blank positions are dropped; at least one must remain.',
    security: signedIn,
    request: { body: jsonBody(CreateTeamSchema) },
    responses: { 201: json(Created, 'The new team'), ...errors(401, 403, 404, 409, ...jsonBodyErrors) },
  }),
  update: defineRoute({
    method: 'patch',
    path: '/api/teams/{id}',
    tags: [TEAMS],
    summary: 'Edit a team',
    description: 'Name, description, whether it is open to new members, and its maximum size (not below the members it has). Leaders only.',
    security: signedIn,
    request: { params: teamId, body: jsonBody(UpdateTeamSchema) },
    responses: { 200: json(Created, 'Saved'), ...leaderErrors, ...errors(...jsonBodyErrors) },
  }),
  setPositions: defineRoute({
    method: 'put',
    path: '/api/teams/{id}/positions',
    tags: [TEAMS],
    summary: 'Replace the open positions',
    description: 'Leaders only. Blank entries and duplicates (case-insensitive) are dropped.',
    security: signedIn,
    request: { params: teamId, body: jsonBody(PositionsSchema) },
    responses: {
      200: json(z.strictObject({ openPositions: z.array(z.string()), positionSkills: PositionSkillsMap }), 'The positions as saved'),
      ...leaderErrors,
      ...errors(...jsonBodyErrors),
    },
  }),
  positionsStillOpen: defineRoute({
    method: 'post',
    path: '/api/teams/{id}/positions/still-open',
    tags: [TEAMS],
    summary: 'Say the open positions are still open',
    description:
      "Leaders only, in one click: the positions' age starts over (positionsSince), which also answers the reminder of positions open for 14 days. 409 when the team lists no open position or takes no one.",
    security: signedIn,
    request: { params: teamId },
    responses: {
      200: json(z.strictObject({ positionsSince: DateTime }), 'Their age starts over'),
      ...leaderErrors,
      ...errors(409),
    },
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/api/teams/{id}',
    tags: [TEAMS],
    summary: 'Delete a team',
    description: 'Leaders only. Members and invitations go with it; pending join requests are cancelled; members and requesters are told.',
    security: signedIn,
    request: { params: teamId },
    responses: { 204: { description: 'Deleted' }, ...leaderErrors, ...errors(409) },
  }),
  removeMember: defineRoute({
    method: 'delete',
    path: '/api/teams/{id}/members/{profileId}',
    tags: [TEAMS],
    summary: 'Remove a member',
    description: 'Leaders only; a leader cannot be removed (403: make them a member first). The person is told.',
    security: signedIn,
    request: { params: teamId.extend({ profileId: idParam('Member not found', "The member's profile id") }) },
    responses: { 204: { description: 'Removed' }, ...leaderErrors, ...errors(409) },
  }),
  leave: defineRoute({
    method: 'post',
    path: '/api/teams/{id}/leave',
    tags: [TEAMS],
    summary: 'Leave a team',
    description:
      "A member leaves; a leader only while another leader remains (409 'Make another member leader before you leave'). The leaders are told.",
    security: signedIn,
    request: { params: teamId },
    responses: { 200: json(z.strictObject({ left: z.literal(true) }), 'Left'), ...errors(401, 404, 409) },
  }),
  setLeader: defineRoute({
    method: 'patch',
    path: '/api/teams/{id}/members/{profileId}',
    tags: [TEAMS],
    summary: 'Make a member leader, or a leader a member',
    description:
      "Leaders only. A team keeps at least one leader (409 'A team needs a leader: make another member leader first'); a leader may step down this way while another remains.",
    security: signedIn,
    request: {
      params: teamId.extend({ profileId: idParam('Member not found', "The member's profile id") }),
      body: jsonBody(MemberRoleSchema),
    },
    responses: { 200: json(z.strictObject({ isLeader: z.boolean() }), 'Saved'), ...leaderErrors, ...errors(409, ...jsonBodyErrors) },
  }),
  invitations: defineRoute({
    method: 'get',
    path: '/api/teams/{id}/invitations',
    tags: [INVITATIONS],
    summary: "A team's pending invitations",
    description: 'Leaders only; newest first.',
    security: signedIn,
    request: { params: teamId },
    responses: { 200: json(z.array(PendingInvitationSchema), 'Pending invitations'), ...leaderErrors },
  }),
  joinRequests: defineRoute({
    method: 'get',
    path: '/api/teams/{id}/join-requests',
    tags: [REQUESTS],
    summary: "A team's pending join requests",
    description: 'Leaders only; newest first.',
    security: signedIn,
    request: { params: teamId },
    responses: { 200: json(z.array(JoinRequestViewSchema), 'Pending requests'), ...leaderErrors },
  }),
  requestToJoin: defineRoute({
    method: 'post',
    path: '/api/teams/{id}/join-requests',
    tags: [REQUESTS],
    summary: 'Ask to join a team',
    description:
      "The position must be one of the team's open positions. One pending request per person and team (409); members, closed and full teams get 409. The leaders are told. " +
      "Refused with 409 when a member of the team and the asker blocked one another ('This team does not accept requests from you') and for 7 days after the team declined the asker; " +
      '403 when banned from the event; 429 past 20 requests an hour (docs/product.md#safety).',
    security: signedIn,
    request: { params: teamId, body: jsonBody(JoinRequestSchema) },
    responses: { 201: json(Created, 'The new request, pending'), ...errors(401, 403, 404, 409, 429, ...jsonBodyErrors) },
  }),
  acceptRequest: answerRequest('accept'),
  declineRequest: answerRequest('decline'),
  cancelRequest: defineRoute({
    method: 'post',
    path: '/api/join-requests/{id}/cancel',
    tags: [REQUESTS],
    summary: 'Cancel your join request',
    description:
      "The requester takes a pending request back; the leaders no longer see it. Not pending any more: 409 'This request is no longer pending'.",
    security: signedIn,
    request: { params: requestId },
    responses: { 200: json(z.strictObject({ status: z.literal('cancelled') }), 'Cancelled'), ...errors(401, 404, 409) },
  }),
  ledTeams: defineRoute({
    method: 'get',
    path: '/api/me/led-teams',
    tags: [INVITATIONS],
    summary: 'Teams you lead',
    description: 'With `candidate`, each team also says whether that person is already a member or invited.',
    security: signedIn,
    request: {
      query: z.object({
        // Anything but a profile id is ignored.
        candidate: z
          .string()
          .optional()
          .catch(undefined)
          .transform((id) => (isUuid(id) ? id.toLowerCase() : undefined))
          .meta({ type: 'string', format: 'uuid', description: 'A profile id' }),
      }),
    },
    responses: { 200: json(z.array(LedTeamSchema), 'Teams you lead, by name'), ...errors(401, 404) },
  }),
  invite: defineRoute({
    method: 'post',
    path: '/api/invitations',
    tags: [INVITATIONS],
    summary: 'Invite someone to a team you lead',
    description:
      'The person must be looking for a team and not a member, and the team must have room; one pending invitation per person and team (409). The person is told. ' +
      "A block between the person and the team, their 'who may contact me' setting, or their ban from the event all answer the same 409 " +
      "('This person does not accept invitations from you'); 409 for 7 days after they declined this team; 429 past 30 invitations an hour.",
    security: signedIn,
    request: { body: jsonBody(InvitationSchema) },
    responses: { 201: json(Created, 'The new invitation, pending'), ...errors(401, 403, 404, 409, 429, ...jsonBodyErrors) },
  }),
  acceptInvitation: answerInvitation('accept'),
  declineInvitation: answerInvitation('decline'),
  withdrawInvitation: defineRoute({
    method: 'post',
    path: '/api/invitations/{id}/withdraw',
    tags: [INVITATIONS],
    summary: 'Withdraw an invitation',
    description: "Leaders of the team take a pending invitation back; it disappears from the invitee's notifications.",
    security: signedIn,
    request: { params: invitationId },
    responses: { 200: json(z.strictObject({ status: z.literal('withdrawn') }), 'Withdrawn'), ...errors(401, 404, 409) },
  }),
};
