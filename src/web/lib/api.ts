/**
 * The one API client: JSON in and out, errors as ApiRequestError with the server's message
 * and field messages, and a 401 on a write sends the user to sign in and come back.
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function api<T>(path: string, opts: { method?: Method; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const method = opts.method ?? 'GET';
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      signal: opts.signal,
      headers: opts.body !== undefined && !isForm ? { 'content-type': 'application/json' } : undefined,
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiRequestError(0, 'Cannot reach the server. Check your connection and try again.');
  }
  const data = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) {
    const body = (data ?? {}) as { error?: string; fields?: Record<string, string> };
    if (res.status === 401 && method !== 'GET' && !path.startsWith('/api/auth/')) {
      const here = window.location.pathname + window.location.search;
      window.location.assign(`/login?redirectTo=${encodeURIComponent(here)}`);
    }
    throw new ApiRequestError(res.status, body.error ?? `Request failed (${res.status})`, body.fields);
  }
  return data as T;
}

/** Builds a query string from defined, non-empty values. */
export function toQuery(params: Record<string, string | number | boolean | string[] | undefined | null>): string {
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
