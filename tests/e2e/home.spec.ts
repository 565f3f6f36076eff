import { expect, test, type Page } from '@playwright/test';
import type { ProfileCard, ProfileList } from '../../src/shared/api/profiles';
import type { TeamList } from '../../src/shared/api/teams';

/** The name a profile card shows: the preferred name, else first and last name. */
const shownName = (p: ProfileCard) => p.preferredName?.trim() || `${p.firstName} ${p.lastName}`;

const section = (page: Page, heading: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

test.describe('home page', () => {
  test('shows the headline, the steps, the upcoming hackathons and the closing call to action', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Find your perfect hackathon team' })).toBeVisible();
    await expect(page.getByText('The place for people looking for a group')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Your Profile' })).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('link', { name: 'Find Teammates' })).toHaveAttribute('href', '/profiles');

    const how = section(page, 'How It Works');
    await expect(how.getByRole('listitem')).toHaveCount(3);
    for (const step of ['Create your profile', 'Connect with others', 'Build and win together']) {
      await expect(how.getByRole('heading', { name: step })).toBeVisible();
    }
    await expect(how.getByText('Browse profiles, send team invitations, or request to join teams')).toBeVisible();

    // The demo data's events: one running now and one upcoming (tests/e2e/events.spec.ts follows them).
    const upcoming = section(page, 'Upcoming Hackathons');
    await expect(upcoming.getByRole('listitem')).toHaveCount(2);
    await expect(upcoming.getByRole('listitem').nth(0)).toContainText('Climate Code Sprint');
    await expect(upcoming.getByRole('listitem').nth(0)).toContainText('Happening now');
    await expect(upcoming.getByRole('listitem').nth(1)).toContainText('Health Hack Berlin');
    await expect(upcoming.getByRole('link', { name: 'All Hackathons' })).toHaveAttribute('href', '/hackathons');

    await expect(page.getByRole('heading', { name: 'Ready to find your dream team?' })).toBeVisible();
    await expect(page.getByText(/world's largest hackathon/)).toBeVisible();
    await page.getByRole('link', { name: 'Get Started Now' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("upcoming hackathons: View Details opens the event's page", async ({ page }) => {
    await page.goto('/');
    const upcoming = section(page, 'Upcoming Hackathons');
    await upcoming.getByRole('link', { name: 'View Details: Health Hack Berlin' }).click();
    await expect(page).toHaveURL(/\/hackathons\/health-hack-berlin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Health Hack Berlin' })).toBeVisible();
    await expect(page.getByText('The build starts in')).toBeVisible();
  });

  test('previews the 3 newest profiles and teams, each linking to its page', async ({ page, request }) => {
    const profiles = (await (await request.get('/api/profiles?pageSize=3')).json()) as ProfileList;
    const teams = (await (await request.get('/api/teams?pageSize=3')).json()) as TeamList;
    expect(profiles.items).toHaveLength(3);
    expect(teams.items).toHaveLength(3);

    await page.goto('/');
    const people = section(page, 'View Profiles and Connect With Other Hackers');
    const profileCards = people.locator('a[href^="/profiles/"]');
    await expect(profileCards).toHaveCount(3);
    for (const [i, p] of profiles.items.entries()) {
      await expect(profileCards.nth(i)).toHaveAttribute('href', `/profiles/${p.id}`);
      await expect(profileCards.nth(i)).toContainText(shownName(p));
    }
    await expect(people.getByRole('link', { name: 'View all profiles' })).toHaveAttribute('href', '/profiles');

    const teamSection = section(page, 'Explore Projects and Apply to Teams');
    const teamCards = teamSection.locator('a[href^="/teams/"]');
    await expect(teamCards).toHaveCount(3);
    for (const [i, t] of teams.items.entries()) {
      await expect(teamCards.nth(i)).toHaveAttribute('href', `/teams/${t.id}`);
      await expect(teamCards.nth(i)).toContainText(t.name);
    }
    await expect(teamSection.getByRole('link', { name: 'View all teams' })).toHaveAttribute('href', '/teams');

    const person = profiles.items[0];
    await profileCards.first().click();
    await expect(page).toHaveURL(`/profiles/${person.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(shownName(person));

    await page.goBack();
    const team = teams.items[0];
    await teamCards.first().click();
    await expect(page).toHaveURL(`/teams/${team.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(team.name);
  });

  test('the scroll cue appears after 1 second and hides beyond 100 px of scrolling', async ({ page }) => {
    // A paused clock makes the 1 second delay exact.
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cue = page.getByRole('button', { name: 'Scroll down' });
    await expect(cue).toBeHidden();
    await page.clock.runFor(900);
    await expect(cue).toBeHidden();
    await page.clock.runFor(100);
    await expect(cue).toBeVisible();

    await page.evaluate(() => window.scrollTo(0, 100));
    await expect(cue).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 101));
    await expect(cue).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(cue).toBeVisible();

    await cue.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await expect(cue).toBeHidden();
  });

  test('the particles move, pause while the tab is hidden, and stand still under reduced motion', async ({ page }) => {
    const frame = () => page.getByTestId('particles').evaluate((c: HTMLCanvasElement) => c.toDataURL());
    const settle = () => page.waitForTimeout(300);

    await page.goto('/');
    let before = await frame();
    await settle();
    expect(await frame()).not.toBe(before);

    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    before = await frame();
    await settle();
    expect(await frame()).toBe(before);

    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await settle();
    expect(await frame()).not.toBe(before);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    before = await frame();
    await settle();
    expect(await frame()).toBe(before);
  });
});

test.describe('hackathon page', () => {
  test('today the event has ended: no countdown and no Register Now, the prize pool, the schedule, the links', async ({
    page,
    request,
  }) => {
    const { siteUrl: eventUrl } = (await (await request.get('/api/events/featured')).json()) as { siteUrl: string };

    await page.goto('/hackathon');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("World's Largest Hackathon");
    await expect(page.getByText('The $1M+ Hackathon')).toBeVisible();
    // Today is long after the award ceremony of 26 July 2025.
    await expect(page.getByText('The event has ended')).toBeVisible();
    await expect(page.getByRole('timer')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Register Now/ })).toHaveCount(0);

    const site = page.getByRole('link', { name: /Visit the Event Site/ });
    await expect(site).toHaveAttribute('href', eventUrl);
    await expect(site).toHaveAttribute('target', '_blank');
    await expect(site).toHaveAttribute('rel', /noopener/);
    await expect(page.getByRole('link', { name: 'Browse Teams' })).toHaveAttribute('href', '/teams?event=worlds-largest-hackathon-2025');

    await expect(page.getByText('Total Prize Pool')).toBeVisible();
    await expect(page.getByText('$1,000,000+')).toBeVisible();
    await expect(page.getByText('The prizes were awarded at the Award Ceremony on July 26, 2025.')).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Event Schedule' })).toBeVisible();
    const events = page.getByRole('list', { name: 'Event Schedule' }).getByRole('listitem');
    await expect(events).toHaveCount(4);
    await expect(events.nth(0)).toContainText('Kickoff Party');
    await expect(events.nth(0)).toContainText('May 7, 2025, 10:00 AM UTC');
    await expect(events.nth(1)).toContainText('Hackathon Begins');
    await expect(events.nth(1)).toContainText('May 30, 2025, 11:00 AM UTC');
    await expect(events.nth(2)).toContainText('Hackathon Ends');
    await expect(events.nth(2)).toContainText('Jun 30, 2025, 2:00 PM UTC');
    await expect(events.nth(3)).toContainText('Award Ceremony');
    await expect(events.nth(3)).toContainText('Jul 26, 2025, 10:00 AM UTC');
    for (const event of await events.all()) await expect(event).toContainText('Done');
  });

  test('counts down every second to 30 May 2025 00:00 UTC, then counts down to the submission deadline', async ({ page, request }) => {
    const { siteUrl: eventUrl } = (await (await request.get('/api/events/featured')).json()) as { siteUrl: string };
    await page.clock.install({ time: new Date('2025-05-28T20:58:20Z') });
    // The page loads the event first (its query library answers on a timer, so the clock runs until then).
    await page.goto('/hackathon');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("World's Largest Hackathon");
    await page.clock.pauseAt(new Date('2025-05-28T20:58:30Z'));
    const timer = page.getByRole('timer', { name: 'Time until the build starts' });
    await expect(timer).toHaveText('01Days03Hours01Minutes30Seconds');
    await expect(page.getByText('Prize details will be announced before May 30th.')).toBeVisible();
    await expect(page.getByRole('link', { name: /Register Now/ })).toHaveAttribute('href', eventUrl);
    await expect(page.getByRole('link', { name: 'Find a Team' })).toHaveAttribute('href', '/teams?event=worlds-largest-hackathon-2025');
    await page.clock.runFor(1000);
    await expect(timer).toHaveText('01Days03Hours01Minutes29Seconds');

    await page.clock.pauseAt(new Date('2025-05-29T23:59:58Z'));
    await page.clock.runFor(1000);
    await expect(timer).toHaveText('00Days00Hours00Minutes01Seconds');
    await page.clock.runFor(1000);
    await expect(page.getByText('The build has started!')).toBeVisible();
    await expect(timer).toHaveCount(0);
    await expect(page.getByRole('timer', { name: 'Time left until the submission deadline' })).toHaveText(
      '31Days14Hours00Minutes00Seconds',
    );
  });

  test('after the deadline: submissions are closed and the awards date is given', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2025-07-10T08:00:00Z'));
    await page.goto('/hackathon');
    await expect(page.getByText('Submissions are closed')).toBeVisible();
    await expect(page.getByText('Awards on July 26, 2025 at 10:00 AM UTC.', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: /Register Now/ })).toHaveCount(0);
    await expect(page.getByRole('timer')).toHaveCount(0);
  });
});

test.describe("schedule in the viewer's time zone", () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('shows each event in UTC and in the local zone, with the zone named', async ({ page }) => {
    await page.goto('/hackathon');
    await expect(page.getByText('India Standard Time')).toBeVisible();
    const kickoff = page.getByRole('list', { name: 'Event Schedule' }).getByRole('listitem').first();
    await expect(kickoff).toContainText('May 7, 2025, 10:00 AM UTC');
    await expect(kickoff).toContainText(/May 7, 2025, 3:30\sPM GMT\+5:30/);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const path of ['/', '/hackathon']) {
    test(`${path} fits the screen without sideways scrolling`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/') await expect(page.getByRole('heading', { name: 'Explore Projects and Apply to Teams' })).toBeVisible();
      else await expect(page.getByRole('list', { name: 'Event Schedule' }).getByRole('listitem')).toHaveCount(4);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });
  }
});

test('each page names itself in the browser tab, and the keyboard starts at its content', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('HackTeams: find your hackathon team');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams', exact: true }).click();
  await expect(page).toHaveTitle('Teams · HackTeams');
  await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeFocused();
  await page.getByRole('link', { name: /Pixel Pioneers/ }).click();
  await expect(page).toHaveTitle('Pixel Pioneers · HackTeams');
  // A page opened by its address starts at its top, wherever the page opened before it was left.
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, 300));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.goto('/profiles');
  await expect(page).toHaveTitle('Browse Profiles · HackTeams');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Profiles' })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goto('/profiles/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Profile not found')).toBeVisible();
  await page.getByRole('link', { name: 'Browse Profiles' }).click();
  await expect(page).toHaveURL(/\/profiles$/);
});
