/**
 * The events a list can be narrowed to, or a new team can be made in (GET /api/events): the select
 * of /teams, /profiles and /create-team reads them here, so every feature asks the same query.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '../../shared/constants';
import { api, ApiRequestError } from './api';
import { eventKeys } from './query-keys';

/** One event (GET /api/events/{slug}), under the one key every screen shares, so a change to it refreshes them all. */
export const eventQuery = (slug: string) =>
  queryOptions({
    queryKey: eventKeys.detail(slug),
    queryFn: ({ signal }) => api('GET /api/events/{slug}', { params: { slug }, signal }),
  });
export const useEvent = (slug: string, { enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...eventQuery(slug), enabled });

/**
 * Published events (`joinable`: only those whose teams the viewer could create or join now; `mine`: only
 * those the viewer takes part in or works on), as many as one page holds.
 */
export function useEventChoices({ joinable = false, mine = false }: { joinable?: boolean; mine?: boolean } = {}) {
  const query = { joinable, pageSize: MAX_PAGE_SIZE, ...(mine && { mine }) };
  return useQuery({
    queryKey: eventKeys.list(query),
    queryFn: ({ signal }) => api('GET /api/events', { query, signal }),
    staleTime: 60_000,
    select: (list) => list.items,
  });
}

/** The featured event's address (what /hackathon shows; a new team without an event goes there); null: none. */
export function useFeaturedEventSlug() {
  return useQuery({
    queryKey: eventKeys.featured(),
    queryFn: async ({ signal }) => {
      try {
        return (await api('GET /api/events/featured', { signal })).slug;
      } catch (err) {
        if (err instanceof ApiRequestError && err.status === 404) return null;
        throw err;
      }
    },
    staleTime: 60_000,
  });
}
