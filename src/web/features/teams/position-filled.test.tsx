/**
 * Accepting someone for an open position asks whether it is filled now: one click takes it off the
 * open positions (the others stay, with what they need), or it stays open.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import type { TeamDetail } from '../../../shared/api/teams';
import { answerFetch, renderScreen, SIGNED_IN } from '../../testing/render';
import { JoinRequestsCard } from './join-requests-card';

const TEAM_ID = '22222222-2222-4222-8222-222222222222';
const NOW = '2026-11-01T10:00:00.000Z';

const team: TeamDetail = {
  id: TEAM_ID,
  name: 'Grid Whisperers',
  description: 'A dashboard that shows when the local grid is greenest.',
  logoUrl: null,
  isOpen: true,
  openPositions: ['Frontend Developer', 'ML Engineer'],
  memberCount: 1,
  maxSize: 5,
  createdAt: NOW,
  positionsSince: NOW,
  event: {
    slug: 'climate-code-sprint',
    name: 'Climate Code Sprint',
    formationDeadline: null,
    formationLocked: false,
    teamSizeMin: 2,
    teamSizeMax: 5,
  },
  updatedAt: NOW,
  positionSkills: { 'ML Engineer': ['Python'] },
  members: [{ ...SIGNED_IN.profile, role: 'Team Leader', isLeader: true }],
  viewer: { isMember: true, isLeader: true, hasPendingRequest: false, pendingRequestId: null },
};

const request = (id: string, name: string, position: string) => ({
  id,
  teamId: TEAM_ID,
  teamName: team.name,
  requester: { id: id.replace(/^4/, '5'), firstName: name.split(' ')[0], lastName: name.split(' ')[1], name, avatarUrl: null },
  position,
  message: 'I would love to build the dashboard.',
  status: 'pending' as const,
  createdAt: NOW,
});
const RAVI = request('44444444-4444-4444-8444-444444444444', 'Ravi Iyer', 'Frontend Developer');
const MEI = request('46666666-6666-4666-8666-666666666666', 'Mei Lin', 'Data Wrangler');

function renderCard() {
  const answered = new Set<string>();
  const calls = answerFetch({
    'GET /api/teams/{id}': { status: 200, body: team },
    'GET /api/teams/{id}/join-requests': () => ({ status: 200, body: [RAVI, MEI].filter((r) => !answered.has(r.id)) }),
    'POST /api/join-requests/{id}/accept': () => {
      answered.add(calls.at(-1)!.key.split('/')[3]);
      return { status: 200, body: { status: 'accepted' } };
    },
    'PUT /api/teams/{id}/positions': {
      status: 200,
      body: { openPositions: ['ML Engineer'], positionSkills: { 'ML Engineer': ['Python'] } },
    },
  });
  renderScreen(<JoinRequestsCard teamId={TEAM_ID} />);
  return calls;
}

it('after accepting someone for an open position, the leader takes it off the open positions in one click', async () => {
  const calls = renderCard();
  await screen.findByText('Ravi Iyer');
  await userEvent.click(screen.getAllByRole('button', { name: 'Accept' })[0]);
  expect(await screen.findByText('Ravi Iyer joined as Frontend Developer.')).toBeVisible();
  expect(screen.getByText('Is the position filled now?')).toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Remove Frontend Developer from open positions' }));
  await screen.findByRole('button', { name: 'Accept' });
  expect(screen.queryByText('Is the position filled now?')).toBeNull();
  // The other position stays, and keeps what it needs (skills are left out, so the server keeps them).
  expect(calls.find((c) => c.key === `PUT /api/teams/${TEAM_ID}/positions`)?.body).toEqual({ openPositions: ['ML Engineer'] });
});

it("'Keep it open' leaves the positions as they are; a position the team does not list asks nothing", async () => {
  const calls = renderCard();
  await screen.findByText('Ravi Iyer');
  await userEvent.click(screen.getAllByRole('button', { name: 'Accept' })[0]);
  await userEvent.click(await screen.findByRole('button', { name: 'Keep it open' }));
  expect(screen.queryByText('Is the position filled now?')).toBeNull();

  await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
  await screen.findByText('No join requests');
  // The answered request's buttons are gone: the keyboard goes on from the card's heading.
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Join Requests' })).toHaveFocus());
  expect(screen.queryByText('Is the position filled now?')).toBeNull();
  expect(calls.some((c) => c.key.startsWith('PUT '))).toBe(false);
});
