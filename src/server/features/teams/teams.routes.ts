/**
 * The teams routes of the contract (src/shared/api/teams.ts): teams, members and open positions,
 * join requests and invitations. Each handler parses, calls one repository function, and maps its
 * outcome to an answer; the rules live in the repositories.
 */
import { eventsApi } from '../../../shared/api/events';
import { teamsApi } from '../../../shared/api/teams';
import { notFound, withProfile } from '../../api/http';
import { createRouter, guarded } from '../../api/openapi';
import { orRefuse } from '../../api/outcome';
import { leaderOnly } from './guards';
import * as invitations from './invitations.repo';
import { eventViewerOf, inEvent, ORGANIZERS } from '../events';
import * as members from './members.repo';
import * as organizer from './organizer.repo';
import * as requests from './requests.repo';
import * as list from './list.repo';
import * as repo from './teams.repo';

const answeredAs = (accept: boolean) => (accept ? ('accepted' as const) : ('declined' as const));

export const teamsRoutes = createRouter()
  .openapi(teamsApi.list, async (c) => c.json(await list.listTeams(c.var.db, c.req.valid('query'), c.var.counts), 200))
  .openapi(teamsApi.get, async (c) => {
    const team = await repo.getTeamDetail(c.var.db, c.req.valid('param').id, await eventViewerOf(c));
    if (!team) throw notFound('Team not found');
    return c.json(team, 200);
  })
  .openapi(guarded(teamsApi.create, withProfile), async (c) => {
    const { id } = orRefuse(await repo.createTeam(c.var.db, c.var.profileId, c.req.valid('json')));
    return c.json({ id }, 201);
  })
  .openapi(guarded(teamsApi.update, leaderOnly), async (c) => {
    orRefuse(await repo.updateTeam(c.var.db, c.var.team.id, c.var.profileId, c.req.valid('json')));
    return c.json({ id: c.var.team.id }, 200);
  })
  .openapi(guarded(teamsApi.setPositions, leaderOnly), async (c) => {
    const { openPositions, positionSkills } = c.req.valid('json');
    const saved = orRefuse(await repo.setOpenPositions(c.var.db, c.var.team.id, c.var.profileId, openPositions, positionSkills));
    return c.json({ openPositions, positionSkills: saved.positionSkills }, 200);
  })
  .openapi(guarded(teamsApi.positionsStillOpen, leaderOnly), async (c) => {
    const kept = orRefuse(await repo.keepPositionsOpen(c.var.db, c.var.team.id, c.var.profileId));
    return c.json({ positionsSince: kept.positionsSince }, 200);
  })
  .openapi(guarded(teamsApi.remove, leaderOnly), async (c) => {
    orRefuse(await repo.deleteTeam(c.var.db, c.var.team.id, c.var.profileId));
    return c.body(null, 204);
  })
  .openapi(guarded(teamsApi.removeMember, leaderOnly), async (c) => {
    orRefuse(await members.removeMember(c.var.db, c.var.team.id, c.req.valid('param').profileId, c.var.profileId));
    return c.body(null, 204);
  })
  .openapi(guarded(teamsApi.leave, withProfile), async (c) => {
    orRefuse(await members.leaveTeam(c.var.db, c.req.valid('param').id, c.var.profileId));
    return c.json({ left: true as const }, 200);
  })
  .openapi(guarded(teamsApi.setLeader, leaderOnly), async (c) => {
    const { isLeader } = c.req.valid('json');
    orRefuse(await members.setLeader(c.var.db, c.var.team.id, c.req.valid('param').profileId, isLeader, c.var.profileId));
    return c.json({ isLeader }, 200);
  })

  // ---------- join requests ----------
  .openapi(guarded(teamsApi.joinRequests, leaderOnly), async (c) =>
    c.json(await requests.listPendingRequests(c.var.db, c.var.team.id), 200),
  )
  .openapi(guarded(teamsApi.requestToJoin, withProfile), async (c) => {
    const { isAdmin } = await eventViewerOf(c);
    const { id } = orRefuse(await requests.requestToJoin(c.var.db, c.req.valid('param').id, c.var.profileId, c.req.valid('json'), isAdmin));
    return c.json({ id }, 201);
  })
  .openapi(guarded(teamsApi.acceptRequest, withProfile), async (c) => {
    orRefuse(await requests.answerJoinRequest(c.var.db, c.req.valid('param').id, c.var.profileId, true));
    return c.json({ status: answeredAs(true) }, 200);
  })
  .openapi(guarded(teamsApi.declineRequest, withProfile), async (c) => {
    orRefuse(await requests.answerJoinRequest(c.var.db, c.req.valid('param').id, c.var.profileId, false));
    return c.json({ status: answeredAs(false) }, 200);
  })
  .openapi(guarded(teamsApi.cancelRequest, withProfile), async (c) => {
    orRefuse(await requests.cancelJoinRequest(c.var.db, c.req.valid('param').id, c.var.profileId));
    return c.json({ status: 'cancelled' as const }, 200);
  })

  // ---------- invitations ----------
  .openapi(guarded(teamsApi.ledTeams, withProfile), async (c) =>
    c.json(await members.ledTeams(c.var.db, c.var.profileId, c.req.valid('query').candidate), 200),
  )
  .openapi(guarded(teamsApi.invitations, leaderOnly), async (c) =>
    c.json(await invitations.pendingInvitationsOf(c.var.db, c.var.team.id), 200),
  )
  .openapi(guarded(teamsApi.invite, withProfile), async (c) => {
    const { id } = orRefuse(await invitations.invite(c.var.db, c.var.profileId, c.req.valid('json')));
    return c.json({ id }, 201);
  })
  .openapi(guarded(teamsApi.acceptInvitation, withProfile), async (c) => {
    const { joined } = orRefuse(await invitations.answerInvitation(c.var.db, c.req.valid('param').id, c.var.profileId, true));
    return c.json({ status: answeredAs(true), ...(joined && { joined }) }, 200);
  })
  .openapi(guarded(teamsApi.declineInvitation, withProfile), async (c) => {
    orRefuse(await invitations.answerInvitation(c.var.db, c.req.valid('param').id, c.var.profileId, false));
    return c.json({ status: answeredAs(false) }, 200);
  })
  // ---------- organizers (docs/product.md#events) ----------
  .openapi(guarded(eventsApi.moveIn, withProfile, inEvent(ORGANIZERS)), async (c) => {
    const { profileId, role } = c.req.valid('json');
    orRefuse(await organizer.moveIn(c.var.db, c.var.event, c.req.valid('param').id, profileId, role, c.var.profileId));
    return c.body(null, 204);
  })
  .openapi(guarded(eventsApi.moveOut, withProfile, inEvent(ORGANIZERS)), async (c) => {
    const { id, profileId } = c.req.valid('param');
    orRefuse(await organizer.moveOut(c.var.db, c.var.event, id, profileId, c.var.profileId));
    return c.body(null, 204);
  })
  .openapi(guarded(teamsApi.withdrawInvitation, withProfile), async (c) => {
    orRefuse(await invitations.withdrawInvitation(c.var.db, c.req.valid('param').id, c.var.profileId));
    return c.json({ status: 'withdrawn' as const }, 200);
  });
