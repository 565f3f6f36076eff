/**
 * Freshness (docs/product.md#freshness): the team page says how long its positions have been open, and
 * a leader says in one click that they are still open.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TeamDetail } from '../../../shared/api/teams';
import { answerFetch, renderScreen, SIGNED_IN } from '../../testing/render';
import TeamPage from './team-page';

const TEAM_ID = '22222222-2222-4222-8222-222222222222';
const DAY = 86_400_000;
const since = (days: number) => new Date(Date.now() - days * DAY - 60_000).toISOString();

const team = (isLeader: boolean, positionsSince: string): TeamDetail => ({
  id: TEAM_ID,
  name: 'Grid Whisperers',
  description: 'A dashboard that shows when the local grid is greenest.',
  logoUrl: null,
  isOpen: true,
  openPositions: ['Frontend Developer'],
  memberCount: 1,
  maxSize: 5,
  createdAt: since(20),
  positionsSince,
  event: { slug: 'climate', name: 'Climate Code Sprint', formationDeadline: null, formationLocked: false, teamSizeMin: 2, teamSizeMax: 5 },
  updatedAt: positionsSince,
  positionSkills: {},
  members: [{ ...SIGNED_IN.profile, role: 'Team Leader', isLeader: true }],
  viewer: { isMember: isLeader, isLeader, hasPendingRequest: false, pendingRequestId: null },
});

describe("open positions' age", () => {
  it('a visitor reads how long they have been open, without the button', async () => {
    answerFetch({ 'GET /api/teams/{id}': { status: 200, body: team(false, since(16)) } });
    renderScreen(<TeamPage />, { path: `/teams/${TEAM_ID}` });
    expect(await screen.findByText('Open for 16 days')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Still open' })).toBeNull();
  });

  it("a leader of positions listed today is not offered 'Still open'", async () => {
    answerFetch({
      'GET /api/teams/{id}': { status: 200, body: team(true, new Date().toISOString()) },
      'GET /api/teams/{id}/join-requests': { status: 200, body: [] },
      'GET /api/teams/{id}/invitations': { status: 200, body: [] },
    });
    renderScreen(<TeamPage />, { path: `/teams/${TEAM_ID}` });
    expect(await screen.findByText('Open since today')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Still open' })).toBeNull();
  });

  it("a leader says 'Still open' in one click, and the team is read again", async () => {
    let detail = team(true, since(16));
    const calls = answerFetch({
      'GET /api/teams/{id}': () => ({ status: 200, body: detail }),
      'GET /api/teams/{id}/join-requests': { status: 200, body: [] },
      'GET /api/teams/{id}/invitations': { status: 200, body: [] },
      'POST /api/teams/{id}/positions/still-open': () => {
        detail = team(true, new Date().toISOString());
        return { status: 200, body: { positionsSince: detail.positionsSince } };
      },
    });
    renderScreen(<TeamPage />, { path: `/teams/${TEAM_ID}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Still open' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Marked as still open');
    await waitFor(() => expect(calls.filter((c) => c.key.startsWith('GET /api/teams/')).length).toBeGreaterThan(1));
    expect(calls.filter((c) => c.key.startsWith('POST'))).toHaveLength(1);
  });
});
