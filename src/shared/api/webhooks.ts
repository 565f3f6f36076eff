/**
 * Webhooks per event (docs/product.md#webhooks): an event's owners and organizers register URLs
 * and the kinds they want; each delivery is signed with the webhook's secret, shown once.
 */
import { z } from 'zod';
import { WEBHOOK_KINDS, WEBHOOK_URL_MAX } from '../webhooks';
import { DateTime, defineRoute, errors, json, jsonBody, jsonBodyErrors, signedIn, Uuid } from './contract';

const WEBHOOKS = 'Webhooks';

const kinds = z
  .array(z.enum(WEBHOOK_KINDS, { message: 'Choose what to send' }), { message: 'Choose at least one kind' })
  .min(1, 'Choose at least one kind')
  .max(WEBHOOK_KINDS.length)
  .transform((list) => [...new Set(list)]);

export const WebhookInputSchema = z.object({
  url: z
    .string({ message: 'URL is required' })
    .trim()
    .min(1, 'URL is required')
    .max(WEBHOOK_URL_MAX, `URL must not exceed ${WEBHOOK_URL_MAX} characters`)
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'Enter an https:// URL')
    .meta({ format: 'uri', example: 'https://bot.example.org/hackteams' }),
  kinds: kinds.meta({ description: 'What to send' }),
  active: z.boolean().optional().meta({ description: 'Sends deliveries (default true)' }),
});
export type WebhookInput = z.input<typeof WebhookInputSchema>;

export const WebhookUpdateSchema = z.object({
  kinds: kinds.optional(),
  active: z.boolean().optional(),
});

export const WebhookDeliverySchema = z
  .strictObject({
    id: Uuid,
    kind: z.enum(WEBHOOK_KINDS),
    state: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int(),
    lastStatus: z.number().int().nullable().meta({ description: "The receiver's last HTTP status, if it answered" }),
    lastError: z.string().nullable().meta({ description: 'Why the last attempt failed, if it did' }),
    createdAt: DateTime,
    lastAttemptAt: DateTime.nullable(),
    nextAttemptAt: DateTime.nullable().meta({ description: 'When it is tried again (pending only)' }),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookSchema = z
  .strictObject({
    id: Uuid,
    url: z.string(),
    kinds: z.array(z.enum(WEBHOOK_KINDS)),
    active: z.boolean(),
    createdAt: DateTime,
    deliveries: z.array(WebhookDeliverySchema).meta({ description: 'The latest 20 deliveries, newest first' }),
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof WebhookSchema>;

export const WebhookCreatedSchema = WebhookSchema.extend({
  secret: z.string().meta({ description: 'The signing secret: shown this once, never again' }),
}).meta({ id: 'WebhookCreated' });
export type WebhookCreated = z.infer<typeof WebhookCreatedSchema>;

/** The body of every delivery (POST, application/json). */
export const WebhookPayloadSchema = z
  .strictObject({
    id: Uuid.meta({ description: 'The delivery id (also X-HackTeams-Delivery)' }),
    kind: z.enum(WEBHOOK_KINDS).meta({ description: 'Also X-HackTeams-Event' }),
    event: z.strictObject({ slug: z.string() }),
    occurredAt: DateTime,
    data: z.record(z.string(), z.unknown()).meta({
      description:
        'team_created: teamId, teamName, openPositions; member_joined / member_left: teamId, teamName, profileId, name; ' +
        'position_opened / position_filled: teamId, teamName, position; registration: profileId, name, action (registered or left); ' +
        'announcement: announcementId, message',
    }),
  })
  .meta({ id: 'WebhookPayload' });
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;

const eventParam = z.object({
  slug: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,100}$/, 'Event not found')
    .meta({ description: "The event's address", example: 'spring-hack-2027' }),
});
const uuidText = (message: string) => z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, message);
const webhookParam = eventParam.extend({ id: uuidText('Webhook not found').meta({ format: 'uuid', description: 'The webhook' }) });
const deliveryParam = webhookParam.extend({
  deliveryId: uuidText('Delivery not found').meta({ format: 'uuid', description: 'The delivery' }),
});

export const webhooksApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/events/{slug}/webhooks',
    tags: [WEBHOOKS],
    summary: "An event's webhooks and their recent deliveries (owners and organizers)",
    security: signedIn,
    request: { params: eventParam },
    responses: { 200: json(z.array(WebhookSchema), 'The webhooks, oldest first'), ...errors(401, 403, 404) },
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/events/{slug}/webhooks',
    tags: [WEBHOOKS],
    summary: 'Register a webhook (owners and organizers)',
    description:
      'An https URL whose host is not a private, loopback or link-local address, and the kinds to send. The answer carries the signing secret, shown this once.',
    security: signedIn,
    request: { params: eventParam, body: jsonBody(WebhookInputSchema) },
    responses: { 201: json(WebhookCreatedSchema, 'Registered, with its secret'), ...errors(401, 403, 404, 409, ...jsonBodyErrors) },
  }),
  update: defineRoute({
    method: 'patch',
    path: '/api/events/{slug}/webhooks/{id}',
    tags: [WEBHOOKS],
    summary: "Change a webhook's kinds or pause it (owners and organizers)",
    security: signedIn,
    request: { params: webhookParam, body: jsonBody(WebhookUpdateSchema) },
    responses: { 200: json(WebhookSchema, 'Changed'), ...errors(401, 403, 404, ...jsonBodyErrors) },
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/api/events/{slug}/webhooks/{id}',
    tags: [WEBHOOKS],
    summary: 'Delete a webhook and its deliveries (owners and organizers)',
    security: signedIn,
    request: { params: webhookParam },
    responses: { 204: { description: 'Deleted' }, ...errors(401, 403, 404) },
  }),
  redeliver: defineRoute({
    method: 'post',
    path: '/api/events/{slug}/webhooks/{id}/deliveries/{deliveryId}/redeliver',
    tags: [WEBHOOKS],
    summary: 'Send a delivery again (owners and organizers)',
    description: 'Queues a new delivery with the same kind, time and data (and a new id).',
    security: signedIn,
    request: { params: deliveryParam },
    responses: { 201: json(WebhookDeliverySchema, 'Queued'), ...errors(401, 403, 404) },
  }),
};
