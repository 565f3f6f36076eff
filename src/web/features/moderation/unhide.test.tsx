/**
 * Hiding closes the reports about a thing, so the queue lists what is hidden with Unhide
 * (docs/product.md#moderation): a mistaken hide is undone without waiting for a new report.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import type { ModerationQueue } from '../../../shared/api/moderation';
import { answerFetch, renderScreen } from '../../testing/render';
import ModeratePage from './moderate-page';

const TEAM_ID = '22222222-2222-4222-8222-222222222222';

const queue = (hidden: ModerationQueue['hidden']): ModerationQueue => ({ reports: [], bans: [], hidden, record: null });

it('a moderator unhides a team description from the list of what is hidden, with a reason', async () => {
  let shown = false;
  const calls = answerFetch({
    'GET /api/events/{slug}/moderation': () => ({
      status: 200,
      body: queue(
        shown
          ? []
          : [
              {
                targetKind: 'team',
                targetId: TEAM_ID,
                label: 'Grid Whisperers',
                link: `/teams/${TEAM_ID}`,
                reason: 'Insults in the description',
                createdAt: '2026-11-02T10:00:00.000Z',
              },
            ],
      ),
    }),
    'POST /api/events/{slug}/moderation/actions': () => {
      shown = true;
      return { status: 200, body: { done: true } };
    },
  });
  renderScreen(<ModeratePage />, { path: '/hackathons/spring-hack/moderate', route: '/hackathons/:slug/moderate' });
  const list = await screen.findByRole('region', { name: 'Hidden by a moderator' });
  expect(within(list).getByRole('link', { name: 'Grid Whisperers' })).toHaveAttribute('href', `/teams/${TEAM_ID}`);
  expect(within(list).getByText(/Insults in the description/)).toBeVisible();

  await userEvent.click(within(list).getByRole('button', { name: 'Unhide Grid Whisperers' }));
  const dialog = await screen.findByRole('dialog', { name: 'Show Grid Whisperers again' });
  // Pressed with no reason: it says why nothing happened, and the reason box has the keyboard.
  await userEvent.click(within(dialog).getByRole('button', { name: 'Unhide' }));
  expect(within(dialog).getByText('Say why: the person concerned reads it')).toBeVisible();
  await waitFor(() => expect(within(dialog).getByLabelText('Reason')).toHaveFocus());
  expect(calls.some((c) => c.key.startsWith('POST '))).toBe(false);
  await userEvent.type(within(dialog).getByLabelText('Reason'), 'The leader rewrote it');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Unhide' }));

  expect(await within(list).findByText('Nothing.')).toBeVisible();
  // Its Unhide button is gone with it: the keyboard goes on from the list's heading.
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Hidden by a moderator' })).toHaveFocus());
  expect(calls.find((c) => c.key === 'POST /api/events/spring-hack/moderation/actions')?.body).toEqual({
    action: 'unhide',
    targetKind: 'team',
    targetId: TEAM_ID,
    reason: 'The leader rewrote it',
  });
});
