/** What the account part of Settings reads and writes (keys from lib/query-keys). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
