/**
 * Personal API tokens (docs/decisions/025-personal-api-tokens.md): a signed-in person creates,
 * lists and revokes tokens for scripts and bots; a request with `Authorization: Bearer ht_...`
 * acts as that person within the token's scopes. `tokenScopeOf` is the one rule of which route
 * takes which scope (or no token at all): the server's request check and the document both use it.
 */
import { z } from 'zod';
import { DateTime, defineRoute, errors, idParam, json, jsonBody, jsonBodyErrors, signedIn, Uuid } from './contract';
import { EventRefSchema } from './refs';

const TOKENS = 'API tokens';

export const TOKEN_SCOPES = ['read', 'act', 'organize'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const TOKEN_SCOPE_TEXT: Record<TokenScope, string> = {
  read: 'Read: everything you can see (GET routes)',
  act: 'Act as me: requests, invitations, answers, team and profile edits',
  organize: 'Organize: staff routes of events you are staff of',
};
/** At most this many tokens per person. */
export const TOKENS_PER_PERSON = 20;
export const TOKEN_NAME_MAX = 60;
export const TOKEN_EXPIRY_DAYS = [7, 30, 90] as const;
/** Requests per token per hour (TOKEN_REQUESTS_PER_HOUR overrides it). */
export const TOKEN_REQUESTS_PER_HOUR = 5000;
/** Every token starts with this; the list shows the first characters after it to recognize one. */
export const TOKEN_PREFIX = 'ht_';

/** 'POST', '/api/events/{slug}/organize': which staff routes of an event take the `organize` scope. */
const ORGANIZE_ROUTES: [RegExp, RegExp][] = [
  [/^(PATCH)$/, /^\/api\/events\/\{slug\}$/],
  [/./, /^\/api\/events\/\{slug\}\/(staff|organize|moderation|grouping\/runs|webhooks)(\/.*)?$/],
  [/^POST$/, /^\/api\/events\/\{slug\}\/announcements$/],
  [/./, /^\/api\/events\/\{slug\}\/teams\/\{id\}\/members(\/.*)?$/],
];
/**
 * Routes no token opens: sign-in and the account (password, email, sessions, deleting it), the
 * tokens themselves, platform admin, and the live stream (it ends with the session that opened it).
 */
const NOT_ACCEPTED: RegExp[] = [/^\/api\/auth\//, /^\/api\/me\/tokens(\/.*)?$/, /^\/api\/moderation(\/.*)?$/, /^\/api\/me\/events$/];
const ADMIN_WRITES = /^\/api\/events\/featured$/;

/**
 * The scope a token needs for a route, given as its method and its path as the document writes it
 * (`/api/teams/{id}`); null: the route never takes a token (`token_not_accepted`). Reads need `read`,
 * staff routes of an event `organize`, every other write `act`.
 */
export function tokenScopeOf(method: string, path: string): TokenScope | null {
  const m = method.toUpperCase();
  if (NOT_ACCEPTED.some((re) => re.test(path))) return null;
  if (m !== 'GET' && m !== 'HEAD' && ADMIN_WRITES.test(path)) return null;
  if (ORGANIZE_ROUTES.some(([methods, re]) => methods.test(m) && re.test(path))) return 'organize';
  return m === 'GET' || m === 'HEAD' ? 'read' : 'act';
}

const TokenName = z
  .string()
  .trim()
  .min(1, 'Give the token a name')
  .max(TOKEN_NAME_MAX, `Name must not exceed ${TOKEN_NAME_MAX} characters`)
  .refine((s) => !s.includes('\u0000'), 'Text must not contain NUL characters (\\u0000)');

export const TokenInputSchema = z
  .strictObject({
    name: TokenName.meta({ description: 'What the token is for', example: 'Discord bot' }),
    scopes: z
      .array(z.enum(TOKEN_SCOPES, { message: 'Choose read, act or organize' }))
      .min(1, 'Choose at least one scope')
      .max(3)
      .meta({ description: 'What the token may do: `read`, `act` (as you), `organize` (staff routes of your events)' }),
    event: z.string().max(100).optional().meta({
      description:
        'With `organize`: the slug of the one event the token may organize (you must be its staff); left out, every event you are staff of',
    }),
    expiresInDays: z
      .union(TOKEN_EXPIRY_DAYS.map((d) => z.literal(d)) as unknown as [z.ZodLiteral<7>, z.ZodLiteral<30>, z.ZodLiteral<90>], {
        message: 'Choose 7, 30 or 90 days, or no expiry',
      })
      .nullable()
      .optional()
      .meta({ description: 'Days until the token stops working; null or left out: it never expires' }),
  })
  .meta({ id: 'TokenInput' });
export type TokenInput = z.infer<typeof TokenInputSchema>;

export const ApiTokenSchema = z
  .strictObject({
    id: Uuid,
    name: z.string(),
    scopes: z.array(z.enum(TOKEN_SCOPES)),
    event: EventRefSchema.nullable().meta({ description: 'The one event an `organize` token is limited to' }),
    prefix: z.string().meta({ description: 'The first characters of the token, to recognize it (never the secret)', example: 'ht_x9Q2f' }),
    createdAt: DateTime,
    expiresAt: DateTime.nullable(),
    lastUsedAt: DateTime.nullable().meta({ description: 'When a request last used it (to the minute)' }),
  })
  .meta({ id: 'ApiToken', description: 'A personal API token, without its secret' });
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const CreatedTokenSchema = z
  .strictObject({
    token: ApiTokenSchema,
    secret: z.string().meta({
      description: 'The token itself, shown this once: send it as `Authorization: Bearer <secret>`',
      example: 'ht_4rQ0c9Vb2k1Z3yq8XvJmWn5tPs7LdE6aHfGiKoUbRxY',
    }),
  })
  .meta({ id: 'CreatedToken' });
export type CreatedToken = z.infer<typeof CreatedTokenSchema>;

export const TokenListSchema = z
  .strictObject({
    items: z.array(ApiTokenSchema),
    limit: z.number().int().meta({ description: 'How many tokens a person may have' }),
    staffEvents: z.array(EventRefSchema).meta({ description: 'Events you are staff of: an `organize` token may be limited to one' }),
  })
  .meta({ id: 'TokenList' });
export type TokenList = z.infer<typeof TokenListSchema>;

const sessionOnly = ' Takes the session cookie only, never a token.';

export const tokensApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/me/tokens',
    security: signedIn,
    tags: [TOKENS],
    summary: 'Your API tokens',
    description: `Your personal API tokens, newest first, without their secrets.${sessionOnly}`,
    responses: { 200: json(TokenListSchema, 'Your tokens'), ...errors(401, 403) },
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/me/tokens',
    security: signedIn,
    tags: [TOKENS],
    summary: 'Create an API token',
    description: `Creates a token; the answer holds its secret, which is never shown again (only its hash is stored). At most ${TOKENS_PER_PERSON} tokens per person.${sessionOnly}`,
    request: { body: jsonBody(TokenInputSchema) },
    responses: { 201: json(CreatedTokenSchema, 'The token and its secret (shown once)'), ...errors(...jsonBodyErrors, 401, 403, 404, 409) },
  }),
  revoke: defineRoute({
    method: 'delete',
    path: '/api/me/tokens/{id}',
    security: signedIn,
    tags: [TOKENS],
    summary: 'Revoke an API token',
    description: `The token stops working at once.${sessionOnly}`,
    request: { params: z.object({ id: idParam('Token not found', 'The token') }) },
    responses: { 204: { description: 'Revoked' }, ...errors(401, 403, 404) },
  }),
};
