/**
 * The teams routes of the contract (src/shared/api/teams.ts): teams, members and open positions,
 * join requests and invitations. Every rule is enforced here; the interface only mirrors them.
 */
import { createMiddleware } from 'hono/factory';
import { isUuid } from '../../../shared/api/contract';
import { matchingApi } from '../../../shared/api/matching';
import { isRecruiting, teamsApi } from '../../../shared/api/teams';
import type { Db } from '../../db/client';
import type { Team } from '../../db/schema';
import { ApiError, type AppContext, type AppEnv, forbidden, getViewer, notFound, requireProfile } from '../../api/http';
import { createRouter, guarded } from '../../api/openapi';
import * as requests from './requests.repo';
import * as repo from './teams.repo';

const TEAM_NOT_FOUND = 'Team not found';
const TEAM_FULL = 'This team is full';
/** Suggestions come ten at a time. */
const SUGGESTIONS_PAGE = 10;

type Found = { team: Team; membership: { isLeader: boolean } | null };

/**
 * The team in the path, if the viewer leads it: 404 no such team, 403 not a leader. `load` reads
 * the team with the viewer's membership, and whatever else the route needs in the same statement
 * (`c.var.found`).
 */
const leaderOf = <F extends Found>(load: (db: Db, teamId: string, profileId: string) => Promise<F | null>) =>
  createMiddleware<AppEnv & { Variables: { team: Team; found: F } }>(async (c, next) => {
    const viewer = await requireProfile(c);
    const teamId = c.req.param('id')?.toLowerCase() ?? '';
    const found = isUuid(teamId) ? await load(c.var.db, teamId, viewer.profileId) : null;
    if (!found) throw notFound(TEAM_NOT_FOUND);
    if (!found.membership?.isLeader) throw forbidden('Only a team leader can do this');
    c.set('team', found.team);
    c.set('found', found);
    await next();
  });
const leaderOnly = leaderOf(repo.getTeamAndMembership);
/** As leaderOnly, with who the team's suggestions leave out (c.var.found). */
const leaderForSuggestions = leaderOf(repo.teamForSuggestions);

/** A signed-in viewer with a profile: what every product write needs (404 'User profile not found'). */
const withProfile = createMiddleware<AppEnv>(async (c, next) => {
  await requireProfile(c);
  await next();
});

/** The status and message of an answer that changed nothing. */
function refused(outcome: Exclude<requests.AnswerOutcome, { ok: true }>, what: 'request' | 'invitation'): never {
  switch (outcome.reason) {
    case 'not-found':
      throw notFound(what === 'request' ? 'Request not found' : 'Invitation not found');
    case 'full':
      throw new ApiError(409, TEAM_FULL);
    case 'no-longer-pending':
      throw new ApiError(409, `This ${what} is no longer pending`);
    case 'answered':
      throw new ApiError(409, `This ${what} has already been ${outcome.status}`);
  }
}

const answeredAs = (accept: boolean) => (accept ? ('accepted' as const) : ('declined' as const));
const pathId = (c: AppContext) => (c.req.param('id') ?? '').toLowerCase();

/** Accepts or declines a join request (its team's leaders). */
async function answerRequest(c: AppContext, accept: boolean) {
  const viewer = await requireProfile(c);
  const outcome = await requests.answerJoinRequest(c.var.db, pathId(c), viewer.profileId, accept);
  if (!outcome.ok) refused(outcome, 'request');
  return { status: answeredAs(accept) };
}

/** Accepts or declines an invitation (the invited person); an accept says what joining changed. */
async function answerInvitation(c: AppContext, accept: boolean) {
  const viewer = await requireProfile(c);
  const outcome = await requests.answerInvitation(c.var.db, pathId(c), viewer.profileId, accept);
  if (!outcome.ok) refused(outcome, 'invitation');
  return { status: answeredAs(accept), ...(outcome.joined && { joined: outcome.joined }) };
}

/** What a leadership change or leaving could not do, as the API says it. */
function memberChangeRefused(result: repo.MemberChange) {
  if (result === 'not-member') throw notFound('Member not found');
  if (result === 'leader') throw forbidden('A team leader cannot be removed');
  if (result === 'not-leader') throw forbidden('Only a team leader can do this');
}

export const teamsRoutes = createRouter()
  .openapi(teamsApi.list, async (c) => c.json(await repo.listTeams(c.var.db, c.req.valid('query'), c.var.counts), 200))
  .openapi(teamsApi.get, async (c) => {
    const viewer = await getViewer(c);
    const team = await repo.getTeamDetail(c.var.db, c.req.valid('param').id, viewer?.profileId ?? null);
    if (!team) throw notFound(TEAM_NOT_FOUND);
    return c.json(team, 200);
  })
  .openapi(guarded(teamsApi.create, withProfile), async (c) => {
    const viewer = await requireProfile(c);
    const id = await repo.createTeam(c.var.db, viewer.profileId, c.req.valid('json'));
    return c.json({ id }, 201);
  })
  .openapi(guarded(teamsApi.update, leaderOnly), async (c) => {
    const { team } = c.var;
    const result = await repo.updateTeam(c.var.db, team.id, c.req.valid('json'));
    if (!result.ok) {
      const message = `The team has ${result.memberCount} members: its size cannot be smaller`;
      throw new ApiError(400, message, { maxSize: message });
    }
    return c.json({ id: team.id }, 200);
  })
  .openapi(guarded(teamsApi.setPositions, leaderOnly), async (c) => {
    const { openPositions, positionSkills } = c.req.valid('json');
    const saved = await repo.setOpenPositions(c.var.db, c.var.team.id, openPositions, positionSkills);
    return c.json({ openPositions, positionSkills: saved }, 200);
  })
  .openapi(guarded(teamsApi.remove, leaderOnly), async (c) => {
    const viewer = await requireProfile(c);
    await repo.deleteTeam(c.var.db, c.var.team.id, viewer.profileId);
    return c.body(null, 204);
  })
  .openapi(guarded(teamsApi.removeMember, leaderOnly), async (c) => {
    const viewer = await requireProfile(c);
    const result = await repo.removeMember(c.var.db, c.var.team.id, c.req.valid('param').profileId, viewer.profileId);
    memberChangeRefused(result);
    return c.body(null, 204);
  })
  .openapi(guarded(teamsApi.leave, withProfile), async (c) => {
    const viewer = await requireProfile(c);
    const result = await repo.leaveTeam(c.var.db, c.req.valid('param').id, viewer.profileId);
    if (result === 'not-member') throw notFound('You are not a member of this team');
    if (result === 'last-leader') throw new ApiError(409, 'Make another member leader before you leave');
    return c.json({ left: true as const }, 200);
  })
  .openapi(guarded(teamsApi.setLeader, leaderOnly), async (c) => {
    const viewer = await requireProfile(c);
    const { isLeader } = c.req.valid('json');
    const result = await repo.setLeader(c.var.db, c.var.team.id, c.req.valid('param').profileId, isLeader, viewer.profileId);
    memberChangeRefused(result);
    if (result === 'last-leader') throw new ApiError(409, 'A team needs a leader: make another member leader first');
    return c.json({ isLeader }, 200);
  })

  // ---------- join requests ----------
  .openapi(guarded(teamsApi.joinRequests, leaderOnly), async (c) =>
    c.json(await requests.listPendingRequests(c.var.db, c.var.team.id), 200),
  )
  .openapi(guarded(teamsApi.requestToJoin, withProfile), async (c) => {
    const viewer = await requireProfile(c);
    const input = c.req.valid('json');
    const found = await repo.getTeamAndMembership(c.var.db, c.req.valid('param').id, viewer.profileId);
    if (!found) throw notFound(TEAM_NOT_FOUND);
    const { team } = found;
    if (found.membership) throw new ApiError(409, 'You are already a member of this team');
    if (!team.isOpen) throw new ApiError(409, 'This team is not accepting new members');
    if (!repo.hasRoom(team)) throw new ApiError(409, TEAM_FULL);
    // Stored with the team's own spelling of the position.
    const position = team.openPositions.find((p) => p.toLowerCase() === input.position.toLowerCase());
    if (!position) {
      const message = 'This position is not open in this team';
      throw new ApiError(400, message, { position: message });
    }
    const id = await requests.createJoinRequest(c.var.db, team, viewer.profileId, { ...input, position });
    if (!id) throw new ApiError(409, 'You already have a pending request to join this team');
    return c.json({ id }, 201);
  })
  .openapi(guarded(teamsApi.acceptRequest, withProfile), async (c) => c.json(await answerRequest(c, true), 200))
  .openapi(guarded(teamsApi.declineRequest, withProfile), async (c) => c.json(await answerRequest(c, false), 200))
  .openapi(guarded(teamsApi.cancelRequest, withProfile), async (c) => {
    const viewer = await requireProfile(c);
    const outcome = await requests.cancelJoinRequest(c.var.db, c.req.valid('param').id, viewer.profileId);
    if (!outcome.ok) refused(outcome, 'request');
    return c.json({ status: 'cancelled' as const }, 200);
  })

  // ---------- invitations ----------
  .openapi(guarded(teamsApi.ledTeams, withProfile), async (c) => {
    const viewer = await requireProfile(c);
    return c.json(await repo.ledTeams(c.var.db, viewer.profileId, c.req.valid('query').candidate), 200);
  })
  .openapi(guarded(teamsApi.invitations, leaderOnly), async (c) =>
    c.json(await requests.pendingInvitationsOf(c.var.db, c.var.team.id), 200),
  )
  .openapi(guarded(teamsApi.invite, withProfile), async (c) => {
    const viewer = await requireProfile(c);
    const input = c.req.valid('json');
    const found = await repo.getTeamAndMembership(c.var.db, input.teamId, viewer.profileId);
    if (!found) throw notFound(TEAM_NOT_FOUND);
    if (!found.membership?.isLeader) throw forbidden('Only a team leader can invite people');
    const target = await requests.getInviteTarget(c.var.db, input.teamId, input.profileId);
    if (!target) throw notFound('Profile not found');
    if (target.isMember) throw new ApiError(409, 'This person is already a member of this team');
    if (!target.lookingForTeam) throw new ApiError(409, 'This person is not looking for a team');
    if (!repo.hasRoom(found.team)) throw new ApiError(409, TEAM_FULL);
    const id = await requests.createInvitation(c.var.db, found.team, viewer.profileId, input);
    if (!id) throw new ApiError(409, 'This person already has a pending invitation to this team');
    return c.json({ id }, 201);
  })
  .openapi(guarded(teamsApi.acceptInvitation, withProfile), async (c) => c.json(await answerInvitation(c, true), 200))
  .openapi(guarded(teamsApi.declineInvitation, withProfile), async (c) => c.json(await answerInvitation(c, false), 200))
  .openapi(guarded(teamsApi.withdrawInvitation, withProfile), async (c) => {
    const viewer = await requireProfile(c);
    const outcome = await requests.withdrawInvitation(c.var.db, c.req.valid('param').id, viewer.profileId);
    if (!outcome.ok) refused(outcome, 'invitation');
    return c.json({ status: 'withdrawn' as const }, 200);
  })

  // ---------- matching (docs/decisions/011-matching.md) ----------
  .openapi(guarded(matchingApi.peopleForTeam, leaderForSuggestions), async (c) => {
    const { team, exclude, memberHours } = c.var.found;
    const { page } = c.req.valid('query');
    // A team that takes nobody (closed, or full) is offered nobody.
    if (!isRecruiting(team)) return c.json({ items: [], nextPage: null }, 200);
    const positions = team.openPositions
      .filter((title) => team.positionSkills[title]?.length)
      .map((title) => ({ title, skills: team.positionSkills[title] }));
    const ranked = await c.var.matching.rankPeople({ positions, exclude, memberHours, wanted: page * SUGGESTIONS_PAGE + 1 });
    const items = ranked.slice((page - 1) * SUGGESTIONS_PAGE, page * SUGGESTIONS_PAGE).map(({ person, ...reasons }) => ({
      id: person.id,
      firstName: person.firstName,
      lastName: person.lastName,
      name: person.name,
      avatarUrl: person.avatarUrl,
      availability: person.availability,
      timezone: person.timezone,
      ...reasons,
    }));
    return c.json({ items, nextPage: ranked.length > page * SUGGESTIONS_PAGE ? page + 1 : null }, 200);
  })
  .openapi(guarded(matchingApi.teamsForMe, withProfile), async (c) => {
    const viewer = await requireProfile(c);
    const { page } = c.req.valid('query');
    const { skills, exclude } = (await repo.personForSuggestions(c.var.db, viewer.profileId)) ?? { skills: [], exclude: new Set<string>() };
    const ranked = await c.var.matching.rankTeams({ skills, exclude, wanted: page * SUGGESTIONS_PAGE + 1 });
    // The index holds each team's card as of the ranking's marker: a team that closed or filled up since is gone from it.
    const items = ranked.slice((page - 1) * SUGGESTIONS_PAGE, page * SUGGESTIONS_PAGE);
    return c.json({ items, nextPage: ranked.length > page * SUGGESTIONS_PAGE ? page + 1 : null }, 200);
  });
