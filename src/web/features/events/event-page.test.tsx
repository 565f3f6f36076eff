/**
 * An event's page follows its schedule (docs/product.md#hackathon-page): the clock is fixed to each
 * phase with fake timers, and the page is read the way a visitor reads it. /hackathon shows the
 * featured event, here the 2025 hackathon as migration 0013 stores it.
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, renderScreen, SIGNED_OUT, type Answers } from '../../testing/render';
import { pageOf, WORLDS_LARGEST } from '../../testing/events';
import FeaturedEventPage from './featured-event-page';

const SITE = WORLDS_LARGEST.siteUrl!;
const LISTS = {
  'GET /api/teams': { status: 200, body: pageOf([]) },
  'GET /api/profiles': { status: 200, body: pageOf([]) },
} satisfies Answers;

/** Fixes the clock at `iso`. With `ticking`, the page's one-second interval is faked too and moves with `tick`. */
async function openAt(iso: string, { ticking = false } = {}) {
  vi.useFakeTimers({ now: new Date(iso), toFake: ticking ? ['Date', 'setInterval', 'clearInterval'] : ['Date'] });
  answerFetch({ ...SIGNED_OUT, ...LISTS, 'GET /api/events/featured': { status: 200, body: WORLDS_LARGEST } });
  renderScreen(<FeaturedEventPage />, { path: '/hackathon' });
  await screen.findByRole('heading', { level: 1 });
}
const tick = (ms = 1000) => act(() => vi.advanceTimersByTime(ms));
afterEach(() => vi.useRealTimers());

const timer = (name: string) => screen.getByRole('timer', { name });
const scheduleItems = () => within(screen.getByRole('list', { name: 'Event Schedule' })).getAllByRole('listitem');
/** Each schedule entry's title and its state ('Done', 'Up next' or nothing). */
const scheduleStates = () =>
  scheduleItems().map((li) => [
    within(li).getByRole('heading').textContent,
    /Done/.test(li.textContent!) ? 'Done' : /Up next/.test(li.textContent!) ? 'Up next' : '',
  ]);

describe('before the build starts', () => {
  it('counts down every second, invites people to register and says when prize details come', async () => {
    await openAt('2025-05-28T20:58:30Z', { ticking: true });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("World's Largest Hackathon");
    expect(screen.getByText('The $1M+ Hackathon')).toBeVisible();
    expect(screen.getByText('The build starts in')).toBeVisible();
    expect(timer('Time until the build starts')).toHaveTextContent('01Days03Hours01Minutes30Seconds');
    tick();
    expect(timer('Time until the build starts')).toHaveTextContent('01Days03Hours01Minutes29Seconds');

    const register = screen.getByRole('link', { name: /Register Now/ });
    expect(register).toHaveAttribute('target', '_blank');
    expect(register).toHaveAttribute('href', SITE);
    expect(screen.getByRole('link', { name: 'Find a Team' })).toHaveAttribute('href', '/teams?event=worlds-largest-hackathon-2025');
    expect(screen.getByText('Total Prize Pool')).toBeVisible();
    expect(screen.getByText('$1,000,000+')).toBeVisible();
    expect(screen.getByText('Prize details will be announced before May 30th.')).toBeVisible();
    expect(scheduleStates()).toEqual([
      ['Kickoff Party', 'Done'],
      ['Hackathon Begins', 'Up next'],
      ['Hackathon Ends', ''],
      ['Award Ceremony', ''],
    ]);
    expect(screen.getByText(/^Times in UTC and in your time zone/)).toBeVisible();
    expect(screen.queryByText('The build has started!')).toBeNull();
  });

  it('turns into the build, with the time left to submit, the moment the countdown ends', async () => {
    await openAt('2025-05-29T23:59:59Z', { ticking: true });
    expect(timer('Time until the build starts')).toHaveTextContent('00Days00Hours00Minutes01Seconds');
    tick();
    expect(screen.queryByRole('timer', { name: 'Time until the build starts' })).toBeNull();
    expect(screen.getByText('The build has started!')).toBeVisible();
    // 30 May 00:00 to 30 June 14:00 UTC.
    expect(timer('Time left until the submission deadline')).toHaveTextContent('31Days14Hours00Minutes00Seconds');
  });
});

describe('while teams build', () => {
  it('says the build is on, when submissions close and how long is left; registering still makes sense', async () => {
    await openAt('2025-06-20T12:00:00Z');
    expect(screen.getByText('The build has started!')).toBeVisible();
    expect(screen.getByText('Teams are building now. Submissions close on June 30, 2025 at 2:00 PM UTC.')).toBeVisible();
    expect(screen.getByText('Time left to submit')).toBeVisible();
    expect(timer('Time left until the submission deadline')).toHaveTextContent('10Days02Hours00Minutes00Seconds');
    expect(screen.getByRole('link', { name: /Register Now/ })).toHaveAttribute('href', SITE);
    expect(screen.getByRole('link', { name: 'Find a Team' })).toBeVisible();
    expect(screen.getByText('Winners will be announced at the Award Ceremony on July 26, 2025.')).toBeVisible();
    expect(screen.queryByText(/announced before May 30th/)).toBeNull();
    expect(scheduleStates()).toEqual([
      ['Kickoff Party', 'Done'],
      ['Hackathon Begins', 'Done'],
      ['Hackathon Ends', 'Up next'],
      ['Award Ceremony', ''],
    ]);
  });
});

describe('after the submission deadline', () => {
  it('says submissions are closed and when the awards are, without a countdown or Register Now', async () => {
    await openAt('2025-07-10T08:00:00Z');
    expect(screen.getByText('Submissions are closed')).toBeVisible();
    expect(screen.getByText('The judges are reviewing the projects. Awards on July 26, 2025 at 10:00 AM UTC.')).toBeVisible();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('link', { name: /Register Now/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Visit the Event Site/ })).toHaveAttribute('href', SITE);
    expect(screen.getByRole('link', { name: 'Browse Teams' })).toHaveAttribute('href', '/teams?event=worlds-largest-hackathon-2025');
    expect(screen.getByText('Winners will be announced at the Award Ceremony on July 26, 2025.')).toBeVisible();
    expect(scheduleStates().map(([, state]) => state)).toEqual(['Done', 'Done', 'Done', 'Up next']);
  });

  it('moves on to the end when the award ceremony starts', async () => {
    await openAt('2025-07-26T09:59:59Z', { ticking: true });
    expect(screen.getByText('Submissions are closed')).toBeVisible();
    tick();
    expect(screen.getByText('The event has ended')).toBeVisible();
  });
});

describe('after the awards', () => {
  it('says the event has ended and the prizes were awarded, with every schedule entry done', async () => {
    await openAt('2026-11-23T09:00:00Z');
    expect(screen.getByText('The event has ended')).toBeVisible();
    expect(screen.getByText('The awards were presented on July 26, 2025. Thank you to every builder who took part.')).toBeVisible();
    expect(screen.getByText(/This edition is over/)).toBeVisible();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText('The build has started!')).toBeNull();
    expect(screen.queryByRole('link', { name: /Register Now/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Visit the Event Site/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Browse Teams' })).toBeVisible();
    expect(screen.getByText('The prizes were awarded at the Award Ceremony on July 26, 2025.')).toBeVisible();
    expect(scheduleStates().map(([, state]) => state)).toEqual(['Done', 'Done', 'Done', 'Done']);
    // Its registration, without a closing date, never closes (migration 0013's rule for it).
    expect(screen.getByText('Registration closes', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^Never$/);
  });
});

describe('no featured event', () => {
  it('says so and leads to the list of hackathons', async () => {
    answerFetch({ ...SIGNED_OUT, 'GET /api/events/featured': { status: 404, body: { error: 'Event not found' } } });
    renderScreen(<FeaturedEventPage />, { path: '/hackathon' });
    expect(await screen.findByText('No hackathon is featured right now')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse Hackathons' })).toHaveAttribute('href', '/hackathons');
  });
});
