/**
 * Every query key of the app, by what it holds. Features read and invalidate through these
 * factories only, so a mutation in one feature can refresh exactly what it changed in another
 * (accepting an invitation changes the team, the own profile's teams and the notifications).
 * Keys nest: invalidating `teamKeys.all` refreshes every list, detail and request list of teams.
 */
import type { ApiInput } from './api';
import type { ApiRoutes } from '../../shared/api';

type Query<K extends keyof ApiRoutes> = NonNullable<Extract<ApiInput<ApiRoutes[K]>, { query?: unknown }>['query']>;

export const authKeys = {
  me: ['me'] as const,
};

export const profileKeys = {
  all: ['profiles'] as const,
  lists: () => [...profileKeys.all, 'list'] as const,
  list: (query: Query<'GET /api/profiles'>) => [...profileKeys.lists(), query] as const,
  details: () => [...profileKeys.all, 'detail'] as const,
  detail: (id: string) => [...profileKeys.details(), id] as const,
  /** The signed-in user's own profile, with contact details and teams. */
  own: ['own-profile'] as const,
  /** The signed-in user's teams in one event (its page's 'Take part'): under `own`, which every change of their teams refreshes. */
  ownTeams: (event: string) => [...profileKeys.own, 'teams', event] as const,
  skills: ['skills'] as const,
};

export const teamKeys = {
  all: ['teams'] as const,
  lists: () => [...teamKeys.all, 'list'] as const,
  list: (query: Query<'GET /api/teams'>) => [...teamKeys.lists(), query] as const,
  details: () => [...teamKeys.all, 'detail'] as const,
  detail: (id: string) => [...teamKeys.details(), id] as const,
  joinRequests: (id: string) => [...teamKeys.detail(id), 'join-requests'] as const,
  invitations: (id: string) => [...teamKeys.detail(id), 'invitations'] as const,
  /** Suggested people for a team (its leaders). */
  suggestions: (id: string) => [...teamKeys.detail(id), 'suggestions'] as const,
  /** Teams that need the signed-in person. */
  suggestedForMe: () => [...teamKeys.all, 'suggested-for-me'] as const,
  /** Teams the viewer leads, as seen from one candidate's profile page. */
  ledTeams: (candidate: string) => ['led-teams', candidate] as const,
  allLedTeams: ['led-teams'] as const,
};

export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (query: Query<'GET /api/events'>) => [...eventKeys.lists(), query] as const,
  details: () => [...eventKeys.all, 'detail'] as const,
  detail: (slug: string) => [...eventKeys.details(), slug] as const,
  staff: (slug: string) => [...eventKeys.detail(slug), 'staff'] as const,
  /** The event /hackathon shows. */
  featured: () => [...eventKeys.all, 'featured'] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  /** The pending lists of the Notifications tab: invitations to you, your join requests. */
  pending: () => [...notificationKeys.all, 'pending'] as const,
  /** The inbox: what happened, newest first, with the unread count. */
  inbox: () => [...notificationKeys.all, 'inbox'] as const,
  inboxPreview: () => [...notificationKeys.inbox(), 'preview'] as const,
  inboxPages: () => [...notificationKeys.inbox(), 'pages'] as const,
};

export const accountKeys = {
  all: ['account'] as const,
  info: () => [...accountKeys.all, 'info'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  tokens: () => [...accountKeys.all, 'tokens'] as const,
};

export const configKeys = {
  all: ['config'] as const,
};

/** The organizer's desk of one event (its staff). */
export const organizeKeys = {
  all: (slug: string) => ['organize', slug] as const,
  dashboard: (slug: string) => [...organizeKeys.all(slug), 'dashboard'] as const,
  unteamed: (slug: string, query: Query<'GET /api/events/{slug}/organize/unteamed'>) =>
    [...organizeKeys.all(slug), 'unteamed', query] as const,
  records: (slug: string) => [...organizeKeys.all(slug), 'records'] as const,
  announcements: (slug: string) => ['announcements', slug] as const,
};
