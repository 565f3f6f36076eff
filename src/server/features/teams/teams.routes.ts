/**
 * Teams, their members and open positions, join requests and invitations. Every rule of SPEC
 * sections 5 and 6 is enforced here; the interface only mirrors them.
 */
import { Hono } from 'hono';
import {
  CreateTeamSchema, InvitationSchema, JoinRequestSchema, PositionsSchema, TeamListQuerySchema, UpdateTeamSchema,
} from '../../../shared/schemas';
import {
  ApiError, type AppContext, type AppEnv, forbidden, getViewer, idParam, isUuid, notFound, parse, readJson, requireProfile,
} from '../../http';
import * as repo from './teams.repo';

const TEAM_NOT_FOUND = 'Team not found';

/** The team, if the signed-in viewer leads it: 401 signed out, 404 no such team, 403 not a leader. */
async function requireLeader(c: AppContext) {
  const viewer = await requireProfile(c);
  const teamId = idParam(c, 'id', TEAM_NOT_FOUND);
  const found = await repo.getTeamAndMembership(c.var.db, teamId, viewer.profileId);
  if (!found) throw notFound(TEAM_NOT_FOUND);
  if (!found.membership?.isLeader) throw forbidden('Only a team leader can do this');
  return { viewer, team: found.team };
}

function answered(outcome: repo.AnswerOutcome, notFoundMessage: string, what: string) {
  if (outcome.ok) return;
  if (outcome.reason === 'not-found') throw notFound(notFoundMessage);
  throw new ApiError(409, `This ${what} has already been ${outcome.status}`);
}

async function answerRequest(c: AppContext, accept: boolean) {
  const viewer = await requireProfile(c);
  const id = idParam(c, 'id', 'Request not found');
  answered(await repo.answerJoinRequest(c.var.db, id, viewer.profileId, accept), 'Request not found', 'request');
  return c.json({ status: accept ? 'accepted' : 'declined' });
}

async function answerInvitation(c: AppContext, accept: boolean) {
  const viewer = await requireProfile(c);
  const id = idParam(c, 'id', 'Invitation not found');
  answered(await repo.answerInvitation(c.var.db, id, viewer.profileId, accept), 'Invitation not found', 'invitation');
  return c.json({ status: accept ? 'accepted' : 'declined' });
}

export const teamsRoutes = new Hono<AppEnv>()
  .get('/teams', async (c) => {
    const query = parse(TeamListQuerySchema, c.req.query());
    return c.json(await repo.listTeams(c.var.db, query, c.var.counts));
  })
  .get('/teams/:id', async (c) => {
    const viewer = await getViewer(c);
    const teamId = idParam(c, 'id', TEAM_NOT_FOUND);
    const team = await repo.getTeamDetail(c.var.db, teamId, viewer?.profileId ?? null);
    if (!team) throw notFound(TEAM_NOT_FOUND);
    return c.json(team);
  })
  .post('/teams', async (c) => {
    const viewer = await requireProfile(c);
    const input = parse(CreateTeamSchema, await readJson(c));
    const id = await repo.createTeam(c.var.db, viewer.profileId, input);
    return c.json({ id }, 201);
  })
  .patch('/teams/:id', async (c) => {
    const { team } = await requireLeader(c);
    const input = parse(UpdateTeamSchema, await readJson(c));
    await repo.updateTeam(c.var.db, team.id, input);
    return c.json({ id: team.id });
  })
  .put('/teams/:id/positions', async (c) => {
    const { team } = await requireLeader(c);
    const { openPositions } = parse(PositionsSchema, await readJson(c));
    await repo.setOpenPositions(c.var.db, team.id, openPositions);
    return c.json({ openPositions });
  })
  .delete('/teams/:id', async (c) => {
    const { team } = await requireLeader(c);
    await repo.deleteTeam(c.var.db, team.id);
    return c.body(null, 204);
  })
  .delete('/teams/:id/members/:profileId', async (c) => {
    const { team } = await requireLeader(c);
    const profileId = idParam(c, 'profileId', 'Member not found');
    const result = await repo.removeMember(c.var.db, team.id, profileId);
    if (result === 'not-member') throw notFound('Member not found');
    if (result === 'leader') throw forbidden('A team leader cannot be removed');
    return c.body(null, 204);
  })

  // ---------- join requests ----------
  .get('/teams/:id/join-requests', async (c) => {
    const { team } = await requireLeader(c);
    return c.json(await repo.listPendingRequests(c.var.db, team.id));
  })
  .post('/teams/:id/join-requests', async (c) => {
    const viewer = await requireProfile(c);
    const teamId = idParam(c, 'id', TEAM_NOT_FOUND);
    const input = parse(JoinRequestSchema, await readJson(c));
    const found = await repo.getTeamAndMembership(c.var.db, teamId, viewer.profileId);
    if (!found) throw notFound(TEAM_NOT_FOUND);
    if (found.membership) throw new ApiError(409, 'You are already a member of this team');
    if (!found.team.isOpen) throw new ApiError(409, 'This team is not accepting new members');
    // Stored with the team's own spelling of the position.
    const position = found.team.openPositions.find((p) => p.toLowerCase() === input.position.toLowerCase());
    if (!position) {
      const message = 'This position is not open in this team';
      throw new ApiError(400, message, { position: message });
    }
    const id = await repo.createJoinRequest(c.var.db, teamId, viewer.profileId, { ...input, position });
    if (!id) throw new ApiError(409, 'You already have a pending request to join this team');
    return c.json({ id }, 201);
  })
  .post('/join-requests/:id/accept', (c) => answerRequest(c, true))
  .post('/join-requests/:id/decline', (c) => answerRequest(c, false))

  // ---------- invitations ----------
  .get('/me/led-teams', async (c) => {
    const viewer = await requireProfile(c);
    const candidate = c.req.query('candidate');
    const candidateId = isUuid(candidate) ? candidate.toLowerCase() : undefined;
    return c.json(await repo.ledTeams(c.var.db, viewer.profileId, candidateId));
  })
  .post('/invitations', async (c) => {
    const viewer = await requireProfile(c);
    const input = parse(InvitationSchema, await readJson(c));
    const found = await repo.getTeamAndMembership(c.var.db, input.teamId, viewer.profileId);
    if (!found) throw notFound(TEAM_NOT_FOUND);
    if (!found.membership?.isLeader) throw forbidden('Only a team leader can invite people');
    const target = await repo.getInviteTarget(c.var.db, input.teamId, input.profileId);
    if (!target) throw notFound('Profile not found');
    if (target.isMember) throw new ApiError(409, 'This person is already a member of this team');
    if (!target.lookingForTeam) throw new ApiError(409, 'This person is not looking for a team');
    const id = await repo.createInvitation(c.var.db, viewer.profileId, input);
    if (!id) throw new ApiError(409, 'This person already has a pending invitation to this team');
    return c.json({ id }, 201);
  })
  .post('/invitations/:id/accept', (c) => answerInvitation(c, true))
  .post('/invitations/:id/decline', (c) => answerInvitation(c, false));
