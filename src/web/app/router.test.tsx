/** The app's routes as the browser loads them: each screen's code arrives lazily on the first visit. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../lib/auth';
import { routes } from './router';
import { answerFetch, SIGNED_OUT } from '../testing/render';
import { pageOf, WORLDS_LARGEST } from '../testing/events';

afterEach(() => vi.restoreAllMocks());
/** A screen's chunk is compiled on its first visit in a test run: seconds, not the browser's milliseconds. */
const LAZY = { timeout: 15_000 };

function openApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('the first load of a page', () => {
  it('shows the navigation and Loading... while the screen loads, then the screen, without a router warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    answerFetch({
      ...SIGNED_OUT,
      'GET /api/events/featured': { status: 200, body: WORLDS_LARGEST },
      'GET /api/teams': { status: 200, body: pageOf([]) },
      'GET /api/profiles': { status: 200, body: pageOf([]) },
    });
    openApp('/hackathon');
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByRole('link', { name: 'Teams' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Hackathons' })).toHaveAttribute('href', '/hackathons');
    expect(await screen.findByRole('heading', { level: 1, name: "World's Largest Hackathon" }, LAZY)).toBeVisible();
    expect(screen.getByText('The $1M+ Hackathon')).toBeVisible();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(warn.mock.calls.flat().join('\n')).not.toMatch(/HydrateFallback/);
    // The first load is no navigation: focus stays where the browser puts it.
    expect(document.activeElement).toBe(document.body);
  });
});

describe('moving to another page', () => {
  it("puts focus on the new page's main heading once it has arrived", async () => {
    answerFetch({ ...SIGNED_OUT, 'GET /api/events': { status: 200, body: pageOf([]) } });
    const router = openApp('/login');
    await screen.findByRole('heading', { level: 1 }, LAZY);
    await userEvent.click(screen.getByRole('link', { name: 'Hackathons' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hackathons'), LAZY);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Hackathons' }, LAZY);
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('focuses main while the page loads its data, then its heading', async () => {
    let answer: (() => void) | undefined;
    answerFetch({ ...SIGNED_OUT, 'GET /api/events/featured': { status: 200, body: WORLDS_LARGEST } });
    const fetchNow = globalThis.fetch;
    // Hold the event back until the test lets it through.
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      input.startsWith('/api/events/featured')
        ? new Promise<Response>((r) => (answer = () => r(fetchNow(input, init))))
        : fetchNow(input, init),
    );
    const router = openApp('/login');
    await screen.findByRole('heading', { level: 1 }, LAZY);
    await act(() => router.navigate('/hackathon'));
    await waitFor(() => expect(answer).toBeDefined(), LAZY);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
    await act(async () => answer!());
    const heading = await screen.findByRole('heading', { level: 1, name: "World's Largest Hackathon" }, LAZY);
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
