/**
 * GitHub and Discord sign-in through a local OAuth provider (tests/support/oauth-provider.ts): the
 * whole redirect flow, success and failure, with no network (docs/decisions/013-accounts.md).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consent, startMockProvider, type MockIdentity, type MockProvider } from '../../../tests/support/oauth-provider';
import { accounts, profiles, users } from '../db/schema';
import { cookieFrom, createHarness, offContract, type Harness } from '../testing/harness';
import { describeUserAgent } from './user-agent';
import { splitName } from './social';

let h: Harness;
let github: MockProvider;
let discord: MockProvider;

beforeAll(async () => {
  [github, discord] = await Promise.all([startMockProvider('github'), startMockProvider('discord')]);
  h = await createHarness({
    social: {
      github: { clientId: 'gh-client', clientSecret: 'gh-secret', ...github.settings },
      discord: { clientId: 'dc-client', clientSecret: 'dc-secret', ...discord.settings },
    },
  });
});
afterAll(async () => {
  await h?.close();
  await Promise.all([github?.stop(), discord?.stop()]);
});

const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

interface Flow {
  /** Where the app's callback sent the browser. */
  location: URL;
  /** The session cookie, when signed in. */
  cookie: string;
}

/**
 * Does what a browser does: asks the app where to go, goes to the provider, answers its consent
 * page (as the form would), follows the provider back to the app's callback with the state cookie.
 */
async function socialSignIn(
  provider: 'github' | 'discord',
  who: Partial<MockIdentity> & { login: string },
  opts: { decision?: 'authorize' | 'cancel'; state?: (state: string) => string; cookie?: string } = {},
): Promise<Flow> {
  const start = await h.api('POST /api/auth/sign-in/social', { body: { provider, redirectTo: '/teams' }, cookie: opts.cookie });
  expect(start.status).toBe(200);
  const stateCookie = cookieFrom(start.headers);
  const authorize = new URL(start.body.url);
  for (const [k, v] of Object.entries(consent(who, opts.decision))) authorize.searchParams.set(k, v);
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location')!);
  expect(back.pathname).toBe(`/api/auth/callback/${provider}`);
  if (opts.state) back.searchParams.set('state', opts.state(back.searchParams.get('state') ?? ''));
  const res = await h.request('GET', `${back.pathname}${back.search}`, { cookie: [stateCookie, opts.cookie].filter(Boolean).join('; ') });
  expect(res.status).toBe(302);
  return { location: new URL(res.headers.get('location')!, 'http://localhost'), cookie: cookieFrom(res.headers) };
}

const me = (cookie: string) => h.api('GET /api/me', { cookie }).then((r) => r.body);
const profileOfUser = async (userId: string) => (await h.db.select().from(profiles).where(eq(profiles.userId, userId)))[0];

describe('GET /api/config', () => {
  it('names the configured providers, for the buttons', async () => {
    const res = await h.api('GET /api/config');
    expect(res.body.socialProviders).toEqual(['github', 'discord']);
  });

  it('names none when none is configured, and a sign-in with one is refused', async () => {
    const bare = await createHarness();
    try {
      expect((await bare.api('GET /api/config')).body.socialProviders).toEqual([]);
      const res = await bare.api('POST /api/auth/sign-in/social', { body: { provider: 'github' } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('GitHub sign-in is not configured on this server');
    } finally {
      await bare.close();
    }
  });
});

describe('POST /api/auth/sign-in/social', () => {
  it("sends the browser to the provider with the spec's scopes, PKCE and a state, and the callback address", async () => {
    const res = await h.api('POST /api/auth/sign-in/social', { body: { provider: 'github' } });
    expect(res.status).toBe(200);
    const url = new URL(res.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    expect(url.searchParams.get('scope')).toBe('read:user user:email');
    expect(url.searchParams.get('client_id')).toBe('gh-client');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost/api/auth/callback/github');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(cookieFrom(res.headers)).toMatch(/state/);
  });

  it('refuses a redirect to another site and an unknown provider', async () => {
    for (const body of [
      { provider: 'github', redirectTo: 'https://evil.example' },
      { provider: 'github', redirectTo: '//evil.example' },
      { provider: 'gitlab' },
    ]) {
      const res = await h.api('POST /api/auth/sign-in/social', { body: offContract(body) });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('GitHub sign-in', () => {
  it('creates one account and profile as the spec says, and a second sign-in reuses them', async () => {
    const login = unique('octo');
    const who = { id: String(Date.now()), login, name: 'Mona Lisa Octocat', email: `${login}@example.com` };
    const first = await socialSignIn('github', who);
    expect(first.location.pathname).toBe('/auth/callback');
    expect(first.location.searchParams.get('redirectTo')).toBe('/teams');
    const signedIn = await me(first.cookie);
    expect(signedIn.user!.email).toBe(who.email);
    const profile = await profileOfUser(signedIn.user!.id);
    expect(profile).toMatchObject({
      firstName: 'Mona',
      lastName: 'Lisa Octocat',
      name: 'Mona Lisa Octocat',
      githubUrl: `https://github.com/${login}`,
      avatarUrl: `https://avatars.githubusercontent.com/u/${who.id}?v=4`,
      availability: 'Flexible',
      lookingForTeam: true,
    });

    const second = await socialSignIn('github', who);
    const again = await me(second.cookie);
    expect(again.user!.id).toBe(signedIn.user!.id);
    expect(again.profile!.id).toBe(profile.id);
    expect(await h.db.select().from(profiles).where(eq(profiles.userId, signedIn.user!.id))).toHaveLength(1);
    expect(await h.db.select().from(users).where(eq(users.email, who.email))).toHaveLength(1);
    const linked = await h.db.select().from(accounts).where(eq(accounts.userId, signedIn.user!.id));
    expect(linked.map((a) => a.providerId)).toEqual(['github']);
  });

  it("falls back to 'GitHub' / 'User' when GitHub gives no name", async () => {
    const login = unique('noname');
    const flow = await socialSignIn('github', { login, name: '' });
    const profile = await profileOfUser((await me(flow.cookie)).user!.id);
    expect(profile).toMatchObject({ firstName: 'GitHub', lastName: 'User', name: 'GitHub User', githubUrl: `https://github.com/${login}` });
  });

  it('links a GitHub account whose verified email matches an existing, verified email account: one profile, signed in through GitHub', async () => {
    const email = `${unique('ada')}@example.com`;
    const existing = await h.signUp({ email, firstName: 'Ada', lastName: 'Lovelace' });
    const verify = new URL(h.linkMailedTo(email, /Verify/));
    expect((await h.request('GET', `${verify.pathname}${verify.search}`)).headers.get('location')).toBe('/profile?emailVerified=1');
    const flow = await socialSignIn('github', {
      login: unique('ada-gh'),
      name: 'Augusta Ada King',
      email: email.toUpperCase(),
      verified: true,
    });
    expect(flow.location.pathname).toBe('/auth/callback');
    const signedIn = await me(flow.cookie);
    expect(signedIn.user!.id).toBe(existing.userId);
    expect(signedIn.profile!.id).toBe(existing.profileId);
    // The profile keeps the names it had.
    expect(signedIn.profile!.name).toBe('Ada Lovelace');
    expect(await h.db.select().from(profiles).where(eq(profiles.userId, existing.userId))).toHaveLength(1);
    const again = await socialSignIn('github', { login: unique('ada-gh2'), email, verified: true });
    expect((await me(again.cookie)).user!.id).toBe(existing.userId);
  });

  it("does not join an account whose email was never verified, even when GitHub vouches for the address (no account made in advance with another person's email gets the owner's GitHub)", async () => {
    const email = `${unique('victim')}@example.com`;
    // Someone signs up first with the owner's address and keeps a session.
    const squatter = await h.signUp({ email, firstName: 'Not', lastName: 'Owner' });
    // The owner arrives through GitHub, which has verified the address: refused, nothing joins.
    const flow = await socialSignIn('github', { login: unique('owner-gh'), email, verified: true });
    expect(flow.location.pathname).toBe('/login');
    expect(flow.location.searchParams.get('error')).toBe('account_not_linked');
    expect(flow.cookie).not.toMatch(/session_token=[^;]/);
    const linked = await h.db.select().from(accounts).where(eq(accounts.userId, squatter.userId));
    expect(linked.map((a) => a.providerId)).toEqual(['credential']);
  });

  it('does not link an unverified GitHub email to an existing account: the sign-in fails with a reason, nothing is created', async () => {
    const email = `${unique('grace')}@example.com`;
    const existing = await h.signUp({ email });
    const flow = await socialSignIn('github', { login: unique('grace-gh'), email, verified: false });
    expect(flow.location.pathname).toBe('/login');
    expect(flow.location.searchParams.get('provider')).toBe('github');
    expect(flow.location.searchParams.get('error')).toBe('account_not_linked');
    expect(flow.location.searchParams.get('error_description')).toMatch(/once both GitHub and the account have verified the address/);
    expect(flow.cookie).not.toMatch(/session_token=[^;]/);
    const linked = await h.db.select().from(accounts).where(eq(accounts.userId, existing.userId));
    expect(linked.map((a) => a.providerId)).toEqual(['credential']);
  });

  it("lands on /login with the provider's error_description when the person cancels on GitHub", async () => {
    const flow = await socialSignIn('github', { login: unique('cancel') }, { decision: 'cancel' });
    expect(flow.location.pathname).toBe('/login');
    expect(Object.fromEntries(flow.location.searchParams)).toMatchObject({
      provider: 'github',
      error: 'access_denied',
      error_description: 'The user has denied your application access.',
      redirectTo: '/teams',
    });
  });

  it('lands on /login when GitHub refuses the code (a provider error)', async () => {
    const before = github.tokenRequests;
    const flow = await socialSignIn('github', { login: 'token-error' });
    expect(github.tokenRequests).toBe(before + 1);
    expect(flow.location.pathname).toBe('/login');
    expect(flow.location.searchParams.get('error')).toBe('invalid_code');
    expect(flow.location.searchParams.get('error_description')).toBe('GitHub did not confirm the sign-in.');
  });

  it('lands on /login when the state was tampered with or is missing, and signs nobody in', async () => {
    const tampered = await socialSignIn('github', { login: unique('state') }, { state: (s) => `${s}x` });
    expect(tampered.location.pathname).toBe('/login');
    expect(tampered.location.searchParams.get('provider')).toBe('github');
    expect(tampered.location.searchParams.get('error')).toBeTruthy();
    expect(tampered.location.searchParams.get('error_description')).toBeTruthy();
    expect(tampered.cookie).not.toMatch(/session_token=[^;]/);

    const bare = await h.api('GET /api/auth/callback/{provider}', { params: { provider: 'github' }, query: { code: 'abc' } });
    expect(bare.status).toBe(302);
    const to = new URL(bare.headers.get('location')!, 'http://localhost');
    expect(to.pathname).toBe('/login');
    expect(to.searchParams.get('error')).toBe('state_not_found');
  });

  it('does not accept a code twice', async () => {
    const start = await h.api('POST /api/auth/sign-in/social', { body: { provider: 'github' } });
    const stateCookie = cookieFrom(start.headers);
    const authorize = new URL(start.body.url);
    for (const [k, v] of Object.entries(consent({ login: unique('replay') }))) authorize.searchParams.set(k, v);
    const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    const first = await h.request('GET', `${back.pathname}${back.search}`, { cookie: stateCookie });
    expect(new URL(first.headers.get('location')!, 'http://localhost').pathname).toBe('/auth/callback');
    const replay = await h.request('GET', `${back.pathname}${back.search}`, { cookie: stateCookie });
    expect(new URL(replay.headers.get('location')!, 'http://localhost').pathname).toBe('/login');
  });
});

describe('Discord sign-in', () => {
  it('creates the account and profile with the Discord name and avatar, and reuses them', async () => {
    const login = unique('wumpus');
    const who = { id: String(80351110224678912n + BigInt(Date.now())), login, name: 'Wumpus Discordia', email: `${login}@example.com` };
    const first = await socialSignIn('discord', who);
    expect(first.location.pathname).toBe('/auth/callback');
    const signedIn = await me(first.cookie);
    const profile = await profileOfUser(signedIn.user!.id);
    expect(profile).toMatchObject({
      firstName: 'Wumpus',
      lastName: 'Discordia',
      avatarUrl: `https://cdn.discordapp.com/avatars/${who.id}/a1b2c3.png`,
      githubUrl: null,
    });
    const second = await socialSignIn('discord', who);
    expect((await me(second.cookie)).profile!.id).toBe(profile.id);
  });
});

describe('helpers', () => {
  it('splits names with the fallbacks of the spec', () => {
    expect(splitName('Ada Lovelace', 'GitHub')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(splitName('Cher', 'GitHub')).toEqual({ firstName: 'Cher', lastName: 'User' });
    expect(splitName(null, 'GitHub')).toEqual({ firstName: 'GitHub', lastName: 'User' });
    expect(splitName('  ', 'GitHub')).toEqual({ firstName: 'GitHub', lastName: 'User' });
  });

  it('describes devices by browser and system', () => {
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe(
      'Chrome on Linux',
    );
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox on Windows',
    );
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on Windows');
    expect(describeUserAgent(null)).toBe('Unknown device');
  });
});
