/**
 * The API's JSON answers (decision 031), made with every header they carry in one plain record:
 * the security headers, X-Request-Id, Cache-Control and, on a detail, its ETag. Headers set on an
 * answer after it is made turn @hono/node-server's light answer into a full Headers object that it
 * then walks sorted to write; with the security headers that was a third of a detail request's
 * CPU (team detail 1,551 -> 2,369 req/s on the bench without them). An answer made otherwise (a
 * handler that set a header with c.header(), a stream, a page) gets the same headers the slower
 * way from the middlewares that check `hasAllHeaders`.
 *
 * Conditional requests on detail answers (a team, a profile, an event, /api/me): a 200 carries an
 * ETag (a hash of its JSON), and a GET whose If-None-Match names it answers 304 without a body, so
 * a bot polling a team every minute moves a few bytes when nothing changed. Lists do not: they
 * page, and `total` changes with any match.
 */
import { hash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from './http';

/** Details whose path names no parameter: who is signed in, one's own profile, the featured event. */
const DETAILS_WITHOUT_PARAMETER = new Set(['/api/me', '/api/profile', '/api/events/featured']);

/** A detail route: a GET whose path ends in its parameter ('/api/teams/{id}'), or one of the above. */
export const isDetailPath = (template: string) => /\/(\{\w+\}|:\w+)$/.test(template) || DETAILS_WITHOUT_PARAMETER.has(template);

const complete = new WeakSet<Response>();

/** Whether `res` was made here, with every header an API answer carries. */
export const hasAllHeaders = (res: Response) => complete.has(res);

/** Strict-Transport-Security, sent to a client on HTTPS (platform/edge.ts identifyClient). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The ETag of a detail's JSON text, or null where the answer gets none. */
function etagOf(c: Context<AppEnv>, status: number, json: () => string): string | null {
  if (c.req.method !== 'GET' || status !== 200 || !isDetailPath(routePath(c))) return null;
  return `"${hash('sha256', json(), 'base64url').slice(0, 27)}"`;
}

const namedBy = (c: Context<AppEnv>, etag: string) =>
  c.req
    .header('if-none-match')
    ?.split(',')
    .some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false;

/** What jsonAnswers keeps on a request's Context: Hono's own json, header and status, and whether a handler set a header or status. */
const HONO = Symbol('Hono answers');
type Answering = Context<AppEnv> & {
  [HONO]: { json: Context<AppEnv>['json']; header: Context<AppEnv>['header']; status: Context<AppEnv>['status']; headered: boolean };
};

/** The request's JSON answer with every header (jsonAnswers' c.json). */
function answer(c: Answering, security: Readonly<Record<string, string>>, object: unknown, arg?: unknown, headers?: unknown): Response {
  const status = arg ?? 200;
  if (c[HONO].headered || headers !== undefined || typeof status !== 'number') {
    const res = (c[HONO].json as (...args: unknown[]) => Response)(object, arg, headers);
    const etag = etagOf(c, res.status, () => JSON.stringify(object));
    if (etag === null) return res;
    if (!namedBy(c, etag)) {
      res.headers.set('etag', etag);
      return res;
    }
    const kept = new Headers(res.headers);
    kept.delete('content-type');
    kept.delete('content-length');
    kept.set('etag', etag);
    return new Response(null, { status: 304, headers: kept });
  }
  const all: Record<string, string> = { ...security, 'x-request-id': c.get('requestId'), 'cache-control': 'no-store' };
  if (c.get('client')?.secure) all['strict-transport-security'] = HSTS;
  // The body's JSON, serialized once for the answer and its ETag.
  const body = JSON.stringify(object);
  const etag = etagOf(c, status, () => body);
  if (etag !== null) all.etag = etag;
  let res: Response;
  if (etag !== null && namedBy(c, etag)) res = new Response(null, { status: 304, headers: all });
  else {
    all['content-type'] = 'application/json';
    res = new Response(body, { status, headers: all });
  }
  complete.add(res);
  return res;
}

/**
 * Replaces c.json for the request; c.header and c.status are watched, so that an answer for which
 * a handler set a header or status of its own is made by Hono as before.
 *
 * The replacements are the same three functions for every request, which find the request's own
 * on the Context: a function made for each request and stored in place of Hono's own kept each
 * request's objects alive through V8's young-generation collections (the health route spent a
 * fifth of its time collecting garbage, against 4% without: 18,000 -> 27,000 req/s).
 */
export function jsonAnswers(security: Readonly<Record<string, string>>): MiddlewareHandler<AppEnv> {
  function header(this: Answering, ...args: Parameters<Context<AppEnv>['header']>) {
    this[HONO].headered = true;
    return this[HONO].header(...args);
  }
  function status(this: Answering, code: Parameters<Context<AppEnv>['status']>[0]) {
    this[HONO].headered = true;
    this[HONO].status(code);
  }
  function json(this: Answering, object: unknown, arg?: unknown, headers?: unknown): Response {
    return answer(this, security, object, arg, headers);
  }
  return async (c, next) => {
    (c as Answering)[HONO] = { json: c.json, header: c.header, status: c.status, headered: false };
    c.json = json as typeof c.json;
    c.header = header as typeof c.header;
    c.status = status;
    await next();
  };
}
