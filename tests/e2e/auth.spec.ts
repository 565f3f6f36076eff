import { expect, test } from '@playwright/test';
import { newUser, signInViaForm, signUpViaForm } from './fixtures';

test('a new user signs up through the form and lands on /profile', async ({ page }) => {
  const user = newUser('Nora', 'Signup');
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByText('Must be at least 6 characters')).toBeVisible();
  await signUpViaForm(page, user);
  await expect(page).toHaveURL(/\/profile$/);
  // The navigation bar shows the signed-in state with the user's name.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /Nora Signup/ })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('signing out lands on / and shows Login and Sign Up', async ({ page }) => {
  const user = newUser('Otto', 'Logout');
  await page.goto('/signup');
  await signUpViaForm(page, user);
  await expect(page).toHaveURL(/\/profile$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign Up' })).toBeVisible();

  // The session is gone: /profile now asks to sign in.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
});

test('a signed-out visitor opening /create-team signs in and comes back to it', async ({ page, request }) => {
  const user = newUser('Rita', 'Redirect');
  const res = await request.post('/api/auth/sign-up/email', { data: user });
  expect(res.ok()).toBeTruthy();

  await page.goto('/create-team');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcreate-team$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await signInViaForm(page, user.email, 'wrong-password');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await signInViaForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/create-team$/);
  await expect(page.getByRole('heading', { name: 'Create a New Team' })).toBeVisible();
});

test('a redirectTo that would leave the site (a tab between two slashes) ends on /profile after sign-in', async ({ page, request }) => {
  const user = newUser('Tab', 'Redirect');
  expect((await request.post('/api/auth/sign-up/email', { data: user })).ok()).toBeTruthy();
  await page.goto('/login?redirectTo=%2F%09%2Fevil.example');
  await signInViaForm(page, user.email, user.password);
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/profile$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Tab Redirect/ })).toBeVisible();
});

test('the session survives a reload', async ({ page, request }) => {
  const user = newUser('Sam', 'Reload');
  await request.post('/api/auth/sign-up/email', { data: user });
  await page.goto('/login');
  await signInViaForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/profile$/);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Sam Reload/ })).toBeVisible();
});

test('login shows an error_description from the URL; a configured provider signs in, one that is not says Coming soon', async ({
  page,
}) => {
  await page.goto('/login?error_description=Provider%20said%20no');
  await expect(page.getByRole('alert')).toHaveText('Provider said no');
  // The end-to-end server configures GitHub (a local stand-in) and not Discord.
  const github = page.getByRole('button', { name: 'Continue with GitHub' });
  await expect(github).toBeEnabled();
  const discord = page.getByRole('button', { name: 'Continue with Discord Coming soon!' });
  await expect(discord).toBeDisabled();
  // Said on the button, repeated in a tooltip for the pointer; the disabled button is no Tab stop.
  const wrapper = page.locator('span', { has: discord });
  await wrapper.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Coming soon!');
  await page.getByLabel('Email').focus();
  await page.keyboard.press('Shift+Tab');
  await expect(wrapper).not.toBeFocused();
  await expect(github).toBeFocused();
  await page.getByRole('link', { name: 'Sign Up' }).last().click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('unknown paths go to /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
});
