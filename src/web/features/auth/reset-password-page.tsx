import { Link, useNavigate, useSearchParams } from 'react-router';
import { ResetPasswordSchema } from '../../../shared/schemas';
import { Page } from '../../components/page';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '../../components/ui/card';
import { ErrorMessage } from '../../components/ui/feedback';
import { Field, Input } from '../../components/ui/field';
import { api } from '../../lib/api';
import { Form, FormMessage, SubmitButton, useApiForm } from '../../lib/form';
import { useDocumentTitle } from '../../lib/title';

/** The page a reset link opens: a new password (the sign-up rules), then on to sign in. */
export default function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const form = useApiForm({
    schema: ResetPasswordSchema,
    defaultValues: { token, newPassword: '' },
    submit: (body) => api('POST /api/auth/reset-password', { body }),
    onSuccess: () => navigate('/login?reset=1', { replace: true }),
    errorFallback: 'Could not change the password. Please try again.',
  });

  return (
    <Page narrow>
      <Card className="mx-auto max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold text-slate-900">Choose a new password</h1>
          <CardDescription>Every device signed in to your account will be signed out.</CardDescription>
        </CardHeader>
        <CardContent>
          {!token ? (
            <ErrorMessage>This reset link is incomplete. Open the link from the email again, or ask for a new one.</ErrorMessage>
          ) : (
            <Form form={form} className="space-y-4">
              <FormMessage />
              {form.error('token') && <ErrorMessage>{form.error('token')}</ErrorMessage>}
              <Field label="New password" hint="Must be at least 6 characters" error={form.error('newPassword')}>
                {(p) => (
                  <Input {...p} {...form.register('newPassword')} type="password" autoComplete="new-password" required minLength={6} />
                )}
              </Field>
              <SubmitButton className="w-full" busyLabel="Saving password...">
                Set new password
              </SubmitButton>
            </Form>
          )}
        </CardContent>
        <CardFooter className="justify-center text-sm text-slate-600">
          <Link to="/forgot-password" className="font-medium text-link hover:underline">
            Ask for a new link
          </Link>
        </CardFooter>
      </Card>
    </Page>
  );
}
