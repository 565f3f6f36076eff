/** Health and the public settings the web app reads at run time. */
import { z } from 'zod';
import { SOCIAL_PROVIDERS } from '../constants';
import { defineRoute, ErrorSchema, json } from './contract';

export const ConfigSchema = z
  .strictObject({
    eventUrl: z.string().meta({ description: "Where 'Register Now' on the hackathon page leads" }),
    socialProviders: z
      .array(z.enum(SOCIAL_PROVIDERS))
      .meta({ description: "The social sign-in providers configured on this server; the others show 'Coming soon'" }),
    webhooksAllowHttp: z.boolean().meta({
      description:
        "Whether a webhook's URL may be http:// and any address (WEBHOOKS_ALLOW_PRIVATE, for a bot on the same machine); otherwise https:// and a public address",
    }),
  })
  .meta({ id: 'Config' });
export type Config = z.infer<typeof ConfigSchema>;

export const systemApi = {
  health: defineRoute({
    method: 'get',
    path: '/api/health',
    tags: ['System'],
    summary: 'Liveness',
    description: 'The process is up and answering. It does not read the database: see /api/ready for that.',
    responses: { 200: json(z.strictObject({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }), 'The server is up') },
  }),
  ready: defineRoute({
    method: 'get',
    path: '/api/ready',
    tags: ['System'],
    summary: 'Readiness',
    description: 'Whether this instance can serve requests: the database answers and every migration this version knows is applied.',
    responses: {
      200: json(z.strictObject({ status: z.literal('ready') }), 'Ready to serve requests'),
      503: {
        description: 'Not ready (the database does not answer, or migrations are pending): try again after `Retry-After` seconds',
        headers: { 'Retry-After': { description: 'Seconds to wait before asking again', schema: { type: 'integer', minimum: 1 } } },
        content: { 'application/json': { schema: ErrorSchema } },
      },
    },
  }),
  config: defineRoute({
    method: 'get',
    path: '/api/config',
    tags: ['System'],
    summary: 'Public settings',
    description:
      'The settings the web app reads at start: the sign-in providers configured on this server and other public switches. Needs no session.',
    responses: { 200: json(ConfigSchema, 'Settings the web app reads') },
  }),
};
