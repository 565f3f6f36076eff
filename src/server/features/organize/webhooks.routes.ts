/**
 * An event's webhooks (src/shared/api/webhooks.ts, docs/product.md#webhooks): owners and organizers
 * register, change, delete and redeliver; the rows and their queue belong to the webhooks feature.
 */
import { webhooksApi } from '../../../shared/api/webhooks';
import { createRouter, guarded } from '../../api/openapi';
import { orRefuse, refused } from '../../api/outcome';
import { inEvent, ORGANIZERS } from '../events';
import { checkWebhookUrl, createWebhook, deleteWebhook, redeliver, updateWebhook, webhooksOf } from '../webhooks';

export const webhooksRoutes = createRouter()
  .openapi(guarded(webhooksApi.list, inEvent(ORGANIZERS)), async (c) => c.json(await webhooksOf(c.var.db, c.var.event.id), 200))
  .openapi(guarded(webhooksApi.create, inEvent(ORGANIZERS)), async (c) => {
    const input = c.req.valid('json');
    const url = await checkWebhookUrl(input.url, { allowPrivate: c.var.webhooksAllowPrivate });
    if (!url.ok) orRefuse(refused(url.reason));
    const created = orRefuse(await createWebhook(c.var.db, c.var.event.id, c.var.eventViewer.profileId!, input));
    return c.json(created.webhook, 201);
  })
  .openapi(guarded(webhooksApi.update, inEvent(ORGANIZERS)), async (c) => {
    const { id } = c.req.valid('param');
    const updated = orRefuse(await updateWebhook(c.var.db, c.var.event.id, id, c.req.valid('json')));
    return c.json(updated.webhook, 200);
  })
  .openapi(guarded(webhooksApi.remove, inEvent(ORGANIZERS)), async (c) => {
    orRefuse(await deleteWebhook(c.var.db, c.var.event.id, c.req.valid('param').id));
    return c.body(null, 204);
  })
  .openapi(guarded(webhooksApi.redeliver, inEvent(ORGANIZERS)), async (c) => {
    const { id, deliveryId } = c.req.valid('param');
    const queued = orRefuse(await redeliver(c.var.db, c.var.event.id, id, deliveryId));
    return c.json(queued.delivery, 201);
  });
