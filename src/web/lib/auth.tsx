/** Who is signed in, and the sign-up / sign-in / sign-out actions. */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignUpInput } from '../../shared/schemas';
import { api } from './api';

export interface Me {
  user: { id: string; email: string } | null;
  profile: {
    id: string;
    firstName: string;
    lastName: string;
    preferredName: string | null;
    name: string;
    avatarUrl: string | null;
  } | null;
}

interface AuthState extends Me {
  loading: boolean;
  signIn(email: string, password: string): Promise<void>;
  signUp(input: SignUpInput): Promise<void>;
  signOut(): Promise<void>;
  refresh(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);
export const meQueryKey = ['me'] as const;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: meQueryKey, queryFn: () => api<Me>('/api/me'), staleTime: 60_000 });

  const value = useMemo<AuthState>(() => {
    const refresh = async () => {
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    };
    return {
      user: me.data?.user ?? null,
      profile: me.data?.profile ?? null,
      loading: me.isPending,
      refresh,
      async signIn(email, password) {
        await api('/api/auth/sign-in/email', { method: 'POST', body: { email, password } });
        // Everything cached so far was fetched as someone else.
        await queryClient.resetQueries();
      },
      async signUp(input) {
        await api('/api/auth/sign-up/email', { method: 'POST', body: input });
        // Everything cached so far was fetched as someone else.
        await queryClient.resetQueries();
      },
      async signOut() {
        // A failed sign-out still leaves the browser signed out (SPEC 7: errors are ignored).
        await api('/api/auth/sign-out', { method: 'POST', body: {} }).catch(() => {});
        queryClient.setQueryData(meQueryKey, { user: null, profile: null });
        await queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
      },
    };
  }, [me.data, me.isPending, queryClient]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
