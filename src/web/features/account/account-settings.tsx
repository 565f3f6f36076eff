import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Download, LogOut, Monitor } from 'lucide-react';
import type { AccountInfo, SessionItem } from '../../../shared/api/account';
import { DELETE_ACCOUNT_PHRASE, SOCIAL_PROVIDER_NAMES } from '../../../shared/constants';
import { ChangeEmailSchema, ChangePasswordSchema, DeleteAccountSchema } from '../../../shared/schemas';
import { Badge } from '../../components/ui/badge';
import { BusyButton, Button, buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { ErrorMessage, Loading, SuccessMessage } from '../../components/ui/feedback';
import { Field, Input } from '../../components/ui/field';
import { api, errorText } from '../../lib/api';
import { startSocialSignIn, useAuth } from '../../lib/auth';
import { Form, FormMessage, SubmitButton, useApiForm } from '../../lib/form';
import { formatDate, timeAgo } from '../../lib/format';
import { useAccount, useChangePassword, useSessions, useSignOutSession } from './account-queries';
import { ApiTokensCard } from './api-tokens';

/**
 * The account part of the Settings tab (docs/decisions/013-accounts.md): email, password, the
 * devices signed in, API tokens (docs/decisions/025), the data download, and deleting the account.
 */
export function AccountSettings() {
  const account = useAccount();
  const [params] = useSearchParams();
  if (account.isPending) return <Loading>Loading account...</Loading>;
  if (account.isError) return <ErrorMessage>{errorText(account.error, 'Failed to load your account')}</ErrorMessage>;
  const emailChanged = params.get('emailChanged') === '1';
  const emailError = params.get('emailError');
  return (
    <div className="space-y-6">
      {emailChanged && <SuccessMessage>Your email is now {account.data.email}.</SuccessMessage>}
      {emailError && <ErrorMessage>That email confirmation link is invalid or has expired. Ask for a new one below.</ErrorMessage>}
      <EmailCard account={account.data} />
      <PasswordCard account={account.data} />
      <SessionsCard />
      <ApiTokensCard />
      <DataCard account={account.data} />
    </div>
  );
}

function EmailCard({ account }: { account: AccountInfo }) {
  const [sent, setSent] = useState<string | null>(null);
  const form = useApiForm({
    schema: ChangeEmailSchema,
    defaultValues: { newEmail: '' },
    submit: (body) => api('POST /api/auth/change-email', { body }),
    onSuccess: (answer) => setSent(answer.message),
    resetOnSuccess: true,
    errorFallback: 'Failed to change the email',
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Change email</CardTitle>
        <CardDescription>
          You sign in as <span className="font-medium text-slate-900">{account.email}</span>
          {account.providers.length > 0 && <> and with {account.providers.map((p) => SOCIAL_PROVIDER_NAMES[p]).join(' and ')}</>}. A new
          address is confirmed by a link we send to it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form form={form} className="max-w-md space-y-4">
          <FormMessage />
          {sent && <SuccessMessage>{sent}</SuccessMessage>}
          <Field label="New email" error={form.error('newEmail')}>
            {(p) => <Input {...p} {...form.register('newEmail')} type="email" autoComplete="email" placeholder="you@example.com" />}
          </Field>
          <SubmitButton busyLabel="Sending link...">Change email</SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}

function PasswordCard({ account }: { account: AccountInfo }) {
  const change = useChangePassword();
  const form = useApiForm({
    schema: ChangePasswordSchema,
    defaultValues: { currentPassword: '', newPassword: '' },
    submit: change.mutateAsync,
    resetOnSuccess: true,
    errorFallback: 'Failed to change the password',
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>Your other devices are signed out when the password changes.</CardDescription>
      </CardHeader>
      <CardContent>
        {account.hasPassword ? (
          <Form form={form} className="space-y-4">
            <FormMessage success="Password changed. Your other devices were signed out." />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Current password" error={form.error('currentPassword')}>
                {(p) => <Input {...p} {...form.register('currentPassword')} type="password" autoComplete="current-password" />}
              </Field>
              <Field label="New password" hint="Must be at least 6 characters" error={form.error('newPassword')}>
                {(p) => <Input {...p} {...form.register('newPassword')} type="password" autoComplete="new-password" />}
              </Field>
            </div>
            <SubmitButton busyLabel="Changing password...">Change password</SubmitButton>
          </Form>
        ) : (
          <p className="text-sm text-slate-600">
            Your account has no password: you sign in with{' '}
            {account.providers.map((p) => SOCIAL_PROVIDER_NAMES[p]).join(' or ') || 'a provider'}. To add one, sign out and use &apos;Forgot
            password?&apos; on the sign-in page.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function SessionRow({ session }: { session: SessionItem }) {
  const signOut = useSignOutSession();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      <Monitor aria-hidden className="h-5 w-5 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {session.device}
          {session.current && <Badge variant="success">This device</Badge>}
        </p>
        <p className="text-sm text-slate-500">
          Active {timeAgo(session.lastActiveAt)} · signed in {formatDate(session.createdAt)}
        </p>
      </div>
      {!session.current && (
        <BusyButton
          variant="outline"
          size="sm"
          busy={signOut.isPending}
          busyLabel="Signing out..."
          aria-label={`Sign out ${session.device}, active ${timeAgo(session.lastActiveAt)}`}
          onClick={() => signOut.mutate(session.id)}
        >
          Sign out
        </BusyButton>
      )}
    </li>
  );
}

function SessionsCard() {
  const sessions = useSessions();
  const others = useSignOutSession();
  const count = sessions.data?.items.filter((s) => !s.current).length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Where you are signed in</CardTitle>
        <CardDescription>Sign out a device you do not recognise, or every device but this one.</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending && <Loading>Loading sessions...</Loading>}
        {sessions.isError && <ErrorMessage>{errorText(sessions.error, 'Failed to load your sessions')}</ErrorMessage>}
        {sessions.data && (
          <>
            <ul className="divide-y divide-slate-200" aria-label="Sessions">
              {sessions.data.items.map((s) => (
                <SessionRow key={s.id} session={s} />
              ))}
            </ul>
            {others.isError && <ErrorMessage className="mt-3">{errorText(others.error, 'Failed to sign out')}</ErrorMessage>}
            {others.isSuccess && others.variables === 'others' && (
              <div className="mt-3">
                <SuccessMessage>Signed out everywhere else.</SuccessMessage>
              </div>
            )}
            <BusyButton
              className="mt-4"
              variant="outline"
              busy={others.isPending && others.variables === 'others'}
              busyLabel="Signing out..."
              disabled={count === 0}
              onClick={() => others.mutate('others')}
            >
              <LogOut aria-hidden className="h-4 w-4" /> Sign out everywhere else
            </BusyButton>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function DataCard({ account }: { account: AccountInfo }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>Take a copy of everything we keep about you, or delete your account for good.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row">
        {/* A plain link: the server answers a file, which the browser saves. */}
        <a href="/api/auth/account/data" download className={buttonClass({ variant: 'outline' })}>
          <Download aria-hidden className="h-4 w-4" /> Download my data
        </a>
        <Button variant="dangerOutline" onClick={() => setDeleting(true)}>
          Delete account
        </Button>
      </CardContent>
      <DeleteAccountDialog account={account} open={deleting} onOpenChange={setDeleting} />
    </Card>
  );
}

function DeleteAccountDialog({ account, open, onOpenChange }: { account: AccountInfo; open: boolean; onOpenChange(open: boolean): void }) {
  const navigate = useNavigate();
  const { forget } = useAuth();
  const [reauthError, setReauthError] = useState<string | null>(null);
  const form = useApiForm({
    schema: DeleteAccountSchema,
    defaultValues: { password: '', confirm: '' },
    submit: (body) => api('POST /api/auth/delete-account', { body: account.hasPassword ? body : { confirm: body.confirm } }),
    onSuccess: async () => {
      await forget();
      navigate('/?accountDeleted=1', { replace: true });
    },
    errorFallback: 'Failed to delete the account',
  });
  const provider = account.providers[0];
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete account"
      description="This removes your profile, skills, requests, invitations and notifications, and signs you out everywhere. It cannot be undone."
    >
      <Form form={form} className="space-y-4">
        <p className="text-sm text-slate-600">
          A team you lead alone goes to its longest-standing member, or is deleted when nobody else is in it. Everyone affected is told.
        </p>
        <FormMessage />
        {account.hasPassword ? (
          <Field label="Password" error={form.error('password')}>
            {(p) => <Input {...p} {...form.register('password')} type="password" autoComplete="current-password" />}
          </Field>
        ) : provider ? (
          <div className="space-y-2 text-sm text-slate-600">
            <p>
              Your account has no password. If you signed in more than 10 minutes ago, sign in again with {SOCIAL_PROVIDER_NAMES[provider]}{' '}
              first.
            </p>
            {reauthError && <ErrorMessage>{reauthError}</ErrorMessage>}
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                startSocialSignIn(provider, '/profile?tab=settings').catch((err) => setReauthError(errorText(err, 'Please try again.')))
              }
            >
              Sign in again with {SOCIAL_PROVIDER_NAMES[provider]}
            </Button>
          </div>
        ) : null}
        <Field label={`Type '${DELETE_ACCOUNT_PHRASE}' to confirm`} error={form.error('confirm')}>
          {(p) => <Input {...p} {...form.register('confirm')} autoComplete="off" />}
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <SubmitButton variant="destructive" busyLabel="Deleting account...">
            Delete my account
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
