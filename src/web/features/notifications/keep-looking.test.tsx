/** A lapsed looking flag (docs/product.md#freshness) is renewed from its notification in one click. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import type { InboxItem } from '../../../shared/api/notifications';
import { answerFetch, renderScreen } from '../../testing/render';
import { InboxEntry } from './inbox';

const item: InboxItem = {
  id: '55555555-5555-4555-8555-555555555555',
  seq: 7,
  kind: 'looking_lapsed',
  text: 'Spring Hack: you no longer show as looking for a team, 14 days after you last said so. Still looking? Say so again in one click',
  link: '/hackathons/spring-hack',
  data: { eventSlug: 'spring-hack', eventName: 'Spring Hack', days: 14 },
  createdAt: '2026-11-01T10:00:00.000Z',
  readAt: null,
  pending: null,
};

it("'Keep me looking' says so again in the event, and marks the notification read", async () => {
  const calls = answerFetch({
    'PUT /api/events/{slug}/registration': {
      status: 200,
      body: { looking: true, intent: null, createdAt: '2026-10-01T10:00:00.000Z', lookingSince: '2026-11-15T10:00:00.000Z' },
    },
    'POST /api/me/inbox/read': { status: 200, body: { unreadCount: 0 } },
  });
  renderScreen(
    <ul>
      <InboxEntry item={item} />
    </ul>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Keep me looking' }));
  expect(await screen.findByText('You show as looking for a team again.')).toBeVisible();
  expect(calls.find((c) => c.key === 'PUT /api/events/spring-hack/registration')?.body).toEqual({ looking: true });
  expect(calls.find((c) => c.key === 'POST /api/me/inbox/read')?.body).toEqual({ ids: [item.id] });
});
