/**
 * 'Find me a team' (issue 32, docs/product.md#find-me-a-team): registrants without a team opt in to
 * be grouped; staff run the grouping, preview the proposed groups with their quality terms and send
 * them; each member sees their group's reasons and trade-off and accepts or declines. A group
 * becomes a team when enough accept; nobody is put in a team without accepting.
 */
import { z } from 'zod';
import { DateTime, defineRoute, errors, idParam, json, jsonBody, jsonBodyErrors, signedIn, Uuid } from './contract';
import { PersonRefSchema } from './refs';

const GROUPING = 'Grouping';

export const GROUPING_ROLES = ['build', 'data', 'design', 'product', 'hardware'] as const;
export type GroupingRole = (typeof GROUPING_ROLES)[number];
export const GROUPING_ROLE_LABELS: Record<GroupingRole, string> = {
  build: 'Build (front or back end)',
  data: 'Data / ML',
  design: 'Design',
  product: 'Product / pitch',
  hardware: 'Hardware',
};
/** Hours a member has to answer a proposal; after that they are back in the pool. */
export const ANSWER_HOURS = 48;
/** Waking hours a day a group should share at least: fewer is a trade-off its members and the desk are told of. */
export const MIN_SHARED_HOURS = 4;
export const MAX_NOT_WITH = 50;
/** The most members a team asks grouping for at once. */
export const MAX_TEAM_WANTED = 9;

export const TeamGroupingSchema = z
  .strictObject({ wanted: z.number().int().meta({ description: 'How many more members the team asks grouping for; 0: none' }) })
  .meta({ id: 'TeamGrouping' });

const eventParam = z.object({
  slug: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,100}$/, 'Event not found')
    .meta({ description: "The event's address", example: 'spring-hack-2027' }),
});
const runParam = eventParam.extend({ id: idParam('Run not found', 'The run') });
const groupParam = z.object({ id: idParam('Proposal not found', 'The proposed group') });

export const OptInSchema = z
  .strictObject({
    role: z.enum(GROUPING_ROLES, { message: 'Choose a role' }).meta({ description: 'What you want to do in a team' }),
    notWith: z
      .array(Uuid.regex(/^[0-9a-fA-F-]{36}$/, 'Not a person'))
      .max(MAX_NOT_WITH, `At most ${MAX_NOT_WITH} people`)
      .default([])
      .meta({ description: 'Profile ids of people you do not want to be grouped with' }),
  })
  .meta({ id: 'GroupingOptIn' });

const AnswerSchema = z.enum(['pending', 'accepted', 'declined', 'expired']);

export const ProposalSchema = z
  .strictObject({
    groupId: Uuid,
    expiresAt: DateTime.nullable(),
    members: z.array(z.strictObject({ person: PersonRefSchema, role: z.enum(GROUPING_ROLES), answer: AnswerSchema, you: z.boolean() })),
    fillsTeam: z.strictObject({ id: Uuid, name: z.string() }).nullable().meta({ description: 'The partial team this group joins' }),
    reasons: z.array(z.string()).meta({ description: 'Why this group, each checkable against the profiles' }),
    tradeOff: z.string(),
    yourAnswer: AnswerSchema,
    teamId: Uuid.nullable().meta({ description: 'The team the group became (or fills), once it did' }),
    teamGone: z.boolean().meta({ description: 'Its team (the one it fills, or became) was deleted: the proposal ended, no one joins it' }),
  })
  .meta({ id: 'GroupProposal' });
export type Proposal = z.infer<typeof ProposalSchema>;

export const MyGroupingSchema = z
  .strictObject({
    optedIn: z.strictObject({ role: z.enum(GROUPING_ROLES), notWith: z.array(PersonRefSchema) }).nullable(),
    proposal: z.union([ProposalSchema, z.null()]),
  })
  .meta({ id: 'MyGrouping' });
export type MyGrouping = z.infer<typeof MyGroupingSchema>;

const TermsSchema = z.strictObject({
  size: z.number().int(),
  distinctRoles: z.number().int(),
  hasBuilder: z.boolean(),
  sharedHours: z.number().int(),
  availabilitySpread: z.number().int(),
  allBeginners: z.boolean(),
  forbiddenPairs: z.number().int(),
});
export const TotalsSchema = z
  .strictObject({
    people: z.number().int(),
    placed: z.number().int(),
    groups: z.number().int(),
    coverage: z.number(),
    withoutBuilder: z.number().int(),
    sharedHours: z.number().meta({ description: 'Share of groups with at least 4 waking hours in common' }),
    availabilityWithinStep: z.number(),
    allBeginners: z.number().int(),
    violations: z.number().int(),
    ms: z.number().int(),
  })
  .meta({ id: 'GroupingTotals' });

export const RunSchema = z
  .strictObject({
    id: Uuid,
    status: z.enum(['queued', 'running', 'preview', 'sent', 'discarded']),
    createdAt: DateTime,
    sentAt: DateTime.nullable(),
    optedIn: z.number().int().meta({ description: 'People in the pool now' }),
    totals: TotalsSchema.nullable(),
    groups: z.array(
      z.strictObject({
        id: Uuid,
        fillsTeam: z.strictObject({ id: Uuid, name: z.string() }).nullable(),
        members: z.array(z.strictObject({ person: PersonRefSchema, role: z.enum(GROUPING_ROLES), answer: AnswerSchema })),
        terms: TermsSchema,
        reasons: z.array(z.string()),
        tradeOff: z.string(),
        teamId: Uuid.nullable(),
      }),
    ),
  })
  .meta({ id: 'GroupingRun' });
export type GroupingRun = z.infer<typeof RunSchema>;

export const groupingApi = {
  mine: defineRoute({
    method: 'get',
    path: '/api/events/{slug}/grouping/me',
    tags: [GROUPING],
    summary: 'Your grouping: whether you opted in, and your proposed group',
    security: signedIn,
    request: { params: eventParam },
    responses: { 200: json(MyGroupingSchema, 'Your grouping'), ...errors(401, 404) },
  }),
  optIn: defineRoute({
    method: 'put',
    path: '/api/events/{slug}/grouping/me',
    tags: [GROUPING],
    summary: "Find me a team: opt in to grouping (registrants without a team), or change your role and 'not with' list",
    security: signedIn,
    request: { params: eventParam, body: jsonBody(OptInSchema) },
    responses: { 200: json(MyGroupingSchema, 'Opted in'), ...errors(401, 403, 404, 409, ...jsonBodyErrors) },
  }),
  optOut: defineRoute({
    method: 'delete',
    path: '/api/events/{slug}/grouping/me',
    tags: [GROUPING],
    summary: 'Stop looking through grouping',
    security: signedIn,
    request: { params: eventParam },
    responses: { 204: { description: 'Opted out' }, ...errors(401, 404) },
  }),
  answer: defineRoute({
    method: 'post',
    path: '/api/grouping/groups/{id}/answer',
    tags: [GROUPING],
    summary: 'Accept or decline your proposed group',
    description: 'When enough members accept (the event minimum, at least 2), the group becomes a team led by one of them.',
    security: signedIn,
    request: { params: groupParam, body: jsonBody(z.strictObject({ accept: z.boolean() })) },
    responses: { 200: json(ProposalSchema, 'Answered'), ...errors(401, 404, 409, ...jsonBodyErrors) },
  }),
  teamState: defineRoute({
    method: 'get',
    path: '/api/teams/{id}/grouping',
    tags: [GROUPING],
    summary: "Whether the team asks for members through grouping, and how many (the team's members)",
    security: signedIn,
    request: { params: z.object({ id: idParam('Team not found', 'The team') }) },
    responses: { 200: json(TeamGroupingSchema, 'How many more members the team asked for; 0: it does not'), ...errors(401, 403, 404) },
  }),
  teamOptIn: defineRoute({
    method: 'put',
    path: '/api/teams/{id}/grouping',
    tags: [GROUPING],
    summary: "Ask for members through grouping (a team's leaders): how many more; 0 stops",
    description:
      "The team is filled first in the next run, kept whole; only people who accept join it. 409 once the event's teams are locked (its formation deadline passed).",
    security: signedIn,
    request: {
      params: z.object({ id: idParam('Team not found', 'The team') }),
      body: jsonBody(z.strictObject({ wanted: z.number({ message: 'Say how many people' }).int().min(0).max(MAX_TEAM_WANTED) })),
    },
    responses: { 200: json(TeamGroupingSchema, 'Saved'), ...errors(401, 403, 404, 409, ...jsonBodyErrors) },
  }),
  run: defineRoute({
    method: 'post',
    path: '/api/events/{slug}/grouping/runs',
    tags: [GROUPING],
    summary: 'Run the grouping (owners and organizers)',
    description: 'Queued as one job per event (one at a time, across instances); the preview appears when it is done.',
    security: signedIn,
    request: { params: eventParam },
    responses: { 202: json(RunSchema, 'Queued'), ...errors(401, 403, 404, 409) },
  }),
  latest: defineRoute({
    method: 'get',
    path: '/api/events/{slug}/grouping/runs/latest',
    tags: [GROUPING],
    summary: 'The latest grouping run with its groups, quality terms and totals (staff)',
    security: signedIn,
    request: { params: eventParam },
    responses: {
      200: json(z.strictObject({ run: z.union([RunSchema, z.null()]) }), 'The latest run, or null when none'),
      ...errors(401, 403, 404),
    },
  }),
  send: defineRoute({
    method: 'post',
    path: '/api/events/{slug}/grouping/runs/{id}/send',
    tags: [GROUPING],
    summary: 'Send the previewed groups to their members (owners and organizers)',
    security: signedIn,
    request: { params: runParam },
    responses: { 200: json(RunSchema, 'Sent'), ...errors(401, 403, 404, 409) },
  }),
};
