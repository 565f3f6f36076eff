/**
 * Live notifications in the browser: two people, each in a browser of their own, see what the
 * other did appear without reloading; the bell, its popover and the tab title follow.
 */
import { expect, test } from '@playwright/test';
import { createTeam, newUser, person, type Person } from './fixtures';

test('a leader sees a join request appear, and the requester sees the accept appear, with no reload', async ({ browser, baseURL }) => {
  const leader = await person(browser, baseURL!, newUser('Lale', 'Live'));
  const asker = await person(browser, baseURL!, newUser('Ravi', 'Request'));
  const team = await createTeam(leader.request, {}, 'Live');

  // Both pages are open before anything happens; neither reloads afterwards.
  await leader.page.goto(`/teams/${team.id}`);
  await expect(leader.page.getByText('No join requests')).toBeVisible();
  await expect(leader.page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await asker.page.goto('/profile?tab=notifications');
  await expect(asker.page.getByText('No notifications at this time')).toBeVisible();
  let navigations = 0;
  for (const page of [leader.page, asker.page]) page.on('framenavigated', (frame) => frame === page.mainFrame() && (navigations += 1));

  const asked = await asker.request.post(`/api/teams/${team.id}/join-requests`, {
    data: { position: 'Designer', message: 'I would love to design your screens.' },
  });
  expect(asked.ok()).toBeTruthy();

  // The leader: the bell counts it, the tab title says it, the Join Requests card lists it.
  await expect(leader.page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(leader.page).toHaveTitle(/^\(1\) /);
  const requests = leader.page.getByRole('list', { name: 'Pending join requests' });
  await expect(requests.getByRole('link', { name: 'Ravi Request' })).toBeVisible();
  await expect(leader.page.getByRole('status').getByText(`Ravi Request asked to join ${team.name} as Designer`)).toBeVisible();

  // The leader accepts in the bell's popover.
  await leader.page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const popover = leader.page.getByRole('dialog', { name: 'Notifications' });
  const entry = popover.getByRole('listitem').filter({ hasText: 'Ravi Request asked to join' });
  await entry.getByRole('button', { name: 'Accept' }).click();
  await expect(entry.getByRole('button', { name: 'Accept' })).toBeHidden();
  await expect(leader.page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(leader.page).not.toHaveTitle(/^\(/);

  // The requester: the accept appears in the inbox, and the request is marked accepted.
  const said = `Lale Live accepted your request: you joined ${team.name}: your profile no longer says Looking for Team`;
  await expect(asker.page.getByRole('listitem').filter({ hasText: said })).toBeVisible();
  await expect(
    asker.page
      .getByRole('listitem')
      .filter({ hasText: `Your request to join ${team.name}` })
      .getByText('Accepted', { exact: true }),
  ).toBeVisible();
  await expect(asker.page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  expect(navigations).toBe(0);

  // Opening it marks it read and leads to the team.
  await asker.page.getByRole('main').getByRole('link', { name: said }).click();
  await expect(asker.page).toHaveURL(new RegExp(`/teams/${team.id}$`));
  await expect(asker.page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await Promise.all([leader.close(), asker.close()]);
});

test('on a phone the bell leads to the Notifications tab, where all can be marked read', async ({ browser, baseURL }) => {
  const leader = await person(browser, baseURL!, newUser('Pia', 'Phone'));
  const team = await createTeam(leader.request, {}, 'Phone');
  const askers = await Promise.all(['A', 'B'].map((n) => person(browser, baseURL!, newUser(`Asker${n}`, 'Phone'))));
  for (const a of askers) {
    expect(
      (
        await a.request.post(`/api/teams/${team.id}/join-requests`, {
          data: { position: 'Developer', message: 'Happy to build the backend.' },
        })
      ).ok(),
    ).toBeTruthy();
  }
  await leader.page.setViewportSize({ width: 390, height: 844 });
  await leader.page.goto('/teams');
  await leader.page.getByRole('link', { name: 'Notifications, 2 unread' }).click();
  await expect(leader.page).toHaveURL(/\/profile\?tab=notifications$/);
  const activity = leader.page.getByRole('region', { name: /Recent Activity/ });
  await expect(activity.getByRole('listitem')).toHaveCount(2);
  await expect(activity.getByText('2 unread')).toBeVisible();
  await activity.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(leader.page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(activity.getByRole('button', { name: 'Mark all as read' })).toBeHidden();
  // The exact time is a hover away.
  await expect(activity.locator('time').first()).toHaveAttribute('title', /\d{4} at /);
  await Promise.all([leader.close(), ...askers.map((a) => a.close())]);
});

test('seven tabs of one browser all load and all hear a notification (one stream for the browser, not one per tab)', async ({
  browser,
  baseURL,
}) => {
  // Three people and seven page loads: on a loaded CI machine this took past the 60 s of one test.
  test.slow();
  const leader = await person(browser, baseURL!, newUser('Tara', 'Tabs'));
  const asker = await person(browser, baseURL!, newUser('Omar', 'Other'));
  const team = await createTeam(leader.request, {}, 'Tabs');
  // Over HTTP/1.1 a browser keeps six connections to a site: six streams would leave the seventh tab waiting forever.
  const tabs = [leader.page, ...(await Promise.all(Array.from({ length: 6 }, () => leader.page.context().newPage())))];
  for (const tab of tabs) {
    await tab.goto('/profile?tab=notifications');
    await expect(tab.getByText('No notifications at this time')).toBeVisible();
  }

  const ask = (who: Person, position: string) =>
    who.request.post(`/api/teams/${team.id}/join-requests`, { data: { position, message: 'Count me in.' } });
  expect((await ask(asker, 'Designer')).ok()).toBeTruthy();
  const said = `Omar Other asked to join ${team.name} as Designer`;
  for (const tab of tabs) await expect(tab.getByRole('main').getByRole('listitem').filter({ hasText: said })).toBeVisible();

  // The tab that held the stream closes: another takes it over and hears the next one.
  await tabs[0].close();
  await expect(tabs[1].getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  const another = await person(browser, baseURL!, newUser('Ada', 'Another'));
  expect((await ask(another, 'Developer')).ok()).toBeTruthy();
  for (const tab of tabs.slice(1)) {
    await expect(
      tab
        .getByRole('main')
        .getByRole('listitem')
        .filter({ hasText: `Ada Another asked to join ${team.name} as Developer` }),
    ).toBeVisible();
  }
  await Promise.all([leader.close(), asker.close(), another.close()]);
});

test('a browser signed out from another device says so at once, with no reload, and hears nothing more', async ({ browser, baseURL }) => {
  const user = newUser('Lou', 'Lost');
  const lost = await person(browser, baseURL!, user);
  const asker = await person(browser, baseURL!, newUser('Ann', 'Asker'));
  const team = await createTeam(lost.request, {}, 'Lost');
  await lost.page.goto(`/teams/${team.id}`);
  await expect(lost.page.getByText('No join requests')).toBeVisible();
  let navigations = 0;
  lost.page.on('framenavigated', (frame) => frame === lost.page.mainFrame() && (navigations += 1));
  const ask = (position: string) =>
    asker.request.post(`/api/teams/${team.id}/join-requests`, { data: { position, message: 'Count me in, please.' } });

  // The stream is live: a request appears.
  const first = await ask('Designer');
  expect(first.ok()).toBeTruthy();
  await expect(lost.page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  expect((await asker.request.post(`/api/join-requests/${(await first.json()).id}/cancel`)).ok()).toBeTruthy();

  // From another device: 'Sign out everywhere else'. The lost tab shows it is signed out.
  const phone = await browser.newContext({ baseURL });
  expect((await phone.request.post('/api/auth/sign-in/email', { data: { email: user.email, password: user.password } })).ok()).toBeTruthy();
  expect((await phone.request.post('/api/auth/sessions/sign-out-others')).ok()).toBeTruthy();
  await expect(lost.page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(lost.page.getByRole('button', { name: /^Notifications/ })).toBeHidden();

  // What happens next is not shown there.
  expect((await ask('Developer')).ok()).toBeTruthy();
  await expect(lost.page.getByRole('status').getByText('asked to join')).toBeHidden();
  await expect(lost.page).not.toHaveTitle(/^\(/);
  expect(navigations).toBe(0);
  await Promise.all([lost.close(), asker.close(), phone.close()]);
});
