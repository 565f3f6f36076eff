import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { SignInSchema } from '../../../shared/schemas';
import { Page } from '../../components/page';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '../../components/ui/card';
import { ErrorMessage, SuccessMessage } from '../../components/ui/feedback';
import { SOCIAL_PROVIDER_NAMES, SOCIAL_PROVIDERS, type SocialProvider } from '../../../shared/constants';
import { Field, Input } from '../../components/ui/field';
import { useAuth } from '../../lib/auth';
import { Form, FormMessage, SubmitButton, useApiForm } from '../../lib/form';
import { useDocumentTitle } from '../../lib/title';
import { safeRedirect } from './safe-redirect';
import { Divider, SocialButtons } from './social-buttons';

export default function LoginPage() {
  useDocumentTitle('Login');
  const { user, signIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get('redirectTo'));
  const form = useApiForm({
    schema: SignInSchema,
    defaultValues: { email: '', password: '' },
    submit: signIn,
    onSuccess: () => navigate(redirectTo, { replace: true }),
    errorFallback: 'Invalid email or password',
  });
  const { isSubmitting, isSubmitSuccessful, submitCount } = form.formState;

  // Already signed in (and not in the middle of signing in here): on to where they were going.
  if (user && !isSubmitting && !isSubmitSuccessful) return <Navigate to={redirectTo} replace />;
  // A failed social sign-in comes back in the URL (docs/product.md#accounts-and-sessions): it shows until the form is used.
  const provider = params.get('provider') as SocialProvider | null;
  const providerName = provider && SOCIAL_PROVIDERS.includes(provider) ? SOCIAL_PROVIDER_NAMES[provider] : null;
  const description = params.get('error_description');
  const socialFailed = submitCount === 0 && providerName && (params.get('error') || description);
  const urlError = submitCount === 0 && !socialFailed ? description : null;
  const reset = submitCount === 0 && params.get('reset') === '1';

  return (
    <Page narrow>
      <Card className="mx-auto max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold text-slate-900">Welcome back</h1>
          <CardDescription>Sign in to your account to continue</CardDescription>
        </CardHeader>
        <CardContent>
          {socialFailed && (
            <ErrorMessage className="mb-4">
              <p>An error occurred during {providerName} login. Please try again.</p>
              {description && <p className="mt-1">{description}</p>}
            </ErrorMessage>
          )}
          <SocialButtons redirectTo={redirectTo} />
          <Divider />
          <Form form={form} className="space-y-4">
            {reset && <SuccessMessage>Your password was changed. Sign in with your new password.</SuccessMessage>}
            {urlError && <ErrorMessage>{urlError}</ErrorMessage>}
            <FormMessage />
            <Field label="Email" error={form.error('email')}>
              {(p) => <Input {...p} {...form.register('email')} type="email" autoComplete="email" required placeholder="you@example.com" />}
            </Field>
            <Field label="Password" error={form.error('password')}>
              {(p) => <Input {...p} {...form.register('password')} type="password" autoComplete="current-password" required />}
            </Field>
            <p className="-mt-2 text-right text-sm">
              <Link to="/forgot-password" className="font-medium text-link hover:underline">
                Forgot password?
              </Link>
            </p>
            <SubmitButton className="w-full" busyLabel="Signing in...">
              Sign in with Email
            </SubmitButton>
          </Form>
        </CardContent>
        <CardFooter className="justify-center text-sm text-slate-600">
          Don&apos;t have an account?{' '}
          <Link
            to={`/signup${params.get('redirectTo') ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`}
            className="font-medium text-link hover:underline"
          >
            Sign Up
          </Link>
        </CardFooter>
      </Card>
    </Page>
  );
}
