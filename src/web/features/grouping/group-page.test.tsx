/**
 * 'Find me a team' (docs/product.md#grouping): adding someone not to be grouped with changes the list
 * only, and asking to be grouped is the person's own press; a member still to answer when the group
 * became a team can still accept (and join) or decline.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MyGrouping, Proposal } from '../../../shared/api/grouping';
import type { ProfileDetail } from '../../../shared/api/profiles';
import { answerFetch, renderScreen, SIGNED_IN } from '../../testing/render';
import { runningEvent } from '../../testing/events';
import GroupPage from './group-page';

const SLUG = 'climate-code-sprint';
const OTHER = { id: '33333333-3333-4333-8333-333333333333', name: 'Otto Other' };
const path = `/hackathons/${SLUG}/group`;
const route = '/hackathons/:slug/group';
const event = { ...runningEvent(Date.now()), slug: SLUG };
const otherProfile: ProfileDetail = {
  id: OTHER.id,
  firstName: 'Otto',
  lastName: 'Other',
  preferredName: null,
  name: OTHER.name,
  bio: null,
  avatarUrl: null,
  availability: 'Flexible',
  lookingForTeam: true,
  skills: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  experiences: [],
  contact: null,
};

const FOUND = { id: '66666666-6666-4666-8666-666666666666', name: 'Olga Found' };
const { experiences: _experiences, contact: _contact, ...otherCard } = otherProfile;
const ownCard = { ...otherCard, id: SIGNED_IN.profile.id, name: 'Me Myself' };

describe('find me a team', () => {
  it("adding someone not to be grouped with asks nothing of the server; 'Find me a team' sends both", async () => {
    const calls = answerFetch({
      'GET /api/events/{slug}': { status: 200, body: event },
      'GET /api/events/{slug}/grouping/me': { status: 200, body: { optedIn: null, proposal: null } satisfies MyGrouping },
      'GET /api/profiles/{id}': { status: 200, body: otherProfile },
      'GET /api/profiles': {
        status: 200,
        body: { items: [ownCard, otherCard, { ...otherCard, id: FOUND.id, name: FOUND.name }], total: 3, page: 1, pageSize: 8 },
      },
      'PUT /api/events/{slug}/grouping/me': () => ({
        status: 200,
        body: {
          optedIn: { role: 'design', notWith: [{ ...OTHER, firstName: 'Otto', lastName: 'Other', avatarUrl: null }] },
          proposal: null,
        },
      }),
    });
    renderScreen(<GroupPage />, { path, route });
    await userEvent.selectOptions(await screen.findByLabelText('What you want to do'), 'design');
    // One's own profile is refused on the spot.
    const field = screen.getByLabelText('Name or profile address');
    await userEvent.type(field, `/profiles/${SIGNED_IN.profile.id}`);
    expect(field).toHaveAccessibleDescription('That is your own profile');
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, `http://localhost/profiles/${OTHER.id}`);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('button', { name: `Remove ${OTHER.name}` })).toBeVisible();
    expect(field).toHaveValue('');
    // By name: the event's people it finds, less oneself and those already listed.
    await userEvent.type(field, 'o');
    // A name is searched for ('Search'); an address is added ('Add').
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
    await userEvent.keyboard('{Enter}');
    const found = await screen.findByRole('list', { name: 'People found' });
    expect(
      within(found)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`${FOUND.name}Add ${FOUND.name}`]);
    const search = calls.find((c) => c.key === 'GET /api/profiles')!.query;
    expect([search.get('event'), search.get('q')]).toEqual([SLUG, 'o']);
    await userEvent.click(within(found).getByRole('button', { name: `Add ${FOUND.name}` }));
    expect(await screen.findByRole('button', { name: `Remove ${FOUND.name}` })).toBeVisible();
    expect(screen.queryByRole('list', { name: 'People found' })).toBeNull();
    // The button pressed is gone: the keyboard is back in the field.
    expect(field).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Ask to be grouped' })).toBeVisible();
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Find me a team' }));
    await waitFor(() => expect(calls.filter((c) => c.key.startsWith('PUT'))).toHaveLength(1));
    expect(calls.find((c) => c.key.startsWith('PUT'))?.body).toEqual({ role: 'design', notWith: [OTHER.id, FOUND.id] });
  });

  it('a member still to answer when the group became a team can accept and join it, or decline', async () => {
    const EXPIRES = '2026-12-08T16:32:00.000Z';
    const proposal: Proposal = {
      groupId: '44444444-4444-4444-8444-444444444444',
      expiresAt: EXPIRES,
      members: [],
      fillsTeam: null,
      reasons: ['You both build'],
      tradeOff: 'None',
      yourAnswer: 'pending',
      teamId: '55555555-5555-4555-8555-555555555555',
      teamGone: false,
    };
    const calls = answerFetch({
      'GET /api/events/{slug}': { status: 200, body: event },
      'GET /api/events/{slug}/grouping/me': { status: 200, body: { optedIn: null, proposal } satisfies MyGrouping },
      'POST /api/grouping/groups/{id}/answer': { status: 200, body: { ...proposal, yourAnswer: 'accepted' } },
    });
    renderScreen(<GroupPage />, { path, route });
    expect(await screen.findByText('This group became a team. Accept to join it.')).toBeVisible();
    // When it lapses, saying in which time zone.
    const zone = new Intl.DateTimeFormat('en', { timeZoneName: 'short' })
      .formatToParts(new Date(EXPIRES))
      .find((p) => p.type === 'timeZoneName')!.value;
    expect(screen.getByText(new RegExp(`^Answer by \\w{3} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2}\\s[AP]M ${zone}\\.$`))).toBeVisible();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(calls.find((c) => c.key.startsWith('POST'))?.body).toEqual({ accept: true }));
    expect(within(document.body).queryByText('Ask to be grouped')).toBeNull();
  });

  it('a proposal whose team was deleted says it ended, and asks for no answer', async () => {
    const proposal: Proposal = {
      groupId: '44444444-4444-4444-8444-444444444444',
      expiresAt: '2026-12-08T16:32:00.000Z',
      members: [],
      fillsTeam: null,
      reasons: ['You both build'],
      tradeOff: 'None',
      yourAnswer: 'pending',
      teamId: null,
      teamGone: true,
    };
    answerFetch({
      'GET /api/events/{slug}': { status: 200, body: event },
      'GET /api/events/{slug}/grouping/me': { status: 200, body: { optedIn: null, proposal } satisfies MyGrouping },
    });
    renderScreen(<GroupPage />, { path, route });
    expect(
      await screen.findByText('The team of this proposal was deleted, so the proposal ended: you are back in the pool for the next round.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});
