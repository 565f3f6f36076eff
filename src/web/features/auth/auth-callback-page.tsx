import { Navigate, useSearchParams } from 'react-router';
import { safeRedirect } from './safe-redirect';
import { useDocumentTitle } from '../../lib/title';

/**
 * Return path for social sign-in. No provider is configured yet, so an error from the
 * provider goes back to /login where it is shown, and anything else continues to redirectTo.
 */
export default function AuthCallbackPage() {
  useDocumentTitle('Signing in');
  const [params] = useSearchParams();
  const error = params.get('error_description') ?? params.get('error');
  if (error) return <Navigate to={`/login?error_description=${encodeURIComponent(error)}`} replace />;
  return <Navigate to={safeRedirect(params.get('redirectTo'))} replace />;
}
