import { Navigate, useSearchParams } from 'react-router';
import { safeRedirect } from './safe-redirect';
import { useDocumentTitle } from '../../lib/title';

/**
 * Return path for social sign-in: the server's callback has set the session and sends the browser
 * here, which continues to redirectTo (a full page load, so who is signed in is read afresh). An
 * error that arrives here anyway goes back to /login, where it is shown.
 */
export default function AuthCallbackPage() {
  useDocumentTitle('Signing in');
  const [params] = useSearchParams();
  const error = params.get('error_description') ?? params.get('error');
  if (error) return <Navigate to={`/login?error_description=${encodeURIComponent(error)}`} replace />;
  return <Navigate to={safeRedirect(params.get('redirectTo'))} replace />;
}
