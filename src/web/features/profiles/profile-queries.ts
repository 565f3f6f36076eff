/**
 * What the profile screens read and write. Each query has its options here (keys from
 * lib/query-keys); each write refreshes exactly the queries whose answer it changes.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiRoutes } from '../../../shared/api';
import type { OwnProfile } from '../../../shared/api/profiles';
import { api, ApiRequestError, type ApiInput } from '../../lib/api';
import { authKeys, profileKeys } from '../../lib/query-keys';

type ProfileListQuery = NonNullable<Extract<ApiInput<ApiRoutes['GET /api/profiles']>, { query?: unknown }>['query']>;

export const useProfiles = (query: ProfileListQuery) =>
  useQuery({
    queryKey: profileKeys.list(query),
    queryFn: ({ signal }) => api('GET /api/profiles', { query, signal }),
    // The previous results stay on screen while the next ones load, so typing does not flash.
    placeholderData: keepPreviousData,
  });

/** A public profile. Contact details depend on who is looking, so the viewer is part of the key. */
export const useProfile = (id: string, viewerId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: [...profileKeys.detail(id), viewerId],
    queryFn: ({ signal }) => api('GET /api/profiles/{id}', { params: { id }, signal }),
    enabled,
  });

export const useOwnProfile = () =>
  useQuery({
    queryKey: profileKeys.own,
    queryFn: ({ signal }) => api('GET /api/profile', { signal }),
  });

/** Every skill name: the filter chips. A failure is silent; the chips just stay empty. */
export const useSkills = () =>
  useQuery({ queryKey: profileKeys.skills, queryFn: ({ signal }) => api('GET /api/skills', { signal }), staleTime: 60_000 });

/**
 * A write to the signed-in user's profile. Every write answers with the updated profile, which
 * replaces the cached one; lists, the public page, the skill chips and the navbar (name, avatar)
 * refetch.
 */
export function useProfileWrite<V>(write: (vars: V) => Promise<OwnProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileKeys.own, profile);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.me }),
        queryClient.invalidateQueries({ queryKey: profileKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: profileKeys.detail(profile.id) }),
        queryClient.invalidateQueries({ queryKey: profileKeys.skills }),
      ]);
    },
    // A conflict means the profile changed elsewhere: show its current state.
    onError: (err) => {
      if (err instanceof ApiRequestError && err.status === 409) void queryClient.invalidateQueries({ queryKey: profileKeys.own });
    },
  });
}
