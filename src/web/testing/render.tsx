/**
 * Component-test support: render a screen inside the app's providers (query client, auth, a
 * memory router), with `fetch` answered per route key ('POST /api/teams'), the way the API would.
 */
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AuthProvider } from '../lib/auth';

export type Answer = { status: number; body?: unknown };
export type Answers = Record<string, Answer | ((body: unknown) => Answer)>;

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
};

/** Answers `fetch` from `answers` by method and path ('GET /api/me'); anything else is a 404. Returns the calls made. */
export function answerFetch(answers: Answers) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${input.split('?')[0]}`;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      calls.push({ key, body });
      const found =
        answers[key] ?? (key === 'GET /api/me' ? { status: 200, body: SIGNED_IN } : { status: 404, body: { error: 'Not found' } });
      const answer = typeof found === 'function' ? found(body) : found;
      return new Response(answer.status === 204 ? null : JSON.stringify(answer.body ?? {}), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Renders `ui` at `path` inside the app's providers; other paths render their name, to see where navigation led. */
export function renderScreen(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0], element: ui },
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
export const invalid = (fields: Record<string, string>): Answer => ({ status: 400, body: { error: Object.values(fields)[0], fields } });
