/**
 * Personal API tokens in Settings (docs/decisions/025-personal-api-tokens.md): create one, see
 * its secret once and use it from a script, then revoke it; the section holds at 375 px.
 */
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, request as requests, test, type Page } from '@playwright/test';
import { newUser, person } from './fixtures';

/** Serious or critical axe findings in the API tokens card, in the light and the dark theme. */
async function axeOfTokens(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const result = await new AxeBuilder({ page }).setLegacyMode().include('#api-tokens').analyze();
    for (const v of result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
      found.push(`${colorScheme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

test('Settings: create an API token, see it once, use it, revoke it', async ({ browser, baseURL }) => {
  const me = await person(browser, baseURL!, newUser('Tia', `Tokens${randomUUID().slice(0, 6)}`));
  const { page } = me;
  await page.goto('/profile?tab=settings');
  await expect(page.getByText('No API tokens yet')).toBeVisible();

  // No scope: the form says so and sends nothing.
  await page.getByLabel('Token name').fill('Discord bot');
  await page.getByRole('checkbox', { name: /^Read/ }).uncheck();
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByText('Choose at least one scope')).toBeVisible();

  await page.getByRole('checkbox', { name: /^Read/ }).check();
  await page.getByRole('checkbox', { name: /^Act as me/ }).check();
  await page.getByLabel('Expires').selectOption('30');
  await page.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByRole('region', { name: 'New token' });
  await expect(shown).toContainText('You will not see it again.');
  const secret = await shown.getByLabel('Token secret').inputValue();
  expect(secret).toMatch(/^ht_[A-Za-z0-9_-]{43}$/);
  await expect(shown.getByRole('button', { name: 'Copy' })).toBeVisible();
  expect(await axeOfTokens(page)).toEqual([]);

  const tokens = page.getByRole('list', { name: 'API tokens' });
  await expect(tokens.getByRole('listitem')).toHaveCount(1);
  await expect(tokens.getByRole('listitem').first()).toContainText('Discord bot');
  await expect(tokens.getByRole('listitem').first()).toContainText('never used');

  // A script with the token (no cookie) reads as this person.
  const script = await requests.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${secret}` } });
  const profile = await script.get('/api/profile');
  expect(profile.status()).toBe(200);
  expect((await profile.json()).id).toBe(me.profileId);
  expect(profile.headers()['ratelimit-remaining']).toBeTruthy();

  // Done: the secret is gone, and the page never shows it again.
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('region', { name: 'New token' })).toHaveCount(0);
  await page.reload();
  await expect(tokens.getByRole('listitem').first()).toContainText(/last used/);
  expect(await page.content()).not.toContain(secret);

  // At 375 px the section fits without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await tokens.getByRole('button', { name: 'Revoke Discord bot' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke token' });
  await expect(confirm).toContainText('Scripts using it stop working at once.');
  await confirm.getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.getByText('No API tokens yet')).toBeVisible();
  const after = await script.get('/api/profile');
  expect(after.status()).toBe(401);
  expect((await after.json()).code).toBe('token_invalid');
  await script.dispose();
  await me.close();
});
