/**
 * A test's call of a route of the contract, by the route's key as the web app calls it
 * (`'POST /api/teams/{id}/join-requests'`): what the call takes (typed by the route's params,
 * query and body), the request it makes, and what the test may read of the answer (the success
 * body, plus the error fields every refusal carries), so reading a field the contract does not
 * have fails typecheck. The harness sends these to the in-process app; `callServer` to a running
 * server.
 */
import type { z } from 'zod';
import type { ApiRoutes } from '../../shared/api';
import type { ApiErrorBody } from '../../shared/api/contract';
import type { ApiAnswer, ApiRoute, BodyInput, InputArgs, ParamsInput, QuerySchemaOf } from '../../shared/api/types';

export interface TestResponse<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** The error fields of a refusal (`{ error, fields?, code? }`), readable on every answer. */
export type ErrorFields = Partial<ApiErrorBody>;
/** What a test reads of a route's answer: its success body with the error fields; a 204 (or an answer that is not JSON) has none. */
export type TestAnswer<K extends ApiRoute> = ApiAnswer<K> extends infer A ? (A extends null ? ErrorFields | null : A & ErrorFields) : never;

/** What a query value may be on the wire: text, a number, a flag, or a list (sent comma-separated). */
export type QueryValue = string | number | boolean | readonly (string | number)[];
/** The query of a route, by the contract's names; values as text on the wire, since tests also send nonsense the contract says falls back to the default. */
type TestQuery<R extends ApiRoutes[ApiRoute]> = [QuerySchemaOf<R>] extends [never]
  ? { query?: never }
  : { query?: { [F in keyof z.output<QuerySchemaOf<R>>]?: QueryValue } };
/** The route's body; a route that takes none gets one only through offContract. */
type TestBody<R extends ApiRoutes[ApiRoute]> = unknown extends BodyInput<R> ? { body?: never } : BodyInput<R>;
/** What a test sends with a call of the route: what the route takes, the session cookie, and extra headers. */
export type TestInput<K extends ApiRoute> = ParamsInput<ApiRoutes[K]> &
  TestQuery<ApiRoutes[K]> &
  TestBody<ApiRoutes[K]> & { cookie?: string; headers?: Record<string, string> };

/**
 * A body or query that a test sends on purpose although the route's contract does not take it
 * (text that is not JSON, a value of the wrong type, a body for a route without one, a query
 * string of hostile text). It fits any call, so the route, its parameters and its answer stay
 * typed; a string goes as it is (a query string after the '?').
 */
export const offContract = (value: unknown): never => value as never;

/**
 * The path of a call: the path parameters put into the template ('/api/teams/{id}'), each
 * encoded, and the query appended in the order given (undefined values left out).
 */
export function routePath(template: string, params: Record<string, unknown> = {}, query: Record<string, QueryValue | undefined> = {}) {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${template}: no value for the path parameter ${name}`);
    return encodeURIComponent(String(params[name]));
  });
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    value === undefined ? [] : [`${encodeURIComponent(key)}=${encodeURIComponent(Array.isArray(value) ? value.join(',') : String(value))}`],
  );
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

/** The request a call makes: method, path with query, and what goes with it (a FormData body goes as a form). */
export function routeRequest(route: ApiRoute, input: object = {}): Sent & { method: string; path: string } {
  const { params, query, body, cookie, headers } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, QueryValue> | string;
    body?: unknown;
    cookie?: string;
    headers?: Record<string, string>;
  };
  const [method, template] = route.split(' ');
  const path = typeof query === 'string' ? `${routePath(template, params)}?${query}` : routePath(template, params, query);
  const form = body instanceof FormData ? body : undefined;
  return { method, path, cookie, headers, form, body: form ? undefined : body };
}

/** An answer's body: its JSON, its text when not JSON, null when empty. */
export function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** What goes with a request besides its method and path. */
export interface Sent {
  body?: unknown;
  cookie?: string;
  form?: FormData;
  headers?: Record<string, string>;
}

/** The headers and body of a request sent from `origin`: the cookie, and the body as JSON (a string as it is) or a form. */
export function requestInit(origin: string, sent: Sent): { headers: Record<string, string>; body?: BodyInit } {
  const headers: Record<string, string> = { origin, ...sent.headers };
  if (sent.cookie) headers.cookie = sent.cookie;
  if (sent.form) return { headers, body: sent.form };
  if (sent.body === undefined) return { headers };
  headers['content-type'] = 'application/json';
  return { headers, body: typeof sent.body === 'string' ? sent.body : JSON.stringify(sent.body) };
}

/** Calls a route on a running server (`baseUrl`), as the harness calls the in-process app, from that origin. */
export async function callServer<K extends ApiRoute>(
  baseUrl: string,
  route: K,
  ...[input]: InputArgs<TestInput<K>>
): Promise<TestResponse<TestAnswer<K>>> {
  const { method, path, ...sent } = routeRequest(route, input);
  const res = await fetch(baseUrl + path, { method, ...requestInit(baseUrl, sent) });
  return { status: res.status, body: parseBody(await res.text()) as TestAnswer<K>, headers: res.headers };
}
