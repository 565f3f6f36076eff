/**
 * The staff page (docs/product.md#event-staff): an event keeps an owner, so its only owner cannot
 * change their own role or leave until someone else is an owner; with two, either can.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffMember } from '../../../shared/api/events';
import { answerFetch, renderScreen, SIGNED_IN } from '../../testing/render';
import { runningEvent } from '../../testing/events';
import StaffPage from './staff-page';

const event = runningEvent(Date.now(), { viewer: { registration: null, staffRole: 'owner', isAdmin: false } });
const path = `/hackathons/${event.slug}/staff`;
const NOW = '2026-12-01T10:00:00.000Z';
const me: StaffMember = { person: SIGNED_IN.profile, email: SIGNED_IN.user.email, role: 'owner', addedAt: NOW };
const other: StaffMember = {
  person: { id: '22222222-2222-4222-8222-222222222222', firstName: 'Grace', lastName: 'Hopper', name: 'Grace Hopper', avatarUrl: null },
  email: null,
  role: 'organizer',
  addedAt: NOW,
};

function open(staff: StaffMember[]) {
  answerFetch({
    'GET /api/events/{slug}': { status: 200, body: event },
    'GET /api/events/{slug}/staff': { status: 200, body: staff },
  });
  renderScreen(<StaffPage />, { path, route: '/hackathons/:slug/staff' });
}

describe('the staff page', () => {
  it("the only owner's role and 'Leave' wait until someone else is an owner, and the page says so", async () => {
    open([me, other]);
    const mine = await screen.findByRole('combobox', { name: 'Role of Ada Lovelace' });
    expect(mine).toBeDisabled();
    expect(mine).toHaveAccessibleDescription(
      'You are its only owner: make someone else an owner before you change your role or leave the staff.',
    );
    expect(screen.queryByRole('button', { name: 'Leave the staff' })).toBeNull();
    // The others are the owner's to change and remove.
    expect(screen.getByRole('combobox', { name: 'Role of Grace Hopper' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove Grace Hopper' })).toBeEnabled();
  });

  it('with another owner, either can change their role or leave', async () => {
    open([me, { ...other, role: 'owner' }]);
    expect(await screen.findByRole('combobox', { name: 'Role of Ada Lovelace' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Leave the staff' })).toBeEnabled();
    expect(screen.queryByText(/You are its only owner/)).toBeNull();
  });
});
