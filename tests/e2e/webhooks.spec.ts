/**
 * Webhooks on the organizer's desk (docs/product.md#webhooks): the demo account, owner of Climate
 * Code Sprint, is refused a loopback URL, adds a webhook with a public address, sees its signing
 * secret once, and finds it listed without the secret; a new team in the event queues a delivery.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO, newUser, person, signInViaForm } from './fixtures';

const slug = 'climate-code-sprint';

test('an organizer adds a webhook and sees its secret once', async ({ browser, baseURL, page }) => {
  await page.goto(`/login?redirectTo=/hackathons/${slug}/organize`);
  await signInViaForm(page, DEMO.email, DEMO.password);
  const panel = page.getByRole('region', { name: 'Webhooks' });
  await expect(panel.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();

  // A loopback address is refused (no SSRF), with the field's message.
  await panel.getByLabel('URL').fill('https://127.0.0.1/hook');
  await panel.getByRole('checkbox', { name: 'Position opened' }).check();
  await panel.getByRole('button', { name: 'Add webhook' }).click();
  await expect(panel.getByText('This URL points to a private, loopback or link-local address: use a public address')).toBeVisible();

  // A documentation address (TEST-NET-1): public, and nobody answers there.
  const url = `https://192.0.2.10/hooks/${randomUUID().slice(0, 8)}`;
  await panel.getByLabel('URL').fill(url);
  await panel.getByRole('button', { name: 'Add webhook' }).click();
  const shown = panel.getByRole('region', { name: "New webhook's signing secret" });
  await expect(shown).toContainText('You will not see it again.');
  const secret = await shown.getByLabel('Signing secret').inputValue();
  expect(secret).toMatch(/^whsec_/);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toHaveCount(0);
  const listed = panel.getByRole('listitem').filter({ hasText: url });
  await expect(listed).toBeVisible();
  await expect(listed.getByText('No deliveries yet.')).toBeVisible();

  // A new team with an open position: a delivery appears (the receiver does not answer, so it waits or fails).
  const leader = await person(browser, baseURL!, newUser('Hook', `Leader${randomUUID().slice(0, 4)}`));
  const team = await leader.request.post('/api/teams', {
    data: {
      name: `Hook Team ${randomUUID().slice(0, 4)}`,
      description: 'A team a bot hears about.',
      openPositions: ['Designer'],
      event: slug,
    },
  });
  expect(team.ok(), await team.text()).toBeTruthy();
  await page.reload();
  await expect(page.getByRole('list', { name: `Deliveries to ${url}` }).getByText('Position opened')).toBeVisible();
  await expect(page.getByText(secret)).toBeHidden();
  // On a phone the list and its deliveries hold within the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(
    page
      .getByRole('list', { name: `Deliveries to ${url}` })
      .getByRole('button', { name: 'Redeliver' })
      .first(),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page
    .getByRole('region', { name: 'Webhooks' })
    .getByRole('listitem')
    .filter({ hasText: url })
    .first()
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText(url)).toBeHidden();
});
