/**
 * A visitor's path through the events (issue 29, docs/product.md#events): on a fresh start the demo
 * data shows events in every phase; the visitor opens one from the home page, signs up, takes part,
 * creates a team in it, and another person asks to join.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newUser, person, signUpViaForm } from './fixtures';

test('the events list shows the demo events by phase', async ({ page }) => {
  await page.goto('/hackathons');
  await expect(page.getByRole('heading', { level: 1, name: 'Hackathons' })).toBeVisible();
  const group = (name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });
  await expect(group('Happening now').getByRole('heading', { name: 'Climate Code Sprint' })).toBeVisible();
  await expect(group('Upcoming').getByRole('heading', { name: 'Health Hack Berlin' })).toBeVisible();
  await expect(group('Past').getByRole('heading', { name: "World's Largest Hackathon" })).toBeVisible();
  await expect(group('Past').getByText('May 30 – June 30, 2025')).toBeVisible();
  await expect(group('Past').getByText('August 5 – 7, 2025')).toBeVisible();
  await page.getByRole('link', { name: 'View Details: Health Hack Berlin' }).click();
  await expect(page).toHaveURL(/\/hackathons\/health-hack-berlin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Health Hack Berlin' })).toBeFocused();
  await expect(page.getByText('The build starts in')).toBeVisible();
});

test('a visitor opens an event from the home page, signs up, takes part, creates a team there, and someone asks to join', async ({
  page,
  browser,
  baseURL,
}) => {
  const visitor = newUser('Vera', 'Visitor');
  const teamName = `Grid Greens ${randomUUID().slice(0, 6)}`;

  await page.goto('/');
  const upcoming = page.getByRole('region', { name: 'Upcoming Hackathons' });
  await expect(upcoming.getByRole('heading', { name: 'Climate Code Sprint' })).toBeVisible();
  await expect(upcoming.getByText('Happening now')).toBeVisible();
  await upcoming.getByRole('link', { name: 'View Details: Climate Code Sprint' }).click();
  await expect(page).toHaveURL(/\/hackathons\/climate-code-sprint$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Climate Code Sprint' })).toBeVisible();
  await expect(page.getByText('The build has started!')).toBeVisible();

  // Signing up from the event's page comes back to it.
  await page.getByRole('link', { name: 'Sign up to take part' }).click();
  await signUpViaForm(page, visitor);
  await expect(page).toHaveURL(/\/hackathons\/climate-code-sprint$/);

  await expect(page.getByRole('checkbox', { name: 'I am looking for a team here' })).toBeChecked();
  await page.getByLabel('What you want to do here (optional)').fill('Frontend for a grid dashboard');
  await page.getByRole('button', { name: 'Take part' }).click();
  await expect(page.getByText('You take part in this event')).toBeVisible();
  await expect(page.getByText('Frontend for a grid dashboard')).toBeVisible();

  await page.getByRole('link', { name: 'Create a Team in Climate Code Sprint' }).click();
  await expect(page.getByRole('heading', { name: 'Create a New Team' })).toBeVisible();
  await page.getByLabel('Team Name').fill(teamName);
  await page.getByLabel('Description').fill('A dashboard that shows when the grid is greenest.');
  await page.getByLabel('Open position 1').fill('Designer');
  await page.getByRole('button', { name: 'Create Team' }).click();
  await expect(page).toHaveURL(/\/teams\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Climate Code Sprint' })).toHaveAttribute('href', '/hackathons/climate-code-sprint');
  const teamUrl = new URL(page.url()).pathname;

  // The team is on the event's page.
  await page.getByRole('link', { name: 'Climate Code Sprint' }).click();
  await expect(page.getByRole('list', { name: 'Teams in Climate Code Sprint' }).getByRole('link', { name: teamName })).toBeVisible();

  // Another person asks to join; asking registers them in the event.
  const asker = await person(browser, baseURL!, newUser('Adam', 'Asker'));
  await asker.page.goto(teamUrl);
  await asker.page.getByRole('button', { name: 'Join Team' }).click();
  const dialog = asker.page.getByRole('dialog', { name: `Join ${teamName}` });
  await dialog.getByLabel('Position').selectOption('Designer');
  await dialog.getByLabel('Message to the Team').fill('I design dashboards people understand at a glance.');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(asker.page.getByRole('button', { name: 'Request Pending' })).toBeVisible();
  await asker.page.goto('/hackathons/climate-code-sprint');
  await expect(asker.page.getByText('You take part in this event')).toBeVisible();
  await asker.close();

  // The leader sees the request.
  await page.goto(teamUrl);
  const requests = page.getByRole('list', { name: 'Pending join requests' });
  await expect(requests.getByRole('link', { name: 'Adam Asker' })).toBeVisible();
});
