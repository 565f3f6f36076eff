import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { SignUpSchema } from '../../../shared/schemas';
import { Page } from '../../components/layout';
import { BusyButton } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '../../components/ui/card';
import { ErrorMessage } from '../../components/ui/feedback';
import { Field, Input } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { focusFirstInvalid, validate } from '../../lib/validate';
import { Divider, safeRedirect, SocialButtons } from './social-buttons';
import { useDocumentTitle } from '../../lib/title';

type Form = { firstName: string; lastName: string; email: string; password: string };

export default function SignupPage() {
  useDocumentTitle('Sign Up');
  const { user, signUp } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get('redirectTo'));
  const [form, setForm] = useState<Form>({ firstName: '', lastName: '', email: '', password: '' });
  const [fields, setFields] = useState<Partial<Record<keyof Form, string>>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (user && !busy) return <Navigate to={redirectTo} replace />;

  const set = (key: keyof Form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const { data, errors } = validate(SignUpSchema, form);
    setFields(errors ?? {});
    if (errors) focusFirstInvalid(e.currentTarget);
    if (!data) return;
    setBusy(true);
    try {
      await signUp(data);
      navigate(redirectTo, { replace: true });
    } catch (err) {
      if (err instanceof ApiRequestError) {
        setFields(err.fields as typeof fields);
        setError(err.message);
      } else setError('An error occurred during signup');
      setBusy(false);
    }
  };

  return (
    <Page narrow>
      <Card className="mx-auto max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold text-slate-900">Create your account</h1>
          <CardDescription>Join fellow builders looking for their dream team</CardDescription>
        </CardHeader>
        <CardContent>
          <SocialButtons />
          <Divider />
          <form onSubmit={submit} className="space-y-4" noValidate>
            {error && <ErrorMessage>{error}</ErrorMessage>}
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="First name" error={fields.firstName}>
                {(p) => <Input {...p} autoComplete="given-name" required value={form.firstName} onChange={set('firstName')} />}
              </Field>
              <Field label="Last name" error={fields.lastName}>
                {(p) => <Input {...p} autoComplete="family-name" required value={form.lastName} onChange={set('lastName')} />}
              </Field>
            </div>
            <Field label="Email" error={fields.email}>
              {(p) => <Input {...p} type="email" autoComplete="email" required value={form.email} onChange={set('email')} placeholder="you@example.com" />}
            </Field>
            <Field label="Password" hint="Must be at least 6 characters" error={fields.password}>
              {(p) => <Input {...p} type="password" autoComplete="new-password" required minLength={6} value={form.password} onChange={set('password')} />}
            </Field>
            <BusyButton type="submit" className="w-full" busy={busy} busyLabel="Creating account...">Sign up with Email</BusyButton>
          </form>
        </CardContent>
        <CardFooter className="justify-center text-sm text-slate-600">
          Already have an account?{' '}
          <Link to={`/login${params.get('redirectTo') ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`} className="font-medium text-brand-600 hover:underline">
            Login instead
          </Link>
        </CardFooter>
      </Card>
    </Page>
  );
}
