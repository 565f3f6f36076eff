/**
 * The event form checks what the server checks (the shared CreateEventSchema), sends its dates as
 * instants of the event's own time zone, and puts the server's refusals on their fields.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EventDetail } from '../../../shared/api/events';
import { SLUG_MESSAGE } from '../../../shared/event-schemas';
import { answerFetch, renderScreen } from '../../testing/render';
import EditEventPage from './edit-event-page';
import NewEventPage from './new-event-page';

const typeDate = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

async function fillValidEvent() {
  await userEvent.type(await screen.findByLabelText('Event name'), 'Spring Hack 2027');
  const zone = screen.getByLabelText('Time zone');
  await userEvent.clear(zone);
  await userEvent.type(zone, 'Europe/Berlin');
  typeDate('Build starts', '2027-07-15T09:00');
  typeDate('Submission deadline', '2027-07-17T18:00');
}

describe('creating an event', () => {
  it('says what is missing, on each field, before anything is sent', async () => {
    const calls = answerFetch({});
    renderScreen(<NewEventPage />, { path: '/hackathons/new' });
    const submit = await screen.findByRole('button', { name: 'Create Event' });
    // Every field that must be filled says so to a screen reader; the optional ones say '(Optional)'.
    for (const label of ['Event name', 'Address', 'Location', 'Time zone', 'Smallest team', 'Largest team', 'Teams per person'])
      expect(screen.getByLabelText(label)).toBeRequired();
    for (const label of ['Tagline (Optional)', 'Description (Optional)', 'Event site (Optional)', 'Prize pool (Optional)'])
      expect(screen.getByLabelText(label)).not.toBeRequired();
    // The two dates every event needs say so; the others say what leaving them empty means.
    expect(screen.getByLabelText('Build starts')).toBeRequired();
    expect(screen.getByLabelText('Build starts')).toHaveAccessibleDescription(/^Required\. The countdown counts down to it\./);
    expect(screen.getByLabelText('Submission deadline')).toBeRequired();
    expect(screen.getByLabelText('Awards')).not.toBeRequired();
    await userEvent.click(submit);
    await waitFor(() =>
      expect(screen.getByLabelText('Event name')).toHaveAccessibleDescription('Event name must be at least 3 characters'),
    );
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription(SLUG_MESSAGE);
    expect(screen.getByLabelText('Build starts')).toHaveAccessibleDescription('Build starts must be a date and time');
    expect(screen.getByLabelText('Submission deadline')).toHaveAccessibleDescription('The submission deadline must be a date and time');
    await waitFor(() => expect(screen.getByLabelText('Event name')).toHaveFocus());
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);
  });

  it('keeps the dates in order and team sizes within bounds, as the server does', async () => {
    answerFetch({});
    renderScreen(<NewEventPage />, { path: '/hackathons/new' });
    await fillValidEvent();
    typeDate('Submission deadline', '2027-07-14T09:00');
    typeDate('Registration opens', '2027-07-01T09:00');
    typeDate('Registration closes', '2027-06-01T09:00');
    const largest = screen.getByLabelText('Largest team');
    await userEvent.clear(largest);
    await userEvent.type(largest, '11');
    const lapse = screen.getByLabelText("Days 'looking for a team' lasts");
    await userEvent.clear(lapse);
    await userEvent.type(lapse, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Submission deadline')).toHaveAccessibleDescription(
        'The submission deadline must be after the build starts',
      ),
    );
    expect(screen.getByLabelText('Registration closes')).toHaveAccessibleDescription('Registration must close after it opens');
    expect(largest).toHaveAccessibleDescription('Largest team size must be between 2 and 10');
    expect(lapse).toHaveAccessibleDescription('A looking flag must last at least 1 day');
  });

  it("sends every field, its dates on the event's clock, and opens the new event's edit page", async () => {
    const calls = answerFetch({ 'POST /api/events': { status: 201, body: { slug: 'spring-hack-2027' } } });
    const { router } = renderScreen(<NewEventPage />, { path: '/hackathons/new' });
    await fillValidEvent();
    // The address follows the name until it is typed.
    expect(screen.getByLabelText('Address')).toHaveValue('spring-hack-2027');
    typeDate('Team formation deadline', '2027-07-15T20:00');
    await userEvent.click(screen.getByLabelText('No limit on teams per person'));
    expect(screen.getByLabelText('Teams per person')).toBeDisabled();
    const lapse = screen.getByLabelText("Days 'looking for a team' lasts");
    expect(lapse).toHaveValue(14);
    await userEvent.clear(lapse);
    await userEvent.type(lapse, '21');
    await userEvent.type(screen.getByLabelText('Prize pool (Optional)'), '$5,000');
    await userEvent.click(screen.getByRole('button', { name: 'Add Schedule Item' }));
    await userEvent.type(screen.getByLabelText('Title of item 1'), 'Kickoff');
    typeDate('Time of item 1', '2027-07-15T08:30');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hackathons/spring-hack-2027/edit'));
    // In place of the form: Back from the edit page does not open an emptied form.
    expect(router.state.historyAction).toBe('REPLACE');
    const sent = calls.find((c) => c.key === 'POST /api/events')!.body;
    expect(sent).toMatchObject({
      slug: 'spring-hack-2027',
      name: 'Spring Hack 2027',
      location: 'Online',
      timezone: 'Europe/Berlin',
      buildStartsAt: '2027-07-15T07:00:00.000Z',
      submissionDeadline: '2027-07-17T16:00:00.000Z',
      formationDeadline: '2027-07-15T18:00:00.000Z',
      registrationOpensAt: null,
      awardsAt: null,
      teamSizeMin: 2,
      teamSizeMax: 4,
      teamsPerPerson: null,
      lookingLapseDays: 21,
      prizePool: '$5,000',
      siteUrl: null,
      schedule: [{ title: 'Kickoff', detail: null, at: '2027-07-15T06:30:00.000Z' }],
    });
  });

  it("shows the server's refusal on the field it names", async () => {
    answerFetch({
      'POST /api/events': {
        status: 409,
        body: {
          error: 'This address is already taken: choose another',
          code: 'slug_taken',
          fields: { slug: 'This address is already taken: choose another' },
        },
      },
    });
    renderScreen(<NewEventPage />, { path: '/hackathons/new' });
    await fillValidEvent();
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Address')).toHaveAccessibleDescription('This address is already taken: choose another'),
    );
    await waitFor(() => expect(screen.getByLabelText('Address')).toHaveFocus());
  });
});

const event = (over: Partial<EventDetail> = {}): EventDetail => ({
  slug: 'spring-hack',
  name: 'Spring Hack',
  tagline: null,
  location: 'Berlin',
  timezone: 'Europe/Berlin',
  buildStartsAt: '2027-07-15T07:00:00.000Z',
  submissionDeadline: '2027-07-17T16:00:00.000Z',
  awardsAt: null,
  phase: 'upcoming',
  state: 'draft',
  hidden: false,
  registrantCount: 0,
  teamCount: 0,
  description: null,
  registrationOpensAt: null,
  registrationClosesAt: null,
  formationDeadline: '2027-07-15T18:00:00.000Z',
  teamSizeMin: 2,
  teamSizeMax: 5,
  teamsPerPerson: 1,
  lookingLapseDays: 14,
  prizePool: null,
  schedule: [],
  siteUrl: null,
  registrationOpen: true,
  registrationNeverCloses: false,
  formationLocked: false,
  createdAt: '2027-01-01T00:00:00.000Z',
  updatedAt: '2027-01-01T00:00:00.000Z',
  viewer: { registration: null, staffRole: 'owner', isAdmin: false },
  ...over,
});

describe('editing an event', () => {
  it('shows its dates on its own clock, saves changes, and publishes it', async () => {
    const calls = answerFetch({
      'GET /api/events/{slug}': { status: 200, body: event() },
      'PATCH /api/events/{slug}': (body) => ({ status: 200, body: event({ state: body.state ?? 'draft' }) }),
    });
    renderScreen(<EditEventPage />, { path: '/hackathons/spring-hack/edit', route: '/hackathons/:slug/edit' });
    expect(await screen.findByLabelText('Team formation deadline')).toHaveValue('2027-07-15T20:00');
    expect(screen.queryByLabelText('Address')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Platform admin' })).not.toBeInTheDocument();
    // The deadline may move into the past: that is how an organizer locks the teams.
    typeDate('Team formation deadline', '2020-01-01T12:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Event saved')).toBeVisible();
    const saved = calls.find((c) => c.key === 'PATCH /api/events/spring-hack')!.body as Record<string, unknown>;
    expect(saved).toMatchObject({ formationDeadline: '2020-01-01T11:00:00.000Z', location: 'Berlin', teamSizeMax: 5 });
    expect(saved).not.toHaveProperty('slug');

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeVisible();
    expect(calls.at(-1)?.body).toEqual({ state: 'published' });
  });

  it.each([
    [false, 'Left empty: open until the event is over. In Europe/Berlin'],
    [true, 'Left empty: never closes. In Europe/Berlin'],
  ])('says what an empty closing date means for this event (never closes: %s)', async (registrationNeverCloses, hint) => {
    answerFetch({ 'GET /api/events/{slug}': { status: 200, body: event({ registrationNeverCloses }) } });
    renderScreen(<EditEventPage />, { path: '/hackathons/spring-hack/edit', route: '/hackathons/:slug/edit' });
    expect(await screen.findByLabelText('Registration closes')).toHaveAccessibleDescription(hint);
  });

  it('an event people take part in stays published: no Unpublish, and why', async () => {
    answerFetch({ 'GET /api/events/{slug}': { status: 200, body: event({ state: 'published', registrantCount: 3 }) } });
    renderScreen(<EditEventPage />, { path: '/hackathons/spring-hack/edit', route: '/hackathons/:slug/edit' });
    expect(
      await screen.findByText(
        'Published: everyone can see it, take part and make teams. People take part in it, so it cannot go back to a draft.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Unpublish' })).not.toBeInTheDocument();
  });

  it('shows platform admins, and only them, hiding and featuring', async () => {
    const calls = answerFetch({
      'GET /api/events/{slug}': {
        status: 200,
        body: event({ state: 'published', viewer: { registration: null, staffRole: null, isAdmin: true } }),
      },
      'GET /api/events/featured': { status: 200, body: event({ slug: 'other-event', state: 'published' }) },
      'PUT /api/events/featured': { status: 200, body: { slug: 'spring-hack' } },
      'PATCH /api/events/{slug}': { status: 200, body: event({ state: 'published', hidden: true }) },
    });
    renderScreen(<EditEventPage />, { path: '/hackathons/spring-hack/edit', route: '/hackathons/:slug/edit' });
    expect(await screen.findByRole('heading', { name: 'Platform admin' })).toBeVisible();
    // An admin who is not on its staff does not edit it.
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Make Featured' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/events/featured')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Hide Event' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'PATCH /api/events/spring-hack')?.body).toEqual({ hidden: true }));
  });

  it('tells someone who does not organize it that they cannot', async () => {
    answerFetch({
      'GET /api/events/{slug}': {
        status: 200,
        body: event({ state: 'published', viewer: { registration: null, staffRole: 'moderator', isAdmin: false } }),
      },
    });
    renderScreen(<EditEventPage />, { path: '/hackathons/spring-hack/edit', route: '/hackathons/:slug/edit' });
    expect(await screen.findByText("Only the event's organizers can do this")).toBeVisible();
  });
});
