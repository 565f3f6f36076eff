import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../lib/auth';
import { Loading } from './ui/feedback';

/** Route guard: a signed-out visitor goes to /login and comes back here after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <Loading>Loading...</Loading>;
  if (!user) {
    const redirectTo = location.pathname + location.search;
    return <Navigate to={`/login?redirectTo=${encodeURIComponent(redirectTo)}`} replace />;
  }
  return <>{children}</>;
}
