/** Who is signed in, and the sign-up / sign-in / sign-out actions. */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Me } from '../../shared/api/auth';
import type { SignInSchema, SignUpSchema } from '../../shared/schemas';
import type { SocialProvider } from '../../shared/constants';
import { api } from './api';
import { authKeys } from './query-keys';

interface AuthState extends Me {
  loading: boolean;
  signIn(input: z.output<typeof SignInSchema>): Promise<void>;
  /** Whether the sign-up signed in: not when the email has an account already (its owner gets an email, docs/decisions/017). */
  signUp(input: z.output<typeof SignUpSchema>): Promise<boolean>;
  signOut(): Promise<void>;
  /** Forgets the signed-in user here after the server ended the session (the account was deleted). */
  forget(): Promise<void>;
  refresh(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: authKeys.me, queryFn: ({ signal }) => api('GET /api/me', { signal }), staleTime: 60_000 });

  const value = useMemo<AuthState>(() => {
    const refresh = async () => {
      await queryClient.invalidateQueries({ queryKey: authKeys.me });
    };
    return {
      user: me.data?.user ?? null,
      profile: me.data?.profile ?? null,
      loading: me.isPending,
      refresh,
      async signIn(input) {
        await api('POST /api/auth/sign-in/email', { body: input });
        // Everything cached so far was fetched as someone else: all of it goes.
        await queryClient.resetQueries();
      },
      async signUp(input) {
        await api('POST /api/auth/sign-up/email', { body: input });
        // Everything cached so far was fetched as someone else: all of it goes.
        await queryClient.resetQueries();
        const now = await queryClient.fetchQuery({ queryKey: authKeys.me, queryFn: ({ signal }) => api('GET /api/me', { signal }) });
        return now.user !== null;
      },
      async signOut() {
        // A failed sign-out still leaves the browser signed out (docs/product.md#accounts-and-sessions).
        await api('POST /api/auth/sign-out').catch(() => {});
        queryClient.setQueryData(authKeys.me, { user: null, profile: null });
        await queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== authKeys.me[0] });
      },
      async forget() {
        queryClient.setQueryData(authKeys.me, { user: null, profile: null });
        await queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== authKeys.me[0] });
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

/**
 * Starts a social sign-in: the server answers the provider's address (with a state cookie set),
 * and the browser goes there; the provider sends it back through /api/auth/callback/{provider}.
 */
export async function startSocialSignIn(provider: SocialProvider, redirectTo: string): Promise<void> {
  const { url } = await api('POST /api/auth/sign-in/social', { body: { provider, redirectTo } });
  window.location.assign(url);
}
