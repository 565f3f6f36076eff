/** 'Upcoming Hackathons' comes from the events (docs/product.md#home): running ones first, then upcoming, three at most. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventCard } from '../../../shared/api/events';
import { answerFetch, renderScreen, SIGNED_OUT } from '../../testing/render';
import { cardOf, pageOf, runningEvent } from '../../testing/events';
import { UpcomingHackathons } from './upcoming-hackathons';

const NOW = Date.now();
const card = (slug: string, name: string, phase: EventCard['phase']): EventCard => ({ ...cardOf(runningEvent(NOW)), slug, name, phase });

function open(running: EventCard[], upcoming: EventCard[]) {
  const calls = answerFetch({
    ...SIGNED_OUT,
    'GET /api/events': (_, query) => ({ status: 200, body: pageOf(query.get('phase') === 'running' ? running : upcoming) }),
  });
  renderScreen(<UpcomingHackathons />);
  return calls;
}
const section = () => screen.getByRole('region', { name: 'Upcoming Hackathons' });

describe('Upcoming Hackathons', () => {
  it('lists the running events, then the upcoming ones, three at most, each opening its page', async () => {
    const calls = open(
      [card('climate-code-sprint', 'Climate Code Sprint', 'running')],
      [
        card('health-hack-berlin', 'Health Hack Berlin', 'upcoming'),
        card('spring-hack', 'Spring Hack', 'upcoming'),
        card('later', 'Later Hack', 'upcoming'),
      ],
    );
    const items = await within(section()).findAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Climate Code Sprint',
      'Health Hack Berlin',
      'Spring Hack',
    ]);
    expect(within(items[0]).getByText('Happening now')).toBeVisible();
    expect(within(items[1]).getByText('Upcoming')).toBeVisible();
    expect(within(items[0]).getByRole('link', { name: /View Details/ })).toHaveAttribute('href', '/hackathons/climate-code-sprint');
    expect(within(section()).getByRole('link', { name: 'All Hackathons' })).toHaveAttribute('href', '/hackathons');
    expect(calls.filter((c) => c.route === 'GET /api/events')).toHaveLength(2);
  });

  it('when none is running or coming: says there are none and what to do meanwhile', async () => {
    open([], []);
    expect(await within(section()).findByRole('heading', { name: 'No upcoming hackathons' })).toBeVisible();
    expect(within(section()).getByText(/New events will be listed here/)).toBeVisible();
    expect(within(section()).getByRole('link', { name: 'Browse Teams' })).toHaveAttribute('href', '/teams');
    expect(within(section()).getByRole('link', { name: 'All Hackathons' })).toHaveAttribute('href', '/hackathons');
  });

  it('says loading failed when the server fails', async () => {
    answerFetch({ ...SIGNED_OUT, 'GET /api/events': { status: 500, body: { error: 'Internal error' } } });
    renderScreen(<UpcomingHackathons />);
    expect(await within(section()).findByText('Failed to load hackathons')).toBeVisible();
  });
});
