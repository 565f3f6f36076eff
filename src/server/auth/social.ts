/**
 * GitHub and Discord sign-in (docs/decisions/013-accounts.md), as better-auth providers of its
 * genericOAuth plugin: the same code path in production and in the tests, where only the
 * providers' addresses differ (GITHUB_URL, GITHUB_API_URL, DISCORD_API_URL point at the test
 * suite's local OAuth server; GitHub Enterprise Server is configured the same way). better-auth's
 * built-in providers cannot be pointed elsewhere: their token endpoints are fixed.
 */
import type { GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import type { SocialProvider } from '../../shared/constants';

export interface SocialSettings {
  github?: { clientId: string; clientSecret: string; webUrl: string; apiUrl: string };
  discord?: { clientId: string; clientSecret: string; apiUrl: string };
  /** PUBLIC_URL: the callback address registered with each provider is built on it when set. */
  publicUrl?: string;
}

/** What a provider tells us about a person, in the shape our user record takes. */
interface ProviderPerson {
  id: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
  image?: string;
  firstName: string;
  lastName: string;
  githubUrl?: string | null;
  [key: string]: unknown;
}

/** 'Ada Lovelace' -> Ada / Lovelace; one word -> that / 'User'; nothing -> the fallbacks (docs/product.md#constants-and-limits). */
export function splitName(name: string | null | undefined, fallbackFirst: string): { firstName: string; lastName: string } {
  const [first, ...rest] = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: (first ?? fallbackFirst).slice(0, 50), lastName: (rest.join(' ') || 'User').slice(0, 50) };
}

const TIMEOUT_MS = 10_000;

/** GET a provider's JSON with the access token; null on any failure. */
async function getJson<T>(url: string, accessToken: string | undefined): Promise<T | null> {
  if (!accessToken) return null;
  try {
    const res = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'HackTeams' },
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return res.ok ? ((await res.json()) as T) : null;
  } catch {
    return null;
  }
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

interface GitHubUser {
  id?: number | string;
  login?: string;
  name?: string | null;
  email?: string | null;
  avatar_url?: string;
  html_url?: string;
}
interface GitHubEmail {
  email?: string;
  primary?: boolean;
  verified?: boolean;
}

/** GitHub's user and its emails: the primary address, verified only if GitHub says so. */
export async function gitHubPerson(apiUrl: string, webUrl: string, accessToken: string | undefined): Promise<ProviderPerson | null> {
  const user = await getJson<GitHubUser>(`${apiUrl}/user`, accessToken);
  if (!user || user.id === undefined || user.id === null) return null;
  const emails = (await getJson<GitHubEmail[]>(`${apiUrl}/user/emails`, accessToken)) ?? [];
  const list = Array.isArray(emails) ? emails : [];
  const email = text(list.find((e) => e.primary)?.email) ?? text(user.email);
  const verified = email ? list.some((e) => e.verified === true && e.email?.toLowerCase() === email.toLowerCase()) : false;
  const name = text(user.name);
  const login = text(user.login);
  return {
    id: String(user.id),
    email,
    emailVerified: verified,
    name: name ?? 'GitHub User',
    image: text(user.avatar_url) ?? undefined,
    ...splitName(name, 'GitHub'),
    githubUrl: text(user.html_url) ?? (login ? `${webUrl}/${login}` : null),
  };
}

interface DiscordUser {
  id?: string;
  username?: string;
  global_name?: string | null;
  email?: string | null;
  verified?: boolean;
  avatar?: string | null;
}

export async function discordPerson(apiUrl: string, accessToken: string | undefined): Promise<ProviderPerson | null> {
  const user = await getJson<DiscordUser>(`${apiUrl}/users/@me`, accessToken);
  if (!user?.id) return null;
  const name = text(user.global_name) ?? text(user.username);
  return {
    id: String(user.id),
    email: text(user.email),
    emailVerified: user.verified === true,
    name: name ?? 'Discord User',
    image: user.avatar ? `https://cdn.discordapp.com/avatars/${user.id}/${user.avatar}.png` : undefined,
    ...splitName(name, 'Discord'),
  };
}

/** Our user fields that come from the provider (better-auth's additional user fields). */
const mapProfileToUser = (p: Record<string, unknown>) => ({
  firstName: p.firstName as string,
  lastName: p.lastName as string,
  ...(p.githubUrl ? { githubUrl: p.githubUrl as string } : {}),
});

/** The configured providers, for better-auth's genericOAuth plugin. */
export function socialProviderConfigs(settings: SocialSettings): GenericOAuthConfig[] {
  const callback = (id: SocialProvider) => (settings.publicUrl ? `${settings.publicUrl}/api/auth/callback/${id}` : undefined);
  const configs: GenericOAuthConfig[] = [];
  const { github, discord } = settings;
  if (github) {
    configs.push({
      providerId: 'github',
      name: 'GitHub',
      clientId: github.clientId,
      clientSecret: github.clientSecret,
      authorizationUrl: `${github.webUrl}/login/oauth/authorize`,
      tokenUrl: `${github.webUrl}/login/oauth/access_token`,
      // The spec's scopes: the profile and the email addresses with their verification.
      scopes: ['read:user', 'user:email'],
      redirectURI: callback('github'),
      getUserInfo: (tokens) => gitHubPerson(github.apiUrl, github.webUrl, tokens.accessToken),
      mapProfileToUser,
    });
  }
  if (discord) {
    configs.push({
      providerId: 'discord',
      name: 'Discord',
      clientId: discord.clientId,
      clientSecret: discord.clientSecret,
      authorizationUrl: `${discord.apiUrl}/oauth2/authorize`,
      tokenUrl: `${discord.apiUrl}/oauth2/token`,
      scopes: ['identify', 'email'],
      redirectURI: callback('discord'),
      getUserInfo: (tokens) => discordPerson(discord.apiUrl, tokens.accessToken),
      mapProfileToUser,
    });
  }
  return configs;
}

export const configuredProviders = (settings: SocialSettings): SocialProvider[] =>
  (['github', 'discord'] as const).filter((id) => settings[id]);
