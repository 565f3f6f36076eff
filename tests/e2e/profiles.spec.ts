import { randomUUID } from 'node:crypto';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { newUser, signUpViaApi } from './fixtures';

/** Signs up in the page's own browser context, so the page is signed in too. */
async function signedInAs(page: Page, first: string, last: string) {
  const me = await signUpViaApi(page.request, newUser(first, last));
  return me.profile.id;
}

async function openEditSection(page: Page, section: string) {
  await page.getByRole('tab', { name: section }).click();
}

test('edit every section of a profile and see it on the public page', async ({ page, browser }) => {
  const id = await signedInAs(page, 'Edith', 'Editor');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Edith Editor' })).toBeVisible();
  await expect(page.getByText('No contact information added yet')).toBeVisible();
  await expect(page.getByText('No skills listed')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Profile' }).click();

  // Basic Information
  await openEditSection(page, 'Basic Information');
  await page.getByLabel('First name').fill('Edwina');
  await page.getByLabel('Last name').fill('Edits');
  await page.getByLabel('Preferred name (optional)').fill('Eddie');
  await page.getByLabel('Availability').selectOption('Part Time');
  await page.getByLabel('Bio').fill('Designer who codes. Happiest shipping accessible UIs.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  // The navbar follows the new display name.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Eddie/ })).toBeVisible();

  // A cleared required field is refused with the spec's message.
  await page.getByLabel('Last name').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await page.getByLabel('Last name').fill('Edits');

  // Contact Information
  await openEditSection(page, 'Contact Information');
  await expect(page.getByLabel('Timezone').locator('option')).toHaveCount(27); // 26 options + the prompt
  await page.getByLabel('Discord username').fill('eddie#1234');
  await page.getByLabel('Twitter username').fill('@eddie_codes');
  await page.getByLabel('Timezone').selectOption('UTC+5:30');
  await page.getByLabel('GitHub URL').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Invalid GitHub URL')).toBeVisible();
  await page.getByLabel('GitHub URL').fill('https://github.com/eddie');
  await page.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/eddie');
  await page.getByLabel('Portfolio URL').fill('https://eddie.dev');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Contact information updated successfully')).toBeVisible();

  // Skills Information
  await openEditSection(page, 'Skills Information');
  await expect(page.getByRole('button', { name: 'Intermediate' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Skill name').fill('Figma');
  await page.getByRole('button', { name: 'Advanced' }).click();
  await page.getByRole('button', { name: 'Add to List' }).click();
  await expect(page.getByRole('region', { name: 'Skills to Add' }).getByText('Figma - Advanced')).toBeVisible();
  await page.getByRole('button', { name: 'Save All Skills' }).click();
  await expect(page.getByText('Skills saved successfully')).toBeVisible();

  // Experience Information
  await openEditSection(page, 'Experience Information');
  await page.getByRole('button', { name: 'Add Experience' }).click(); // blank: ignored
  await expect(page.getByText('No experience listed')).toBeVisible();
  await page.getByLabel('New experience').fill('Won best design at CityHack 2024');
  await page.getByRole('button', { name: 'Add Experience' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Won best design at CityHack 2024' })).toBeVisible();
  await page.getByLabel('New experience').fill('A typo I will remove');
  await page.getByRole('button', { name: 'Add Experience' }).click();
  await page.getByRole('button', { name: 'Remove experience 2' }).click();
  await expect(page.getByText('A typo I will remove')).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: 'Won best design at CityHack 2024' })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel Editing' }).click();
  // Exact: 'Teams that need you' may say 'Your skills: Figma - Advanced' too.
  await expect(page.getByText('Figma - Advanced', { exact: true })).toBeVisible();
  await expect(page.getByText('Discord: eddie#1234')).toBeVisible();

  // The public page, as another signed-in user sees it.
  await page.goto(`/profiles/${id}`);
  await expect(page.getByRole('heading', { name: 'Eddie' })).toBeVisible();
  await expect(page.getByText('Part Time')).toBeVisible();
  await expect(page.getByText('Looking for Team', { exact: true })).toBeVisible();
  await expect(page.getByText('Designer who codes. Happiest shipping accessible UIs.')).toBeVisible();
  // Exact: 'Teams that need you' may say 'Your skills: Figma - Advanced' too.
  await expect(page.getByText('Figma - Advanced', { exact: true })).toBeVisible();
  await expect(page.getByText('Won best design at CityHack 2024')).toBeVisible();
  await expect(page.getByText('Discord: eddie#1234')).toBeVisible();
  await expect(page.getByText('Timezone: UTC+5:30')).toBeVisible();
  await expect(page.getByRole('link', { name: '@eddie_codes' })).toHaveAttribute('href', 'https://twitter.com/eddie_codes');
  await expect(page.getByRole('link', { name: 'GitHub' })).toHaveAttribute('href', 'https://github.com/eddie');
  await expect(page.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', 'https://www.linkedin.com/in/eddie');
  await expect(page.getByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', 'https://eddie.dev');

  // An anonymous visitor sees no contact details, only the prompt to sign in.
  const anonymous = await browser.newPage();
  await anonymous.goto(`/profiles/${id}`);
  await expect(anonymous.getByRole('heading', { name: 'Eddie' })).toBeVisible();
  await expect(anonymous.getByText('Sign in to connect with Eddie')).toBeVisible();
  await expect(anonymous.getByText('eddie#1234')).toHaveCount(0);
  await expect(anonymous.getByRole('link', { name: 'GitHub' })).toHaveCount(0);
  await anonymous.getByRole('link', { name: 'Sign In' }).click();
  await expect(anonymous).toHaveURL(new RegExp(`/login\\?redirectTo=%2Fprofiles%2F${id}$`));
  await anonymous.close();
});

test('two skills are added, and a third with the same name in another case is refused', async ({ page }) => {
  await signedInAs(page, 'Sid', 'Skills');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await openEditSection(page, 'Skills Information');

  await page.getByLabel('Skill name').fill('React');
  await page.getByRole('button', { name: 'Add to List' }).click();
  await page.getByLabel('Skill name').fill('Python');
  await page.getByRole('button', { name: 'Beginner' }).click();
  await page.getByRole('button', { name: 'Add to List' }).click();

  // Pending duplicate, compared case-insensitively.
  await page.getByLabel('Skill name').fill('react');
  await page.getByRole('button', { name: 'Add to List' }).click();
  await expect(page.getByText('This skill is already in your profile')).toBeVisible();

  await page.getByRole('button', { name: 'Save All Skills' }).click();
  await expect(page.getByText('Skills saved successfully')).toBeVisible();
  const current = page.getByRole('region', { name: 'Current Skills' });
  await expect(current.getByText('React - Intermediate')).toBeVisible();
  await expect(current.getByText('Python - Beginner')).toBeVisible();

  // Saved duplicate.
  await page.getByLabel('Skill name').fill('PYTHON');
  await page.getByRole('button', { name: 'Add to List' }).click();
  await expect(page.getByText('This skill is already in your profile')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Skills to Add' })).toHaveCount(0);
});

test('an uploaded avatar replaces the initials everywhere; a non-image is refused', async ({ page }) => {
  const id = await signedInAs(page, 'Ava', 'Tar');
  await page.goto('/profile');
  const header = page.getByRole('button', { name: 'Upload a new profile picture' });
  await expect(header.getByRole('img', { name: 'Ava Tar' })).toHaveText('AT');

  const fileInput = page.locator('input[type="file"]');
  await expect(fileInput).toHaveAttribute('accept', 'image/*');

  // A text file dressed up as a PNG gets past the browser and is refused by the server.
  await fileInput.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
  await expect(page.getByText('Error uploading avatar!')).toBeVisible();
  await expect(page.getByText('The file must be an image (for example PNG, JPEG, WebP or GIF)')).toBeVisible();

  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#16a34a' } })
    .png()
    .toBuffer();
  await page.getByRole('button', { name: 'Change Avatar' }).click();
  await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Avatar updated')).toBeVisible();
  const avatar = header.getByRole('img', { name: 'Ava Tar' });
  await expect(avatar).toHaveAttribute('src', new RegExp(`^/api/profiles/${id}/avatar\\?v=\\d+$`));
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(200);
  // The navbar shows it too.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('img', { name: 'Ava Tar' })).toHaveAttribute('src', /\/avatar\?v=/);

  await page.goto(`/profiles/${id}`);
  await expect(page.getByRole('main').getByRole('img', { name: 'Ava Tar' })).toHaveAttribute('src', /\/avatar\?v=/);
});

test('switching looking-for-team off changes the badge', async ({ page }) => {
  const id = await signedInAs(page, 'Lou', 'Looking');
  await page.goto('/profile');
  await expect(page.getByText('Looking for Team', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Settings' }).click();
  const checkbox = page.getByRole('checkbox', { name: 'I am currently looking for a team' });
  await expect(checkbox).toBeChecked();
  await expect(page.getByText("your profile will appear in the 'Looking for Team' section")).toBeVisible();
  await checkbox.uncheck();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();
  await expect(page.getByText('Not Looking for Team')).toBeVisible();

  await page.goto(`/profiles/${id}`);
  await expect(page.getByText('Not Looking for Team')).toBeVisible();
});

test('the Notifications shortcut opens the Notifications tab', async ({ page }) => {
  await signedInAs(page, 'Nico', 'Notify');
  await page.goto('/profile');
  await page
    .getByRole('main')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  await expect(page.getByRole('tab', { name: /Notifications/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/profile\?tab=notifications$/);
});

/** A person created through the API in their own request context. */
async function seedPerson(
  baseURL: string,
  p: { first: string; last: string; bio: string; availability: string; looking: boolean; skills: string[] },
) {
  const ctx: APIRequestContext = await playwrightRequest.newContext({ baseURL });
  const me = await signUpViaApi(ctx, newUser(p.first, p.last));
  const id = me.profile.id;
  const ok = async (res: Awaited<ReturnType<APIRequestContext['put']>>) => expect(res.ok(), await res.text()).toBeTruthy();
  await ok(
    await ctx.put(`/api/profiles/${id}/basic`, {
      data: { firstName: p.first, lastName: p.last, availability: p.availability, bio: p.bio },
    }),
  );
  await ok(await ctx.post(`/api/profiles/${id}/skills`, { data: { skills: p.skills.map((name) => ({ name, level: 'Advanced' })) } }));
  await ok(await ctx.put(`/api/profiles/${id}/settings`, { data: { lookingForTeam: p.looking } }));
  await ctx.dispose();
}

test('browse with search plus filters; reload and back keep the same results', async ({ page, baseURL }) => {
  const tag = `qz${randomUUID().slice(0, 6)}`;
  const skill = `Elixir${tag}`;
  await seedPerson(baseURL!, {
    first: 'Bea',
    last: 'Match',
    bio: `Builder ${tag} one`,
    availability: 'Weekends',
    looking: true,
    skills: [skill, 'Go'],
  });
  await seedPerson(baseURL!, {
    first: 'Ben',
    last: 'Busy',
    bio: `Builder ${tag} two`,
    availability: 'Weekends',
    looking: false,
    skills: [skill],
  });
  await seedPerson(baseURL!, {
    first: 'Bo',
    last: 'Other',
    bio: `Builder ${tag} three`,
    availability: 'Full Time',
    looking: true,
    skills: [skill],
  });
  await seedPerson(baseURL!, {
    first: 'Bri',
    last: 'Noskill',
    bio: `Builder ${tag} four`,
    availability: 'Weekends',
    looking: true,
    skills: ['Go'],
  });

  await page.goto('/profiles');
  await expect(page.getByRole('heading', { name: 'Browse Profiles' })).toBeVisible();
  await page.getByPlaceholder('Search by name, skills, or bio...').pressSequentially(tag.toUpperCase());
  await expect(page.getByRole('heading', { name: '4 Profiles Found' })).toBeVisible();

  await page.getByRole('button', { name: 'Filters' }).click();
  // With many skills, typing narrows the chips.
  await page.getByRole('searchbox', { name: 'Find a skill' }).fill(tag);
  await expect(page.getByRole('button', { name: 'Go', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: skill }).click();
  await page.getByRole('searchbox', { name: 'Find a skill' }).fill('');
  await expect(page.getByRole('button', { name: 'Go', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: '3 Profiles Found' })).toBeVisible();
  await page.getByRole('radio', { name: 'Weekends' }).check();
  await expect(page.getByRole('heading', { name: '2 Profiles Found' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Only show people looking for a team' }).check();
  await expect(page.getByRole('heading', { name: '1 Profile Found' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filters/ })).toContainText('3');

  const results = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText('Bea Match');
  await expect(results.first()).toContainText('Looking for Team');
  await expect(results.first()).toContainText('Weekends');

  // Reload: the URL holds every filter.
  await expect(page).toHaveURL(/q=/);
  await page.reload();
  await expect(page.getByRole('heading', { name: '1 Profile Found' })).toBeVisible();
  await expect(page.getByPlaceholder('Search by name, skills, or bio...')).toHaveValue(tag.toUpperCase());
  await expect(results.first()).toContainText('Bea Match');

  // Into the profile and back again.
  await results.first().getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Bea Match' })).toBeVisible();
  await expect(page).toHaveURL(/\/profiles\/[0-9a-f-]{36}$/);
  await page.goBack();
  await expect(page.getByRole('heading', { name: '1 Profile Found' })).toBeVisible();

  // Choosing the selected availability again clears it.
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('radio', { name: 'Weekends' }).click();
  await expect(page.getByRole('radio', { name: 'Weekends' })).not.toBeChecked();
  await expect(page.getByRole('heading', { name: '2 Profiles Found' })).toBeVisible();
  // With the keyboard: Space on the chosen option clears it as well.
  await page.getByRole('radio', { name: 'Weekends' }).check();
  await expect(page.getByRole('heading', { name: '1 Profile Found' })).toBeVisible();
  await page.getByRole('radio', { name: 'Weekends' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'Weekends' })).not.toBeChecked();
  await expect(page.getByRole('heading', { name: '2 Profiles Found' })).toBeVisible();

  // Reset Filters keeps the search text and closes the panel.
  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(page.getByRole('heading', { name: '4 Profiles Found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset Filters' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeFocused();
  await expect(page.getByPlaceholder('Search by name, skills, or bio...')).toHaveValue(tag.toUpperCase());

  await page.getByPlaceholder('Search by name, skills, or bio...').fill(`${tag}-nobody`);
  await expect(page.getByText('No profiles match your criteria')).toBeVisible();
  await expect(page.getByText('Try adjusting your filters or search terms')).toBeVisible();
});

test('Back steps through the pages of the list', async ({ page }) => {
  await page.goto('/profiles');
  await expect(page.getByText(/Page 1 of \d+/)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/profiles$/);
  await expect(page.getByText(/Page 1 of \d+/)).toBeVisible();
});
