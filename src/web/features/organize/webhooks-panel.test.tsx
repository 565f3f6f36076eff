/**
 * Webhooks on the desk (docs/product.md#webhooks): adding one shows its secret once, a refused URL
 * says why on its field, and each delivery can be sent again.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Webhook } from '../../../shared/api/webhooks';
import { answerFetch, renderScreen, serverConfig } from '../../testing/render';
import { WebhooksPanel } from './webhooks-panel';

const SLUG = 'spring-hack';
const NOW = '2026-11-01T10:00:00.000Z';
const HOOK_ID = '55555555-5555-4555-8555-555555555555';
const DELIVERY_ID = '66666666-6666-4666-8666-666666666666';
const SECRET = 'whsec_abcdefghijklmnopqrstuvwxyz012345';
const PRIVATE = 'This URL points to a private, loopback or link-local address: use a public address';

const hook: Webhook = {
  id: HOOK_ID,
  url: 'https://bot.example.org/hook',
  kinds: ['position_opened'],
  active: true,
  createdAt: NOW,
  deliveries: [
    {
      id: DELIVERY_ID,
      kind: 'position_opened',
      state: 'failed',
      attempts: 7,
      lastStatus: 500,
      lastError: 'answered HTTP 500',
      createdAt: NOW,
      lastAttemptAt: NOW,
      nextAttemptAt: null,
    },
  ],
};

function renderPanel(list: Webhook[], { allowHttp = false } = {}) {
  const calls = answerFetch({
    ...serverConfig({ webhooksAllowHttp: allowHttp }),
    'GET /api/events/{slug}/webhooks': { status: 200, body: list },
    'POST /api/events/{slug}/webhooks': (body: unknown) =>
      (body as { url: string }).url.includes('127.0.0.1')
        ? { status: 400, body: { error: PRIVATE, code: 'webhook_url_private', fields: { url: PRIVATE } } }
        : { status: 201, body: { ...hook, deliveries: [], secret: SECRET } },
    'POST /api/events/{slug}/webhooks/{id}/deliveries/{deliveryId}/redeliver': {
      status: 201,
      body: { ...hook.deliveries[0], id: '77777777-7777-4777-8777-777777777777', state: 'pending', attempts: 0 },
    },
  });
  renderScreen(<WebhooksPanel slug={SLUG} />, { path: `/hackathons/${SLUG}/organize`, route: '/hackathons/:slug/organize' });
  return calls;
}

describe('webhooks on the desk', () => {
  it('adds one and shows its secret once; a private address is refused on the URL field', async () => {
    const calls = renderPanel([]);
    expect(await screen.findByText('No webhooks yet')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('Choose at least one kind')).toBeVisible();

    await userEvent.type(screen.getByLabelText('URL'), 'https://127.0.0.1/hook');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Position opened' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(screen.getByLabelText('URL')).toHaveAccessibleDescription(PRIVATE));

    await userEvent.clear(screen.getByLabelText('URL'));
    await userEvent.type(screen.getByLabelText('URL'), 'https://bot.example.org/hook');
    expect(screen.getByRole('checkbox', { name: 'Position opened' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByLabelText('Signing secret')).toHaveValue(SECRET);
    expect(calls.filter((c) => c.key.startsWith('POST')).at(-1)?.body).toEqual({
      url: 'https://bot.example.org/hook',
      kinds: ['position_opened'],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('says at once that the URL must be https, beside the missing kind, where the server takes nothing else', async () => {
    const calls = renderPanel([]);
    expect(await screen.findByText('https:// and a public address')).toBeVisible();
    await userEvent.type(screen.getByLabelText('URL'), 'http://bot.example.org/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(screen.getByLabelText('URL')).toHaveAccessibleDescription('Enter an https:// URL'));
    expect(screen.getByText('Choose at least one kind')).toBeVisible();
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);
  });

  it('sends an http:// URL where the server takes it (WEBHOOKS_ALLOW_PRIVATE)', async () => {
    const calls = renderPanel([], { allowHttp: true });
    expect(await screen.findByText('https:// or http://')).toBeVisible();
    await userEvent.type(screen.getByLabelText('URL'), 'http://bot.example.org/hook');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Position opened' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByLabelText('Signing secret')).toHaveValue(SECRET);
    expect(calls.filter((c) => c.key.startsWith('POST')).at(-1)?.body).toEqual({
      url: 'http://bot.example.org/hook',
      kinds: ['position_opened'],
    });
  });

  it('lists deliveries with their answer; Redeliver sends one again', async () => {
    const calls = renderPanel([hook]);
    const deliveries = await screen.findByRole('list', { name: 'Deliveries to https://bot.example.org/hook' });
    expect(within(deliveries).getByText('Failed')).toBeVisible();
    expect(within(deliveries).getByText('7 attempts')).toBeVisible();
    expect(within(deliveries).getByText('HTTP 500')).toBeVisible();
    await userEvent.click(within(deliveries).getByRole('button', { name: 'Redeliver' }));
    await waitFor(() =>
      expect(calls.some((c) => c.key === `POST /api/events/${SLUG}/webhooks/${HOOK_ID}/deliveries/${DELIVERY_ID}/redeliver`)).toBe(true),
    );
  });
});
