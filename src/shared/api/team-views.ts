/** What join requests, invitations and joining look like to the people on either side (teams.ts's routes answer them). */
import { z } from 'zod';
import { INVITATION_STATUSES, REQUEST_STATUSES } from '../constants';
import { DateTime, NullableText, Uuid } from './contract';
import { PersonRefSchema } from './refs';

export const JoinRequestViewSchema = z
  .strictObject({
    id: Uuid,
    teamId: Uuid.nullable().meta({ description: 'Null once the team was deleted (the request is then cancelled)' }),
    teamName: z.string(),
    requester: PersonRefSchema,
    position: z.string().meta({ example: 'Frontend Developer' }),
    message: z.string(),
    status: z
      .enum(REQUEST_STATUSES)
      .meta({ description: "'cancelled': taken back, withdrawn on joining another team, or the team was deleted" }),
    createdAt: DateTime,
  })
  .meta({
    id: 'JoinRequest',
    description: "A request to join a team; leaders read it as 'Position: {position}', a blank line, the message",
  });
export type JoinRequestView = z.infer<typeof JoinRequestViewSchema>;

export const InvitationViewSchema = z
  .strictObject({
    id: Uuid,
    team: z.strictObject({ id: Uuid, name: z.string(), logoUrl: NullableText }),
    role: z.string(),
    message: z.string(),
    status: z.enum(INVITATION_STATUSES),
    createdAt: DateTime,
  })
  .meta({ id: 'Invitation' });

export const PendingInvitationSchema = z
  .strictObject({ id: Uuid, invitee: PersonRefSchema, role: z.string(), message: z.string(), createdAt: DateTime })
  .meta({ id: 'PendingInvitation', description: "A team's pending invitation, as its leaders see it" });
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;

export const JoinedSchema = z
  .strictObject({
    teamId: Uuid,
    teamName: z.string(),
    withdrawnRequests: z.number().int().meta({ description: 'Your other pending join requests, now withdrawn' }),
    stoppedLooking: z.boolean().meta({ description: "Your profile no longer says 'Looking for Team' (switch it back on in Settings)" }),
  })
  .meta({ id: 'Joined', description: 'What joining a team did to the rest' });
export type Joined = z.infer<typeof JoinedSchema>;
export type InvitationView = z.infer<typeof InvitationViewSchema>;

export const LedTeamSchema = z
  .strictObject({
    id: Uuid,
    name: z.string(),
    candidateIsMember: z.boolean().optional().meta({ description: 'Only with ?candidate: that person is already in the team' }),
    candidateInvited: z
      .boolean()
      .optional()
      .meta({ description: 'Only with ?candidate: that person has a pending invitation to the team' }),
    isFull: z.boolean(),
  })
  .meta({ id: 'LedTeam', description: "A team the viewer leads, for the 'Invite to {team}' buttons" });
export type LedTeam = z.infer<typeof LedTeamSchema>;
