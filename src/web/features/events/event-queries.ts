/**
 * What the event screens read and write (docs/product.md#events). Keys come from lib/query-keys;
 * taking part or leaving refreshes the event, the lists that count its people, and the own
 * profile and teams (leaving an event leaves its teams).
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiRoutes } from '../../../shared/api';
import type { EventDetail } from '../../../shared/api/events';
import type { EventListPhase } from '../../../shared/events';
import type { RegistrationSchema } from '../../../shared/event-schemas';
import { api, ApiRequestError, type ApiInput } from '../../lib/api';
import { eventKeys, notificationKeys, profileKeys, teamKeys } from '../../lib/query-keys';

type ProfileListQuery = NonNullable<Extract<ApiInput<ApiRoutes['GET /api/profiles']>, { query?: unknown }>['query']>;
type TeamListQuery = NonNullable<Extract<ApiInput<ApiRoutes['GET /api/teams']>, { query?: unknown }>['query']>;

/** True when the error is the server saying there is no such event (or it is a draft or hidden). */
export const isMissing = (err: unknown) => err instanceof ApiRequestError && err.status === 404;

type EventListQuery = NonNullable<Extract<ApiInput<ApiRoutes['GET /api/events']>, { query?: unknown }>['query']>;

/** A list of events, a page at a time ('Show more'). */
const useEvents = (query: Omit<EventListQuery, 'page'>, enabled = true) =>
  useInfiniteQuery({
    queryKey: eventKeys.list(query),
    queryFn: ({ signal, pageParam }) => api('GET /api/events', { query: { ...query, page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled,
  });

/** The published events of one phase, a page at a time ('Show more'). */
export const useEventsByPhase = (phase: EventListPhase, pageSize?: number) => useEvents({ phase, pageSize });

/** The events the signed-in person takes part in or works on, drafts included (`enabled`: signed in). */
export const useMyEvents = (enabled: boolean) => useEvents({ mine: true, pageSize: 6 }, enabled);

export const useFeaturedEvent = () =>
  useQuery({
    queryKey: eventKeys.featured(),
    queryFn: ({ signal }) => api('GET /api/events/featured', { signal }),
  });

/** A few of the event's teams, newest first, for its page. */
export const useEventTeams = (query: TeamListQuery) =>
  useQuery({
    queryKey: teamKeys.list(query),
    queryFn: ({ signal }) => api('GET /api/teams', { query, signal }),
  });

/** The signed-in person's teams in the event, for its 'Take part' (asked for once they take part). */
export const useMyEventTeams = (slug: string) =>
  useQuery({
    queryKey: profileKeys.ownTeams(slug),
    queryFn: ({ signal }) => api('GET /api/me/teams', { query: { event: slug }, signal }),
  });

/** A few of the people taking part, for its page. */
export const useEventPeople = (query: ProfileListQuery) =>
  useQuery({
    queryKey: profileKeys.list(query),
    queryFn: ({ signal }) => api('GET /api/profiles', { query, signal }),
  });

type RegistrationInput = z.input<typeof RegistrationSchema>;

/** Everything that says who takes part in `event` or is in its teams. */
function useRefreshTakingPart(event: EventDetail) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: eventKeys.all }),
      queryClient.invalidateQueries({ queryKey: profileKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: profileKeys.own }),
      queryClient.invalidateQueries({ queryKey: teamKeys.all }),
      queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      // The featured event is the same event under another key.
      queryClient.invalidateQueries({ queryKey: eventKeys.detail(event.slug) }),
    ]);
}

/** 'Take part', or a change of the looking flag and the line. */
export function useTakePart(event: EventDetail) {
  const refresh = useRefreshTakingPart(event);
  return useMutation({
    mutationFn: (body: RegistrationInput) => api('PUT /api/events/{slug}/registration', { params: { slug: event.slug }, body }),
    onSuccess: refresh,
  });
}

/** Leave the event, and with it its teams. */
export function useLeaveEvent(event: EventDetail) {
  const refresh = useRefreshTakingPart(event);
  return useMutation({
    mutationFn: () => api('DELETE /api/events/{slug}/registration', { params: { slug: event.slug } }),
    onSuccess: refresh,
  });
}
