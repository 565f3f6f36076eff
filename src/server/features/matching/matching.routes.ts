/**
 * The matching routes of the contract (src/shared/api/matching.ts, docs/decisions/011-matching.md):
 * people for a team's open positions (its leaders), and teams that need the signed-in person.
 */
import { matchingApi } from '../../../shared/api/matching';
import { isRecruiting } from '../../../shared/api/teams';
import { skillsOfPosition } from '../../../shared/matching';
import { withProfile } from '../../api/http';
import { createRouter, guarded } from '../../api/openapi';
import { leaderOf, personForSuggestions, teamForSuggestions } from '../teams';
import { eventFactsById, listedEventIdBySlug } from '../events';

/** Suggestions come ten at a time. */
const SUGGESTIONS_PAGE = 10;

/** A team's leaders only, with who its suggestions leave out (c.var.found). */
const leaderForSuggestions = leaderOf(teamForSuggestions);

/** The page's slice of a ranking asked for one more than the page ends at, and whether there is a next one. */
function pageOf<T>(ranked: T[], page: number) {
  return {
    items: ranked.slice((page - 1) * SUGGESTIONS_PAGE, page * SUGGESTIONS_PAGE),
    nextPage: ranked.length > page * SUGGESTIONS_PAGE ? page + 1 : null,
  };
}

export const matchingRoutes = createRouter()
  .openapi(guarded(matchingApi.peopleForTeam, leaderForSuggestions), async (c) => {
    const { team, exclude, memberHours, formationLocked } = c.var.found;
    const { page } = c.req.valid('query');
    // A team that takes nobody (closed, full, locked by its event's formation deadline, or in an event
    // an admin hid, where no one acts) is offered nobody.
    if (!isRecruiting(team) || formationLocked || !(await eventFactsById(c.var.db, team.eventId))?.listed) {
      return c.json({ items: [], nextPage: null }, 200);
    }
    const positions = team.openPositions
      .map((title) => ({ title, skills: skillsOfPosition(team.positionSkills, title) }))
      .filter((p) => p.skills.length);
    const ranked = await c.var.matching.rankPeople({
      eventId: team.eventId,
      positions,
      exclude,
      memberHours,
      wanted: page * SUGGESTIONS_PAGE + 1,
    });
    const { items, nextPage } = pageOf(ranked, page);
    return c.json(
      {
        items: items.map(({ person, ...reasons }) => ({
          id: person.id,
          firstName: person.firstName,
          lastName: person.lastName,
          name: person.name,
          avatarUrl: person.avatarUrl,
          availability: person.availability,
          timezone: person.timezone,
          ...reasons,
        })),
        nextPage,
      },
      200,
    );
  })
  .openapi(guarded(matchingApi.teamsForMe, withProfile), async (c) => {
    const { page, event } = c.req.valid('query');
    const { skills, exclude, eventIds } = (await personForSuggestions(c.var.db, c.var.profileId)) ?? {
      skills: [],
      exclude: new Set<string>(),
      eventIds: [],
    };
    // One event (the teams list's filter): of the events the person looks in, that one only.
    const only = event ? await listedEventIdBySlug(c.var.db, event) : undefined;
    const ranked = await c.var.matching.rankTeams({
      eventIds: only === undefined ? eventIds : eventIds.filter((id) => id === only),
      skills,
      exclude,
      wanted: page * SUGGESTIONS_PAGE + 1,
    });
    // The index holds each team's card as of the ranking's marker: a team that closed or filled up since is gone from it.
    return c.json(pageOf(ranked, page), 200);
  });
