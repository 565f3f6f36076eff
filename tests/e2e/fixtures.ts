import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Page, type APIRequestContext } from '@playwright/test';

export const DEMO = { email: 'demo@example.com', password: 'find-my-team' };

export function uniqueEmail(prefix = 'user') {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export function newUser(firstName = 'Test', lastName = 'Builder'): NewUser {
  return { firstName, lastName, email: uniqueEmail(firstName.toLowerCase()), password: 'team-finder-1' };
}

/** Creates an account through the API (fast set-up); the request context keeps the cookie. */
export async function signUpViaApi(request: APIRequestContext, user: NewUser) {
  const res = await request.post('/api/auth/sign-up/email', { data: user });
  expect(res.ok(), await res.text()).toBeTruthy();
  const me = await (await request.get('/api/me')).json();
  return me as { user: { id: string; email: string }; profile: { id: string; name: string } };
}

/** Fills in the sign-up form and submits it, the way a person does. */
export async function signUpViaForm(page: Page, user: NewUser) {
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign up with Email' }).click();
}

/** Signs in through the login form, the way a person does. */
export async function signInViaForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in with Email' }).click();
}

/** A browser of its own for one person, signed in through the API. */
export async function person(browser: Browser, baseURL: string, user: NewUser) {
  const context = await browser.newContext({ baseURL });
  const me = await signUpViaApi(context.request, user);
  const page = await context.newPage();
  return {
    page,
    request: context.request,
    profileId: me.profile.id,
    name: `${user.firstName} ${user.lastName}`,
    close: () => context.close(),
  };
}
export type Person = Awaited<ReturnType<typeof person>>;

/** A team made through the API (the create form has its own tests). */
export async function createTeam(request: APIRequestContext, over: Record<string, unknown> = {}, prefix = 'Lifecycle') {
  const name = `${prefix} ${randomUUID().slice(0, 6)}`;
  const res = await request.post('/api/teams', {
    data: { name, description: 'A team that lives through its whole life cycle.', openPositions: ['Designer', 'Developer'], ...over },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { id: (await res.json()).id as string, name };
}

/** The mail that reached the test suite's SMTP server for `address` (tests/support/mock-services.ts). */
export async function mailTo(request: APIRequestContext, address: string, subject: RegExp): Promise<{ subject: string; text: string }> {
  const port = Number(process.env.E2E_PORT ?? 3210) + 3;
  let found: { subject: string; text: string } | undefined;
  await expect(async () => {
    const res = await request.get(`http://127.0.0.1:${port}/messages?to=${encodeURIComponent(address)}`);
    const messages = (await res.json()) as { subject: string; text: string }[];
    found = messages.reverse().find((m) => subject.test(m.subject));
    expect(found, `a mail to ${address} matching ${subject}`).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return found!;
}

/** The first link of a mail. */
export const linkOf = (mail: { text: string }) => mail.text.match(/https?:\/\/\S+/)![0];

/** Answers the local GitHub's consent page as a person would. */
export async function authorizeOnGitHub(page: Page, who: { id: string; login: string; name: string; email: string; verified?: boolean }) {
  await expect(page.getByRole('heading', { name: 'Authorize HackTeams' })).toBeVisible();
  await page.getByLabel('Account id').fill(who.id);
  await page.getByLabel('Username').fill(who.login);
  await page.getByLabel('Name', { exact: true }).fill(who.name);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  if (who.verified === false) await page.getByLabel('Email verified').uncheck();
  await page.getByRole('button', { name: 'Authorize' }).click();
}
