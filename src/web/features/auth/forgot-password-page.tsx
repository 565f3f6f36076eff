import { useState } from 'react';
import { Link } from 'react-router';
import { ForgotPasswordSchema } from '../../../shared/schemas';
import { Page } from '../../components/page';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '../../components/ui/card';
import { SuccessMessage } from '../../components/ui/feedback';
import { Field, Input } from '../../components/ui/field';
import { api } from '../../lib/api';
import { Form, FormMessage, SubmitButton, useApiForm } from '../../lib/form';
import { useDocumentTitle } from '../../lib/title';

/** 'Forgot password?': asks for the email, and says the same whether or not it has an account. */
export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [sent, setSent] = useState<string | null>(null);
  const form = useApiForm({
    schema: ForgotPasswordSchema,
    defaultValues: { email: '' },
    submit: (body) => api('POST /api/auth/forgot-password', { body }),
    onSuccess: (answer) => setSent(answer.message),
    errorFallback: 'Could not send the link. Please try again.',
  });

  return (
    <Page narrow>
      <Card className="mx-auto max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold text-slate-900">Forgot your password?</h1>
          <CardDescription>Enter the email of your account and we will send you a link to choose a new password.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form form={form} className="space-y-4">
            {sent && <SuccessMessage>{sent}</SuccessMessage>}
            <FormMessage />
            <Field label="Email" error={form.error('email')}>
              {(p) => <Input {...p} {...form.register('email')} type="email" autoComplete="email" required placeholder="you@example.com" />}
            </Field>
            <SubmitButton className="w-full" busyLabel="Sending link...">
              {sent ? 'Send the link again' : 'Send reset link'}
            </SubmitButton>
          </Form>
        </CardContent>
        <CardFooter className="justify-center text-sm text-slate-600">
          Remembered it?{' '}
          <Link to="/login" className="font-medium text-link hover:underline">
            Back to sign in
          </Link>
        </CardFooter>
      </Card>
    </Page>
  );
}
