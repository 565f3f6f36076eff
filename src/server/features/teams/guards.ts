/**
 * Who may act on the team in the path, answered before any input is read: 404 no such team, 403
 * not a leader. An early answer only: every write checks again under the team's lock
 * (lockLedTeam), since a leader may be demoted between this check and the write.
 */
import { isUuid } from '../../../shared/api/contract';
import { createMiddleware } from 'hono/factory';
import { forbidden, notFound, requireProfile, type ProfileEnv } from '../../api/http';
import type { Db } from '../../db/client';
import type { Team } from '../../db/schema';
import { eventViewerOf } from '../events';
import { getTeamAndMembership } from './teams.repo';
import { unlistedFor } from './visibility';

type Found = { team: Team; membership: { isLeader: boolean } | null };
export type LeaderEnv<F extends Found = Found> = ProfileEnv & { Variables: { team: Team; found: F } };

/**
 * The team in the path, if `mayAct` admits the viewer's membership (else 403 `refusal`): 404 for no such
 * team, and for one of an event they may not see (visibility.ts). `load` reads the team with the
 * viewer's membership, and whatever else the route needs in the same statement (`c.var.found`).
 */
const teamInPath = <F extends Found>(
  load: (db: Db, teamId: string, profileId: string) => Promise<F | null>,
  mayAct: (membership: Found['membership']) => boolean,
  refusal: string,
) =>
  createMiddleware<LeaderEnv<F>>(async (c, next) => {
    const { profileId } = await requireProfile(c);
    c.set('profileId', profileId);
    const teamId = c.req.param('id')?.toLowerCase() ?? '';
    const found = isUuid(teamId) ? await load(c.var.db, teamId, profileId) : null;
    if (!found || (!found.membership && (await unlistedFor(c.var.db, found.team.eventId, await eventViewerOf(c)))))
      throw notFound('Team not found');
    if (!mayAct(found.membership)) throw forbidden(refusal);
    c.set('team', found.team);
    c.set('found', found);
    await next();
  });

/** The team in the path, if the viewer leads it (`load`: see teamInPath). */
export const leaderOf = <F extends Found>(load: (db: Db, teamId: string, profileId: string) => Promise<F | null>) =>
  teamInPath(load, (m) => m?.isLeader === true, 'Only a team leader can do this');

export const leaderOnly = leaderOf(getTeamAndMembership);

/** The team in the path, if the viewer is one of its members (404 no such team, 403 not a member). */
export const memberOnly = teamInPath(getTeamAndMembership, (m) => m !== null, "Only the team's members can see this");
