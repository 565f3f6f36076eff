/**
 * The team lifecycle in the browser: leaving, handing over, a full team, cancelling a request,
 * and what joining one team does to a person's other requests and their flag.
 */
import { expect, test, type Page } from '@playwright/test';
import { createTeam, newUser, person, type Person } from './fixtures';

/** `who` asks to join and `leader` accepts, through the API. */
async function join(team: { id: string }, who: Person, leader: Person) {
  const asked = await who.request.post(`/api/teams/${team.id}/join-requests`, {
    data: { position: 'Developer', message: 'Happy to build the backend.' },
  });
  expect(asked.ok(), await asked.text()).toBeTruthy();
  const accepted = await leader.request.post(`/api/join-requests/${(await asked.json()).id}/accept`);
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
}

const members = (page: Page) => page.getByRole('list', { name: 'Team members' });

test('a member leaves a team after confirming', async ({ browser, baseURL }) => {
  const leader = await person(browser, baseURL!, newUser('Lea', 'Leader'));
  const mo = await person(browser, baseURL!, newUser('Mo', 'Member'));
  const team = await createTeam(leader.request);
  await join(team, mo, leader);

  await mo.page.goto(`/teams/${team.id}`);
  await expect(members(mo.page).getByRole('link', { name: /Mo Member/ })).toBeVisible();
  await mo.page.getByRole('button', { name: 'Leave Team' }).click();
  const confirm = mo.page.getByRole('alertdialog', { name: 'Leave Team' });
  await expect(confirm.getByText('Are you sure you want to leave this team?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Leave Team' }).click();
  await expect(members(mo.page).getByRole('link', { name: /Mo Member/ })).toBeHidden();
  await expect(mo.page.getByRole('button', { name: 'Join Team' })).toBeVisible();
  await expect(mo.page.getByText('1/4 members')).toBeVisible();
  await Promise.all([leader.close(), mo.close()]);
});

test('a leader hands the team over, and then leaves it', async ({ browser, baseURL }) => {
  const leader = await person(browser, baseURL!, newUser('Hanna', 'Handover'));
  const next = await person(browser, baseURL!, newUser('Noor', 'Next'));
  const team = await createTeam(leader.request);
  await join(team, next, leader);

  await leader.page.goto(`/teams/${team.id}`);
  // The only leader cannot leave yet.
  await leader.page.getByRole('button', { name: 'Leave Team' }).click();
  await expect(leader.page.getByText('Make another member leader before you leave')).toBeVisible();

  const nextRow = members(leader.page).getByRole('listitem').filter({ hasText: 'Noor Next' });
  await nextRow.getByRole('button', { name: 'Make Leader' }).click();
  await expect(nextRow.getByText('Team Leader', { exact: true })).toBeVisible();
  await leader.page.reload();
  await leader.page.getByRole('button', { name: 'Leave Team' }).click();
  await leader.page.getByRole('alertdialog', { name: 'Leave Team' }).getByRole('button', { name: 'Leave Team' }).click();
  await expect(members(leader.page).getByText('Hanna Handover')).toBeHidden();
  await expect(leader.page.getByRole('button', { name: 'Edit Team' })).toBeHidden();

  // The new leader runs the team now.
  await next.page.goto(`/teams/${team.id}`);
  await expect(next.page.getByRole('button', { name: 'Edit Team' })).toBeVisible();
  await Promise.all([leader.close(), next.close()]);
});

test('a full team says so and takes no request', async ({ browser, baseURL }) => {
  const leader = await person(browser, baseURL!, newUser('Fay', 'Full'));
  const first = await person(browser, baseURL!, newUser('First', 'Joiner'));
  const late = await person(browser, baseURL!, newUser('Late', 'Comer'));
  const team = await createTeam(leader.request, { maxSize: 2 });
  await join(team, first, leader);

  await late.page.goto(`/teams/${team.id}`);
  await expect(late.page.getByRole('button', { name: 'Team is full' })).toBeDisabled();
  await expect(late.page.getByRole('button', { name: 'Join Team' })).toBeHidden();
  await expect(late.page.getByText('2/2 members')).toBeVisible();
  // And the open-teams filter leaves it out.
  await late.page.goto(`/teams?q=${encodeURIComponent(team.name)}&open=true`);
  await expect(late.page.getByRole('heading', { name: '0 Teams Found' })).toBeVisible();
  await Promise.all([leader.close(), first.close(), late.close()]);
});

test("a cancelled request vanishes from the leader's list", async ({ browser, baseURL }) => {
  const leader = await person(browser, baseURL!, newUser('Cal', 'Leader'));
  const asker = await person(browser, baseURL!, newUser('Cass', 'Canceller'));
  const team = await createTeam(leader.request);

  await asker.page.goto(`/teams/${team.id}`);
  await asker.page.getByRole('button', { name: 'Join Team' }).click();
  const dialog = asker.page.getByRole('dialog', { name: `Join ${team.name}` });
  await dialog.getByLabel('Position').selectOption('Designer');
  await dialog.getByLabel('Message to the Team').fill('I would love to design your screens.');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(asker.page.getByRole('button', { name: 'Request Pending' })).toBeDisabled();
  // The keyboard lands on what can be done with the request now.
  await expect(asker.page.getByRole('button', { name: 'Cancel Request' })).toBeFocused();

  await leader.page.goto(`/teams/${team.id}`);
  const requests = leader.page.getByRole('list', { name: 'Pending join requests' });
  await expect(requests.getByText('Cass Canceller')).toBeVisible();

  await asker.page.getByRole('button', { name: 'Cancel Request' }).click();
  await expect(asker.page.getByRole('button', { name: 'Join Team' })).toBeVisible();
  await asker.page.goto('/profile?tab=notifications');
  await expect(asker.page.getByText(`Your request to join ${team.name}`)).toBeVisible();
  await expect(asker.page.getByText('Cancelled', { exact: true })).toBeVisible();

  await leader.page.reload();
  await expect(leader.page.getByText('No join requests')).toBeVisible();
  await Promise.all([leader.close(), asker.close()]);
});

test('joining one team withdraws the other request and switches looking-for-team off', async ({ browser, baseURL }) => {
  const leaderA = await person(browser, baseURL!, newUser('Ana', 'Alpha'));
  const leaderB = await person(browser, baseURL!, newUser('Ben', 'Beta'));
  const joiner = await person(browser, baseURL!, newUser('Jo', 'Joiner'));
  const a = await createTeam(leaderA.request);
  const b = await createTeam(leaderB.request);
  const toB = await joiner.request.post(`/api/teams/${b.id}/join-requests`, {
    data: { position: 'Designer', message: 'I would like to join you too.' },
  });
  expect(toB.ok()).toBeTruthy();
  const invited = await leaderA.request.post('/api/invitations', {
    data: { teamId: a.id, profileId: joiner.profileId, role: 'Developer', message: 'Come and build the backend with us!' },
  });
  expect(invited.ok(), await invited.text()).toBeTruthy();

  // The joiner accepts the invitation to team A in Notifications and is told what it did.
  await joiner.page.goto('/profile?tab=notifications');
  const invitation = joiner.page.getByRole('listitem').filter({ hasText: `${a.name} invited you to join as Developer` });
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect(joiner.page.getByRole('status').filter({ hasText: `You joined ${a.name}` })).toHaveText(
    `You joined ${a.name}: your other request was withdrawn and your profile no longer says Looking for Team`,
  );
  const requestToB = joiner.page.getByRole('listitem').filter({ hasText: `Your request to join ${b.name}` });
  await expect(requestToB.getByText('Cancelled', { exact: true })).toBeVisible();

  // The flag is off in Settings, and can be switched back on.
  await joiner.page.getByRole('tab', { name: 'Settings' }).click();
  const looking = joiner.page.getByLabel('I am currently looking for a team');
  await expect(looking).not.toBeChecked();
  await joiner.page.goto(`/profiles/${joiner.profileId}`);
  await expect(joiner.page.getByText('Not Looking for Team')).toBeVisible();

  // Team B's leader no longer sees the request.
  await leaderB.page.goto(`/teams/${b.id}`);
  await expect(leaderB.page.getByText('No join requests')).toBeVisible();
  await Promise.all([leaderA.close(), leaderB.close(), joiner.close()]);
});
