/**
 * The organizer's desk in the browser (docs/product.md#the-organizers-desk): the filters of the list
 * of people without a team live in the address and drive the download and the announcement; the
 * announcement goes to the segment chosen, a team found by its name.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Dashboard, UnteamedPerson } from '../../../shared/api/organize';
import type { EventDetail } from '../../../shared/api/events';
import { answerFetch, renderScreen } from '../../testing/render';
import OrganizePage from './organize-page';

const SLUG = 'spring-hack';
const TEAM_ID = '22222222-2222-4222-8222-222222222222';
const NOW = '2026-11-01T10:00:00.000Z';

const event: EventDetail = {
  slug: SLUG,
  name: 'Spring Hack',
  tagline: null,
  location: 'Online',
  timezone: 'UTC',
  buildStartsAt: NOW,
  submissionDeadline: '2026-11-03T10:00:00.000Z',
  awardsAt: null,
  phase: 'upcoming',
  state: 'published',
  hidden: false,
  registrantCount: 3,
  teamCount: 1,
  description: null,
  registrationOpensAt: null,
  registrationClosesAt: null,
  formationDeadline: null,
  teamSizeMin: 2,
  teamSizeMax: 4,
  teamsPerPerson: 1,
  lookingLapseDays: 14,
  prizePool: null,
  schedule: [],
  siteUrl: null,
  registrationOpen: true,
  registrationNeverCloses: false,
  formationLocked: false,
  createdAt: NOW,
  updatedAt: NOW,
  viewer: { registration: null, staffRole: 'organizer', isAdmin: false },
};

const dashboard: Dashboard = {
  people: { registrants: 3, looking: 2, inTeam: 1, withoutTeam: 2 },
  teams: { total: 1, open: 1, full: 0, closed: 0, bySize: [{ members: 1, teams: 1 }] },
  positions: { open: 2, byAge: [{ label: 'Under a week', positions: 2 }] },
  pending: { joinRequests: 0, joinRequestsStale: 0, invitations: 0, invitationsStale: 0 },
  days: [{ day: '2026-11-01', registrations: 3, teamsFormed: 1 }],
  asOf: NOW,
};

const ada: UnteamedPerson = {
  person: { id: '33333333-3333-4333-8333-333333333333', firstName: 'Ada', lastName: 'Byron', name: 'Ada Byron', avatarUrl: null },
  skills: [{ name: 'React', level: 'Advanced' }],
  availability: 'Full Time',
  timezone: 'UTC+1',
  looking: true,
  registeredAt: NOW,
  updatedAt: NOW,
};
const page = (items: UnteamedPerson[]) => ({ status: 200 as const, body: { items, total: items.length, page: 1, pageSize: 50 } });

function renderDesk(path = `/hackathons/${SLUG}/organize`, unteamed = page([ada]), numbers = dashboard) {
  const calls = answerFetch({
    'GET /api/events/{slug}': { status: 200, body: event },
    'GET /api/events/{slug}/organize': { status: 200, body: numbers },
    'GET /api/events/{slug}/organize/unteamed': unteamed,
    'GET /api/teams': {
      status: 200,
      body: {
        items: [
          {
            id: TEAM_ID,
            name: 'Green Route',
            description: 'Routing trucks through greener roads.',
            logoUrl: null,
            isOpen: true,
            openPositions: ['Designer'],
            memberCount: 3,
            maxSize: 4,
            createdAt: NOW,
            positionsSince: NOW,
            updatedAt: NOW,
            event: { slug: SLUG, name: 'Spring Hack' },
          },
        ],
        total: 1,
        page: 1,
        pageSize: 20,
      },
    },
    'POST /api/events/{slug}/announcements': { status: 201, body: { id: '44444444-4444-4444-8444-444444444444', recipientCount: 3 } },
  });
  const screenState = renderScreen(<OrganizePage />, { path, route: '/hackathons/:slug/organize' });
  return { calls, ...screenState };
}

describe("the organizer's desk", () => {
  it("another page of the people without a team starts at the list's heading, not at the top of the desk, for the keyboard too", async () => {
    // jsdom scrolls nothing: what the page asks to scroll is recorded.
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      const { router } = renderDesk(undefined, { status: 200, body: { items: [ada], total: 120, page: 1, pageSize: 50 } });
      await userEvent.click(within(await screen.findByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: /Next/ }));
      await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2'));
      const heading = screen.getByRole('heading', { name: /without a team/i, level: 2 });
      expect(scrolled).toEqual([heading]);
      // The keyboard goes on from there too (Next may have turned disabled).
      expect(heading).toHaveFocus();
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('the filters go into the address, the download link and the announcement', async () => {
    const { router, calls } = renderDesk();
    expect(await screen.findByRole('heading', { name: "Organizer's desk" })).toBeVisible();
    expect(await screen.findByText('1 person without a team')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ada Byron' })).toHaveAttribute('href', `/profiles/${ada.person.id}`);

    await userEvent.type(screen.getByLabelText('Skills'), 'React, Python');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await userEvent.selectOptions(screen.getByLabelText('Availability'), 'Full Time');
    await userEvent.selectOptions(screen.getByLabelText('Time zone'), 'europe-africa');
    await userEvent.click(screen.getByLabelText('Looking for a team'));

    await waitFor(() => {
      const query = new URLSearchParams(router.state.location.search);
      expect(query.get('skills')).toBe('React,Python');
      expect(query.get('availability')).toBe('Full Time');
      expect(query.get('band')).toBe('europe-africa');
      expect(query.get('looking')).toBe('true');
    });
    const href = new URL(screen.getByRole('link', { name: 'Download this list (CSV)' }).getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe(`/api/events/${SLUG}/organize/export/unteamed`);
    expect(Object.fromEntries(href.searchParams)).toEqual({
      skills: 'React,Python',
      availability: 'Full Time',
      band: 'europe-africa',
      looking: 'true',
    });

    const announce = screen.getByRole('region', { name: 'Announce' });
    expect(within(announce).getByLabelText('Send to')).toHaveAccessibleDescription(
      'The list above: skills React, Python; Full Time; Europe and Africa (UTC-2 to UTC+3); looking for a team',
    );
    await userEvent.type(within(announce).getByLabelText('Message'), 'Teams need React and Python people.');
    await userEvent.click(within(announce).getByRole('button', { name: 'Send announcement' }));
    expect(await within(announce).findByText('Sent to 3 people')).toBeVisible();
    // Cleared once sent: a second press would send it again.
    expect(within(announce).getByLabelText('Message')).toHaveValue('');
    const sent = calls.find((c) => c.key === `POST /api/events/${SLUG}/announcements`);
    expect(sent?.body).toEqual({
      message: 'Teams need React and Python people.',
      segment: {
        kind: 'unteamed',
        filter: { skills: ['React', 'Python'], availability: 'Full Time', band: 'europe-africa', looking: true },
      },
    });
  });

  it('skills typed but not applied go along with the next filter chosen, as the box shows them', async () => {
    const { router } = renderDesk();
    expect(await screen.findByText('1 person without a team')).toBeVisible();
    const query = () => new URLSearchParams(router.state.location.search);
    await userEvent.type(screen.getByLabelText('Skills'), 'Python');
    await userEvent.selectOptions(screen.getByLabelText('Availability'), 'Part Time');
    await waitFor(() => expect(query().get('availability')).toBe('Part Time'));
    expect(query().get('skills')).toBe('Python');

    await userEvent.clear(screen.getByLabelText('Skills'));
    await userEvent.type(screen.getByLabelText('Skills'), 'Figma');
    await userEvent.click(screen.getByLabelText('Looking for a team'));
    await waitFor(() => expect(query().get('looking')).toBe('true'));
    expect(query().get('skills')).toBe('Figma');
    expect(query().get('availability')).toBe('Part Time');
    expect(screen.getByLabelText('Looking for a team')).toBeChecked();
    expect(within(screen.getByRole('region', { name: 'Announce' })).getByLabelText('Send to')).toHaveAccessibleDescription(
      'The list above: skills Figma; Part Time; looking for a team',
    );

    // Back to the skills before: the box shows them again, and the next filter keeps them.
    for (let step = 0; step < 4 && query().get('skills') === 'Figma'; step++) await act(() => router.navigate(-1));
    expect(query().get('skills')).toBe('Python');
    await waitFor(() => expect(screen.getByLabelText('Skills')).toHaveValue('Python'));
    await userEvent.selectOptions(screen.getByLabelText('Time zone'), 'europe-africa');
    await waitFor(() => expect(query().get('band')).toBe('europe-africa'));
    expect(query().get('skills')).toBe('Python');
  });

  it('an empty list says why: no match for the filters (with a way to clear them), no one taking part yet, or everyone in a team', async () => {
    const { router } = renderDesk(`/hackathons/${SLUG}/organize?availability=Weekends&looking=true`, page([]));
    expect(await screen.findByRole('heading', { name: 'No one without a team matches these filters' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('heading', { name: /^Without a team$/ })).toHaveFocus();
    expect(screen.getByLabelText('Availability')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Looking for a team' })).not.toBeChecked();
  });

  it('an event no one takes part in yet says so, not that the filters match no one', async () => {
    renderDesk(undefined, page([]), { ...dashboard, people: { registrants: 0, looking: 0, inTeam: 0, withoutTeam: 0 } });
    expect(await screen.findByRole('heading', { name: 'No one takes part yet' })).toBeVisible();
    expect(screen.queryByText('No one without a team matches these filters')).toBeNull();
  });

  it('a page past the end of the list says so and leads to the first page', async () => {
    const { router } = renderDesk(`/hackathons/${SLUG}/organize?page=9`, {
      status: 200,
      body: { items: [], total: 2, page: 9, pageSize: 50 },
    });
    expect(await screen.findByRole('heading', { name: 'No one on this page' })).toBeVisible();
    expect(screen.queryByText('Everyone taking part is in a team')).toBeNull();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = () => {}; // jsdom lays nothing out
    try {
      await userEvent.click(screen.getByRole('button', { name: 'First page' }));
      await waitFor(() => expect(router.state.location.search).not.toContain('page=9'));
      expect(screen.getByRole('heading', { name: /^Without a team$/ })).toHaveFocus();
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('everyone in a team: says so', async () => {
    renderDesk(undefined, page([]), { ...dashboard, people: { registrants: 3, looking: 0, inTeam: 3, withoutTeam: 0 } });
    expect(await screen.findByRole('heading', { name: 'Everyone taking part is in a team' })).toBeVisible();
  });

  it("to a team's members: asks which team, found by name", async () => {
    const { calls } = renderDesk();
    const announce = await screen.findByRole('region', { name: 'Announce' });
    await userEvent.selectOptions(within(announce).getByLabelText('Send to'), "A team's members");
    await userEvent.type(within(announce).getByLabelText('Message'), 'Your table is number 12.');
    await userEvent.click(within(announce).getByRole('button', { name: 'Send announcement' }));
    await waitFor(() => expect(within(announce).getByLabelText('Team')).toHaveAccessibleDescription('Choose a team'));
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);

    await userEvent.type(within(announce).getByLabelText('Find a team'), 'Green');
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /api/teams')).toBe(true));
    await userEvent.selectOptions(within(announce).getByLabelText('Team'), 'Green Route (3 members)');
    await userEvent.click(within(announce).getByRole('button', { name: 'Send announcement' }));
    expect(await within(announce).findByText('Sent to 3 people')).toBeVisible();
    expect(calls.find((c) => c.key.startsWith('POST'))?.body).toEqual({
      message: 'Your table is number 12.',
      segment: { kind: 'team', teamId: TEAM_ID },
    });
    // The message is emptied; the team stays chosen for the next one.
    expect(within(announce).getByLabelText('Message')).toHaveValue('');
    expect(within(announce).getByLabelText('Send to')).toHaveValue('team');
    expect(within(announce).getByLabelText('Team')).toHaveValue(TEAM_ID);
  });

  it('a moderator sees the numbers and the list, but neither downloads nor announcements', async () => {
    event.viewer.staffRole = 'moderator';
    try {
      renderDesk();
      expect(await screen.findByText('1 person without a team')).toBeVisible();
      expect(screen.getByRole('region', { name: 'Numbers' })).toBeVisible();
      expect(screen.queryByRole('link', { name: 'Download this list (CSV)' })).toBeNull();
      expect(screen.queryByRole('region', { name: 'Announce' })).toBeNull();
    } finally {
      event.viewer.staffRole = 'organizer';
    }
  });
});
