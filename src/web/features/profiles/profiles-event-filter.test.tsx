/** The event filter of /profiles lives in the URL (docs/product.md#event-rules-for-teams); default: all events. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TWO_EVENTS } from '../../testing/events';
import { answerFetch, renderScreen } from '../../testing/render';
import ProfilesPage from './profiles-page';

const events = TWO_EVENTS;
const page = <T,>(items: T[]) => ({ status: 200 as const, body: { items, total: items.length, page: 1, pageSize: 100 } });

describe('the event filter of /profiles', () => {
  it('/profiles: all events by default; choosing one puts it in the URL and asks for its people', async () => {
    const calls = answerFetch({
      'GET /api/events': page(events),
      'GET /api/profiles': page([]),
      'GET /api/skills': { status: 200, body: [] },
    });
    const { router } = renderScreen(<ProfilesPage />, { path: '/profiles' });
    const select = await screen.findByRole('combobox', { name: 'Event' });
    expect(select).toHaveValue('');
    await screen.findByRole('option', { name: 'Health Hack Berlin' });
    await userEvent.selectOptions(select, 'Health Hack Berlin');
    await waitFor(() => expect(router.state.location.search).toBe('?event=health-hack-berlin'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.key === 'GET /api/profiles')
          .at(-1)
          ?.query.get('event'),
      ).toBe('health-hack-berlin'),
    );
  });
});
