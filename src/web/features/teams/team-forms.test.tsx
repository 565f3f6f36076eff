/** Every form of the team screens puts a message the server sends for a field on that field. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TeamDetail } from '../../../shared/api/teams';
import { answerFetch, invalid, renderScreen } from '../../testing/render';
import CreateTeamPage from './create-team-page';
import { EditTeamForm } from './edit-team-form';
import { InviteToTeamButtons } from './invite-to-team';
import { JoinTeamButton } from './join-team-dialog';
import { OpenPositionsCard } from './open-positions-card';

const TEAM_ID = '22222222-2222-4222-8222-222222222222';
const team = (over: Partial<TeamDetail> = {}): TeamDetail => ({
  id: TEAM_ID,
  name: 'Pixel Pioneers',
  description: 'We build delightful accessible interfaces.',
  logoUrl: null,
  isOpen: true,
  openPositions: ['Designer', 'Frontend Developer'],
  memberCount: 1,
  maxSize: 4,
  createdAt: '2026-11-01T10:00:00.000Z',
  positionsSince: '2026-11-01T10:00:00.000Z',
  event: { slug: 'spring-hack', name: 'Spring Hack', formationDeadline: null, formationLocked: false, teamSizeMin: 2, teamSizeMax: 10 },
  updatedAt: '2026-11-01T10:00:00.000Z',
  positionSkills: {},
  members: [],
  viewer: { isMember: false, isLeader: false, hasPendingRequest: false, pendingRequestId: null },
  ...over,
});

describe("team forms show the server's field messages on their fields", () => {
  it('Create Team: on Team Name, and on the position it names', async () => {
    answerFetch({
      'POST /api/teams': invalid({ name: 'A team called so exists already', 'openPositions.0': 'Position must not exceed 100 characters' }),
    });
    renderScreen(<CreateTeamPage />, { path: '/create-team' });
    await userEvent.type(await screen.findByLabelText('Team Name'), 'Pixel Pioneers');
    await userEvent.type(screen.getByLabelText('Description'), 'We build delightful accessible interfaces.');
    await userEvent.type(screen.getByLabelText('Open position 1'), 'Designer');
    await userEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    await waitFor(() => expect(screen.getByLabelText('Team Name')).toHaveAccessibleDescription('A team called so exists already'));
    expect(screen.getByText('Position must not exceed 100 characters')).toBeVisible();
    expect(screen.getByLabelText('Open position 1')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Team Name')).toHaveFocus());
  });

  it('Edit Team: on Description', async () => {
    const calls = answerFetch({ 'PATCH /api/teams/{id}': invalid({ description: 'Description must not exceed 2000 characters' }) });
    renderScreen(<EditTeamForm team={team()} onDone={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Description')).toHaveAccessibleDescription('Description must not exceed 2000 characters'),
    );
    expect(calls.map((c) => c.key)).toContain(`PATCH /api/teams/${TEAM_ID}`);
  });

  it('Join dialog: on Position', async () => {
    const calls = answerFetch({ 'POST /api/teams/{id}/join-requests': invalid({ position: 'This position is not open in this team' }) });
    renderScreen(<JoinTeamButton team={team()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Join Team' }));
    await userEvent.selectOptions(screen.getByLabelText('Position'), 'Designer');
    await userEvent.type(screen.getByLabelText('Message to the Team'), 'I would love to design your screens.');
    await userEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    await waitFor(() => expect(screen.getByLabelText('Position')).toHaveAccessibleDescription('This position is not open in this team'));
    expect(calls.map((c) => c.key)).toContain(`POST /api/teams/${TEAM_ID}/join-requests`);
  });

  it('Invite dialog: on Role', async () => {
    answerFetch({
      'GET /api/me/led-teams': {
        status: 200,
        body: [{ id: TEAM_ID, name: 'Pixel Pioneers', candidateIsMember: false, candidateInvited: false, isFull: false }],
      },
      'POST /api/invitations': invalid({ role: 'Role must not exceed 100 characters' }),
    });
    renderScreen(
      <InviteToTeamButtons profile={{ id: '33333333-3333-4333-8333-333333333333', name: 'Grace Hopper', lookingForTeam: true }} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Invite to Pixel Pioneers' }));
    await userEvent.type(screen.getByLabelText('Role'), 'Frontend Developer');
    await userEvent.type(screen.getByLabelText('Invitation Message'), 'We would love to have you on the team!');
    await userEvent.click(screen.getByRole('button', { name: 'Send Invite' }));
    await waitFor(() => expect(screen.getByLabelText('Role')).toHaveAccessibleDescription('Role must not exceed 100 characters'));
  });

  it('Open Positions: on the new position', async () => {
    const calls = answerFetch({
      'PUT /api/teams/{id}/positions': invalid({ 'openPositions.2': 'Position must not exceed 100 characters' }),
    });
    renderScreen(
      <OpenPositionsCard team={team({ viewer: { isMember: true, isLeader: true, hasPendingRequest: false, pendingRequestId: null } })} />,
    );
    // Its label is shown, not only read out: beside the skill boxes, the box for a new position says what it is.
    expect(await screen.findByText('New position', { selector: 'label' })).not.toHaveClass('sr-only');
    await userEvent.type(screen.getByLabelText('New position'), 'Backend Developer');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New position')).toHaveAccessibleDescription('Position must not exceed 100 characters'),
    );
    expect(calls.map((c) => c.key)).toContain(`PUT /api/teams/${TEAM_ID}/positions`);
  });
});

describe('Create Team', () => {
  it('opens the new team in place of the form, so Back goes where the person came from', async () => {
    answerFetch({ 'POST /api/teams': { status: 201, body: team() } });
    const { router } = renderScreen(<CreateTeamPage />, { path: '/create-team' });
    await userEvent.type(await screen.findByLabelText('Team Name'), 'Pixel Pioneers');
    await userEvent.type(screen.getByLabelText('Description'), 'We build delightful accessible interfaces.');
    await userEvent.type(screen.getByLabelText('Open position 1'), 'Designer');
    await userEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    expect(await screen.findByText('Now at another page')).toBeVisible();
    expect(router.state.location.pathname).toBe(`/teams/${TEAM_ID}`);
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
