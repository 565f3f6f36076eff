/**
 * The organizer's desk (docs/product.md#the-organizers-desk): the demo account, owner of the running
 * Climate Code Sprint, opens the desk, filters the people without a team by a skill, downloads that
 * list and announces to them; a participant without a team who has the skill sees it arrive live
 * (and gets an email copy), a member of a team with the same skill does not.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, mailTo, newUser, person, signInViaForm } from './fixtures';

const slug = 'climate-code-sprint';

async function takePart(request: APIRequestContext, profileId: string, skill: string) {
  const skills = await request.post(`/api/profiles/${profileId}/skills`, { data: { skills: [{ name: skill, level: 'Advanced' }] } });
  expect(skills.ok(), await skills.text()).toBeTruthy();
  const registered = await request.put(`/api/events/${slug}/registration`, { data: {} });
  expect(registered.ok(), await registered.text()).toBeTruthy();
}

test('an organizer filters the unteamed by a skill, downloads the list and announces to them', async ({ browser, baseURL, page }) => {
  const skill = `Tidal Power ${randomUUID().slice(0, 4)}`;
  const seeker = newUser('Sol', `Seeker${randomUUID().slice(0, 4)}`);
  const unteamed = await person(browser, baseURL!, seeker);
  const member = await person(browser, baseURL!, newUser('Tess', `Teamed${randomUUID().slice(0, 4)}`));
  await takePart(unteamed.request, unteamed.profileId, skill);
  await takePart(member.request, member.profileId, skill);
  const team = await member.request.post('/api/teams', {
    data: {
      name: `Tide Team ${randomUUID().slice(0, 4)}`,
      description: 'Forecasting tidal power for coastal grids.',
      openPositions: ['Designer'],
      event: slug,
    },
  });
  expect(team.ok(), await team.text()).toBeTruthy();

  // Both participants have a page open before anything is sent.
  await unteamed.page.goto('/profile?tab=notifications');
  await expect(unteamed.page.getByText('No notifications at this time')).toBeVisible();
  await member.page.goto('/profile?tab=notifications');
  await expect(member.page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  await page.goto(`/login?redirectTo=/hackathons/${slug}/organize`);
  await signInViaForm(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: "Organizer's desk" })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Numbers' })).toBeVisible();

  // The skill typed, then the box below it ticked at once: both filters hold.
  await page.getByLabel('Skills').fill(skill);
  await page.getByLabel('Looking for a team').click();
  await expect(page.getByLabel('Looking for a team')).toBeChecked();
  await expect(page.getByText('1 person without a team')).toBeVisible();
  await expect(page).toHaveURL(/[?&]looking=true/);
  const list = page.getByRole('region', { name: 'Without a team' });
  await expect(list.getByRole('link', { name: unteamed.name })).toBeVisible();
  await expect(list.getByRole('link', { name: member.name })).toBeHidden();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download this list (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${slug}-unteamed-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = readFileSync((await file.path())!, 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(seeker.firstName);
  expect(lines[1]).toContain(seeker.lastName);
  expect(lines[1]).toContain(seeker.email);
  expect(lines[1]).toContain(skill);
  expect(csv).not.toContain(member.name.split(' ')[1]);

  const message = `Teams in the sprint still need people who know ${skill}: come to the matching call at 18:00.`;
  const announce = page.getByRole('region', { name: 'Announce' });
  await expect(announce.getByLabel('Send to')).toHaveValue('unteamed');
  await expect(announce.getByText(`skills ${skill}`)).toBeVisible();
  await announce.getByLabel('Message').fill(message);
  await announce.getByRole('button', { name: 'Send announcement' }).click();
  await expect(announce.getByText('Sent to 1 person')).toBeVisible();
  // Cleared once sent, so a second press does not send it twice.
  await expect(announce.getByLabel('Message')).toHaveValue('');

  // The participant without a team sees it arrive without reloading; the team member does not.
  const said = `Climate Code Sprint: ${message}`;
  await expect(unteamed.page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(unteamed.page.getByRole('main').getByRole('link', { name: said })).toBeVisible();
  const copy = await mailTo(page.request, seeker.email, /^Climate Code Sprint: a message from the organizers$/);
  expect(copy.text).toContain(message);
  await member.page.reload();
  await expect(member.page.getByRole('main').getByText(said)).toBeHidden();
  await expect(member.page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // The owner's record lists the download and the announcement.
  const record = page.getByRole('region', { name: 'Downloads and announcements' });
  await expect(record.getByRole('row').filter({ hasText: 'Announced to: People without a team' }).filter({ hasText: skill })).toBeVisible();
  await expect(record.getByRole('row').filter({ hasText: 'Downloaded: People without a team' }).filter({ hasText: skill })).toBeVisible();
  await Promise.all([unteamed.close(), member.close()]);
});
