/**
 * Creating an API token in Settings (docs/decisions/025-personal-api-tokens.md): the Organize scope
 * is offered to event staff only, with a choice of which of their events it organizes.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerFetch, renderScreen } from '../../testing/render';
import { ApiTokensCard } from './api-tokens';

function renderCard(staffEvents: { slug: string; name: string }[]) {
  answerFetch({ 'GET /api/me/tokens': { status: 200, body: { items: [], limit: 20, staffEvents } } });
  renderScreen(<ApiTokensCard />, { path: '/profile' });
}

describe('the API token form', () => {
  it('offers no Organize scope to a person who is staff of no event', async () => {
    renderCard([]);
    const scopes = within(await screen.findByRole('group', { name: 'Scopes' }));
    expect(scopes.getAllByRole('checkbox').map((c) => c.getAttribute('value'))).toEqual(['read', 'act']);
    expect(screen.queryByRole('checkbox', { name: /^Organize/ })).toBeNull();
  });

  it('offers staff the Organize scope and, once it is ticked, which of their events it organizes', async () => {
    renderCard([{ slug: 'spring-hack', name: 'Spring Hack' }]);
    const organize = await screen.findByRole('checkbox', { name: 'Organize: staff routes of events you are staff of' });
    expect(screen.queryByRole('combobox', { name: 'Organize which events' })).toBeNull();
    await userEvent.click(organize);
    const which = screen.getByRole('combobox', { name: 'Organize which events' });
    expect(
      within(which)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Every event I am staff of', 'Only Spring Hack']);
  });
});
