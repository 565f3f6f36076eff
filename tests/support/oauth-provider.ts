/**
 * A local stand-in for GitHub or Discord in tests (docs/decisions/013-accounts.md): the OAuth 2
 * authorization-code flow with PKCE comes from oauth2-mock-server (codes, tokens, the PKCE check);
 * around it, the provider's own addresses and answers:
 *
 *   GitHub:  GET /login/oauth/authorize, POST /login/oauth/access_token, GET /user, GET /user/emails
 *   Discord: GET /api/oauth2/authorize, POST /api/oauth2/token, GET /api/users/@me
 *
 * The authorize address shows a consent page, as the real providers do: a form for who signs in
 * (id, login, name, email, whether the provider verified it) with 'Authorize' and 'Cancel'. A
 * browser fills it in; an API test adds the same fields to the authorize URL (`decision=authorize`).
 * The identity travels with the code and the token, so tests running side by side never mix up
 * who signed in. `login=token-error` makes the token exchange fail, as a provider outage would.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';

export type ProviderKind = 'github' | 'discord';

export interface MockIdentity {
  id: string;
  login: string;
  name: string;
  email: string;
  verified: boolean;
}

export interface MockProvider {
  kind: ProviderKind;
  /** Where the provider listens, e.g. http://127.0.0.1:41234 */
  url: string;
  /** The settings the app takes for this provider (GITHUB_URL / GITHUB_API_URL, or DISCORD_API_URL). */
  settings: { webUrl: string; apiUrl: string };
  /** How many times the token endpoint was called (a replayed code fails there). */
  tokenRequests: number;
  stop(): Promise<void>;
}

const PATHS = {
  github: { prefix: '', authorize: '/login/oauth/authorize', token: '/login/oauth/access_token' },
  discord: { prefix: '/api', authorize: '/api/oauth2/authorize', token: '/api/oauth2/token' },
} as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function consentPage(kind: ProviderKind, query: URLSearchParams): string {
  const hidden = [...query.entries()].map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('');
  const title = kind === 'github' ? 'Mock GitHub' : 'Mock Discord';
  const field = (name: string, label: string, value = '') =>
    `<p><label>${label} <input name="${name}" value="${escapeHtml(value)}"></label></p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}: authorize</title></head><body>
<main><h1>Authorize HackTeams</h1>
<form method="get">${hidden}
${field('mock_id', 'Account id')}${field('mock_login', 'Username')}${field('mock_name', 'Name')}${field('mock_email', 'Email')}
<p><label><input type="checkbox" name="mock_verified" value="true" checked> Email verified</label></p>
<button name="decision" value="authorize">Authorize</button>
<button name="decision" value="cancel">Cancel</button>
</form></main></body></html>`;
}

function identityFrom(q: URLSearchParams): MockIdentity {
  const login = q.get('mock_login') || 'octocat';
  return {
    id: q.get('mock_id') || login,
    login,
    name: q.get('mock_name') ?? '',
    email: q.get('mock_email') || `${login}@example.com`,
    verified: q.get('mock_verified') === 'true',
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The provider's user, shaped as its API answers it. */
function userAnswer(kind: ProviderKind, who: MockIdentity) {
  if (kind === 'github') {
    return {
      id: Number.isFinite(Number(who.id)) ? Number(who.id) : who.id,
      login: who.login,
      name: who.name || null,
      email: null,
      avatar_url: `https://avatars.githubusercontent.com/u/${who.id}?v=4`,
      html_url: `https://github.com/${who.login}`,
    };
  }
  return { id: who.id, username: who.login, global_name: who.name || null, email: who.email, verified: who.verified, avatar: 'a1b2c3' };
}

export async function startMockProvider(kind: ProviderKind, port = 0): Promise<MockProvider> {
  const paths = PATHS[kind];
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer, { authorize: paths.authorize, token: paths.token });
  const byCode = new Map<string, MockIdentity>();
  const byToken = new Map<string, MockIdentity>();

  // The code the library issues carries the identity chosen on the consent page.
  service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: IncomingMessage) => {
    const code = redirect.url.searchParams.get('code');
    if (code) byCode.set(code, identityFrom(new URL(req.url ?? '/', 'http://mock').searchParams));
  });
  // And so does the access token given for that code (once: the library forgets a used code).
  service.on(
    'beforeResponse',
    (response: { body: Record<string, unknown>; statusCode: number }, req: IncomingMessage & { body: Record<string, string> }) => {
      provider.tokenRequests += 1;
      const who = byCode.get(req.body.code);
      byCode.delete(req.body.code);
      if (!who || who.login === 'token-error') {
        response.statusCode = 400;
        response.body = { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' };
        return;
      }
      byToken.set(String(response.body.access_token), who);
    },
  );

  const handler = service.requestHandler;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    const who = byToken.get(bearer);
    if (req.method === 'GET' && url.pathname === paths.authorize) {
      const decision = url.searchParams.get('decision');
      if (!decision) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(consentPage(kind, url.searchParams));
        return;
      }
      if (decision === 'cancel') {
        const back = new URL(url.searchParams.get('redirect_uri') ?? 'http://invalid');
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The user has denied your application access.');
        const state = url.searchParams.get('state');
        if (state) back.searchParams.set('state', state);
        res.writeHead(302, { location: back.href });
        res.end();
        return;
      }
      return handler(req, res);
    }
    if (req.method === 'GET' && kind === 'github' && url.pathname === '/user') {
      return who ? sendJson(res, 200, userAnswer(kind, who)) : sendJson(res, 401, { message: 'Bad credentials' });
    }
    if (req.method === 'GET' && kind === 'github' && url.pathname === '/user/emails') {
      return who
        ? sendJson(res, 200, [{ email: who.email, primary: true, verified: who.verified, visibility: 'private' }])
        : sendJson(res, 401, { message: 'Bad credentials' });
    }
    if (req.method === 'GET' && kind === 'discord' && url.pathname === '/api/users/@me') {
      return who ? sendJson(res, 200, userAnswer(kind, who)) : sendJson(res, 401, { message: '401: Unauthorized' });
    }
    return handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer.url = base;

  const provider: MockProvider = {
    kind,
    url: base,
    settings: { webUrl: base, apiUrl: base + paths.prefix },
    tokenRequests: 0,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return provider;
}

/** The fields an API test adds to the authorize URL, as the consent page's form would. */
export function consent(
  who: Partial<MockIdentity> & { login: string },
  decision: 'authorize' | 'cancel' = 'authorize',
): Record<string, string> {
  return {
    decision,
    mock_id: who.id ?? who.login,
    mock_login: who.login,
    mock_name: who.name ?? '',
    mock_email: who.email ?? `${who.login}@example.com`,
    ...(who.verified === false ? {} : { mock_verified: 'true' }),
  };
}
