/**
 * Safety and moderation (docs/product.md#safety, #moderation). (a) A participant blocks another
 * from their profile page: neither can then ask to join the other's team or invite the other, and
 * the blocked person reads the answer anyone who does not accept invitations gets. (b) A report
 * reaches the running demo event's moderator, who hides the reported team description and bans
 * the harasser from that event only: they can still take part in another.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newUser, person, signInViaForm } from './fixtures';

const slug = 'climate-code-sprint';
const MODERATOR = { email: 'elena.popescu@demo.example.com', password: 'find-my-team' };

test('a participant blocks another: neither can then ask to join or invite the other', async ({ browser, baseURL }) => {
  const suffix = randomUUID().slice(0, 4);
  const leader = await person(browser, baseURL!, newUser('Lea', `Leader${suffix}`));
  const other = await person(browser, baseURL!, newUser('Bo', `Blocker${suffix}`));
  const team = await leader.request.post('/api/teams', {
    data: { name: `Blocked Team ${suffix}`, description: 'A team for the block path.', openPositions: ['Designer'], event: slug },
  });
  expect(team.ok(), await team.text()).toBeTruthy();
  const teamId = (await team.json()).id as string;
  const theirs = await other.request.post('/api/teams', {
    data: { name: `Blocker Team ${suffix}`, description: 'The other side of the block.', openPositions: ['Designer'], event: slug },
  });
  expect(theirs.ok(), await theirs.text()).toBeTruthy();

  // Bo blocks Lea from her profile page.
  await other.page.goto(`/profiles/${leader.profileId}`);
  await other.page.getByRole('button', { name: 'Block', exact: true }).click();
  const confirm = other.page.getByRole('alertdialog');
  await expect(confirm).toContainText('They are not told');
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(other.page.getByRole('button', { name: 'Unblock', exact: true })).toBeVisible();
  await expect(other.page.getByText('Contact details are not shown.')).toBeVisible();

  // Bo cannot ask to join Lea's team.
  await other.page.goto(`/teams/${teamId}`);
  await other.page.getByRole('button', { name: 'Join Team' }).click();
  const dialog = other.page.getByRole('dialog');
  await dialog.getByLabel('Position').selectOption('Designer');
  await dialog.getByLabel('Message to the Team').fill('I would like to design for you.');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog.getByText('This team does not accept requests from you')).toBeVisible();

  // Lea, blocked, cannot invite Bo: she reads what anyone who does not accept invitations gets.
  const invite = await leader.request.post('/api/invitations', {
    data: { teamId, profileId: other.profileId, role: 'Designer', message: 'Join us, we need your skills!' },
  });
  expect(invite.status()).toBe(409);
  expect((await invite.json()).error).toBe('This person does not accept invitations from you');
  const ask = await leader.request.post(`/api/teams/${(await theirs.json()).id}/join-requests`, {
    data: { position: 'Designer', message: 'Let me join your team please.' },
  });
  expect(ask.status()).toBe(409);

  // Settings list the blocked person, with Unblock.
  await other.page.goto('/profile?tab=settings');
  const safety = other.page.getByRole('region', { name: 'Safety' });
  await expect(safety.getByText(leader.name)).toBeVisible();
  await safety.getByRole('button', { name: `Unblock ${leader.name}` }).click();
  await expect(safety.getByText('No one. Block someone from their profile page.')).toBeVisible();
  await leader.close();
  await other.close();
});

test("a report reaches the demo event's moderator, who hides the team description and bans the harasser from that event only", async ({
  browser,
  baseURL,
  page,
}) => {
  const suffix = randomUUID().slice(0, 4);
  const reporter = await person(browser, baseURL!, newUser('Rita', `Reporter${suffix}`));
  const harasser = await person(browser, baseURL!, newUser('Harry', `Harasser${suffix}`));
  const teamName = `Mean Team ${suffix}`;
  const team = await harasser.request.post('/api/teams', {
    data: { name: teamName, description: 'Rita is useless, do not team with her.', openPositions: ['Designer'], event: slug },
  });
  expect(team.ok(), await team.text()).toBeTruthy();
  const teamId = (await team.json()).id as string;

  // Rita reports the team.
  await reporter.page.goto(`/teams/${teamId}`);
  await reporter.page.getByRole('button', { name: 'Report', exact: true }).click();
  const report = reporter.page.getByRole('dialog', { name: 'Report this team' });
  await report.getByLabel('Reason').selectOption('harassment');
  await report.getByLabel('Note (optional)').fill('The description insults me by name.');
  await report.getByRole('button', { name: 'Send Report' }).click();
  await expect(report.getByText('Report received.')).toBeVisible();

  // The event's moderator finds it in the queue.
  await page.goto(`/login?redirectTo=/hackathons/${slug}`);
  await signInViaForm(page, MODERATOR.email, MODERATOR.password);
  await expect(page.getByText('You are a moderator of this event.')).toBeVisible();
  await page.getByRole('link', { name: 'Moderation', exact: true }).click();
  const card = page.getByRole('article', { name: `Reports about ${teamName}` });
  await expect(card).toContainText('Rita is useless, do not team with her.');
  await expect(card).toContainText('The description insults me by name.');

  await card.getByRole('button', { name: 'Hide' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Insults a participant by name');
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(dialog).toBeHidden();
  // Acted on, the reports leave the queue; the ban goes through the harasser's profile report.
  await expect(card).toBeHidden();

  await reporter.page.goto(`/teams/${teamId}`);
  await expect(reporter.page.getByText('Hidden by a moderator')).toBeVisible();
  await expect(reporter.page.getByText('Rita is useless')).toBeHidden();
  await harasser.page.goto(`/teams/${teamId}`);
  await expect(
    harasser.page.getByText("A moderator hid this description: others read 'Hidden by a moderator'. Why: Insults a participant by name"),
  ).toBeVisible();

  // Rita reports Harry himself; the moderator bans him from this event.
  const profileReport = await reporter.request.post('/api/reports', {
    data: { targetKind: 'profile', targetId: harasser.profileId, reason: 'harassment', event: slug },
  });
  expect(profileReport.status()).toBe(201);
  await page.reload();
  const personCard = page.getByRole('article', { name: `Reports about ${harasser.name}` });
  await personCard.getByRole('button', { name: `Ban ${harasser.name}` }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Harassed another participant');
  await dialog.getByRole('button', { name: 'Ban' }).click();
  await expect(dialog).toBeHidden();
  const bans = page.getByRole('region', { name: 'Banned from this event' });
  await expect(bans.getByRole('link', { name: harasser.name })).toBeVisible();

  // Banned from the sprint only: out of its teams, cannot take part there, still can elsewhere.
  const again = await harasser.request.put(`/api/events/${slug}/registration`, { data: {} });
  expect(again.status()).toBe(403);
  const elsewhere = await harasser.request.put('/api/events/health-hack-berlin/registration', { data: {} });
  expect(elsewhere.ok(), await elsewhere.text()).toBeTruthy();
  await reporter.close();
  await harasser.close();
});
