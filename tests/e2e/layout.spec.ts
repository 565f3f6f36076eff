import { expect, test, type Page } from '@playwright/test';
import { DEMO, newUser, signInViaForm, signUpViaApi } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

/** The page is no wider than the phone: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test('long names, unbroken words and long team names never widen the page on a phone', async ({ page, request }) => {
  const long = newUser('Maximilianalexanderchristopher', 'Wolfeschlegelsteinhausenbergd');
  const me = await signUpViaApi(request, long);
  const id = me.profile.id;
  const unbroken = 'supercalifragilistic'.repeat(8);
  expect(
    (
      await request.put(`/api/profiles/${id}/basic`, {
        data: { firstName: long.firstName, lastName: long.lastName, availability: 'Full Time', bio: `Bio with ${unbroken} in it.` },
      })
    ).ok(),
  ).toBeTruthy();
  expect(
    (
      await request.post(`/api/profiles/${id}/skills`, {
        data: { skills: [{ name: 'ExtremelyLongSkillNameWithoutAnySpaces', level: 'Advanced' }] },
      })
    ).ok(),
  ).toBeTruthy();
  expect(
    (
      await request.post(`/api/profiles/${id}/experiences`, {
        data: { experience: `Worked at https://example.org/${'z'.repeat(150)}` },
      })
    ).ok(),
  ).toBeTruthy();
  const teamName = `Team${'Averyveryverylongteamname'.repeat(3)}`;
  const created = await request.post('/api/teams', {
    data: {
      name: teamName,
      description: `Description ${'unbrokenwordwithoutspaces'.repeat(6)} and more.`,
      openPositions: [`Position${'Q'.repeat(60)}`],
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const team = (await created.json()) as { id: string };

  await page.goto('/login');
  await signInViaForm(page, long.email, long.password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: /Maximilianalexanderchristopher/ })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The newest profile and team show on the home page and first on the lists.
  for (const [path, text] of [
    ['/', teamName],
    ['/profiles', long.firstName],
    ['/teams', teamName],
    [`/profiles/${id}`, unbroken],
    [`/teams/${team.id}`, teamName],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('main').getByText(text).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  }

  // A leader of that team looking at someone else: the 'Invite to {team}' button wraps.
  const other = (await (await request.get('/api/profiles?looking=true&pageSize=5')).json()) as { items: { id: string }[] };
  const someone = other.items.find((p) => p.id !== id)!;
  await page.goto(`/profiles/${someone.id}`);
  await expect(page.getByRole('button', { name: `Invite to ${teamName}` })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('the phone menu shows who is signed in, closes on Escape and on every link', async ({ page }) => {
  await page.goto('/login');
  await signInViaForm(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/profile$/);

  const menu = page.locator('#mobile-menu');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu.getByText(DEMO.email)).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Your Profile' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

  // The link to the page already shown closes the menu too.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'Your Profile' }).click();
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'Teams' }).click();
  await expect(page).toHaveURL(/\/teams$/);
  await expect(menu).toBeHidden();
});
