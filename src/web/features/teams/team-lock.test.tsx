/**
 * After the event's team formation deadline (docs/product.md#event-rules-for-teams) the team page says
 * why membership cannot change instead of offering buttons the server would refuse, and shows the
 * server's 409 when a refusal comes anyway.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TeamDetail } from '../../../shared/api/teams';
import { answerFetch, renderScreen, SIGNED_IN } from '../../testing/render';
import TeamPage from './team-page';

const TEAM_ID = '22222222-2222-4222-8222-222222222222';
const ME = SIGNED_IN.profile;
const MEMBER = { id: '33333333-3333-4333-8333-333333333333', firstName: 'Mei', lastName: 'Lin', name: 'Mei Lin', avatarUrl: null };
const LOCKED = 'Teams in Climate Code Sprint are locked: the team formation deadline has passed';

const team = (locked: boolean, viewer: Partial<TeamDetail['viewer']> = {}): TeamDetail => ({
  id: TEAM_ID,
  name: 'Grid Whisperers',
  description: 'A dashboard that shows when the local grid is greenest.',
  logoUrl: null,
  isOpen: true,
  openPositions: ['Frontend Developer'],
  memberCount: 2,
  maxSize: 5,
  createdAt: '2026-11-01T10:00:00.000Z',
  positionsSince: '2026-11-01T10:00:00.000Z',
  event: {
    slug: 'climate-code-sprint',
    name: 'Climate Code Sprint',
    formationDeadline: '2026-11-10T10:00:00.000Z',
    formationLocked: locked,
    teamSizeMin: 2,
    teamSizeMax: 5,
  },
  updatedAt: '2026-11-01T10:00:00.000Z',
  positionSkills: {},
  members: [
    { ...ME, role: 'Team Leader', isLeader: true },
    { ...MEMBER, role: 'Data Scientist', isLeader: false },
  ],
  viewer: { isMember: false, isLeader: false, hasPendingRequest: false, pendingRequestId: null, ...viewer },
});

const REQUEST = {
  id: '44444444-4444-4444-8444-444444444444',
  teamId: TEAM_ID,
  teamName: 'Grid Whisperers',
  requester: { id: '55555555-5555-4555-8555-555555555555', firstName: 'Ravi', lastName: 'Iyer', name: 'Ravi Iyer', avatarUrl: null },
  position: 'Frontend Developer',
  message: 'I would love to build the dashboard.',
  status: 'pending' as const,
  createdAt: '2026-11-02T10:00:00.000Z',
};

function open(detail: TeamDetail) {
  answerFetch({
    'GET /api/teams/{id}': { status: 200, body: detail },
    'GET /api/teams/{id}/join-requests': { status: 200, body: [REQUEST] },
    'GET /api/teams/{id}/invitations': { status: 200, body: [] },
    'POST /api/teams/{id}/leave': { status: 409, body: { error: LOCKED } },
  });
  renderScreen(<TeamPage />, { path: `/teams/${TEAM_ID}` });
}

describe('a team of an event whose teams are locked', () => {
  it('a visitor reads why there is no Join Team, and which event the team is in', async () => {
    open(team(true));
    expect(await screen.findByText(/Teams in Climate Code Sprint are locked: the team formation deadline has passed\./)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Join Team' })).toBeNull();
    // Open as its leader left it, but nobody can join now.
    expect(screen.getByText('Not Recruiting')).toBeVisible();
    expect(screen.queryByText('Open to New Members')).toBeNull();
    expect(screen.getByRole('link', { name: 'Climate Code Sprint' })).toHaveAttribute('href', '/hackathons/climate-code-sprint');
  });

  it('a leader can decline but not accept, remove, leave or delete', async () => {
    open(team(true, { isMember: true, isLeader: true }));
    const requests = (await screen.findByRole('list', { name: 'Pending join requests' }, { timeout: 5000 })).closest('div')!;
    expect(within(requests).getByRole('button', { name: 'Decline' })).toBeEnabled();
    expect(within(requests).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.getByText('The team formation deadline has passed: requests can only be declined.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Remove Mei Lin' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Leave Team' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Team' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Team' })).toBeVisible();
  });
});

describe('a team whose event is not locked', () => {
  it('offers Join Team', async () => {
    open(team(false));
    expect(await screen.findByRole('button', { name: 'Join Team' })).toBeVisible();
    expect(screen.queryByText(/are locked/)).toBeNull();
  });

  it("shows the server's refusal when the deadline passed while the page was open", async () => {
    open(team(false, { isMember: true }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave Team' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave Team' }));
    expect(await screen.findByText(LOCKED)).toBeVisible();
  });
});
