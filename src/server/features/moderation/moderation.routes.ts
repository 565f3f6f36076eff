/**
 * The safety and moderation routes of the contract (src/shared/api/moderation.ts): a person's
 * blocks and contact setting, reports, and the moderation queues with their actions.
 */
import { moderationApi } from '../../../shared/api/moderation';
import { withProfile } from '../../api/http';
import { createRouter, guarded } from '../../api/openapi';
import { orRefuse } from '../../api/outcome';
import { eventViewerOf, inEvent } from '../events';
import { block, blockedBy, contactSettingOf, setContactSetting, unblock } from '../safety';
import { withdrawBetween } from '../teams';
import { adminOnly, moderatesEvent } from './guards';
import { act, report } from './moderate';
import { queueOf } from './queue';

export const moderationRoutes = createRouter()
  .openapi(guarded(moderationApi.blocks, withProfile), async (c) => c.json(await blockedBy(c.var.db, c.var.profileId), 200))
  .openapi(guarded(moderationApi.block, withProfile), async (c) => {
    const other = c.req.valid('param').profileId;
    orRefuse(await block(c.var.db, c.var.profileId, other));
    // Pending requests and invitations between the two are withdrawn; no one is told.
    await withdrawBetween(c.var.db, c.var.profileId, other);
    return c.json({ done: true as const }, 200);
  })
  .openapi(guarded(moderationApi.unblock, withProfile), async (c) => {
    await unblock(c.var.db, c.var.profileId, c.req.valid('param').profileId);
    return c.body(null, 204);
  })
  .openapi(guarded(moderationApi.contactSetting, withProfile), async (c) =>
    c.json({ whoMayContact: await contactSettingOf(c.var.db, c.var.profileId) }, 200),
  )
  .openapi(guarded(moderationApi.setContactSetting, withProfile), async (c) => {
    const { whoMayContact } = c.req.valid('json');
    await setContactSetting(c.var.db, c.var.profileId, whoMayContact);
    return c.json({ whoMayContact }, 200);
  })
  .openapi(guarded(moderationApi.report, withProfile), async (c) => {
    orRefuse(await report(c.var.db, { profileId: c.var.profileId, isAdmin: (await eventViewerOf(c)).isAdmin }, c.req.valid('json')));
    return c.json({ received: true as const }, 201);
  })
  .openapi(guarded(moderationApi.queue, withProfile, inEvent(), moderatesEvent), async (c) => {
    const { db, event, eventRole, eventViewer } = c.var;
    return c.json(await queueOf(db, event.id, eventRole === 'owner' || eventViewer.isAdmin), 200);
  })
  .openapi(guarded(moderationApi.act, withProfile, inEvent(), moderatesEvent), async (c) => {
    const { db, event, eventViewer } = c.var;
    orRefuse(await act(db, { event, isAdmin: eventViewer.isAdmin }, c.var.profileId, c.req.valid('json')));
    return c.json({ done: true as const }, 200);
  })
  .openapi(guarded(moderationApi.platformQueue, withProfile, adminOnly), async (c) => c.json(await queueOf(c.var.db, null, true), 200))
  .openapi(guarded(moderationApi.platformAct, withProfile, adminOnly), async (c) => {
    orRefuse(await act(c.var.db, { event: null, isAdmin: true }, c.var.profileId, c.req.valid('json')));
    return c.json({ done: true as const }, 200);
  });
