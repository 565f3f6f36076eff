/**
 * The one API client. A call names a route of the contract (src/shared/api) by its method and
 * path, `api('GET /api/teams/{id}', { params: { id } })`, and takes every type from that route:
 * the path parameters, query and body it needs, and the shape of its success answer. A change of
 * a response schema therefore fails `npm run typecheck` wherever the answer is used. The contract
 * is imported for its types only, so the schemas add nothing to the pages that merely read.
 * Errors come back as ApiRequestError with the server's message and field messages; a 401 on a
 * write sends the user to sign in and come back.
 */
import type { ApiRoutes } from '../../shared/api';
import type { ApiAnswer, ApiInput, ApiRoute, InputArgs } from '../../shared/api/types';

export type { ApiAnswer, ApiInput, ApiResponse, ApiRoute } from '../../shared/api/types';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    /** Seconds the server asked to wait before trying again (a 503's or 429's `Retry-After`). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

type Loose = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; signal?: AbortSignal };

/** Calls a route of the contract; the input is optional only for routes that need none. */
export function api<K extends ApiRoute>(
  route: K,
  ...[input]: InputArgs<ApiInput<ApiRoutes[K]> & { signal?: AbortSignal }>
): Promise<ApiAnswer<K>> {
  const { params = {}, query = {}, body, signal } = (input ?? {}) as Loose;
  const [method, template] = route.split(' ');
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
  return send(method, path + toQuery(query), body, signal) as Promise<ApiAnswer<K>>;
}

async function send(method: string, path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      signal,
      headers: body !== undefined && !isForm ? { 'content-type': 'application/json' } : undefined,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiRequestError(0, 'Cannot reach the server. Check your connection and try again.');
  }
  const data = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) {
    const error = (data ?? {}) as { error?: string; fields?: Record<string, string> };
    if (res.status === 401 && method !== 'GET' && !path.startsWith('/api/auth/')) {
      const here = window.location.pathname + window.location.search;
      window.location.assign(`/login?redirectTo=${encodeURIComponent(here)}`);
    }
    const retryAfter = Number(res.headers.get('retry-after')) || undefined;
    throw new ApiRequestError(res.status, error.error ?? `Request failed (${res.status})`, error.fields, retryAfter);
  }
  return data;
}

/**
 * The server's message when it sent one the user can act on (a 4xx, or a 503 saying to try again
 * in a few seconds), otherwise the product's fallback text.
 */
export function errorText(err: unknown, fallback: string): string {
  // Status 0 is "cannot reach the server", which says more than any fallback.
  return err instanceof ApiRequestError && (err.status < 500 || err.status === 503) ? err.message : fallback;
}

/** Builds a query string from defined, non-empty values (lists comma-separated). */
export function toQuery(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    if (Array.isArray(value)) {
      if (value.length) search.set(key, value.join(','));
    } else search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}
