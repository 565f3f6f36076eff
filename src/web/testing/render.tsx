/**
 * Component-test support: render a screen inside the app's providers (query client, auth, a
 * memory router), with `fetch` answered per route key ('PUT /api/teams/{id}'), the way the API
 * would. Each answer is typed by its route in the contract (status, and body or error shape), so
 * a mock that drifts from the API fails `npm run typecheck`.
 */
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { ApiRoutes } from '../../shared/api';
import type { ApiErrorBody } from '../../shared/api/contract';
import type { ApiAnswer, ApiInput, ApiRoute } from '../lib/api';
import { AuthProvider } from '../lib/auth';

type Declared<K extends ApiRoute> = keyof ApiRoutes[K]['responses'] & number;
type SuccessStatus = 200 | 201 | 204;
/** Any route can also fail with these: load shedding (503) and a fault (500) are the edge's, not the route's. */
type AnyRouteFailure = 500 | 503;

/** A success the route declares, with the body its schema gives (none for a 204). */
type Success<K extends ApiRoute> = { status: Extract<Declared<K>, SuccessStatus> } & (null extends ApiAnswer<K>
  ? { body?: null }
  : { body: ApiAnswer<K> });
/** An error the route declares (or any route's 5xx), in the shared error shape; `code` defaults to the status's. */
export type ErrorAnswer<S extends number = number> = { status: S; body: Omit<ApiErrorBody, 'code'> & Partial<Pick<ApiErrorBody, 'code'>> };
export type Answer<K extends ApiRoute> = Success<K> | ErrorAnswer<Exclude<Declared<K>, SuccessStatus> | AnyRouteFailure>;
type RequestBody<K extends ApiRoute> = ApiInput<ApiRoutes[K]> extends { body: infer B } ? B : undefined;
/** Answers by the contract's route key ('PUT /api/profiles/{id}/basic'), each typed by that route; a reply also reads the query. */
type AnswerOrReply<K extends ApiRoute> = Answer<K> | ((body: RequestBody<K>, query: URLSearchParams) => Answer<K>);
export type Answers = { [K in ApiRoute]?: AnswerOrReply<K> };
/**
 * The answers as written, each typed by its key's route. Keys are inferred one by one, so a
 * computed `string` key (which `Answers` would let through unchecked) has no route and fails.
 */
type AnswersFor<Key extends PropertyKey> = { [K in Key]: K extends ApiRoute ? AnswerOrReply<K> : never };

/** The signed-in user every screen sees unless `GET /api/me` is answered otherwise. */
export const SIGNED_IN = {
  user: { id: 'user-1', email: 'ada@example.com' },
  profile: {
    id: '11111111-1111-4111-8111-111111111111',
    firstName: 'Ada',
    lastName: 'Lovelace',
    preferredName: null,
    name: 'Ada Lovelace',
    avatarUrl: null,
  },
} satisfies ApiAnswer<'GET /api/me'>;

/** Nobody signed in, the way the server says so (`GET /api/me` never answers 401). */
export const SIGNED_OUT = { 'GET /api/me': { status: 200, body: { user: null, profile: null } } } satisfies Answers;

/** `GET /api/config` answered as by a server with these settings; by default no sign-in provider and webhooks on https only. */
export const serverConfig = (settings: Partial<ApiAnswer<'GET /api/config'>> = {}) =>
  ({
    'GET /api/config': {
      status: 200,
      body: { eventUrl: 'https://example.com', socialProviders: [], webhooksAllowHttp: false, ...settings },
    },
  }) satisfies Answers;

/** Whether a request's method and path ('PUT /api/profiles/1111/basic') fit a route key, whose `{param}` segments fit any one segment. */
function fits(request: string, route: string): boolean {
  const asked = request.split('/');
  const declared = route.split('/');
  return asked.length === declared.length && declared.every((part, i) => part === asked[i] || /^\{\w+\}$/.test(part));
}

/**
 * Answers `fetch` from `answers` by the route the request fits ('GET /api/teams/abc' fits
 * 'GET /api/teams/{id}'); anything else is a 404. Returns the calls made, each with its concrete
 * `key` ('GET /api/teams/abc'), its `query`, and the `route` that answered it.
 */
export function answerFetch<Key extends PropertyKey>(answers: AnswersFor<Key>) {
  const calls: { key: string; route: ApiRoute | null; body: unknown; query: URLSearchParams }[] = [];
  const table: Answers = answers;
  const routes = Object.keys(table) as ApiRoute[];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${input.split('?')[0]}`;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      // A route without parameters is named exactly, so it wins over a template that would fit as well.
      const route = routes.includes(key as ApiRoute) ? (key as ApiRoute) : (routes.find((r) => fits(key, r)) ?? null);
      calls.push({ key, route, body, query: new URLSearchParams(input.split('?')[1] ?? '') });
      const found: Answers[ApiRoute] | undefined = route
        ? table[route]
        : key === 'GET /api/me'
          ? { status: 200, body: SIGNED_IN }
          : { status: 404, body: { error: 'Not found' } };
      const query = new URLSearchParams(input.split('?')[1] ?? '');
      const answer = (
        typeof found === 'function' ? (found as (body: unknown, query: URLSearchParams) => Answer<ApiRoute>)(body, query) : found
      )!;
      return new Response(answer.status === 204 ? null : JSON.stringify(answer.body ?? {}), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/**
 * Renders `ui` at `path` inside the app's providers (on the route pattern `route`, for screens that
 * read its parameters); other paths render their name, to see where navigation led.
 */
export function renderScreen(ui: ReactNode, { path = '/', route }: { path?: string; route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: route ?? path.split('?')[0], element: ui },
      { path: '*', element: <p>Now at another page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

/** A 400 the way the server sends it: the first message as `error`, every field's in `fields`. */
export const invalid = (fields: Record<string, string>): ErrorAnswer<400> => ({
  status: 400,
  body: { error: Object.values(fields)[0], fields },
});
