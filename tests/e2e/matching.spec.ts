/**
 * Matching in the browser: a leader invites a suggested person from the team page, a participant
 * asks to join a team that needs them from /teams, and a leader says what a position needs.
 */
import { expect, test } from '@playwright/test';
import { createTeam, newUser, person, type Person } from './fixtures';

async function withSkills(who: Person, skills: [string, string][]) {
  const res = await who.request.post(`/api/profiles/${who.profileId}/skills`, {
    data: { skills: skills.map(([name, level]) => ({ name, level })) },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test('a leader invites a suggested person, with the position as the role', async ({ browser, baseURL }) => {
  const leader = await person(browser, baseURL!, newUser('Lina', 'Matcher'));
  const gopher = await person(browser, baseURL!, newUser('Gopher', 'Suggested'));
  // A skill nobody else has: the suggestion is this person, whatever else the database holds.
  const skill = `Go${Date.now().toString(36)}`;
  await withSkills(gopher, [[skill, 'Advanced']]);
  const team = await createTeam(
    leader.request,
    { openPositions: ['Backend Developer'], positionSkills: { 'Backend Developer': [skill] } },
    'Match',
  );
  // Suggestions come from the people taking part in the team's event.
  const { event } = await (await leader.request.get(`/api/teams/${team.id}`)).json();
  const took = await gopher.request.put(`/api/events/${event.slug}/registration`, { data: {} });
  expect(took.ok(), await took.text()).toBeTruthy();

  await leader.page.goto(`/teams/${team.id}`);
  const suggested = leader.page.getByRole('list', { name: 'Suggested people' });
  const row = suggested.getByRole('listitem').filter({ hasText: 'Gopher Suggested' });
  await expect(row.getByText('Fits: Backend Developer')).toBeVisible();
  await expect(row.getByText(`${skill} - Advanced`)).toBeVisible();
  await row.getByRole('button', { name: 'Invite Gopher Suggested' }).click();
  const dialog = leader.page.getByRole('dialog', { name: `Invite to ${team.name}` });
  await expect(dialog.getByLabel('Role')).toHaveValue('Backend Developer');
  await dialog.getByLabel('Invitation Message').fill('Your Go would make our backend fly.');
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await expect(leader.page.getByRole('status').filter({ hasText: 'Invitation sent to Gopher Suggested' })).toBeVisible();
  // Invited: no longer suggested, and listed as a pending invitation.
  await expect(row).toBeHidden();
  await expect(leader.page.getByText('Nobody looking for a team has the skills your positions need yet.')).toBeVisible();
  await Promise.all([leader.close(), gopher.close()]);
});

test('a participant asks to join a team that needs them, with the position chosen', async ({ browser, baseURL }) => {
  const leader = await person(browser, baseURL!, newUser('Theo', 'Needs'));
  const designer = await person(browser, baseURL!, newUser('Dana', 'Designer'));
  const skill = `Figma${Date.now().toString(36)}`;
  await withSkills(designer, [[skill, 'Intermediate']]);
  const team = await createTeam(
    leader.request,
    { openPositions: ['Developer', 'Designer'], positionSkills: { Designer: [skill] } },
    'Needy',
  );

  await designer.page.goto('/teams');
  const section = designer.page.getByRole('region', { name: 'Teams that need you' });
  const card = section.getByRole('listitem').filter({ hasText: team.name });
  await expect(card.getByText('Designer')).toBeVisible();
  await expect(card.getByText(`Your skills: ${skill} - Intermediate`)).toBeVisible();
  await card.getByRole('button', { name: `Join ${team.name}` }).click();
  const dialog = designer.page.getByRole('dialog', { name: `Join ${team.name}` });
  await expect(dialog.getByLabel('Position')).toHaveValue('Designer');
  await dialog.getByLabel('Message to the Team').fill('I would love to design your screens.');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog).toBeHidden();
  // Asked: the team is no longer suggested.
  await expect(card).toBeHidden();
  await designer.page.goto(`/teams/${team.id}`);
  await expect(designer.page.getByRole('button', { name: 'Request Pending' })).toBeVisible();
  await Promise.all([leader.close(), designer.close()]);
});

test('a leader says what a position needs, with the skills its title suggests', async ({ browser, baseURL }) => {
  const leader = await person(browser, baseURL!, newUser('Sky', 'Setter'));
  const team = await createTeam(leader.request, { openPositions: ['Frontend Developer'] }, 'Needs');
  await leader.page.goto(`/teams/${team.id}`);
  await leader.page.getByRole('button', { name: 'Add suggested skill React to Frontend Developer' }).click();
  await expect(leader.page.getByRole('list', { name: 'Skills Frontend Developer needs' }).getByText('React')).toBeVisible();
  await leader.page.getByLabel('Add a skill Frontend Developer needs').fill('Svelte');
  await leader.page.keyboard.press('Enter');
  const needs = leader.page.getByRole('list', { name: 'Skills Frontend Developer needs' });
  await expect(needs.getByText('Svelte')).toBeVisible();
  await leader.page.reload();
  await expect(needs.getByRole('listitem')).toHaveText(['React', 'Svelte']);
  await leader.close();
});
