/**
 * Accounts as people use them (docs/decisions/013-accounts.md): GitHub sign-in through the local
 * provider (tests/support/mock-services.ts), a forgotten password by email, the sessions of
 * Settings, the data download, and deleting an account.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { authorizeOnGitHub, createTeam, linkOf, mailTo, newUser, person, signInViaForm, signUpViaApi, signUpViaForm } from './fixtures';

const unique = (prefix: string) => `${prefix}${randomUUID().slice(0, 6)}`;

async function signOut(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/$/);
}

test('GitHub sign-in through the local provider creates one profile, and a second sign-in reuses it', async ({ page }) => {
  const login = unique('mona');
  const who = { id: String(Date.now()), login, name: `Mona ${login}`, email: `${login}@example.com` };
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with Discord Coming soon!' })).toBeDisabled();
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await authorizeOnGitHub(page, who);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: who.name })).toBeVisible();
  const contact = page.getByRole('link', { name: 'GitHub' });
  await expect(contact.first()).toHaveAttribute('href', `https://github.com/${login}`);

  await signOut(page);
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await authorizeOnGitHub(page, who);
  await expect(page.getByRole('heading', { level: 1, name: who.name })).toBeVisible();

  // One profile of that name, not two.
  await page.goto(`/profiles?q=${encodeURIComponent(login)}`);
  await expect(page.getByRole('heading', { name: '1 Profile Found' })).toBeVisible();
});

test('the profile asks to verify the email until the mailed link is opened; resend sends a new one', async ({ page }) => {
  const user = newUser('Vera', unique('Verify'));
  await page.goto('/signup');
  await signUpViaForm(page, user);
  await expect(page).toHaveURL(/\/profile$/);
  const banner = page.getByRole('region', { name: 'Please verify your email address' });
  await expect(banner).toContainText(`Open the link we sent to ${user.email}`);
  await banner.getByRole('button', { name: 'Resend the link' }).click();
  await expect(banner).toContainText(`We sent a new link to ${user.email}. It works for one hour.`);
  const link = linkOf(await mailTo(page.request, user.email, /Verify your HackTeams email address/));
  expect(link).toContain('/api/auth/verify-email?token=');
  await page.goto(link);
  await expect(page).toHaveURL(/\/profile\?emailVerified=1$/);
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Please verify your email address' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Vera ${user.lastName}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Please verify your email address' })).toHaveCount(0);
});

test('signing up again with a registered email says to check that email, and its owner gets a way in', async ({ page }) => {
  const user = newUser('Reg', unique('Again'));
  await signUpViaApi(page.request, user);
  await page.context().clearCookies();
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Someone');
  await page.getByLabel('Last name').fill('Else');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill('another-password-7');
  await page.getByRole('button', { name: 'Sign up with Email' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  const mail = await mailTo(page.request, user.email, /You already have a HackTeams account/);
  expect(mail.text).toContain('/forgot-password');
});

test('GitHub with the verified email of an existing, verified account signs in to that account', async ({ browser, baseURL }) => {
  const user = newUser('Linda', unique('Linked'));
  const owner = await person(browser, baseURL!, user);
  // The account verifies its address first (docs/decisions/017): only then does GitHub join it.
  await owner.page.goto(linkOf(await mailTo(owner.request, user.email, /Verify your HackTeams email address/)));
  await expect(owner.page).toHaveURL(/emailVerified=1/);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login?redirectTo=%2Fteams');
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await authorizeOnGitHub(page, { id: String(Date.now()), login: unique('linda'), name: 'Linda on GitHub', email: user.email });
  await expect(page).toHaveURL(/\/teams$/);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: `Linda ${user.lastName}` })).toBeVisible();
  expect((await (await page.request.get('/api/me')).json()).profile.id).toBe(owner.profileId);
  await context.close();
  await owner.close();
});

test("a cancelled or unverified GitHub sign-in lands on /login with the spec's text and the reason", async ({ browser, baseURL, page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await expect(page.getByRole('heading', { name: 'Authorize HackTeams' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/login\?/);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('An error occurred during GitHub login. Please try again.');
  await expect(alert).toContainText('The user has denied your application access.');
  // Using the form clears it.
  await signInViaForm(page, 'nobody@example.com', 'not-a-password');
  await expect(page.getByText('An error occurred during GitHub login. Please try again.')).toHaveCount(0);

  const existing = await person(browser, baseURL!, newUser('Una', 'Verified'));
  const email = (await (await existing.request.get('/api/me')).json()).user.email as string;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await authorizeOnGitHub(page, { id: String(Date.now()), login: unique('una'), name: 'Una Claimed', email, verified: false });
  await expect(page.getByRole('alert')).toContainText('once both GitHub and the account have verified the address');
  await existing.close();
});

test('a forgotten password: the emailed link sets a new one once, and signs out every session', async ({ browser, baseURL, page }) => {
  const user = newUser('Fern', unique('Forgot'));
  const other = await person(browser, baseURL!, user);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account uses this email, a link to reset its password is on its way.')).toBeVisible();

  const link = linkOf(await mailTo(page.request, user.email, /Reset your HackTeams password/));
  expect(link).toContain(`${baseURL}/reset-password?token=`);
  await page.goto(link);
  await page.getByLabel('New password').fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Must be at least 6 characters', { exact: true }).last()).toBeVisible();
  await page.getByLabel('New password').fill('a-fresh-start-42');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login\?reset=1$/);
  await expect(page.getByText('Your password was changed. Sign in with your new password.')).toBeVisible();

  // The other browser was signed out. Its connection has been idle about as long as the server keeps
  // one open (5 s): one closed just as this request goes out on it resets, and as a browser does,
  // the request is sent again on a new one.
  expect((await (await other.request.get('/api/me', { maxRetries: 1 })).json()).user).toBeNull();
  await signInViaForm(page, user.email, 'a-fresh-start-42');
  await expect(page).toHaveURL(/\/profile$/);

  // The same link a second time fails.
  await page.goto(link);
  await page.getByLabel('New password').fill('another-start-43');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This reset link is invalid, expired or already used. Ask for a new one.');
  await other.close();
});

test('Settings: sessions with this device, signing out another one and everywhere else, and changing the password', async ({
  browser,
  baseURL,
  page,
}) => {
  const user = newUser('Sid', unique('Sessions'));
  const phone = await person(browser, baseURL!, user);
  const laptop = await browser.newContext({ baseURL });
  expect(
    (await laptop.request.post('/api/auth/sign-in/email', { data: { email: user.email, password: user.password } })).ok(),
  ).toBeTruthy();

  await page.goto('/login');
  await signInViaForm(page, user.email, user.password);
  // Signed in once the form has moved on (going elsewhere before that would race the sign-in).
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/profile?tab=settings');
  const sessions = page.getByRole('list', { name: 'Sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(3);
  await expect(sessions.getByRole('listitem').first()).toContainText('This device');
  // The device as the browser describes itself (Playwright's desktop Chrome says Windows).
  await expect(sessions.getByRole('listitem').first()).toContainText(/Chrome on (Windows|Linux)/);

  await sessions
    .getByRole('button', { name: /^Sign out / })
    .first()
    .click();
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Signed out everywhere else.')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  expect((await (await phone.request.get('/api/me')).json()).user).toBeNull();
  expect((await (await laptop.request.get('/api/me')).json()).user).toBeNull();

  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password').fill('better-secret-77');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('Current password')).toHaveAccessibleDescription('Current password is incorrect');
  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Your other devices were signed out.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Settings', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Sid ${user.lastName}` })).toBeVisible();
  await phone.close();
  await laptop.close();
});

test('Settings: changing the email is confirmed by a link to the new address', async ({ page, browser, baseURL }) => {
  const user = newUser('Emil', unique('Email'));
  const me = await person(browser, baseURL!, user);
  const newEmail = `emil-new-${randomUUID().slice(0, 6)}@example.com`;
  await me.page.goto('/profile?tab=settings');
  await me.page.getByLabel('New email').fill(newEmail);
  await me.page.getByRole('button', { name: 'Change email' }).click();
  await expect(me.page.getByText(`We sent a link to ${newEmail}.`)).toBeVisible();
  const link = linkOf(await mailTo(page.request, newEmail, /Confirm your new HackTeams email/));
  await me.page.goto(link);
  await expect(me.page).toHaveURL(/\/profile\?tab=settings&emailChanged=1$/);
  await expect(me.page.getByText(`Your email is now ${newEmail}.`)).toBeVisible();
  await me.close();
});

test('Download my data gives a JSON file of the account', async ({ browser, baseURL }) => {
  const user = newUser('Dana', unique('Data'));
  const me = await person(browser, baseURL!, user);
  await me.page.goto('/profile?tab=settings');
  const download = me.page.waitForEvent('download');
  await me.page.getByRole('link', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('hackteams-my-data.json');
  const data = JSON.parse(readFileSync((await file.path())!, 'utf8'));
  expect(data.account.email).toBe(user.email);
  expect(data.profile.firstName).toBe('Dana');
  expect(data).toHaveProperty('memberships');
  expect(data).toHaveProperty('notifications');
  await me.close();
});

test("a deleted account's sessions stop at once and its name is gone from /profiles, /teams and its team's page", async ({
  browser,
  baseURL,
}) => {
  const lastName = unique('Gone');
  const leaver = await person(browser, baseURL!, newUser('Vera', lastName));
  const member = await person(browser, baseURL!, newUser('Milo', unique('Stays')));
  const team = await createTeam(leaver.request, {}, 'Handover');
  const request = await member.request.post(`/api/teams/${team.id}/join-requests`, {
    data: { position: 'Developer', message: 'I would like to build this with you.' },
  });
  expect((await leaver.request.post(`/api/join-requests/${(await request.json()).id}/accept`)).ok()).toBeTruthy();
  const secondDevice = await browser.newContext({ baseURL });
  expect(
    (
      await secondDevice.request.post('/api/auth/sign-in/email', {
        data: { email: (await (await leaver.request.get('/api/me')).json()).user.email, password: 'team-finder-1' },
      })
    ).ok(),
  ).toBeTruthy();

  await leaver.page.goto('/profile?tab=settings');
  await leaver.page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = leaver.page.getByRole('dialog', { name: 'Delete account' });
  await dialog.getByLabel('Password').fill('team-finder-1');
  await dialog.getByLabel("Type 'delete my account' to confirm").fill('delete');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText("That does not match: type 'delete my account' exactly")).toBeVisible();
  await dialog.getByLabel("Type 'delete my account' to confirm").fill('delete my account');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(leaver.page).toHaveURL(/\/\?accountDeleted=1$/);
  await expect(leaver.page.getByText('Your account was deleted.')).toBeVisible();
  await expect(leaver.page.getByRole('link', { name: 'Login' })).toBeVisible();

  // Both devices are signed out at once.
  expect((await (await secondDevice.request.get('/api/me')).json()).user).toBeNull();
  expect((await secondDevice.request.get('/api/profile')).status()).toBe(401);

  // Gone from the lists and the team's page; the member now leads the team and was told.
  await member.page.goto(`/profiles?q=${lastName}`);
  await expect(member.page.getByText('No profiles match your criteria')).toBeVisible();
  await member.page.goto('/teams');
  await expect(member.page.getByText(lastName)).toHaveCount(0);
  await member.page.goto(`/teams/${team.id}`);
  await expect(member.page.getByRole('heading', { level: 1, name: team.name })).toBeVisible();
  await expect(member.page.getByText(lastName)).toHaveCount(0);
  await expect(member.page.getByText('Team Leader').first()).toBeVisible();
  await member.page.goto('/profile?tab=notifications');
  await expect(member.page.getByText(`You now lead ${team.name}: its leader deleted their account`).first()).toBeVisible();
  await secondDevice.close();
  await leaver.close();
  await member.close();
});
