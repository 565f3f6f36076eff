import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Layout } from './layout';
import { RequireAuth } from '../components/require-auth';
import { Loading } from '../components/ui/feedback';

/**
 * What the first page load shows inside the layout while the screen's chunk arrives: the router
 * renders a route's HydrateFallback until its `lazy` has loaded (and warns when there is none).
 */
function ScreenLoading() {
  return <Loading>Loading...</Loading>;
}

/** Each screen is its own chunk, loaded when its route is first visited. */
const page = (
  load: () => Promise<{ default: ComponentType }>,
  opts: { auth?: boolean } = {},
): Pick<RouteObject, 'lazy' | 'HydrateFallback'> => ({
  // On the screen's own route, so the navigation bar and footer are there from the first paint.
  HydrateFallback: ScreenLoading,
  lazy: async () => {
    const { default: Screen } = await load();
    return {
      Component: opts.auth
        ? () => (
            <RequireAuth>
              <Screen />
            </RequireAuth>
          )
        : Screen,
    };
  },
});

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', ...page(() => import('../features/home/home-page')) },
      { path: '/profiles', ...page(() => import('../features/profiles/profiles-page')) },
      { path: '/profiles/:id', ...page(() => import('../features/profiles/profile-page')) },
      { path: '/teams', ...page(() => import('../features/teams/teams-page')) },
      { path: '/teams/:id', ...page(() => import('../features/teams/team-page')) },
      { path: '/hackathons', ...page(() => import('../features/events/events-page')) },
      { path: '/hackathons/:slug', ...page(() => import('../features/events/event-page')) },
      { path: '/hackathon', ...page(() => import('../features/events/featured-event-page')) },
      { path: '/hackathons/new', ...page(() => import('../features/event-admin/new-event-page'), { auth: true }) },
      { path: '/hackathons/:slug/edit', ...page(() => import('../features/event-admin/edit-event-page'), { auth: true }) },
      { path: '/hackathons/:slug/staff', ...page(() => import('../features/event-admin/staff-page'), { auth: true }) },
      { path: '/hackathons/:slug/group', ...page(() => import('../features/grouping/group-page'), { auth: true }) },
      { path: '/hackathons/:slug/organize', ...page(() => import('../features/organize/organize-page'), { auth: true }) },
      { path: '/create-team', ...page(() => import('../features/teams/create-team-page'), { auth: true }) },
      { path: '/profile', ...page(() => import('../features/profiles/own-profile-page'), { auth: true }) },
      { path: '/login', ...page(() => import('../features/auth/login-page')) },
      { path: '/signup', ...page(() => import('../features/auth/signup-page')) },
      { path: '/auth/callback', ...page(() => import('../features/auth/auth-callback-page')) },
      { path: '/forgot-password', ...page(() => import('../features/auth/forgot-password-page')) },
      { path: '/reset-password', ...page(() => import('../features/auth/reset-password-page')) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
