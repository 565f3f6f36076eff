/** The app's routes as the browser loads them: each screen's code arrives lazily on the first visit. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../lib/auth';
import { routes } from './router';
import { answerFetch, SIGNED_OUT } from '../testing/render';

afterEach(() => vi.restoreAllMocks());

describe('the first load of a page', () => {
  it('shows the navigation and Loading... while the screen loads, then the screen, without a router warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    answerFetch(SIGNED_OUT);
    const router = createMemoryRouter(routes, { initialEntries: ['/hackathon'] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByRole('link', { name: 'Teams' })).toBeVisible();
    expect(await screen.findByRole('heading', { level: 1, name: 'The $1M+ Hackathon' })).toBeVisible();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(warn.mock.calls.flat().join('\n')).not.toMatch(/HydrateFallback/);
  });
});
