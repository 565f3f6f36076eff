/**
 * What the team screens read and write. Each query has its options here (keys from
 * lib/query-keys); each mutation refreshes exactly the queries whose answer it changes.
 */
import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateTeamSchema, InvitationSchema, JoinRequestSchema, UpdateTeamSchema } from '../../../shared/schemas';
import { api, type ApiInput } from '../../lib/api';
import { notificationKeys, profileKeys, teamKeys } from '../../lib/query-keys';
import type { ApiRoutes } from '../../../shared/api';

type TeamListQuery = NonNullable<Extract<ApiInput<ApiRoutes['GET /api/teams']>, { query?: unknown }>['query']>;

export const teamListQuery = (query: TeamListQuery) =>
  queryOptions({
    queryKey: teamKeys.list(query),
    queryFn: ({ signal }) => api('GET /api/teams', { query, signal }),
    // The previous page stays on screen while the next one loads, so typing does not flash.
    placeholderData: keepPreviousData,
  });

export const teamQuery = (id: string) =>
  queryOptions({
    queryKey: teamKeys.detail(id),
    queryFn: ({ signal }) => api('GET /api/teams/{id}', { params: { id }, signal }),
  });

export const useTeams = (query: TeamListQuery) => useQuery(teamListQuery(query));
export const useTeam = (id: string) => useQuery(teamQuery(id));

export const useJoinRequests = (teamId: string) =>
  useQuery({
    queryKey: teamKeys.joinRequests(teamId),
    queryFn: ({ signal }) => api('GET /api/teams/{id}/join-requests', { params: { id: teamId }, signal }),
  });

/** The teams the signed-in viewer leads, each saying whether `candidate` is in it or invited. */
export const useLedTeams = (candidate: string, enabled: boolean) =>
  useQuery({
    queryKey: teamKeys.ledTeams(candidate),
    queryFn: ({ signal }) => api('GET /api/me/led-teams', { query: { candidate }, signal }),
    enabled,
  });

/** The people who fit a team's open positions best, ten at a time (its leaders; docs/decisions/011-matching.md). */
export const useSuggestedPeople = (teamId: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: teamKeys.suggestions(teamId),
    queryFn: ({ signal, pageParam }) =>
      api('GET /api/teams/{id}/suggestions', { params: { id: teamId }, query: { page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage ?? undefined,
    enabled,
  });

/** Open teams whose positions need the signed-in person's skills, ten at a time (of one event, if given). */
export const useSuggestedTeams = (enabled: boolean, event?: string) =>
  useInfiniteQuery({
    queryKey: [...teamKeys.suggestedForMe(), event ?? null],
    queryFn: ({ signal, pageParam }) => api('GET /api/me/suggested-teams', { query: { page: pageParam, event }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage ?? undefined,
    enabled,
  });

// ---------- mutations ----------

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof CreateTeamSchema>) => api('POST /api/teams', { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.lists() }),
        // Your Teams on /profile, and the invite buttons on profiles.
        queryClient.invalidateQueries({ queryKey: profileKeys.own }),
        queryClient.invalidateQueries({ queryKey: teamKeys.allLedTeams }),
      ]),
  });
}

/** What a change to one team shows in: its page and the lists (name, openness, positions, count). */
function useRefreshTeam(teamId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.detail(teamId) }),
      queryClient.invalidateQueries({ queryKey: teamKeys.lists() }),
    ]);
}

export function useUpdateTeam(teamId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshTeam(teamId);
  return useMutation({
    mutationFn: (body: z.output<typeof UpdateTeamSchema>) => api('PATCH /api/teams/{id}', { params: { id: teamId }, body }),
    onSuccess: () =>
      Promise.all([
        refresh(),
        // The name and openness also show in Your Teams and on the invite buttons.
        queryClient.invalidateQueries({ queryKey: profileKeys.own }),
        queryClient.invalidateQueries({ queryKey: teamKeys.allLedTeams }),
      ]),
  });
}

export function useSetPositions(teamId: string) {
  const refresh = useRefreshTeam(teamId);
  return useMutation({
    mutationFn: (body: { openPositions: string[]; positionSkills?: Record<string, string[]> }) =>
      api('PUT /api/teams/{id}/positions', { params: { id: teamId }, body }),
    onSuccess: refresh,
  });
}

/** Freshness: a leader says the open positions are still open (their age starts over). */
export function useKeepPositionsOpen(teamId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshTeam(teamId);
  return useMutation({
    mutationFn: () => api('POST /api/teams/{id}/positions/still-open', { params: { id: teamId } }),
    onSuccess: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: notificationKeys.all })]),
  });
}

export function useRemoveMember(teamId: string) {
  const refresh = useRefreshTeam(teamId);
  return useMutation({
    mutationFn: (profileId: string) => api('DELETE /api/teams/{id}/members/{profileId}', { params: { id: teamId, profileId } }),
    onSuccess: refresh,
  });
}

export function useDeleteTeam(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('DELETE /api/teams/{id}', { params: { id: teamId } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: teamKeys.detail(teamId) });
      // Lists and previews, Your Teams, the invite buttons, and requests to it all showed it.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: profileKeys.own }),
        queryClient.invalidateQueries({ queryKey: teamKeys.allLedTeams }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      ]);
    },
  });
}

export function useRequestToJoin(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof JoinRequestSchema>) => api('POST /api/teams/{id}/join-requests', { params: { id: teamId }, body }),
    onSuccess: () =>
      Promise.all([
        // 'Request Pending' on the team page, and the request in Notifications.
        queryClient.invalidateQueries({ queryKey: teamKeys.detail(teamId) }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
        // A team one asked is no longer suggested.
        queryClient.invalidateQueries({ queryKey: teamKeys.suggestedForMe() }),
      ]),
  });
}

/** A leader's answer to a join request; an accepted requester becomes a member. */
export function useAnswerJoinRequest(teamId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshTeam(teamId);
  return useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) =>
      api(accept ? 'POST /api/join-requests/{id}/accept' : 'POST /api/join-requests/{id}/decline', { params: { id } }),
    // Also when it failed: an already answered request disappears from the list. An accepted
    // requester is no longer looking for a team, as their profile in the lists shows.
    onSettled: () =>
      Promise.all([
        refresh(),
        queryClient.invalidateQueries({ queryKey: teamKeys.joinRequests(teamId) }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
        // The inbox's copy of the request no longer offers Accept / Decline.
        queryClient.invalidateQueries({ queryKey: notificationKeys.inbox() }),
      ]),
  });
}

/** A team's pending invitations, for its leaders. */
export const usePendingInvitations = (teamId: string) =>
  useQuery({
    queryKey: teamKeys.invitations(teamId),
    queryFn: ({ signal }) => api('GET /api/teams/{id}/invitations', { params: { id: teamId }, signal }),
  });

/** The viewer leaves a team: its page, the lists' counts and the own profile's teams change. */
export function useLeaveTeam(teamId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshTeam(teamId);
  return useMutation({
    mutationFn: () => api('POST /api/teams/{id}/leave', { params: { id: teamId } }),
    onSuccess: () =>
      Promise.all([
        refresh(),
        queryClient.invalidateQueries({ queryKey: profileKeys.own }),
        queryClient.invalidateQueries({ queryKey: teamKeys.allLedTeams }),
      ]),
  });
}

/** A leader makes a member leader, or a leader (themselves too) a member again. */
export function useSetLeader(teamId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshTeam(teamId);
  return useMutation({
    mutationFn: ({ profileId, isLeader }: { profileId: string; isLeader: boolean }) =>
      api('PATCH /api/teams/{id}/members/{profileId}', { params: { id: teamId, profileId }, body: { isLeader } }),
    onSuccess: () =>
      Promise.all([
        refresh(),
        queryClient.invalidateQueries({ queryKey: profileKeys.own }),
        queryClient.invalidateQueries({ queryKey: teamKeys.allLedTeams }),
      ]),
  });
}

/** The requester takes a pending join request back. */
export function useCancelRequest(teamId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => api('POST /api/join-requests/{id}/cancel', { params: { id: requestId } }),
    // Also when it failed: a request answered meanwhile shows its real state.
    onSettled: () =>
      Promise.all([
        ...(teamId ? [queryClient.invalidateQueries({ queryKey: teamKeys.detail(teamId) })] : []),
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      ]),
  });
}

/** A leader takes a pending invitation back. */
export function useWithdrawInvitation(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => api('POST /api/invitations/{id}/withdraw', { params: { id: invitationId } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.invitations(teamId) }),
        queryClient.invalidateQueries({ queryKey: teamKeys.allLedTeams }),
      ]),
  });
}

export function useInvite(candidate: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof InvitationSchema>) => api('POST /api/invitations', { body }),
    onSuccess: (_, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.ledTeams(candidate) }),
        queryClient.invalidateQueries({ queryKey: teamKeys.invitations(body.teamId) }),
        // Someone invited is no longer suggested.
        queryClient.invalidateQueries({ queryKey: teamKeys.suggestions(body.teamId) }),
      ]),
  });
}
