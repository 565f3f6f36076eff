/**
 * An event's own page, /hackathons/{slug} (docs/product.md#taking-part): not found for drafts, taking
 * part and leaving, its teams and people, the formation lock, and the staff's way to edit it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EventDetail } from '../../../shared/api/events';
import { answerFetch, renderScreen, SIGNED_OUT, type Answers } from '../../testing/render';
import { membership, pageOf, runningEvent } from '../../testing/events';
import EventPage from './event-page';

const NOW = Date.now();
const path = '/hackathons/climate-code-sprint';
const LISTS = {
  'GET /api/teams': { status: 200, body: pageOf([]) },
  'GET /api/profiles': { status: 200, body: pageOf([]) },
} satisfies Answers;

function open(event: EventDetail, answers: Answers = {}) {
  const table: Answers = { ...LISTS, 'GET /api/events/{slug}': { status: 200, body: event }, ...answers };
  const calls = answerFetch(table as Record<string, never>);
  renderScreen(<EventPage />, { path });
  return calls;
}

describe('an event that is not there', () => {
  it('says it was not found (a draft or hidden event too) and leads back to the list', async () => {
    answerFetch({ 'GET /api/events/{slug}': { status: 404, body: { error: 'Event not found' } } });
    renderScreen(<EventPage />, { path: '/hackathons/secret-draft' });
    expect(await screen.findByText('Event not found', {}, { timeout: 5000 })).toBeVisible();
    // The message is the page's heading, in its alert (heading navigation finds it; focus goes to it on arrival).
    expect(within(screen.getByRole('alert')).getByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse Hackathons' })).toHaveAttribute('href', '/hackathons');
  });

  it('says loading failed when the server fails', async () => {
    answerFetch({ 'GET /api/events/{slug}': { status: 500, body: { error: 'Internal error' } } });
    renderScreen(<EventPage />, { path });
    expect(await screen.findByText('Failed to load event', {}, { timeout: 5000 })).toBeVisible();
  });
});

describe('taking part', () => {
  it('a visitor is asked to sign up or log in, and comes back here', async () => {
    open(runningEvent(NOW), SIGNED_OUT);
    expect(await screen.findByRole('heading', { level: 1, name: 'Climate Code Sprint' })).toBeVisible();
    expect(await screen.findByText('Sign up or log in to take part in Climate Code Sprint and find your team.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign up to take part' })).toHaveAttribute(
      'href',
      `/signup?redirectTo=${encodeURIComponent(path)}`,
    );
    expect(screen.getByRole('link', { name: 'Log in to take part' })).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent(path)}`,
    );
  });

  it('a signed-in person takes part, looking for a team, with a line on what they want to do', async () => {
    let event = runningEvent(NOW);
    const calls = open(event, {
      'GET /api/events/{slug}': () => ({ status: 200, body: event }),
      'PUT /api/events/{slug}/registration': (body) => {
        const registration = {
          looking: body.looking ?? true,
          intent: (body.intent as string | undefined) ?? null,
          createdAt: new Date().toISOString(),
          lookingSince: new Date().toISOString(),
        };
        event = { ...event, registrantCount: event.registrantCount + 1, viewer: { ...event.viewer, registration } };
        return { status: 200, body: registration };
      },
    });
    const card = (await screen.findByRole('heading', { name: 'Take part' })).closest('div')!.parentElement!;
    expect(within(card).getByRole('checkbox', { name: 'I am looking for a team here' })).toBeChecked();
    await userEvent.type(within(card).getByLabelText('What you want to do here (optional)'), 'Frontend for a grid dashboard');
    await userEvent.click(within(card).getByRole('button', { name: 'Take part' }));
    expect(await screen.findByText('You take part in this event')).toBeVisible();
    // The form is gone: the keyboard is on what was saved, not back at the page's start.
    await waitFor(() => expect(screen.getByText('You take part in this event')).toHaveFocus());
    expect(screen.getByText('Looking for a team here')).toBeVisible();
    expect(screen.getByText('Frontend for a grid dashboard')).toBeVisible();
    expect(calls.find((c) => c.route === 'PUT /api/events/{slug}/registration')?.body).toEqual({
      looking: true,
      intent: 'Frontend for a grid dashboard',
    });
  });

  it("'Dates and rules' says what a date left out means", async () => {
    open(runningEvent(NOW, { registrationClosesAt: null, formationDeadline: null }));
    const rules = (await screen.findByRole('heading', { name: 'Dates and rules' })).closest('div')!.parentElement!;
    const row = (term: string) => within(rules).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(row('Registration closes')).toBe('When the event is over');
    expect(row('Team formation deadline')).toBe('None: teams never lock');
    expect(within(rules).queryByText('Registration opens', { selector: 'dt' })).not.toBeNull();
  });

  it('registration closed: says so instead of a button', async () => {
    open(runningEvent(NOW, { registrationOpen: false }));
    expect(await screen.findByText('Registration for Climate Code Sprint is closed.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Take part' })).toBeNull();
  });

  it('its staff see a draft or a hidden event, and are told why no one takes part yet', async () => {
    const staff = { registration: null, staffRole: 'owner' as const, isAdmin: false };
    open(runningEvent(NOW, { state: 'draft', registrationOpen: false, viewer: staff }));
    expect(await screen.findByText('People can take part once Climate Code Sprint is published.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Take part' })).toBeNull();
    // No one can start a team there yet.
    expect(await screen.findByText('No teams yet.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Create a Team in Climate Code Sprint' })).toBeNull();
  });

  it("a hidden event's staff are told its teams and people are listed to no one", async () => {
    const staff = { registration: null, staffRole: 'organizer' as const, isAdmin: false };
    open(runningEvent(NOW, { hidden: true, registrationOpen: false, teamCount: 3, viewer: staff }));
    expect(await screen.findByText('Climate Code Sprint is hidden by a platform admin: no one can take part in it.')).toBeVisible();
    expect(await screen.findByText('Hidden by a platform admin: its teams are listed to no one.')).toBeVisible();
    expect(screen.getByText('Hidden by a platform admin: its people are listed to no one.')).toBeVisible();
    // Its own site, but not as a place to register, and no way to its teams, listed to no one.
    expect(screen.getByRole('link', { name: /^Visit the Event Site/ })).toHaveAttribute('href', 'https://example.org/climate-code-sprint');
    expect(screen.queryByRole('link', { name: /^Register Now/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^(Find a Team|Browse Teams)$/ })).toBeNull();
    expect(screen.getByText(/While it is hidden, no one can take part and no team forms here\.$/)).toBeVisible();
    expect(screen.queryByText(/ship something great/)).toBeNull();
  });

  it('one taking part in an event an admin hid is told so, and can only leave it', async () => {
    const registration = { looking: true, intent: null, createdAt: new Date(NOW).toISOString(), lookingSince: new Date(NOW).toISOString() };
    const calls = open(
      runningEvent(NOW, { hidden: true, registrationOpen: false, viewer: { registration, staffRole: null, isAdmin: false } }),
      {
        'GET /api/me/teams': { status: 200, body: [] },
        'DELETE /api/events/{slug}/registration': { status: 204, body: null },
      },
    );
    expect(
      await screen.findByText('Hidden by a platform admin: no one can take part in this event any more. You can still leave it.'),
    ).toBeVisible();
    expect(screen.getByText('You take part in this event')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Find me a team' })).toBeNull();
    // Nothing that reads as a way in: neither the event's registration site nor its teams.
    expect(screen.queryByRole('link', { name: /^(Register Now|Visit the Event Site)/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^(Find a Team|Browse Teams)$/ })).toBeNull();
    expect(screen.queryByText(/ship something great/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Leave Event' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave Event' }));
    await waitFor(() => expect(calls.some((c) => c.route === 'DELETE /api/events/{slug}/registration')).toBe(true));
  });

  it("leaving shows the server's refusal when the person is in a locked team", async () => {
    const registration = {
      looking: false,
      intent: null,
      createdAt: new Date(NOW).toISOString(),
      lookingSince: new Date(NOW).toISOString(),
    };
    open(runningEvent(NOW, { formationLocked: true, viewer: { registration, staffRole: null, isAdmin: false } }), {
      'DELETE /api/events/{slug}/registration': {
        status: 409,
        body: { error: 'You are in a team in Climate Code Sprint, and its teams are locked: ask an organizer' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Leave Event' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave Event' }));
    expect(await screen.findByText('You are in a team in Climate Code Sprint, and its teams are locked: ask an organizer')).toBeVisible();
  });
});

describe('taking part, in a team', () => {
  it("names the person's team there, with a link, instead of offering to group them", async () => {
    const registration = { looking: true, intent: null, createdAt: new Date(NOW).toISOString(), lookingSince: new Date(NOW).toISOString() };
    const team = membership();
    const calls = open(runningEvent(NOW, { viewer: { registration, staffRole: null, isAdmin: false } }), {
      'GET /api/me/teams': { status: 200, body: [team] },
    });
    expect(await screen.findByRole('link', { name: 'Solar Sleuths' })).toHaveAttribute('href', `/teams/${team.teamId}`);
    expect(screen.getByText('Your team')).toBeVisible();
    expect(screen.getByText('(you lead it)')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Find me a team' })).toBeNull();
    expect(calls.find((c) => c.route === 'GET /api/me/teams')?.query.get('event')).toBe('climate-code-sprint');
  });

  it("after 'Change' is cancelled, the keyboard is on what stands, not at the page's start", async () => {
    const registration = { looking: true, intent: null, createdAt: new Date(NOW).toISOString(), lookingSince: new Date(NOW).toISOString() };
    open(runningEvent(NOW, { viewer: { registration, staffRole: null, isAdmin: false } }), {
      'GET /api/me/teams': { status: 200, body: [] },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Change' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByText('You take part in this event')).toHaveFocus());
  });

  it("in no team there, looking: offers 'Find me a team'", async () => {
    const registration = { looking: true, intent: null, createdAt: new Date(NOW).toISOString(), lookingSince: new Date(NOW).toISOString() };
    open(runningEvent(NOW, { viewer: { registration, staffRole: null, isAdmin: false } }), {
      'GET /api/me/teams': { status: 200, body: [] },
    });
    expect(await screen.findByRole('link', { name: 'Find me a team' })).toHaveAttribute('href', '/hackathons/climate-code-sprint/group');
    expect(screen.queryByText('Your team')).toBeNull();
  });
});

describe('teams, people and rules', () => {
  it("lists its newest teams and the people looking there, with links to the event's lists", async () => {
    const calls = open(runningEvent(NOW), {
      'GET /api/teams': {
        status: 200,
        body: pageOf(
          [
            {
              id: '22222222-2222-4222-8222-222222222222',
              name: 'Grid Whisperers',
              description: 'A dashboard',
              logoUrl: null,
              isOpen: true,
              openPositions: ['Frontend Developer'],
              memberCount: 2,
              maxSize: 5,
              createdAt: new Date(NOW).toISOString(),
              positionsSince: new Date(NOW).toISOString(),
              updatedAt: new Date(NOW).toISOString(),
              event: { slug: 'climate-code-sprint', name: 'Climate Code Sprint' },
            },
          ],
          3,
        ),
      },
    });
    const teams = await screen.findByRole('list', { name: 'Teams in Climate Code Sprint' });
    expect(within(teams).getByRole('link', { name: 'Grid Whisperers' })).toHaveAttribute(
      'href',
      '/teams/22222222-2222-4222-8222-222222222222',
    );
    expect(within(teams).getByText('Open to Join')).toBeVisible();
    expect(screen.getByText('3 teams')).toBeVisible();
    expect(screen.getByRole('link', { name: /See all teams/ })).toHaveAttribute('href', '/teams?event=climate-code-sprint');
    expect(screen.getByRole('link', { name: /Create a Team/ })).toHaveAttribute('href', '/create-team?event=climate-code-sprint');
    expect(screen.getByRole('link', { name: /See everyone/ })).toHaveAttribute('href', '/profiles?event=climate-code-sprint');
    expect(await screen.findByText('Nobody is looking for a team here right now.')).toBeVisible();
    expect(calls.filter((c) => c.route === 'GET /api/profiles').length).toBeGreaterThan(0);
    expect(screen.getByText('2 to 5 people')).toBeVisible();
    expect(screen.getByText('One team')).toBeVisible();
  });

  it('after the formation deadline, says team membership is locked and offers no new team', async () => {
    open(runningEvent(NOW, { formationLocked: true, formationDeadline: new Date(NOW - 3_600_000).toISOString() }));
    expect(await screen.findByText(/Team membership is locked: the team formation deadline has passed/)).toBeVisible();
    expect(screen.queryByRole('link', { name: /Create a Team/ })).toBeNull();
  });
});

describe('for its staff', () => {
  it('an organizer gets Edit Event and Staff; a draft says who sees it', async () => {
    open(runningEvent(NOW, { state: 'draft', viewer: { registration: null, staffRole: 'organizer', isAdmin: false } }));
    expect(await screen.findByText('You are an organizer of this event.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Edit Event' })).toHaveAttribute('href', '/hackathons/climate-code-sprint/edit');
    expect(screen.getByRole('link', { name: 'Staff' })).toHaveAttribute('href', '/hackathons/climate-code-sprint/staff');
    expect(screen.getByRole('link', { name: "Organizer's Desk" })).toHaveAttribute('href', '/hackathons/climate-code-sprint/organize');
    expect(screen.getByText('Draft: only its staff see this event until it is published.')).toBeVisible();
  });

  it('a moderator sees the staff but does not edit; others see neither', async () => {
    open(runningEvent(NOW, { viewer: { registration: null, staffRole: 'moderator', isAdmin: false } }));
    expect(await screen.findByRole('link', { name: 'Staff' })).toBeVisible();
    // Moderators see the desk's numbers; only downloads and announcements are for organizers.
    expect(screen.getByRole('link', { name: "Organizer's Desk" })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Edit Event' })).toBeNull();
  });
});
