/**
 * What the document says about every operation at once, so a route declared anywhere (a new
 * feature's included) gets it without a line of its own: an `operationId`, its `security`
 * (none: public; the API token's scope where a token is accepted), a description (its summary, when it has none), the headers every answer may carry, the edge's errors, `servers`, and a tag
 * for every tag used. `npm run lint:api` checks the result with Redocly and Spectral.
 */
import { accountApi } from '../../shared/api/account';
import { authApi } from '../../shared/api/auth';
import { ERROR_DESCRIPTIONS, TOKEN } from '../../shared/api/contract';
import { eventsApi } from '../../shared/api/events';
import { groupingApi } from '../../shared/api/grouping';
import { matchingApi } from '../../shared/api/matching';
import { moderationApi } from '../../shared/api/moderation';
import { notificationsApi } from '../../shared/api/notifications';
import { organizeApi } from '../../shared/api/organize';
import { profilesApi } from '../../shared/api/profiles';
import { systemApi } from '../../shared/api/system';
import { teamsApi } from '../../shared/api/teams';
import { tokenScopeOf, tokensApi } from '../../shared/api/tokens';
import { webhooksApi } from '../../shared/api/webhooks';
import { isDetailPath } from './answers';

/**
 * Each feature's routes by the name the contract gives them: `teamsApi.requestToJoin` is the
 * operation `teamsRequestToJoin`. A feature missing here still gets one, from its method and
 * path (`postApiThingsIdStuff`): add it here for a name that reads well.
 */
const FEATURES: Record<string, Record<string, { method: string; path: string; operationId?: string }>> = {
  account: accountApi,
  auth: authApi,
  events: eventsApi,
  grouping: groupingApi,
  matching: matchingApi,
  moderation: moderationApi,
  notifications: notificationsApi,
  organize: organizeApi,
  profiles: profilesApi,
  system: systemApi,
  teams: teamsApi,
  tokens: tokensApi,
  webhooks: webhooksApi,
};

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** 'POST /api/teams/{id}' -> 'teamsCreate' (by the contract's names), or one made from the path. */
function operationIds(): Map<string, string> {
  const ids = new Map<string, string>();
  for (const [feature, routes] of Object.entries(FEATURES)) {
    for (const [name, route] of Object.entries(routes)) {
      ids.set(`${route.method} ${route.path}`, route.operationId ?? `${feature}${capital(name)}`);
    }
  }
  return ids;
}
const fromPath = (method: string, path: string) =>
  method +
  path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(capital)
    .join('');

/** Descriptions of tags that a feature uses without declaring them (a new one: give it a line in openapi.ts). */
const TAG_FALLBACK = 'Routes of this part of the API';

const HEADERS = {
  XRequestId: {
    description: "This request's id, also in the server's log line for it: quote it when reporting a problem",
    schema: { type: 'string', format: 'uuid' },
  },
  RetryAfter: { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } },
  ETag: {
    description: 'The version of this answer: send it back as `If-None-Match` to get 304 while nothing changed',
    schema: { type: 'string' },
  },
  RateLimitLimit: {
    description: 'Requests this API token may make per hour (sent on every answer to a token)',
    schema: { type: 'integer', minimum: 1 },
  },
  RateLimitRemaining: { description: "Requests left in this token's current hour", schema: { type: 'integer', minimum: 0 } },
  RateLimitReset: { description: "Seconds until this token's hour starts over", schema: { type: 'integer', minimum: 1 } },
  SetCookie: {
    description:
      'The session cookie (`better-auth.session_token`, `__Secure-` prefixed over HTTPS): set on sign-in and sign-up, cleared on sign-out',
    schema: { type: 'string' },
  },
};
const ref = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

/** What a Bearer token gets besides the route's own answers: a bad token, a missing scope, its rate limit. */
const TOKEN_ERRORS = {
  401: 'The API token is unknown, revoked or expired (`token_invalid`), or no session cookie where one is needed',
  403: "The API token's scopes do not allow this route (`token_scope`), or not allowed to do this",
  429: "Too many requests: this API token's hourly limit is spent (`too_many_requests`): try again after `Retry-After` seconds",
} as const;

type Response = { description?: string; headers?: Record<string, unknown>; content?: unknown };
type Operation = {
  operationId?: string;
  'x-token-scope'?: string;
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: unknown[];
  tags?: string[];
  responses?: Record<string, Response | { $ref: string }>;
};
type Document = {
  paths?: Record<string, Record<string, Operation>>;
  tags?: { name: string; description?: string }[];
  components?: { headers?: Record<string, unknown> };
  servers?: { url: string; description?: string }[];
};

const has200Json = (operation: Operation) => {
  const ok = operation.responses?.['200'];
  return Boolean(ok && 'content' in ok && (ok.content as Record<string, unknown> | undefined)?.['application/json']);
};

export function finishDocument<D extends object>(input: D): D {
  const document = input as Document;
  const ids = operationIds();
  const tags = new Set((document.tags ?? []).map((t) => t.name));
  const error = (status: 403 | 503) => ({
    description: ERROR_DESCRIPTIONS[status],
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
  document.components = { ...document.components, headers: { ...document.components?.headers, ...HEADERS } };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation.responses) continue;
      operation.operationId ??= ids.get(`${method} ${path}`) ?? fromPath(method, path);
      // Tools show the description; a route with only a summary says that much there too.
      if (!operation.description && operation.summary) operation.description = operation.summary;
      // No security declared: anyone may call it, and the document says so.
      operation.security ??= [];
      // Where a personal API token is accepted, and with which scope (the same rule bearer.ts applies).
      const scope = tokenScopeOf(method, path);
      if (scope) {
        const open = operation.security.length === 0 || operation.security.some((s) => Object.keys(s as object).length === 0);
        const required = operation.security.filter((s) => Object.keys(s as object).length > 0);
        // Scopes of an http scheme are no part of OpenAPI's model (linters refuse them): the scope is
        // `x-token-scope`, and said in the description.
        operation.security = [...required, { [TOKEN]: [] }, ...(open ? [{}] : [])];
        operation['x-token-scope'] = scope;
        operation.description = `${operation.description ?? ''}\n\nAPI token scope: \`${scope}\`.`.trim();
        for (const [status, description] of Object.entries(TOKEN_ERRORS)) operation.responses[status] ??= { ...error(403), description };
      } else {
        operation.responses['403'] ??= { ...error(403), description: 'This route never takes an API token (`token_not_accepted`)' };
      }
      for (const tag of operation.tags ?? []) {
        if (!tags.has(tag)) (document.tags ??= []).push({ name: tag, description: TAG_FALLBACK });
        tags.add(tag);
      }
      // What any route may answer before its own code runs (edge.ts): 503 when the instance is busy
      // or its database briefly unreachable, and, on a write, 403 when another site's page sent it.
      operation.responses['503'] ??= error(503);
      if (method !== 'get' && method !== 'head') operation.responses['403'] ??= error(403);
      const conditional = method === 'get' && isDetailPath(path) && has200Json(operation);
      if (conditional) {
        operation.parameters = [
          ...(operation.parameters ?? []),
          {
            name: 'If-None-Match',
            in: 'header',
            required: false,
            description: 'The ETag of an earlier answer: 304 without a body while it still holds',
            schema: { type: 'string' },
          },
        ];
        operation.responses['304'] = { description: 'Not modified: the ETag sent in If-None-Match still holds' };
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        if ('$ref' in response) continue;
        const headers: Record<string, unknown> = { 'X-Request-Id': ref('XRequestId'), ...response.headers };
        if (status === '429' || status === '503') headers['Retry-After'] ??= ref('RetryAfter');
        if (path.startsWith('/api/auth/') && /^[23]/.test(status)) headers['Set-Cookie'] ??= ref('SetCookie');
        if (conditional && (status === '200' || status === '304')) headers.ETag = ref('ETag');
        if (scope) {
          headers['RateLimit-Limit'] ??= ref('RateLimitLimit');
          headers['RateLimit-Remaining'] ??= ref('RateLimitRemaining');
          headers['RateLimit-Reset'] ??= ref('RateLimitReset');
        }
        response.headers = headers;
      }
    }
  }
  return input;
}
