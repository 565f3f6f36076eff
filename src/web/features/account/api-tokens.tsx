import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { z } from 'zod';
import {
  TOKEN_EXPIRY_DAYS,
  TOKEN_SCOPE_TEXT,
  TOKEN_SCOPES,
  TokenInputSchema,
  type ApiToken,
  type CreatedToken,
  type TokenInput,
} from '../../../shared/api/tokens';
import type { EventRef } from '../../../shared/api/refs';
import { SecretOnce } from '../../components/secret-once';
import { Badge } from '../../components/ui/badge';
import { BusyButton } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState, ErrorMessage, Loading } from '../../components/ui/feedback';
import { Checkbox, Field, Input, Select } from '../../components/ui/field';
import { errorText } from '../../lib/api';
import { Form, FormMessage, SubmitButton, useApiForm } from '../../lib/form';
import { formatDate, timeAgo } from '../../lib/format';
import { useCreateToken, useRevokeToken, useTokens } from './account-queries';

const EXPIRIES = ['none', ...TOKEN_EXPIRY_DAYS.map(String)] as const;
const EXPIRY_LABEL: Record<string, string> = { none: 'No expiry', '7': '7 days', '30': '30 days', '90': '90 days' };

/** The form's values: checkboxes for the scopes, a select for the expiry; sent as a TokenInput. */
const TokenFormSchema = z.object({
  name: TokenInputSchema.shape.name,
  scopes: z.array(z.enum(TOKEN_SCOPES)).min(1, 'Choose at least one scope'),
  event: z.string(),
  expiry: z.enum(EXPIRIES),
});
type TokenForm = z.output<typeof TokenFormSchema>;

const toInput = (values: TokenForm): TokenInput => ({
  name: values.name,
  scopes: values.scopes,
  ...(values.event && values.scopes.includes('organize') ? { event: values.event } : {}),
  expiresInDays: values.expiry === 'none' ? null : (Number(values.expiry) as TokenInput['expiresInDays']),
});

/**
 * Personal API tokens (docs/decisions/025-personal-api-tokens.md), in Settings: make one (its
 * secret is shown once, with a copy button), see each one's scopes and last use, revoke one.
 */
export function ApiTokensCard() {
  const tokens = useTokens();
  const [created, setCreated] = useState<CreatedToken | null>(null);
  return (
    <Card id="api-tokens" role="region" aria-labelledby="api-tokens-title">
      <CardHeader>
        <CardTitle id="api-tokens-title">API tokens</CardTitle>
        <CardDescription>
          Tokens let your scripts and bots use the API as you: send one as <code className="break-all">Authorization: Bearer</code>. Give
          each the fewest scopes it needs, and revoke any you no longer use.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {created && (
          <SecretOnce
            region="New token"
            title={<>Your new token &apos;{created.token.name}&apos;</>}
            label="Token secret"
            secret={created.secret}
            onDone={() => setCreated(null)}
          />
        )}
        {tokens.isPending && <Loading>Loading tokens...</Loading>}
        {tokens.isError && <ErrorMessage>{errorText(tokens.error, 'Failed to load your API tokens')}</ErrorMessage>}
        {tokens.data && (
          <>
            {tokens.data.items.length === 0 ? (
              <EmptyState title="No API tokens yet" description="Create one below for a script or a bot." />
            ) : (
              <ul className="divide-y divide-slate-200" aria-label="API tokens">
                {tokens.data.items.map((t) => (
                  <TokenRow key={t.id} token={t} />
                ))}
              </ul>
            )}
            {tokens.data.items.length >= tokens.data.limit ? (
              <p className="text-sm text-slate-600">You have {tokens.data.limit} tokens, the most one person may have: revoke one first.</p>
            ) : (
              <CreateTokenForm staffEvents={tokens.data.staffEvents} onCreated={setCreated} />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeToken();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-2 py-3">
      <KeyRound aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="break-words">{token.name}</span>
          <code className="text-xs text-slate-500">{token.prefix}...</code>
        </p>
        <p className="flex flex-wrap gap-1.5">
          {token.scopes.map((s) => (
            <Badge key={s} variant={s === 'read' ? 'default' : 'secondary'}>
              {s}
            </Badge>
          ))}
          {token.event && <Badge variant="outline">{token.event.name} only</Badge>}
        </p>
        <p className="text-sm text-slate-500">
          Created {formatDate(token.createdAt)} · {token.expiresAt ? `expires ${formatDate(token.expiresAt)}` : 'never expires'} ·{' '}
          {token.lastUsedAt ? `last used ${timeAgo(token.lastUsedAt)}` : 'never used'}
        </p>
        {revoke.isError && <ErrorMessage>{errorText(revoke.error, 'Failed to revoke the token')}</ErrorMessage>}
      </div>
      <BusyButton
        variant="dangerOutline"
        size="sm"
        busy={revoke.isPending}
        busyLabel="Revoking..."
        aria-label={`Revoke ${token.name}`}
        onClick={() => setConfirming(true)}
      >
        Revoke
      </BusyButton>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Revoke token"
        question={`Revoke '${token.name}'? Scripts using it stop working at once.`}
        confirmLabel="Revoke token"
        onConfirm={() => revoke.mutate(token.id)}
      />
    </li>
  );
}

function CreateTokenForm({ staffEvents, onCreated }: { staffEvents: EventRef[]; onCreated(created: CreatedToken): void }) {
  const create = useCreateToken();
  const form = useApiForm({
    schema: TokenFormSchema,
    defaultValues: { name: '', scopes: ['read'], event: '', expiry: '90' },
    submit: (values) => create.mutateAsync(toInput(values)),
    onSuccess: (answer) => onCreated(answer),
    resetOnSuccess: true,
    fieldFor: (name) => (name === 'expiresInDays' ? 'expiry' : name.startsWith('scopes') ? 'scopes' : name),
    errorFallback: 'Failed to create the token',
  });
  const organize = form.watch('scopes')?.includes('organize');
  // Organize opens only the staff routes of events the person is staff of: offered to staff alone.
  const scopes = staffEvents.length > 0 ? TOKEN_SCOPES : TOKEN_SCOPES.filter((s) => s !== 'organize');
  return (
    <Form form={form} className="space-y-4 border-t border-slate-200 pt-4">
      <h3 className="font-medium text-slate-900">Create a token</h3>
      <FormMessage />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Token name" hint="What it is for, e.g. 'Discord bot'" error={form.error('name')}>
          {(p) => <Input {...p} {...form.register('name')} autoComplete="off" maxLength={60} />}
        </Field>
        <Field label="Expires" error={form.error('expiry')}>
          {(p) => (
            <Select {...p} {...form.register('expiry')}>
              {EXPIRIES.map((e) => (
                <option key={e} value={e}>
                  {EXPIRY_LABEL[e]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <fieldset className="space-y-2" aria-describedby={form.error('scopes') ? 'token-scopes-error' : undefined}>
        <legend className="text-sm font-medium text-slate-700">Scopes</legend>
        {scopes.map((s) => (
          <div key={s}>
            <Checkbox {...form.register('scopes')} value={s} label={TOKEN_SCOPE_TEXT[s]} />
          </div>
        ))}
        {form.error('scopes') && (
          <p id="token-scopes-error" className="text-sm text-danger">
            {form.error('scopes')}
          </p>
        )}
      </fieldset>
      {organize && staffEvents.length > 0 && (
        <Field label="Organize which events" error={form.error('event')}>
          {(p) => (
            <Select {...p} {...form.register('event')}>
              <option value="">Every event I am staff of</option>
              {staffEvents.map((e) => (
                <option key={e.slug} value={e.slug}>
                  Only {e.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <SubmitButton busyLabel="Creating token...">Create token</SubmitButton>
    </Form>
  );
}
