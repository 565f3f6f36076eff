/**
 * Accessibility: axe-core over every route, signed out and signed in, in the light and the dark
 * theme (its colour rules), on a laptop and a phone, with the dialogs and menus open. No violation
 * of serious or critical impact may remain; each test lists all it found, page by page.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO, linkOf, mailTo } from './fixtures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const VIEWPORTS = { laptop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

interface Ids {
  ownTeam: string;
  otherTeam: string;
  person: string;
}

/** A page state: where to go, what to wait for (each part of it), and what to open before checking. */
interface State {
  name: string;
  path: (ids: Ids) => string;
  ready: (page: Page) => Locator | Locator[];
  open?: (page: Page) => Promise<unknown>;
  /** What axe checks once `open` has run: the dialog or menu (the page behind it has a state of its own). */
  within?: string;
  /** Where the state exists (the bell's popover is the laptop's; a phone's bell is a link). */
  only?: keyof typeof VIEWPORTS;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });

const PUBLIC: State[] = [
  { name: 'home', path: () => '/', ready: (page) => page.getByRole('heading', { level: 1 }).first() },
  { name: 'profiles', path: () => '/profiles', ready: (page) => page.getByRole('heading', { name: /Profiles? Found/ }) },
  { name: 'profile', path: (ids) => `/profiles/${ids.person}`, ready: (page) => page.getByRole('heading', { level: 1 }) },
  { name: 'teams', path: () => '/teams', ready: (page) => page.getByRole('heading', { name: /Teams? Found/ }) },
  { name: 'team', path: (ids) => `/teams/${ids.otherTeam}`, ready: (page) => page.getByRole('heading', { level: 1 }) },
  { name: 'hackathon', path: () => '/hackathon', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { name: 'hackathons', path: () => '/hackathons', ready: (page) => page.getByRole('article').first() },
];
const SIGNED_OUT: State[] = [
  ...PUBLIC,
  { name: 'login', path: () => '/login', ready: (page) => page.getByRole('button', { name: 'Sign in with Email' }) },
  { name: 'signup', path: () => '/signup', ready: (page) => page.getByRole('button', { name: 'Sign up with Email' }) },
  { name: 'login with an error', path: () => '/login?error_description=Provider%20said%20no', ready: (page) => page.getByRole('alert') },
  {
    name: 'login after a failed GitHub sign-in',
    path: () => '/login?provider=github&error=access_denied&error_description=The%20user%20has%20denied%20your%20application%20access.',
    ready: (page) => page.getByRole('alert'),
  },
  { name: 'forgot password', path: () => '/forgot-password', ready: (page) => page.getByRole('button', { name: 'Send reset link' }) },
  {
    name: 'reset password',
    path: () => '/reset-password?token=not-a-real-token',
    ready: (page) => page.getByRole('button', { name: 'Set new password' }),
  },
  { name: 'reset password without a token', path: () => '/reset-password', ready: (page) => page.getByRole('alert') },
];
const SIGNED_IN: State[] = [
  ...PUBLIC,
  {
    name: 'own team, with its grouping control',
    path: (ids) => `/teams/${ids.ownTeam}`,
    ready: (page) => [
      page.getByRole('heading', { name: 'Join Requests' }),
      page.getByText(/asks grouping for|teams that ask for members are filled first/),
    ],
  },
  { name: 'create team', path: () => '/create-team', ready: heading('Create a New Team') },
  { name: 'new event', path: () => '/hackathons/new', ready: heading('Create an Event') },
  {
    name: 'edit event',
    path: () => '/hackathons/climate-code-sprint/edit',
    ready: (page) => page.getByRole('button', { name: 'Save Changes' }),
  },
  { name: 'event staff', path: () => '/hackathons/climate-code-sprint/staff', ready: (page) => page.getByRole('list', { name: 'Staff' }) },
  {
    name: "organizer's desk",
    path: () => '/hackathons/climate-code-sprint/organize',
    ready: (page) => page.getByRole('heading', { name: 'Day by day' }),
  },
  {
    name: "event's moderation queue",
    path: () => '/hackathons/climate-code-sprint/moderate',
    ready: (page) => page.getByRole('heading', { name: 'Open reports' }),
  },
  { name: 'find me a team', path: () => '/hackathons/climate-code-sprint/group', ready: heading('Find me a team') },
  { name: 'own profile', path: () => '/profile', ready: (page) => page.getByRole('tab', { name: 'Profile' }) },
  {
    name: 'notifications tab',
    path: () => '/profile?tab=notifications',
    ready: (page) => page.getByRole('heading', { name: 'Recent Activity' }),
  },
  {
    name: 'settings tab, with its safety part',
    path: () => '/profile?tab=settings',
    ready: (page) => [
      page.getByRole('list', { name: 'Sessions' }).getByText('This device'),
      page.getByRole('region', { name: 'Safety' }).getByRole('radio').first(),
    ],
  },
  {
    name: 'delete account dialog',
    path: () => '/profile?tab=settings',
    ready: (page) => page.getByRole('button', { name: 'Delete account' }),
    open: (page) =>
      page
        .getByRole('button', { name: 'Delete account' })
        .click()
        .then(() => page.getByRole('dialog', { name: 'Delete account' }).waitFor()),
    within: '[role="dialog"]',
  },
  {
    name: 'join dialog',
    path: (ids) => `/teams/${ids.otherTeam}`,
    ready: (page) => page.getByRole('button', { name: 'Join Team' }),
    open: (page) =>
      page
        .getByRole('button', { name: 'Join Team' })
        .click()
        .then(() => page.getByRole('dialog').waitFor()),
    within: '[role="dialog"]',
  },
  {
    name: 'invite dialog',
    path: (ids) => `/profiles/${ids.person}`,
    ready: (page) => page.getByRole('button', { name: /^Invite to / }).first(),
    open: (page) =>
      page
        .getByRole('button', { name: /^Invite to / })
        .first()
        .click()
        .then(() => page.getByRole('dialog').waitFor()),
    within: '[role="dialog"]',
  },
  {
    name: 'notifications popover',
    path: () => '/teams',
    ready: (page) => page.getByRole('button', { name: /^Notifications/ }),
    only: 'laptop',
    open: (page) =>
      page
        .getByRole('button', { name: /^Notifications/ })
        .click()
        .then(() => page.getByRole('dialog', { name: 'Notifications' }).waitFor()),
    within: '[role="dialog"]',
  },
  {
    name: 'delete team dialog',
    path: (ids) => `/teams/${ids.ownTeam}`,
    ready: (page) => page.getByRole('button', { name: 'Delete Team' }),
    open: (page) =>
      page
        .getByRole('button', { name: 'Delete Team' })
        .click()
        .then(() => page.getByRole('alertdialog').waitFor()),
    within: '[role="alertdialog"]',
  },
  {
    name: 'theme menu',
    path: () => '/teams',
    ready: (page) => page.getByRole('button', { name: /^Theme: / }),
    open: (page) =>
      page
        .getByRole('button', { name: /^Theme: / })
        .click()
        .then(() => page.getByRole('menu').waitFor()),
    within: '[role="menu"]',
  },
];

/** Looked up once per run: every test reads the same demo data. */
let lookedUp: Promise<Ids> | null = null;
const findIds = (browser: Browser, baseURL: string) => (lookedUp ??= lookUpIds(browser, baseURL));

async function lookUpIds(browser: Browser, baseURL: string): Promise<Ids> {
  const context = await browser.newContext({ baseURL });
  const request = context.request;
  expect((await request.post('/api/auth/sign-in/email', { data: DEMO })).ok()).toBeTruthy();
  const me = await (await request.get('/api/profile')).json();
  const ownTeam = me.teams.find((t: { isLeader: boolean }) => t.isLeader).teamId as string;
  const teams = (await (await request.get('/api/teams?open=true')).json()).items as { id: string }[];
  let otherTeam = '';
  for (const t of teams) {
    const detail = await (await request.get(`/api/teams/${t.id}`)).json();
    if (!detail.viewer.isMember && !detail.viewer.hasPendingRequest && detail.memberCount < detail.maxSize) {
      otherTeam = t.id;
      break;
    }
  }
  const people = (await (await request.get('/api/profiles?looking=true')).json()).items as { id: string }[];
  const person = people.find((p) => p.id !== me.id)!.id;
  await context.close();
  return { ownTeam, otherTeam, person };
}

/**
 * What the dark theme changes is colour: the page's elements, names and roles are the light pass's.
 * So the dark pass runs axe's rules of colour alone (about a third of a full pass's time).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe run in the page itself (legacy mode): the app has no frames, and the default (a partial run
 * in each frame, then axe loaded again into a new blank page to combine them) loaded axe three
 * times and opened a page per check, about half of each check's time. Same results on the app's
 * pages (violations, incomplete and passes compared, 2026-12-07).
 */
async function violations(page: Page, where: string, rules: 'all' | 'colour' = 'all', within?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  if (within) axe.include(within);
  const result = await (rules === 'colour' ? axe.withRules(COLOUR_RULES) : axe.withTags(TAGS)).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/** A path's screen: its route, with ids as the route's parameters and without the query. */
const screenOf = (path: string) => path.split('?')[0].replace(/\/[0-9a-f]{8}-[0-9a-f-]{27}(?=\/|$)/g, '/:id');

/**
 * Goes to another screen inside the app, as its links and Back do (the router hears a popstate), not
 * by a full load: loading the whole app again was about a third of each state's time. What the
 * screen before showed is marked, and the check waits until it is gone, so axe never reads it. A
 * state on the same screen as the one before (another team, another tab) is loaded in full instead:
 * the screen would stay mounted and its mark with it.
 */
async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    for (const shown of document.querySelectorAll('#main > *')) shown.setAttribute('data-previous-screen', '');
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction(() => !document.querySelector('#main > [data-previous-screen]'));
}

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  for (const signedIn of [false, true]) {
    test(`axe: ${signedIn ? 'signed in' : 'signed out'}, ${device}, light and dark`, async ({ browser, baseURL }) => {
      // Up to 25 states, each checked by axe twice (the dark pass for colour only): a minute signed
      // in on a quiet 2-core machine, four times that beside the test suites on a slow day.
      test.setTimeout(600_000);
      const ids = await findIds(browser, baseURL!);
      const context = await browser.newContext({ baseURL, viewport, colorScheme: 'light', reducedMotion: 'reduce' });
      if (signedIn) expect((await context.request.post('/api/auth/sign-in/email', { data: DEMO })).ok()).toBeTruthy();
      const page = await context.newPage();
      const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
      const found: string[] = [];
      let previous: string | null = null;
      for (const state of (signedIn ? SIGNED_IN : SIGNED_OUT).filter((st) => !st.only || st.only === device)) {
        await page.emulateMedia({ colorScheme: 'light' });
        const path = state.path(ids);
        if (previous && screenOf(previous) !== screenOf(path)) await goInApp(page, path);
        else await page.goto(path);
        previous = path;
        for (const part of [state.ready(page)].flat()) await part.waitFor();
        await state.open?.(page);
        expect(await isDark()).toBe(false);
        found.push(...(await violations(page, `${state.name} (light)`, 'all', state.within)));
        // The theme follows the system setting unless chosen, also while the page is open.
        await page.emulateMedia({ colorScheme: 'dark' });
        await expect.poll(isDark).toBe(true);
        // Two frames: the new colours are painted before axe reads them.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        found.push(...(await violations(page, `${state.name} (dark)`, 'colour', state.within)));
        // What was opened closes, as a person would close it, before the next page.
        if (state.open) await page.keyboard.press('Escape');
      }
      await context.close();
      expect(found).toEqual([]);
    });
  }
}

/** The platform's moderation page is for admins (ADMIN_EMAILS in playwright.config.ts names this one). */
const ADMIN = { firstName: 'Ada', lastName: 'Admin', email: 'e2e-admin@example.com', password: 'team-finder-1' };

test('axe: the platform moderation page (an admin), laptop and phone, light and dark', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  // An admin's address gives its powers once proven: sign up, then open the link mailed to it.
  const setup = await browser.newContext({ baseURL });
  await setup.request.post('/api/auth/sign-up/email', { data: ADMIN });
  await setup.request.get(linkOf(await mailTo(setup.request, ADMIN.email, /Verify your HackTeams email address/)));
  await setup.close();
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    const context = await browser.newContext({ baseURL, viewport, colorScheme: 'light', reducedMotion: 'reduce' });
    const signIn = await context.request.post('/api/auth/sign-in/email', { data: { email: ADMIN.email, password: ADMIN.password } });
    expect(signIn.ok(), await signIn.text()).toBeTruthy();
    const page = await context.newPage();
    await page.goto('/moderation');
    await page.getByRole('heading', { name: 'Open reports' }).waitFor();
    found.push(...(await violations(page, `platform moderation, ${device} (light)`)));
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    found.push(...(await violations(page, `platform moderation, ${device} (dark)`, 'colour')));
    await context.close();
  }
  expect(found).toEqual([]);
});
