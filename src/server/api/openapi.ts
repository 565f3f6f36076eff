/**
 * How the server implements the API contract of src/shared/api: a router per feature whose
 * routes are the contract's declarations, one validation hook that turns a failed check into the
 * product's error shape, guards that run before any input is read, and the OpenAPI document.
 */
import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { SESSION, SESSION_COOKIE, sessionOptional, TOKEN } from '../../shared/api/contract';
import { TOKEN_REQUESTS_PER_HOUR } from '../../shared/api/tokens';
import { z } from 'zod';
import { WebhookPayloadSchema } from '../../shared/api/webhooks';
import { WEBHOOK_HEADERS, WEBHOOK_KIND_LABELS, WEBHOOK_KINDS, WEBHOOK_USER_AGENT, type WebhookKind } from '../../shared/webhooks';
import { fieldMessages } from '../../shared/schemas';
import { finishDocument } from './document';
import { ApiError, type AppEnv, NUL_MESSAGE, requireViewer } from './http';

type ValidationResult = { target: string } & ({ success: true; data: unknown } | { success: false; error: import('zod').ZodError });

/**
 * After each input is checked against its schema: a bad path id is a 404 (with the schema's
 * message, e.g. 'Team not found'); a body that is not an object, or a field that is invalid, is a
 * 400 naming the fields. PostgreSQL cannot store NUL in text, so parsed strings holding one are
 * refused here too, for every body and query at once, rather than failing in the database.
 */
export function validationHook(result: ValidationResult) {
  if (!result.success) {
    const fields = fieldMessages(result.error);
    const first = Object.values(fields)[0] ?? 'Invalid input';
    if (result.target === 'param') throw new ApiError(404, first);
    if (result.target === 'json' && '_' in fields) throw new ApiError(400, 'The request body must be a JSON object');
    throw new ApiError(400, first, fields, result.target === 'query' ? 'invalid_query' : undefined);
  }
  const nul = nulFields(result.data);
  if (Object.keys(nul).length) throw new ApiError(400, NUL_MESSAGE, nul);
}

/** Dotted paths of the strings holding NUL in parsed data (its depth is bounded by the schema). */
function nulFields(value: unknown, path: string[] = [], out: Record<string, string> = {}): Record<string, string> {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out[path.join('.') || '_'] = NUL_MESSAGE;
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      // A key is text too (the title of a position, say).
      if (key.includes('\u0000')) out[[...path, key].join('.')] = NUL_MESSAGE;
      nulFields(item, [...path, key], out);
    }
  }
  return out;
}

/** A feature's router: its routes are contract declarations, checked by `validationHook`. */
export const createRouter = () => new OpenAPIHono<AppEnv>({ defaultHook: (result) => validationHook(result) });

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/** A JSON body must be sent as JSON: anything else is refused before it is read (415). */
const jsonOnly: MiddlewareHandler = async (c, next) => {
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    throw new ApiError(415, 'The request body must be JSON (Content-Type: application/json)');
  }
  await next();
};

const signedInOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireViewer(c);
  await next();
};

const takesJson = (route: RouteConfig) =>
  Boolean(route.request?.body && 'content' in route.request.body && route.request.body.content['application/json']);

/**
 * The contract's route with the checks that come before its input is read, in this order: a
 * session when the route declares one (401), then `guards` (who may act on this id: 404, 403),
 * then the body's media type (415). So a stranger learns nothing from a well-formed body, and
 * a route's `security` in the document is what the server enforces.
 */
export function guarded<R extends RouteConfig, const G extends MiddlewareHandler<any>[] = []>(route: R, ...guards: G) {
  const middleware = [...(sessionOptional(route.security) ? [] : [signedInOnly]), ...guards, ...(takesJson(route) ? [jsonOnly] : [])];
  return { ...route, middleware: middleware as unknown as G };
}

export const API_INFO = {
  title: 'HackTeams API',
  version: '1.0.0',
  contact: { name: 'HackTeams maintainers' },
  license: { name: 'Proprietary' },
  description: [
    'The API of HackTeams, where participants of a large hackathon find teammates. The web app uses exactly this API.',
    '',
    '- **Authentication**: sign in with `POST /api/auth/sign-in/email`; the answer sets an HttpOnly session cookie, which every route marked with the session scheme needs (401 without it).',
    `- **API tokens** (for scripts and bots): create one in Settings, then send \`Authorization: Bearer ht_...\` instead of the cookie. Each operation that takes a token lists the \`token\` scheme and names the scope it needs (\`x-token-scope\`): \`read\` (GET routes), \`act\` (writes as you), \`organize\` (staff routes of an event you are staff of, checked at each request). Routes without the \`token\` scheme (\`/api/auth/*\`, \`/api/me/tokens\`, platform admin, the live stream) answer 403 \`token_not_accepted\`. An unknown, revoked or expired token answers 401 \`token_invalid\`; a missing scope 403 \`token_scope\`. Each token may make ${TOKEN_REQUESTS_PER_HOUR.toLocaleString('en')} requests an hour: every answer to a token carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds), and past the limit it answers 429 \`too_many_requests\` with \`Retry-After\`.`,
    "- **Origin rule** (for every route, `/api/auth/*` included): a write (POST, PUT, PATCH, DELETE) with an `Origin` header must carry this site's origin; one without `Origin` is accepted unless `Sec-Fetch-Site` names another site. A request with `Authorization: Bearer` needs neither: a script sends its token, with or without Origin. Reads (GET) need no Origin.",
    '- **Errors**: every 4xx answer is JSON `{ "error": "...", "fields": { "field": "message" } }`; `fields` only when input was invalid. A 5xx says only that something went wrong.',
    '- **Paging**: lists take `page` (from 1) and `pageSize` (default 24, at most 100) and answer `{ items, total, page, pageSize }`.',
    '- **Rate limits**: sign-in and sign-up are rate limited per client address (429). When too many people sign in or up at once, they answer 503 with `Retry-After` (seconds) at once instead of making everyone wait.',
  ].join('\n'),
};

const WEBHOOK_DESCRIPTIONS: Record<WebhookKind, string> = {
  team_created: 'A team was created in the event (data: teamId, teamName, openPositions). Its open positions also come as position_opened.',
  member_joined: 'Someone joined a team (data: teamId, teamName, profileId, name, role).',
  member_left: 'Someone left a team or was moved out (data: teamId, teamName, profileId, name, reason).',
  position_opened: "A position was added to a team's open positions (data: teamId, teamName, position).",
  position_filled: "A position was taken off a team's open positions (data: teamId, teamName, position).",
  registration: "Someone took part in the event or left it (data: profileId, name, action: 'registered' or 'left').",
  announcement: 'The organizers announced to everyone in the event (data: announcementId, message).',
};

/**
 * What an event's webhooks receive (OpenAPI 3.1 `webhooks`): one signed POST per delivery, the same
 * body for every kind (WebhookPayload); verify `X-HackTeams-Signature-256` before trusting it.
 */
function registerWebhooks(app: OpenAPIHono<AppEnv>) {
  const payload = app.openAPIRegistry.register('WebhookPayload', WebhookPayloadSchema);
  const headers = z.object({
    [WEBHOOK_HEADERS.event]: z.enum(WEBHOOK_KINDS).meta({ description: 'The kind, as in the body' }),
    [WEBHOOK_HEADERS.delivery]: z.string().meta({ description: 'The delivery id, as in the body; a redelivery has a new one' }),
    [WEBHOOK_HEADERS.signature]: z.string().meta({
      description:
        "`sha256=` and the hex HMAC-SHA256 of the raw body with the webhook's secret; compare in constant time (crypto.timingSafeEqual)",
      example: 'sha256=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
    }),
  });
  for (const kind of WEBHOOK_KINDS) {
    app.openAPIRegistry.registerWebhook({
      method: 'post',
      path: kind,
      operationId: `webhook${kind.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase())}`,
      tags: ['Webhooks'],
      summary: `${WEBHOOK_KIND_LABELS[kind]} (sent to the event's webhooks)`,
      description: `${WEBHOOK_DESCRIPTIONS[kind]} Sent with User-Agent ${WEBHOOK_USER_AGENT}; an answer other than 2xx within 10 s is retried after 1 min, 5 min, 30 min, 2 h, 6 h and 12 h, for a day.`,
      security: [],
      request: { headers, body: { required: true, content: { 'application/json': { schema: payload } } } },
      responses: {
        200: { description: 'Received (any 2xx)' },
        400: { description: 'Refused (any other answer, or none within 10 s): tried again later' },
      },
    });
  }
}

/** The OpenAPI 3.1 document of every route registered on `app`. */
export function openApiDocument(app: OpenAPIHono<AppEnv>) {
  app.openAPIRegistry.registerComponent('securitySchemes', SESSION, {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The session cookie set by sign-in and sign-up (named `__Secure-better-auth.session_token` over HTTPS).',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', TOKEN, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'ht_ and 43 base64url characters',
    description:
      'A personal API token (Settings, API tokens): `Authorization: Bearer ht_...`. An operation that takes it names the scope the token needs in `x-token-scope` and its description: `read`, `act` or `organize`.',
  });
  registerWebhooks(app);
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: API_INFO,
    servers: [{ url: '/', description: 'The server that serves this document (`npm start` runs one on http://localhost:3000)' }],
    tags: [
      { name: 'Accounts', description: 'Sign-up, sign-in, sign-out and the session' },
      { name: 'Profiles', description: 'Browse people and read their profiles' },
      { name: 'Own profile', description: "The signed-in user's own profile and its edits" },
      { name: 'Teams', description: 'Browse, create and manage teams' },
      { name: 'Join requests', description: 'Ask to join a team; leaders answer' },
      { name: 'Invitations', description: 'Leaders invite people; the invited answer' },
      { name: 'Notifications', description: 'What the signed-in user is waiting on' },
      { name: 'Events', description: 'Hackathons: browse them, take part, and run one (owners and organizers)' },
      { name: 'Organizers', description: "The organizer's desk: numbers, people without a team, exports and announcements" },
      { name: 'Webhooks', description: "An event's webhooks: signed POSTs of what happens in it, to the organizers' URLs" },
      { name: 'Matching', description: 'Suggested people for a team and teams for you' },
      { name: 'System', description: 'Health and public settings' },
      { name: 'API tokens', description: 'Personal API tokens for scripts and bots (session cookie only)' },
    ],
  });
  return finishDocument(document);
}
