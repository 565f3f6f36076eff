/** Matching (docs/decisions/011-matching.md): who fits a team, and which teams need you, with the reasons. */
import { z } from 'zod';
import { AVAILABILITIES } from '../constants';
import { eventFilter } from '../schemas';
import { defineRoute, errors, idParam, json, NullableText, signedIn, Uuid } from './contract';
import { SkillBadgeSchema } from './profiles';
import { TeamCardSchema } from './teams';

const MATCHING = 'Matching';

const SUGGESTION_PAGE_MESSAGE = 'Page must be a whole number from 1 to 50';
const page = z.object({
  page: z
    .preprocess(
      (v) => (v === undefined || v === '' ? 1 : v),
      z.coerce
        .number({ message: SUGGESTION_PAGE_MESSAGE })
        .int(SUGGESTION_PAGE_MESSAGE)
        .min(1, SUGGESTION_PAGE_MESSAGE)
        .max(50, SUGGESTION_PAGE_MESSAGE),
    )
    .meta({ type: 'integer', minimum: 1, maximum: 50, default: 1, description: 'Page, from 1 (ten per page; 400 outside 1 to 50)' }),
});
const nextPage = z.number().int().nullable().meta({ description: 'The next page, or null on the last' });

const Reasons = {
  position: z.string().meta({ description: 'The open position that fits best', example: 'Backend Developer' }),
  skills: z
    .array(SkillBadgeSchema)
    .meta({ description: 'The skills the position needs that the person has, with their levels, strongest first' }),
  skillPoints: z.number().int().meta({ description: 'Advanced 3, Intermediate 2, Beginner 1 per skill in `skills`' }),
  score: z.number().meta({ description: '10 x skillPoints + availabilityPoints + timezonePoints (people) or 10 x skillPoints (teams)' }),
};

export const SuggestedPersonSchema = z
  .strictObject({
    id: Uuid,
    firstName: z.string(),
    lastName: z.string(),
    name: z.string(),
    avatarUrl: NullableText,
    availability: z.enum(AVAILABILITIES),
    timezone: NullableText,
    ...Reasons,
    availabilityPoints: z.number().int().meta({ description: 'Full Time and Flexible 2, Part Time 1, Weekends 0' }),
    hoursApart: z
      .number()
      .nullable()
      .meta({ description: "Hours between the person's time zone and the nearest member's; null when unknown" }),
    timezonePoints: z.number().int().meta({ description: 'Same time zone 3, up to 3 h apart 2, up to 6 h 1, otherwise 0' }),
  })
  .meta({ id: 'SuggestedPerson' });
export type SuggestedPerson = z.infer<typeof SuggestedPersonSchema>;

export const SuggestedTeamSchema = z.strictObject({ team: TeamCardSchema, ...Reasons }).meta({ id: 'SuggestedTeam' });
export type SuggestedTeam = z.infer<typeof SuggestedTeamSchema>;

export const matchingApi = {
  peopleForTeam: defineRoute({
    method: 'get',
    path: '/api/teams/{id}/suggestions',
    tags: [MATCHING],
    summary: 'Suggested people for a team',
    description:
      "Leaders only. People looking for a team who have skills the team's open positions need, best first, with the reasons; " +
      'members, people already invited and people who already asked are left out.',
    security: signedIn,
    request: { params: z.object({ id: idParam('Team not found', 'The team id') }), query: page },
    responses: {
      200: json(z.strictObject({ items: z.array(SuggestedPersonSchema), nextPage }), 'Ten people, best first'),
      ...errors(400, 401, 403, 404),
    },
  }),
  teamsForMe: defineRoute({
    method: 'get',
    path: '/api/me/suggested-teams',
    tags: [MATCHING],
    summary: 'Teams that need you',
    description:
      'Open teams with room whose open positions need skills you have, best first, in the events you are looking for a team in ' +
      '(or only `event`); your own teams and teams you already asked are left out.',
    security: signedIn,
    request: { query: page.extend({ event: eventFilter("Only this event's teams (its slug)") }) },
    responses: {
      200: json(z.strictObject({ items: z.array(SuggestedTeamSchema), nextPage }), 'Ten teams, best first'),
      ...errors(400, 401, 404),
    },
  }),
};
