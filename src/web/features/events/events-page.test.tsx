/** /hackathons (docs/product.md#events): the events by phase, each group a page at a time, and its states. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EventCard } from '../../../shared/api/events';
import { answerFetch, renderScreen, SIGNED_OUT } from '../../testing/render';
import { cardOf, runningEvent, WORLDS_LARGEST } from '../../testing/events';
import EventsPage from './events-page';

const NOW = Date.now();
const running = cardOf(runningEvent(NOW));
const upcoming: EventCard = {
  ...cardOf(runningEvent(NOW)),
  slug: 'health-hack-berlin',
  name: 'Health Hack Berlin',
  tagline: 'A weekend of building for better care',
  location: 'San Francisco, CA',
  timezone: 'America/Los_Angeles',
  buildStartsAt: '2031-08-05T07:00:00.000Z',
  submissionDeadline: '2031-08-08T07:00:00.000Z',
  phase: 'upcoming',
};
const past = cardOf(WORLDS_LARGEST);

function answerByPhase(lists: Partial<Record<EventCard['phase'], EventCard[]>>, totals: Partial<Record<EventCard['phase'], number>> = {}) {
  return answerFetch({
    ...SIGNED_OUT,
    'GET /api/events': (_, query) => {
      const phase = query.get('phase') as EventCard['phase'];
      const all = lists[phase] ?? [];
      const pageNo = Number(query.get('page') ?? 1);
      // Pages of one, when a total beyond the items says there are more.
      const items = totals[phase] ? all.slice(pageNo - 1, pageNo) : all;
      return { status: 200, body: { items, total: totals[phase] ?? all.length, page: pageNo, pageSize: totals[phase] ? 1 : 24 } };
    },
  });
}

const group = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });

describe('the events list', () => {
  it('shows running, upcoming and past events, each card with its dates in its own zone, location and phase', async () => {
    answerByPhase({ running: [running], upcoming: [upcoming], past: [past] });
    renderScreen(<EventsPage />, { path: '/hackathons' });
    expect(screen.getByRole('heading', { level: 1, name: 'Hackathons' })).toBeVisible();
    expect(await screen.findByRole('region', { name: /^Happening now/ })).toBeVisible();

    const now = group('Happening now');
    expect(within(now).getByRole('heading', { name: 'Climate Code Sprint' })).toBeVisible();
    expect(within(now).getByText('A week of building open tools for the energy transition')).toBeVisible();
    expect(within(now).getByText('Online')).toBeVisible();
    expect(within(now).getByRole('link', { name: 'View Details: Climate Code Sprint' })).toHaveAttribute(
      'href',
      '/hackathons/climate-code-sprint',
    );

    const soon = group('Upcoming');
    expect(within(soon).getByText('August 5 – 7, 2031')).toBeVisible();
    expect(within(soon).getByText('San Francisco, CA')).toBeVisible();
    expect(within(soon).getByText('Upcoming', { selector: 'span' })).toBeVisible();

    const over = group('Past');
    expect(within(over).getByRole('heading', { name: "World's Largest Hackathon" })).toBeVisible();
    expect(within(over).getByText('May 30 – June 30, 2025')).toBeVisible();
    expect(within(over).getByText('Virtual (month-long)')).toBeVisible();
    expect(within(over).getByText('Ended')).toBeVisible();
  });

  it('says when a group is empty, and shows more of a group a page at a time', async () => {
    const more = { ...past, slug: 'boston-climate-tech-2025', name: 'Boston Climate Tech Hack' };
    answerByPhase({ upcoming: [upcoming], past: [past, more] }, { past: 2 });
    renderScreen(<EventsPage />, { path: '/hackathons' });
    expect(await screen.findByText('No hackathon is running right now.')).toBeVisible();
    const over = group('Past');
    expect(within(over).getAllByRole('article')).toHaveLength(1);
    await userEvent.click(within(over).getByRole('button', { name: /Show more/ }));
    expect(await within(over).findByRole('heading', { name: 'Boston Climate Tech Hack' })).toBeVisible();
    expect(within(over).queryByRole('button', { name: /Show more/ })).toBeNull();
  });

  it('a signed-in person finds their own events first, a draft among them; signed out, nobody asks for them', async () => {
    const draft: EventCard = { ...upcoming, slug: 'my-draft-hack', name: 'My Draft Hack', state: 'draft' };
    const calls = answerFetch({
      'GET /api/events': (_, query) => {
        const items = query.get('mine') === 'true' ? [draft, running] : query.get('phase') === 'running' ? [running] : [];
        return { status: 200, body: { items, total: items.length, page: 1, pageSize: 24 } };
      },
    });
    renderScreen(<EventsPage />, { path: '/hackathons' });
    const mine = await screen.findByRole('region', { name: /^Your events/ });
    expect(within(mine).getByRole('heading', { name: 'My Draft Hack' })).toBeVisible();
    expect(within(mine).getByText('Draft')).toBeVisible();
    expect(within(mine).getByRole('heading', { name: 'Climate Code Sprint' })).toBeVisible();
    // The published groups come after it, and a draft is in none of them.
    expect(within(group('Happening now')).getByRole('heading', { name: 'Climate Code Sprint' })).toBeVisible();
    expect(within(group('Upcoming')).queryByRole('heading', { name: 'My Draft Hack' })).toBeNull();
    expect(calls.some((c) => c.key.startsWith('GET /api/events') && c.query.get('mine') === 'true')).toBe(true);
  });

  it('signed out, there is no group of your own events', async () => {
    const calls = answerByPhase({ running: [running] });
    renderScreen(<EventsPage />, { path: '/hackathons' });
    expect(await screen.findByRole('region', { name: /^Happening now/ })).toBeVisible();
    expect(screen.queryByRole('region', { name: /^Your events/ })).toBeNull();
    expect(calls.some((c) => c.query.get('mine') === 'true')).toBe(false);
  });

  it('says there are no hackathons yet when every group is empty', async () => {
    answerByPhase({});
    renderScreen(<EventsPage />, { path: '/hackathons' });
    expect(await screen.findByRole('heading', { name: 'No hackathons yet' })).toBeVisible();
  });

  it('says loading failed when the server fails', async () => {
    answerFetch({ ...SIGNED_OUT, 'GET /api/events': { status: 500, body: { error: 'Internal error' } } });
    renderScreen(<EventsPage />, { path: '/hackathons' });
    expect(screen.getByText('Loading hackathons...')).toBeVisible();
    expect(await screen.findByText('Failed to load hackathons', {}, { timeout: 8000 })).toBeVisible();
  });
});
