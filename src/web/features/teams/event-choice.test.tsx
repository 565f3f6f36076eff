/**
 * Teams by event (docs/product.md#event-rules-for-teams): the event filter of /teams (and
 * /profiles, in its own feature) lives in the URL (default: all events), team cards name their event, and /create-team
 * offers the events a team can be made in now, starting from the one its link names.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TeamCard } from '../../../shared/api/teams';
import { cardOf, runningEvent, TWO_EVENTS, WORLDS_LARGEST } from '../../testing/events';
import { answerFetch, renderScreen } from '../../testing/render';
import CreateTeamPage from './create-team-page';
import TeamsPage from './teams-page';

const events = TWO_EVENTS;
const page = <T,>(items: T[]) => ({ status: 200 as const, body: { items, total: items.length, page: 1, pageSize: 100 } });
const team: TeamCard = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Green Route',
  description: 'Routing that saves fuel.',
  logoUrl: null,
  isOpen: true,
  openPositions: [],
  memberCount: 1,
  maxSize: 4,
  createdAt: '2026-11-01T10:00:00.000Z',
  positionsSince: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  event: { slug: 'climate-code-sprint', name: 'Climate Code Sprint' },
};

describe('the event filter', () => {
  it('/teams: reads the event from the URL, asks for its teams, and changes the URL when another is chosen', async () => {
    const calls = answerFetch({ 'GET /api/events': page(events), 'GET /api/teams': page([team]) });
    const { router } = renderScreen(<TeamsPage />, { path: '/teams?event=climate-code-sprint' });
    const select = await screen.findByRole('combobox', { name: 'Event' });
    await screen.findByRole('option', { name: 'Climate Code Sprint' });
    expect(select).toHaveValue('climate-code-sprint');
    await waitFor(() => expect(calls.find((c) => c.key === 'GET /api/teams')?.query.get('event')).toBe('climate-code-sprint'));
    // The card names its event.
    expect(await screen.findByRole('link', { name: /Green Route.*Event:\s*Climate Code Sprint/ })).toBeVisible();
    // 'Create Team' keeps the event.
    expect(screen.getByRole('link', { name: 'Create Team' })).toHaveAttribute('href', '/create-team?event=climate-code-sprint');

    await userEvent.selectOptions(select, 'Health Hack Berlin');
    await waitFor(() => expect(router.state.location.search).toBe('?event=health-hack-berlin'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.key === 'GET /api/teams')
          .at(-1)
          ?.query.get('event'),
      ).toBe('health-hack-berlin'),
    );
    await userEvent.selectOptions(select, 'All events');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.key === 'GET /api/teams')
          .at(-1)
          ?.query.has('event'),
      ).toBe(false),
    );
  });
});

describe("'Teams that need you' on /teams", () => {
  it("asks for the filter's event only, and names each team's Join button with its visible words", async () => {
    const suggestion = { team, position: 'Designer', skills: [{ name: 'Figma', level: 'Advanced' as const }], skillPoints: 3, score: 30 };
    const calls = answerFetch({
      'GET /api/events': page(events),
      'GET /api/teams': page([team]),
      'GET /api/me/suggested-teams': { status: 200, body: { items: [suggestion], nextPage: null } },
    });
    renderScreen(<TeamsPage />, { path: '/teams?event=climate-code-sprint' });
    expect(await screen.findByRole('heading', { name: 'Teams that need you' })).toBeVisible();
    expect(calls.find((c) => c.key === 'GET /api/me/suggested-teams')?.query.get('event')).toBe('climate-code-sprint');
    expect(screen.getByRole('button', { name: 'Join Team Green Route' })).toBeVisible();
  });
});

describe("a new team's event", () => {
  const fill = async () => {
    await userEvent.type(await screen.findByLabelText('Team Name'), 'Pixel Pioneers');
    await userEvent.type(screen.getByLabelText('Description'), 'We build delightful accessible interfaces.');
    await userEvent.type(screen.getByLabelText('Open position 1'), 'Designer');
  };

  it('starts from the event the link names, offers only events that take new teams, and sends the chosen one', async () => {
    const calls = answerFetch({
      'GET /api/events': page(events),
      'GET /api/events/featured': { status: 404, body: { error: 'Event not found' } },
      'POST /api/teams': { status: 201, body: { id: team.id } },
    });
    renderScreen(<CreateTeamPage />, { path: '/create-team?event=health-hack-berlin' });
    const select = await screen.findByRole('combobox', { name: 'Event' });
    await waitFor(() => expect(select).toHaveValue('health-hack-berlin'));
    expect(calls.find((c) => c.key === 'GET /api/events')?.query.get('joinable')).toBe('true');
    await fill();
    await userEvent.selectOptions(select, 'Climate Code Sprint');
    await userEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/teams')?.body).toMatchObject({ event: 'climate-code-sprint' }));
  });

  it("without a link's event: one the person takes part in that is not over, before a featured event that is", async () => {
    // The person takes part in the ended featured event and in Health Hack Berlin.
    const mine = ['worlds-largest-hackathon-2025', 'health-hack-berlin'];
    answerFetch({
      'GET /api/events': (_body: unknown, query: URLSearchParams) =>
        page([cardOf(WORLDS_LARGEST), ...events].filter((e) => query.get('mine') !== 'true' || mine.includes(e.slug))),
      'GET /api/events/featured': { status: 200, body: WORLDS_LARGEST },
    });
    renderScreen(<CreateTeamPage />, { path: '/create-team' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Event' })).toHaveValue('health-hack-berlin'));
    // An event that is over and still takes teams says so in the list.
    expect(screen.getByRole('option', { name: "World's Largest Hackathon (ended)" })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Health Hack Berlin' })).toBeInTheDocument();
  });

  it("without a link's event, for a person taking part nowhere yet: the featured event", async () => {
    answerFetch({
      'GET /api/events': (_body: unknown, query: URLSearchParams) => page(query.get('mine') === 'true' ? [] : events),
      'GET /api/events/featured': {
        status: 200,
        body: runningEvent(Date.now(), { slug: 'climate-code-sprint', name: 'Climate Code Sprint' }),
      },
    });
    renderScreen(<CreateTeamPage />, { path: '/create-team' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Event' })).toHaveValue('climate-code-sprint'));
  });

  it('says why an event the link names is not offered', async () => {
    answerFetch({ 'GET /api/events': page(events), 'GET /api/events/featured': { status: 404, body: { error: 'Event not found' } } });
    renderScreen(<CreateTeamPage />, { path: '/create-team?event=locked-hack' });
    const select = await screen.findByRole('combobox', { name: 'Event' });
    await waitFor(() => expect(select).toHaveAccessibleDescription(/New teams cannot be made in 'locked-hack' now/));
    expect(screen.queryByRole('option', { name: 'locked-hack' })).not.toBeInTheDocument();
  });

  it("bounds the team's size by the chosen event's, and starts at the size the event allows", async () => {
    const rules = runningEvent(Date.now(), { slug: 'health-hack-berlin', name: 'Health Hack Berlin', teamSizeMin: 2, teamSizeMax: 3 });
    answerFetch({
      'GET /api/events': page(events),
      'GET /api/events/featured': { status: 404, body: { error: 'Event not found' } },
      'GET /api/events/{slug}': { status: 200, body: rules },
    });
    renderScreen(<CreateTeamPage />, { path: '/create-team?event=health-hack-berlin' });
    const size = await screen.findByRole('spinbutton', { name: 'Maximum team size' });
    await waitFor(() => expect(size).toHaveAccessibleDescription('2 to 3 people at Health Hack Berlin, you included'));
    expect(size).toHaveValue(3);
    expect(size).toHaveAttribute('max', '3');
  });
});
