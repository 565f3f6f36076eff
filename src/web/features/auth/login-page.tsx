import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/layout';
import { BusyButton } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '../../components/ui/card';
import { ErrorMessage } from '../../components/ui/feedback';
import { Field, Input } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { Divider, safeRedirect, SocialButtons } from './social-buttons';
import { useDocumentTitle } from '../../lib/title';

export default function LoginPage() {
  useDocumentTitle('Login');
  const { user, signIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get('redirectTo'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(params.get('error_description'));

  if (user && !busy) return <Navigate to={redirectTo} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(email, password);
      navigate(redirectTo, { replace: true });
    } catch (err) {
      setError(err instanceof ApiRequestError && err.status === 401 ? 'Invalid email or password' : (err as Error).message);
      setBusy(false);
    }
  };

  return (
    <Page narrow>
      <Card className="mx-auto max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold text-slate-900">Welcome back</h1>
          <CardDescription>Sign in to your account to continue</CardDescription>
        </CardHeader>
        <CardContent>
          <SocialButtons />
          <Divider />
          <form onSubmit={submit} className="space-y-4" noValidate={false}>
            {error && <ErrorMessage>{error}</ErrorMessage>}
            <Field label="Email">
              {(p) => <Input {...p} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@example.com" />}
            </Field>
            <Field label="Password">
              {(p) => <Input {...p} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />}
            </Field>
            <BusyButton type="submit" className="w-full" busy={busy} busyLabel="Signing in...">Sign in with Email</BusyButton>
          </form>
        </CardContent>
        <CardFooter className="justify-center text-sm text-slate-600">
          Don&apos;t have an account?{' '}
          <Link to={`/signup${params.get('redirectTo') ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`} className="font-medium text-brand-600 hover:underline">
            Sign Up
          </Link>
        </CardFooter>
      </Card>
    </Page>
  );
}
