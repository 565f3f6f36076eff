import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { SignUpSchema } from '../../../shared/schemas';
import { Page } from '../../components/page';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '../../components/ui/card';
import { Field, Input } from '../../components/ui/field';
import { useAuth } from '../../lib/auth';
import { Form, FormMessage, SubmitButton, useApiForm } from '../../lib/form';
import { useDocumentTitle } from '../../lib/title';
import { safeRedirect } from './safe-redirect';
import { Divider, SocialButtons } from './social-buttons';

export default function SignupPage() {
  useDocumentTitle('Sign Up');
  const { user, signUp } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get('redirectTo'));
  // A sign-up that did not sign in (the email has an account): the answer is in that mailbox.
  const [checkEmail, setCheckEmail] = useState<string | null>(null);
  const form = useApiForm({
    schema: SignUpSchema,
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
    submit: signUp,
    onSuccess: (signedIn, values) => (signedIn ? navigate(redirectTo, { replace: true }) : setCheckEmail(values.email)),
    errorFallback: 'An error occurred during signup',
  });
  const { isSubmitting, isSubmitSuccessful } = form.formState;

  if (user && !isSubmitting && !isSubmitSuccessful) return <Navigate to={redirectTo} replace />;
  if (checkEmail) {
    return (
      <Page narrow>
        <Card className="mx-auto max-w-md">
          <CardHeader className="text-center">
            <h1 className="text-2xl font-semibold text-slate-900">Check your email</h1>
            <CardDescription>
              We sent a message to <span className="font-medium text-slate-900">{checkEmail}</span> with what to do next.
            </CardDescription>
          </CardHeader>
          <CardFooter className="justify-center text-sm text-slate-600">
            Already have an account?{' '}
            <Link to="/login" className="font-medium text-link hover:underline">
              Login instead
            </Link>
          </CardFooter>
        </Card>
      </Page>
    );
  }

  return (
    <Page narrow>
      <Card className="mx-auto max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold text-slate-900">Create your account</h1>
          <CardDescription>Join fellow builders looking for their dream team</CardDescription>
        </CardHeader>
        <CardContent>
          <SocialButtons redirectTo={redirectTo} />
          <Divider />
          <Form form={form} className="space-y-4">
            <FormMessage />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="First name" error={form.error('firstName')}>
                {(p) => <Input {...p} {...form.register('firstName')} autoComplete="given-name" required />}
              </Field>
              <Field label="Last name" error={form.error('lastName')}>
                {(p) => <Input {...p} {...form.register('lastName')} autoComplete="family-name" required />}
              </Field>
            </div>
            <Field label="Email" error={form.error('email')}>
              {(p) => <Input {...p} {...form.register('email')} type="email" autoComplete="email" required placeholder="you@example.com" />}
            </Field>
            <Field label="Password" hint="Must be at least 6 characters" error={form.error('password')}>
              {(p) => <Input {...p} {...form.register('password')} type="password" autoComplete="new-password" required minLength={6} />}
            </Field>
            <SubmitButton className="w-full" busyLabel="Creating account...">
              Sign up with Email
            </SubmitButton>
          </Form>
        </CardContent>
        <CardFooter className="justify-center text-sm text-slate-600">
          Already have an account?{' '}
          <Link
            to={`/login${params.get('redirectTo') ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`}
            className="font-medium text-link hover:underline"
          >
            Login instead
          </Link>
        </CardFooter>
      </Card>
    </Page>
  );
}
