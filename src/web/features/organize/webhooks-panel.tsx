/**
 * An event's webhooks on the organizer's desk (docs/product.md#webhooks), for owners and organizers:
 * add one (URL and kinds), its secret shown once with a copy button, and each webhook with its
 * latest deliveries, each of which can be sent again.
 */
import { useState } from 'react';
import { z } from 'zod';
import { REFUSALS } from '../../../shared/api/refusals';
import { WebhookInputSchema, type Webhook, type WebhookDelivery } from '../../../shared/api/webhooks';
import { urlScheme } from '../../../shared/schemas';
import { WEBHOOK_HEADERS, WEBHOOK_KINDS, WEBHOOK_KIND_LABELS, type WebhookKind } from '../../../shared/webhooks';
import { SecretOnce } from '../../components/secret-once';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState, ErrorMessage } from '../../components/ui/feedback';
import { Checkbox, Field, Input } from '../../components/ui/field';
import { errorText } from '../../lib/api';
import { useConfig } from '../../lib/config';
import { Form, FormMessage, SubmitButton, useApiForm } from '../../lib/form';
import { useWebhookActions, useWebhooks } from './organize-queries';

/**
 * The form's schema: https:// only where the server takes nothing else (GET /api/config's
 * webhooksAllowHttp), so a plain http:// URL is refused with the kinds, not on a second try; the
 * server checks again, and alone checks that the address is public.
 */
const webhookFormSchema = (httpsOnly: boolean) =>
  z.object({
    url: httpsOnly
      ? // Its scheme as parsed, as the server reads it (an unparsable URL has the shared schema's message).
        WebhookInputSchema.shape.url.refine((url) => [null, 'https:'].includes(urlScheme(url)), REFUSALS.webhook_url_https.message)
      : WebhookInputSchema.shape.url,
    kinds: z.array(z.enum(WEBHOOK_KINDS)).min(1, 'Choose at least one kind'),
  });
const HTTPS_ONLY = webhookFormSchema(true);
const HTTP_TOO = webhookFormSchema(false);

const STATE_TEXT: Record<WebhookDelivery['state'], string> = { pending: 'Waiting', delivered: 'Delivered', failed: 'Failed' };
const STATE_BADGE = { pending: 'default', delivered: 'success', failed: 'danger' } as const;
const time = (iso: string) => new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });

function Deliveries({ hook, slug }: { hook: Webhook; slug: string }) {
  const { redeliver } = useWebhookActions(slug);
  if (hook.deliveries.length === 0) return <p className="mt-2 text-sm text-slate-600">No deliveries yet.</p>;
  return (
    <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label={`Deliveries to ${hook.url}`}>
      {hook.deliveries.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
          <span className="font-medium text-slate-900">{WEBHOOK_KIND_LABELS[d.kind]}</span>
          <Badge variant={STATE_BADGE[d.state]}>{STATE_TEXT[d.state]}</Badge>
          <span className="text-slate-600">
            {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
          </span>
          <span className="text-slate-600">{d.lastStatus ? `HTTP ${d.lastStatus}` : (d.lastError ?? 'Not tried yet')}</span>
          <span className="text-slate-600">{time(d.lastAttemptAt ?? d.createdAt)}</span>
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="ml-auto"
            disabled={redeliver.isPending}
            onClick={() => redeliver.mutate({ id: hook.id, deliveryId: d.id })}
          >
            Redeliver
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function WebhooksPanel({ slug }: { slug: string }) {
  const hooks = useWebhooks(slug);
  const actions = useWebhookActions(slug);
  const [secret, setSecret] = useState<string | null>(null);
  // Until the settings are read, the hint says what most servers take and the server alone checks it.
  const allowHttp = useConfig().data?.webhooksAllowHttp;
  const form = useApiForm({
    schema: allowHttp === false ? HTTPS_ONLY : HTTP_TOO,
    defaultValues: { url: '', kinds: [] },
    submit: (values) => actions.create.mutateAsync(values),
    onSuccess: (created) => setSecret(created.secret),
    resetOnSuccess: true,
    errorFallback: 'The webhook could not be added. Please try again.',
  });
  const failed = actions.setActive.error ?? actions.remove.error ?? actions.redeliver.error;
  return (
    <Card className="mt-8 p-4" role="region" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading" className="text-lg font-semibold text-slate-900">
        Webhooks
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A signed POST to your URL for each thing you choose, retried for a day. Each carries{' '}
        <code>
          {/* The header's name never breaks inside (a phone broke it after the 'X'). */}
          <span className="whitespace-nowrap">{WEBHOOK_HEADERS.signature}:</span> sha256=
        </code>
        , the HMAC-SHA256 of its body with the secret shown when you add the webhook: check it before you trust the body. What each one
        sends:{' '}
        <a href="/api/docs" className="text-link underline">
          API documentation
        </a>
        .
      </p>
      <Form form={form} className="mt-4 space-y-4">
        <Field label="URL" error={form.error('url')} hint={allowHttp ? 'https:// or http://' : 'https:// and a public address'}>
          {(props) => (
            <Input {...props} type="url" inputMode="url" placeholder="https://bot.example.org/hackteams" {...form.register('url')} />
          )}
        </Field>
        <fieldset aria-describedby={form.error('kinds') ? 'webhook-kinds-error' : undefined}>
          <legend className="text-sm font-medium text-slate-700">Send</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {WEBHOOK_KINDS.map((k) => (
              <Checkbox key={k} label={WEBHOOK_KIND_LABELS[k]} value={k} {...form.register('kinds')} />
            ))}
          </div>
          {form.error('kinds') && (
            <p id="webhook-kinds-error" className="mt-1 text-sm text-danger">
              {form.error('kinds')}
            </p>
          )}
        </fieldset>
        <FormMessage />
        <SubmitButton busyLabel="Adding...">Add webhook</SubmitButton>
      </Form>
      {secret && (
        <div className="mt-4">
          <SecretOnce
            region="New webhook's signing secret"
            title="The webhook's signing secret"
            label="Signing secret"
            secret={secret}
            onDone={() => setSecret(null)}
          />
        </div>
      )}
      <div className="mt-6">
        {hooks.isPending && <p className="text-sm text-slate-600">Loading webhooks...</p>}
        {hooks.isError && <ErrorMessage>{errorText(hooks.error, 'The webhooks could not be loaded.')}</ErrorMessage>}
        {failed && <ErrorMessage className="mb-3">{errorText(failed, 'That did not work. Please try again.')}</ErrorMessage>}
        {hooks.data && hooks.data.length === 0 && (
          <EmptyState title="No webhooks yet" description="Add one above to hear what happens in this event." />
        )}
        <ul className="space-y-4">
          {hooks.data?.map((hook) => (
            <li key={hook.id} className="rounded-lg border border-slate-200 p-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="break-all font-mono text-sm text-slate-900">{hook.url}</span>
                {!hook.active && <Badge>Paused</Badge>}
                <span className="ml-auto flex gap-2">
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    onClick={() => actions.setActive.mutate({ id: hook.id, active: !hook.active })}
                  >
                    {hook.active ? 'Pause' : 'Resume'}
                  </Button>
                  <Button type="button" size="sm" variant="dangerOutline" onClick={() => actions.remove.mutate(hook.id)}>
                    Delete
                  </Button>
                </span>
              </div>
              <p className="mt-1 text-sm text-slate-600">{hook.kinds.map((k: WebhookKind) => WEBHOOK_KIND_LABELS[k]).join(', ')}</p>
              <Deliveries hook={hook} slug={slug} />
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
