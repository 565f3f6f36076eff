/**
 * `Authorization: Bearer ht_...` on any API request (docs/decisions/025-personal-api-tokens.md):
 * the route's scope comes from `tokenScopeOf` (the document declares the same), the token is
 * checked, counted and noted as used in one statement, and the request then acts as the token's
 * owner: the session cookie is never read for it. Every answer to a token carries the
 * RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { tokenScopeOf, TOKEN_PREFIX, type TokenScope } from '../../../shared/api/tokens';
import { ApiError, errorBody, type AppEnv } from '../../api/http';
import { hashSecret, useToken } from './tokens.repo';

const BEARER = /^Bearer +([A-Za-z0-9_\-.~+/]+=*) *$/i;
const WINDOW_SECONDS = 3600;

/** Whether the request carries a Bearer token (edge.ts lets such a write through without Origin: no browser sends it by itself). */
export const hasBearer = (authorization: string | undefined) => authorization !== undefined && /^bearer( |$)/i.test(authorization);

/** The matched route's path as the document writes it (`/api/teams/{id}`), or the request's own path. */
function routeTemplate(c: Context<AppEnv>): string {
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  const route = matchedRoutes(c).find((r) => r.method === method && !r.path.endsWith('*'));
  return route ? route.path.replace(/:(\w+)/g, '{$1}') : c.req.path;
}

/** The value of `{name}` of `template` in the request's path. */
function pathParam(c: Context<AppEnv>, template: string, name: string): string | undefined {
  const at = template.split('/').indexOf(`{${name}}`);
  return at < 0 ? undefined : decodeURIComponent(c.req.path.split('/')[at] ?? '');
}

export const tokenInvalid = () => new ApiError(401, 'This API token is unknown, revoked or expired', undefined, 'token_invalid');

export function bearerTokens(opts: { requestsPerHour: number }): MiddlewareHandler<AppEnv> {
  const limit = { max: opts.requestsPerHour, windowSeconds: WINDOW_SECONDS };
  return async (c, next) => {
    const header = c.req.header('authorization');
    // Another scheme (Basic, from a proxy in front of a staging site, say) is not ours to judge.
    if (!hasBearer(header)) return next();
    const template = routeTemplate(c);
    const scope: TokenScope | null = tokenScopeOf(c.req.method, template);
    if (!scope)
      throw new ApiError(
        403,
        'This route takes the session cookie of a signed-in browser, never an API token',
        undefined,
        'token_not_accepted',
      );
    const secret = BEARER.exec(header ?? '')?.[1];
    if (!secret?.startsWith(TOKEN_PREFIX) || secret.length > 100) throw tokenInvalid();
    const use = await useToken(c.var.db, hashSecret(secret), limit);
    // A person banned from the platform cannot sign in, nor use a token.
    if (!use || use.banned) throw tokenInvalid();
    const resetSeconds = Math.max(1, Math.ceil((use.resetAt.getTime() - Date.now()) / 1000));
    const rateHeaders = {
      'RateLimit-Limit': String(limit.max),
      'RateLimit-Remaining': String(Math.max(0, limit.max - use.hits)),
      'RateLimit-Reset': String(resetSeconds),
    };
    const refuse = (status: 403 | 429, message: string, code: 'token_scope' | 'too_many_requests') =>
      c.json(
        errorBody(status, message, code),
        status,
        status === 429 ? { ...rateHeaders, 'Retry-After': String(resetSeconds) } : rateHeaders,
      );
    if (use.hits > limit.max)
      return refuse(429, `This token made ${limit.max} requests this hour: try again after Retry-After seconds`, 'too_many_requests');
    if (!use.scopes.includes(scope)) return refuse(403, `This token does not have the '${scope}' scope this route needs`, 'token_scope');
    if (scope === 'organize' && use.eventSlug) {
      const slug = pathParam(c, template, 'slug');
      if (slug?.toLowerCase() !== use.eventSlug.toLowerCase())
        return refuse(403, `This token organizes only the event '${use.eventSlug}'`, 'token_scope');
    }
    c.set('viewer', {
      sessionId: `token:${use.tokenId}`,
      userId: use.userId,
      email: use.email,
      // A token never carries a platform admin's powers, whatever its owner's address.
      emailVerified: false,
      profileId: use.profileId,
      token: { id: use.tokenId, scopes: use.scopes },
    });
    await next();
    for (const [name, value] of Object.entries(rateHeaders)) c.res.headers.set(name, value);
  };
}
