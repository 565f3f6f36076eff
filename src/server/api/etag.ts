/**
 * Conditional requests on detail answers (a team, a profile, an event, /api/me): a 200 carries an ETag
 * (a hash of its JSON), and a GET whose If-None-Match names it answers 304 without a body, so a
 * bot polling a team every minute moves a few bytes when nothing changed. Lists do not: they
 * page, and `total` changes with any match.
 */
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from './http';

/** Details whose path names no parameter: who is signed in, one's own profile, the featured event. */
const DETAILS_WITHOUT_PARAMETER = new Set(['/api/me', '/api/profile', '/api/events/featured']);

/** A detail route: a GET whose path ends in its parameter ('/api/teams/{id}'), or one of the above. */
export const isDetailPath = (template: string) => /\/(\{\w+\}|:\w+)$/.test(template) || DETAILS_WITHOUT_PARAMETER.has(template);

export const conditionalDetails: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'GET') return next();
  // The hash is of what the route handed c.json, serialized again: reading the answer back
  // (Response.clone) would turn the server's light, ready-made answer into a stream, which cost a
  // detail page about a sixth of its CPU (issue 29's bench).
  let answered: { object: unknown } | undefined;
  const json = c.json;
  c.json = ((object: unknown, ...rest: unknown[]) => {
    answered = { object };
    return (json as (...args: unknown[]) => Response)(object, ...rest);
  }) as typeof c.json;
  await next();
  if (!answered || c.res.status !== 200 || !isDetailPath(routePath(c))) return;
  const etag = `"${createHash('sha256').update(JSON.stringify(answered.object)).digest('base64url').slice(0, 27)}"`;
  const asked = c.req.header('if-none-match');
  if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    const headers = new Headers(c.res.headers);
    headers.delete('content-type');
    headers.delete('content-length');
    headers.set('etag', etag);
    // Cleared first: assigning over an answer would copy its headers (content-length) onto this one.
    c.res = undefined;
    c.res = new Response(null, { status: 304, headers });
    return;
  }
  c.res.headers.set('etag', etag);
};
