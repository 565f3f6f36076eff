/** Query keys and small helpers shared by the team screens and widgets. */
import { ApiRequestError } from '../../lib/api';

export const teamKeys = {
  /** Every team list page, whatever its filters. */
  lists: ['teams'] as const,
  list: (params: { q: string; open: boolean; page: number }) => ['teams', params] as const,
  detail: (id: string) => ['team', id] as const,
  joinRequests: (id: string) => ['team', id, 'join-requests'] as const,
  ledTeams: (candidate: string) => ['led-teams', candidate] as const,
};

export const notificationsKey = ['notifications'] as const;

/** The server's message when it sent one the user can act on, otherwise the spec's fallback. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiRequestError && err.status > 0 && err.status < 500) return err.message;
  return fallback;
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** How the leader reads a join request (SPEC 3): the position line, a blank line, the message. */
export function requestText(position: string, message: string): string {
  return `Position: ${position}\n\n${message}`;
}
