/**
 * 'Find me a team' (docs/product.md#find-me-a-team): a participant without a team of the running
 * Climate Code Sprint asks to be grouped on the event's page; the demo account, its owner, runs the
 * grouping on the organizer's desk, previews the groups with their totals and sends them; the
 * participant is told live, sees their group with the reasons and the trade-off, and accepts.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO, newUser, person, signInViaForm } from './fixtures';

const slug = 'climate-code-sprint';

test('a participant asks to be grouped, the organizer sends the groups, the participant accepts', async ({ browser, baseURL, page }) => {
  const solo = await person(browser, baseURL!, newUser('Gus', `Grouped${randomUUID().slice(0, 4)}`));
  const registered = await solo.request.put(`/api/events/${slug}/registration`, { data: { looking: true } });
  expect(registered.ok(), await registered.text()).toBeTruthy();

  await solo.page.goto(`/hackathons/${slug}`);
  await solo.page.getByRole('link', { name: 'Find me a team' }).click();
  await expect(solo.page.getByRole('heading', { name: 'Find me a team', level: 1 })).toBeVisible();
  await solo.page.getByLabel('What you want to do').selectOption('design');
  await solo.page.getByRole('button', { name: 'Find me a team' }).click();
  await expect(solo.page.getByText('You will get a notification when your group is proposed')).toBeVisible();

  await page.goto(`/login?redirectTo=/hackathons/${slug}/organize`);
  await signInViaForm(page, DEMO.email, DEMO.password);
  const desk = page.getByRole('region', { name: 'Find me a team: grouping' });
  await desk.getByRole('button', { name: /Run grouping|Run again/ }).click();
  await expect(desk.getByText('Preview: not sent yet')).toBeVisible({ timeout: 20_000 });
  await expect(desk.getByLabel('Totals')).toContainText('Blocked pairs grouped0');
  await expect(desk.getByRole('list', { name: 'Proposed groups' }).getByText(`${solo.name}, Design`)).toBeVisible();
  await desk.getByRole('button', { name: /^Send \d+ proposals$/ }).click();
  await expect(desk.getByText('Sent', { exact: true })).toBeVisible();

  // The participant hears of it, sees the group and why, and accepts.
  await solo.page.goto('/profile?tab=notifications');
  await expect(solo.page.getByText('Climate Code Sprint: we found you a group')).toBeVisible();
  await solo.page.goto(`/hackathons/${slug}/group`);
  await expect(solo.page.getByRole('heading', { name: 'Your proposed group' })).toBeVisible();
  await expect(solo.page.getByRole('heading', { name: 'Why this group' })).toBeVisible();
  expect(
    await solo.page.getByRole('heading', { name: 'Why this group' }).locator('xpath=following-sibling::ul[1]/li').count(),
  ).toBeGreaterThanOrEqual(2);
  await expect(solo.page.getByRole('heading', { name: 'The trade-off' })).toBeVisible();
  await solo.page.getByRole('button', { name: 'Accept' }).click();
  await expect(solo.page.getByText('You accepted. The group becomes a team as soon as enough of you accept.')).toBeVisible();
  await solo.close();
});

test("a team's leader asks grouping to fill its open places, sees it asking, and stops", async ({ browser, baseURL }) => {
  const suffix = randomUUID().slice(0, 4);
  const leader = await person(browser, baseURL!, newUser('Lia', `Partial${suffix}`));
  const team = await leader.request.post('/api/teams', {
    data: { name: `Partial Team ${suffix}`, description: 'A team that wants two more people.', openPositions: ['Designer'], event: slug },
  });
  expect(team.ok(), await team.text()).toBeTruthy();
  const teamId = (await team.json()).id as string;

  await leader.page.goto(`/teams/${teamId}`);
  await leader.page.getByLabel('How many more people').selectOption('2');
  await leader.page.getByRole('button', { name: 'Fill our open places through grouping' }).click();
  await expect(leader.page.getByRole('status').filter({ hasText: 'This team asks grouping for 2 more people' })).toBeVisible();
  await leader.page.reload();
  await expect(leader.page.getByText('This team asks grouping for 2 more people')).toBeVisible();
  expect((await (await leader.request.get(`/api/teams/${teamId}/grouping`)).json()).wanted).toBe(2);
  await leader.page.getByRole('button', { name: 'Stop asking grouping' }).click();
  await expect(leader.page.getByRole('button', { name: 'Fill our open places through grouping' })).toBeVisible();
  await expect(leader.page.getByText(/This team asks grouping/)).toHaveCount(0);
  await leader.close();
});
