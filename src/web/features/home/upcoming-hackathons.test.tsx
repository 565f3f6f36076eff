/** 'Upcoming Hackathons' lists only events that have not ended (docs/product.md#home), with the clock fixed. */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, renderScreen } from '../../testing/render';
import { UpcomingHackathons } from './upcoming-hackathons';

function openAt(iso: string) {
  vi.useFakeTimers({ now: new Date(iso), toFake: ['Date'] });
  answerFetch({});
  renderScreen(<UpcomingHackathons />);
  return screen.getByRole('region', { name: 'Upcoming Hackathons' });
}
afterEach(() => vi.useRealTimers());

const entries = (section: HTMLElement) => within(section).queryAllByRole('listitem');

describe('Upcoming Hackathons', () => {
  it('before the big event: all three, and only the one with a page here links to it', () => {
    const section = openAt('2025-05-01T12:00:00Z');
    const items = entries(section);
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      "World's Largest Hackathon",
      'SF AI Builders Hackathon',
      'Boston Climate Tech Hack',
    ]);
    expect(items[0]).toHaveTextContent('May 30 - June 30, 2025');
    expect(items[0]).toHaveTextContent('Virtual (month-long)');
    expect(items[1]).toHaveTextContent('August 5-7, 2025');
    expect(items[1]).toHaveTextContent('San Francisco, CA');
    expect(items[2]).toHaveTextContent('September 10-12, 2025');
    expect(items[2]).toHaveTextContent('Boston, MA');
    expect(within(items[0]).getByRole('link', { name: /View Details/ })).toHaveAttribute('href', '/hackathon');
    expect(within(items[1]).queryByRole('link')).toBeNull();
    expect(within(items[2]).queryByRole('link')).toBeNull();
    expect(within(section).queryByText('Happening now')).toBeNull();
  });

  it('during the big event: it is marked as happening now', () => {
    const items = entries(openAt('2025-06-10T12:00:00Z'));
    expect(items).toHaveLength(3);
    expect(within(items[0]).getByText('Happening now')).toBeVisible();
    expect(within(items[1]).queryByText('Happening now')).toBeNull();
  });

  it('once an event has ended it is gone', () => {
    const items = entries(openAt('2025-08-06T18:00:00Z'));
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'SF AI Builders Hackathon',
      'Boston Climate Tech Hack',
    ]);
    expect(within(items[0]).getByText('Happening now')).toBeVisible();
    expect(screen.queryByRole('link', { name: /View Details/ })).toBeNull();
  });

  it('after the last one: says there are none and what to do meanwhile', () => {
    const section = openAt('2026-11-23T12:00:00Z');
    expect(entries(section)).toHaveLength(0);
    expect(within(section).getByRole('heading', { name: 'No upcoming hackathons' })).toBeVisible();
    expect(within(section).getByText(/New events will be listed here/)).toBeVisible();
    expect(within(section).getByRole('link', { name: 'Browse Teams' })).toHaveAttribute('href', '/teams');
    expect(within(section).queryByText('2025', { exact: false })).toBeNull();
  });
});
