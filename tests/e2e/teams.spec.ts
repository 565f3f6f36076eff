import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { newUser, signUpViaApi, type NewUser } from './fixtures';

/** A browser of its own for one person, signed in through the API. */
async function personWithBrowser(browser: Browser, baseURL: string, user: NewUser) {
  const context = await browser.newContext({ baseURL });
  const me = await signUpViaApi(context.request, user);
  const page = await context.newPage();
  return { page, profileId: me.profile.id, name: `${user.firstName} ${user.lastName}`, close: () => context.close() };
}

const members = (page: Page) => page.getByRole('list', { name: 'Team members' });

test('two strangers form a team by join request and by invitation; the leader manages and deletes it', async ({ browser, baseURL }) => {
  // Three people in three browsers through the whole loop: over a minute on a slow machine beside the test suites.
  test.setTimeout(180_000);
  const leader = await personWithBrowser(browser, baseURL!, newUser('Lara', 'Leader'));
  const joiner = await personWithBrowser(browser, baseURL!, newUser('Jonas', 'Joiner'));
  const invitee = await personWithBrowser(browser, baseURL!, newUser('Ivy', 'Invitee'));
  const teamName = `Night Owls ${randomUUID().slice(0, 6)}`;

  // The leader creates a team.
  await leader.page.goto('/create-team');
  await expect(leader.page.getByRole('heading', { name: 'Create a New Team' })).toBeVisible();
  const create = leader.page.getByRole('button', { name: 'Create Team' });
  await expect(create).toBeDisabled();
  await leader.page.getByLabel('Team Name').fill('No');
  await leader.page.getByLabel('Description').fill('Too short');
  await leader.page.getByLabel('Open position 1').fill('Frontend Developer');
  await create.click();
  await expect(leader.page.getByText('Team name must be at least 3 characters')).toBeVisible();
  await expect(leader.page.getByText('Description must be at least 20 characters')).toBeVisible();
  await leader.page.getByLabel('Team Name').fill(teamName);
  await leader.page.getByLabel('Description').fill('We build tools for people who code at night.');
  await leader.page.getByRole('button', { name: 'Add Position' }).click();
  await leader.page.getByLabel('Open position 2').fill('Designer');
  await create.click();
  await expect(leader.page).toHaveURL(/\/teams\/[0-9a-f-]{36}$/);
  const teamUrl = new URL(leader.page.url()).pathname;
  await expect(leader.page.getByRole('heading', { name: teamName })).toBeVisible();
  await expect(leader.page.getByText('Open to New Members')).toBeVisible();
  await expect(members(leader.page).getByText('Team Leader', { exact: true }).first()).toBeVisible();

  // A second user asks to join and then sees 'Request Pending'.
  await joiner.page.goto(teamUrl);
  await joiner.page.getByRole('button', { name: 'Join Team' }).click();
  const joinDialog = joiner.page.getByRole('dialog', { name: `Join ${teamName}` });
  await joinDialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(joinDialog.getByText('Please select a position')).toBeVisible();
  await joinDialog.getByLabel('Position').selectOption('Designer');
  await joinDialog.getByLabel('Message to the Team').fill('short');
  await joinDialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(joinDialog.getByText('Message must be at least 10 characters')).toBeVisible();
  await joinDialog.getByLabel('Message to the Team').fill('I design calm interfaces for tired eyes.');
  await joinDialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(joinDialog).toBeHidden();
  await expect(joiner.page.getByRole('button', { name: 'Request Pending' })).toBeDisabled();
  await expect(
    joiner.page.getByRole('status').filter({ hasText: 'The team leaders will answer' }).getByRole('link', { name: 'Notifications' }),
  ).toHaveAttribute('href', '/profile?tab=notifications');
  await joiner.page.reload();
  await expect(joiner.page.getByRole('button', { name: 'Request Pending' })).toBeDisabled();

  // The leader accepts and the member appears with the position as role.
  await leader.page.reload();
  const requests = leader.page.getByRole('list', { name: 'Pending join requests' });
  await expect(requests.getByText(joiner.name)).toBeVisible();
  await expect(requests.getByText(/Position: Designer\s+I design calm interfaces for tired eyes\./)).toBeVisible();
  await requests.getByRole('button', { name: 'Accept' }).click();
  await expect(members(leader.page).getByRole('link', { name: joiner.name })).toBeVisible();
  await expect(members(leader.page).getByText('Designer')).toBeVisible();
  await expect(leader.page.getByText('No join requests')).toBeVisible();

  // The leader invites a third person from that person's public profile.
  await leader.page.goto(`/profiles/${invitee.profileId}`);
  const inviteButton = leader.page.getByRole('button', { name: `Invite to ${teamName}` });
  await inviteButton.click();
  const inviteDialog = leader.page.getByRole('dialog', { name: `Invite to ${teamName}` });
  await expect(inviteDialog.getByPlaceholder('e.g., Frontend Developer')).toBeVisible();
  // Escape closes it and puts the keyboard back on the button that opened it.
  await leader.page.keyboard.press('Escape');
  await expect(inviteDialog).toBeHidden();
  await expect(inviteButton).toBeFocused();
  await inviteButton.click();
  await inviteDialog.getByRole('button', { name: 'Send Invite' }).click();
  await expect(inviteDialog.getByText('Please specify a role')).toBeVisible();
  await expect(inviteDialog.getByLabel('Role')).toBeFocused();
  await inviteDialog.getByLabel('Role').fill('ML Engineer');
  await inviteDialog.getByLabel('Invitation Message').fill('Your models would make our tools smarter.');
  await inviteDialog.getByRole('button', { name: 'Send Invite' }).click();
  await expect(inviteDialog).toBeHidden();
  await expect(leader.page.getByRole('status').filter({ hasText: 'Invitation sent' })).toBeVisible();

  // That person accepts in Notifications and appears in the team.
  await invitee.page.goto('/profile');
  await invitee.page.getByRole('tab', { name: /Notifications/ }).click();
  await expect(invitee.page.getByText(`${teamName} invited you to join as ML Engineer`)).toBeVisible();
  await expect(invitee.page.getByText('Your models would make our tools smarter.')).toBeVisible();
  await invitee.page.getByRole('button', { name: 'Accept' }).click();
  // The invitation leaves the pending list; what happened stays in Recent Activity.
  await expect(invitee.page.getByRole('heading', { name: 'Team Invitations' })).toBeHidden();
  await expect(invitee.page.getByRole('region', { name: /Recent Activity/ }).getByText(`You joined ${teamName}`)).toBeVisible();
  await invitee.page.goto(teamUrl);
  await expect(members(invitee.page).getByRole('link', { name: invitee.name })).toBeVisible();
  await expect(members(invitee.page).getByText('ML Engineer')).toBeVisible();
  await expect(invitee.page.getByRole('button', { name: 'Join Team' })).toHaveCount(0);

  // The joiner's own request shows as accepted in their notifications.
  await joiner.page.goto('/profile?tab=notifications');
  await expect(joiner.page.getByText(`Your request to join ${teamName}`)).toBeVisible();
  await expect(joiner.page.getByText('Accepted', { exact: true })).toBeVisible();

  // The leader removes a member, after confirming.
  await leader.page.goto(teamUrl);
  await members(leader.page)
    .getByRole('button', { name: `Remove ${joiner.name}` })
    .click();
  const confirmRemove = leader.page.getByRole('alertdialog');
  await expect(confirmRemove.getByText('Are you sure you want to remove this member?')).toBeVisible();
  await confirmRemove.getByRole('button', { name: 'Remove' }).click();
  await expect(members(leader.page).getByRole('link', { name: joiner.name })).toHaveCount(0);
  await expect(members(leader.page).getByRole('link', { name: invitee.name })).toBeVisible();
  // Leaders have no remove button.
  await expect(members(leader.page).getByRole('button', { name: `Remove ${leader.name}` })).toHaveCount(0);

  // The leader deletes the team, after confirming.
  await leader.page.getByRole('button', { name: 'Delete Team' }).click();
  const confirmDelete = leader.page.getByRole('alertdialog');
  await expect(confirmDelete.getByText('Are you sure you want to delete this team? This action cannot be undone.')).toBeVisible();
  await confirmDelete.getByRole('button', { name: 'Delete Team' }).click();
  await expect(leader.page).toHaveURL(/\/teams$/);
  await leader.page.getByRole('searchbox', { name: 'Search teams' }).fill(teamName);
  await expect(leader.page.getByText('No teams match your criteria')).toBeVisible();
  await invitee.page.goto(teamUrl);
  await expect(invitee.page.getByText('Team not found')).toBeVisible();

  await Promise.all([leader.close(), joiner.close(), invitee.close()]);
});

test('the leader edits the team inline and manages open positions', async ({ browser, baseURL }) => {
  const leader = await personWithBrowser(browser, baseURL!, newUser('Eda', 'Editor'));
  const res = await leader.page.request.post('/api/teams', {
    data: { name: 'Editable Team', description: 'A team whose details will change soon.', openPositions: ['Designer'] },
  });
  const { id } = await res.json();
  await leader.page.goto(`/teams/${id}`);

  await leader.page.getByRole('button', { name: 'Edit Team' }).click();
  // The form opens where the leader starts typing.
  await expect(leader.page.getByLabel('Team Name')).toBeFocused();
  await leader.page.getByLabel('Team Name').fill('   ');
  await leader.page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(leader.page.getByText('Team name is required')).toBeVisible();
  await leader.page.getByLabel('Team Name').fill('Edited Team');
  await leader.page.getByLabel('Open to new members').uncheck();
  await leader.page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(leader.page.getByRole('heading', { name: 'Edited Team' })).toBeVisible();
  await expect(leader.page.getByText('Not Recruiting')).toBeVisible();

  await leader.page.getByLabel('New position').fill('QA Engineer');
  await leader.page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(leader.page.getByRole('button', { name: 'Remove position QA Engineer' })).toBeVisible();
  await leader.page.getByRole('button', { name: 'Remove position Designer' }).click();
  await leader.page.getByRole('button', { name: 'Remove position QA Engineer' }).click();
  await expect(leader.page.getByText('No open positions')).toBeVisible();
  await leader.close();
});

test('teams list: search and the open filter live in the URL (reload, back)', async ({ page }) => {
  await page.goto('/teams');
  await expect(page.getByRole('heading', { name: 'Teams', exact: true })).toBeVisible();
  await expect(page.getByText(/^\d+ Teams? Found$/)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search teams' }).fill('PIXEL');
  await expect(page.getByText('1 Team Found')).toBeVisible();
  await expect(page).toHaveURL(/q=PIXEL/);
  await expect(page.getByRole('link', { name: /Pixel Pioneers/ })).toBeVisible();

  // Open Ledger, a closed demo team, found by name: the open filter hides it, whatever else the list holds.
  await page.getByRole('searchbox', { name: 'Search teams' }).fill('Open Ledger');
  // The search reaches the URL after a short pause in typing; wait for it before filtering.
  await expect(page).toHaveURL(/q=Open(\+|%20)Ledger/);
  await expect(page.getByRole('link', { name: /Open Ledger/ })).toBeVisible();
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Only show teams open to new members').check();
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await expect(page).toHaveURL(/open=true/);
  await expect(page.getByRole('link', { name: /Open Ledger/ })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  // An active filter opens the panel on arrival, so it is visible and can be cleared.
  await expect(page.getByLabel('Only show teams open to new members')).toBeChecked();
  await expect(page.getByRole('link', { name: /Open Ledger/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(page.getByRole('link', { name: /Open Ledger/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
  await expect(page.getByLabel('Only show teams open to new members')).toHaveCount(0);
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await page.goForward();

  await page.getByRole('searchbox', { name: 'Search teams' }).fill('no team is called like this');
  await expect(page.getByText('No teams match your criteria')).toBeVisible();
  await expect(page.getByText('Try adjusting your filters or search terms')).toBeVisible();
  await page.getByRole('link', { name: 'Create a New Team' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('a signed-out visitor who clicks Join Team is sent to sign in and back', async ({ page }) => {
  await page.goto('/teams?q=green%20route');
  await page.getByRole('link', { name: /Green Route/ }).click();
  // The list card has the same heading, so wait for the team page's own URL first.
  await expect(page).toHaveURL(/\/teams\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Green Route', level: 1 })).toBeVisible();
  const teamPath = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Join Team' }).click();
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(teamPath)}`);
});
