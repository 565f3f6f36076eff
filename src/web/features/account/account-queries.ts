/** What the account part of Settings reads and writes (keys from lib/query-keys). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TokenInput } from '../../../shared/api/tokens';
import { api } from '../../lib/api';
import { accountKeys } from '../../lib/query-keys';

export const useAccount = () =>
  useQuery({ queryKey: accountKeys.info(), queryFn: ({ signal }) => api('GET /api/auth/account', { signal }) });

export const useSessions = () =>
  useQuery({ queryKey: accountKeys.sessions(), queryFn: ({ signal }) => api('GET /api/auth/sessions', { signal }) });

/** Ends one session, or every other one; the list refreshes. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'others') =>
      id === 'others' ? api('POST /api/auth/sessions/sign-out-others') : api('DELETE /api/auth/sessions/{id}', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

/** A new password ends the other sessions: their list refreshes. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => api('POST /api/auth/change-password', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

/** The person's API tokens (never their secrets) and the events an organize token may be limited to. */
export const useTokens = () => useQuery({ queryKey: accountKeys.tokens(), queryFn: ({ signal }) => api('GET /api/me/tokens', { signal }) });

/** Makes a token; the answer holds its secret, shown once. */
export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TokenInput) => api('POST /api/me/tokens', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.tokens() }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE /api/me/tokens/{id}', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.tokens() }),
  });
}
