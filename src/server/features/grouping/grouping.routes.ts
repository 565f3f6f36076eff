/**
 * 'Find me a team' (src/shared/api/grouping.ts, docs/product.md#find-me-a-team): registrants opt in
 * and answer their proposal; owners and organizers run and send; staff preview.
 */
import { groupingApi } from '../../../shared/api/grouping';
import { withProfile } from '../../api/http';
import { createRouter, guarded } from '../../api/openapi';
import { orRefuse } from '../../api/outcome';
import { inEvent, ORGANIZERS, STAFF } from '../events';
import { leaderOnly, memberOnly } from '../teams';
import { answer, myProposal } from './answers.repo';
import { optIn, optInOf, optOut, setTeamOptIn, teamOptInOf } from './optins.repo';
import { latestRun, queueRun, sendRun } from './runs.repo';

export const groupingRoutes = createRouter()
  .openapi(guarded(groupingApi.mine, withProfile, inEvent()), async (c) => {
    const { db, event, profileId } = c.var;
    return c.json({ optedIn: await optInOf(db, event.id, profileId), proposal: await myProposal(db, event.id, profileId) }, 200);
  })
  .openapi(guarded(groupingApi.optIn, withProfile, inEvent()), async (c) => {
    const { db, event, profileId } = c.var;
    orRefuse(await optIn(db, event, profileId, c.req.valid('json')));
    return c.json({ optedIn: await optInOf(db, event.id, profileId), proposal: await myProposal(db, event.id, profileId) }, 200);
  })
  .openapi(guarded(groupingApi.optOut, withProfile, inEvent()), async (c) => {
    await optOut(c.var.db, c.var.event.id, c.var.profileId);
    return c.body(null, 204);
  })
  .openapi(guarded(groupingApi.answer, withProfile), async (c) => {
    const { proposal } = orRefuse(await answer(c.var.db, c.req.valid('param').id, c.var.profileId, c.req.valid('json').accept));
    return c.json(proposal, 200);
  })
  .openapi(guarded(groupingApi.teamState, memberOnly), async (c) => c.json({ wanted: await teamOptInOf(c.var.db, c.var.team.id) }, 200))
  .openapi(guarded(groupingApi.teamOptIn, leaderOnly), async (c) => {
    const { wanted } = c.req.valid('json');
    orRefuse(await setTeamOptIn(c.var.db, c.var.team, wanted));
    return c.json({ wanted }, 200);
  })
  .openapi(guarded(groupingApi.run, inEvent(ORGANIZERS)), async (c) => {
    const { db, event, eventViewer } = c.var;
    const { id } = orRefuse(await queueRun(db, event, eventViewer.profileId!));
    return c.json((await latestRun(db, event, id))!, 202);
  })
  .openapi(guarded(groupingApi.latest, inEvent(STAFF)), async (c) => c.json({ run: await latestRun(c.var.db, c.var.event) }, 200))
  .openapi(guarded(groupingApi.send, inEvent(ORGANIZERS)), async (c) => {
    const { db, event } = c.var;
    const { id } = c.req.valid('param');
    orRefuse(await sendRun(db, event, id));
    return c.json((await latestRun(db, event, id))!, 200);
  });
