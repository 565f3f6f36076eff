/** Health and the public settings the web app reads at run time. */
import { z } from 'zod';
import { defineRoute, json } from './contract';

export const ConfigSchema = z
  .strictObject({ eventUrl: z.string().meta({ description: "Where 'Register Now' on the hackathon page leads" }) })
  .meta({ id: 'Config' });
export type Config = z.infer<typeof ConfigSchema>;

export const systemApi = {
  health: defineRoute({
    method: 'get',
    path: '/api/health',
    tags: ['System'],
    summary: 'Liveness',
    responses: { 200: json(z.strictObject({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }), 'The server is up') },
  }),
  config: defineRoute({
    method: 'get',
    path: '/api/config',
    tags: ['System'],
    summary: 'Public settings',
    responses: { 200: json(ConfigSchema, 'Settings the web app reads') },
  }),
};
