/**
 * What every request goes through (edge.ts): the origin check on every write route, the body
 * types a write takes, the security headers, HTTPS behind a trusted proxy, load shedding, the
 * 503 of an unreachable database, and no session token in any answer.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressOf, inlineScriptHashes } from './edge';
import { cookieFrom, createHarness, type Harness, type TestUser } from '../testing/harness';

const THEME_SCRIPT = "document.documentElement.dataset.theme = 'dark';";
let root: string;
let h: Harness;
let user: TestUser;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'hackteams-edge-'));
  writeFileSync(join(root, 'index.html'), `<!doctype html><script>${THEME_SCRIPT}</script><div id="root"></div>`);
  h = await createHarness({ webRoot: root });
  user = await h.signUp();
});
afterAll(async () => {
  await h.close();
  rmSync(root, { recursive: true, force: true });
});

/** Every state-changing operation of the API contract, with its path's ids filled in. */
function writeRoutes(): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  for (const [path, item] of Object.entries(h.document.paths ?? {})) {
    for (const method of Object.keys(item as object)) {
      if (['post', 'put', 'patch', 'delete'].includes(method)) {
        routes.push({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, user.profileId) });
      }
    }
  }
  return routes;
}

const bodies: Record<string, () => { body: BodyInit; type?: string }> = {
  JSON: () => ({ body: '{"message":"hi","position":"Frontend Developer"}', type: 'application/json' }),
  form: () => ({ body: 'message=hi', type: 'application/x-www-form-urlencoded' }),
  'text/plain': () => ({ body: '{"message":"hi"}', type: 'text/plain' }),
  multipart: () => {
    const form = new FormData();
    form.append('message', 'hi');
    return { body: form };
  },
};

describe('writes from another site', () => {
  it('refuses every write route with 403 for a JSON, form, text/plain or multipart body, with a valid session cookie', async () => {
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(15);
    for (const [kind, make] of Object.entries(bodies)) {
      for (const { method, path } of routes) {
        const { body, type } = make();
        const res = await h.app.request(`http://localhost${path}`, {
          method,
          headers: { cookie: user.cookie, origin: 'http://evil.localhost:3000', ...(type ? { 'content-type': type } : {}) },
          body,
        });
        expect(res.status, `${kind} ${method} ${path}`).toBe(403);
        expect(await res.json()).toEqual({ error: 'This request came from another site and was refused', code: 'cross_site' });
      }
    }
    // Nothing happened: still signed in, no team was created.
    expect((await h.api('GET /api/me', { cookie: user.cookie })).body.user!.id).toBe(user.userId);
    expect((await h.api('GET /api/teams', { cookie: user.cookie })).body.total).toBe(0);
  });

  it('refuses a write that a browser marks cross-site even without an Origin, and a null Origin', async () => {
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'null' }] as Record<
      string,
      string
    >[]) {
      const res = await h.app.request('http://localhost/api/teams', {
        method: 'POST',
        headers: { cookie: user.cookie, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ name: 'Forged', description: 'A team nobody asked for' }),
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
  });

  it("lets the app's own pages write, and a client that is no browser (no Origin, no Sec-Fetch-Site)", async () => {
    const own = await h.api('PUT /api/profiles/{id}/basic', {
      params: { id: user.profileId },
      cookie: user.cookie,
      body: { firstName: 'Same', lastName: 'Origin', availability: 'Flexible' },
    });
    expect(own.status).toBe(200);
    const script = await h.app.request(`http://localhost/api/profiles/${user.profileId}/basic`, {
      method: 'PUT',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'No', lastName: 'Browser', availability: 'Flexible' }),
    });
    expect(script.status).toBe(200);
    const fetchMeta = await h.app.request(`http://localhost/api/profiles/${user.profileId}/basic`, {
      method: 'PUT',
      headers: { cookie: user.cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ firstName: 'Fetch', lastName: 'Metadata', availability: 'Flexible' }),
    });
    expect(fetchMeta.status).toBe(200);
  });

  it('lets an origin listed in TRUSTED_ORIGINS write, and no other', async () => {
    const trusting = await createHarness({ edge: { trustedOrigins: ['https://teams.example.org'] } });
    try {
      const post = (origin: string) =>
        trusting.app.request('http://localhost/api/auth/sign-up/email', {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          body: JSON.stringify({
            firstName: 'Tru',
            lastName: 'Sted',
            email: `t-${origin.length}@example.com`,
            password: 'correct horse 1',
          }),
        });
      expect((await post('https://teams.example.org')).status).toBe(200);
      expect((await post('https://evil.example.org')).status).toBe(403);
    } finally {
      await trusting.close();
    }
  });

  it("takes a body only as JSON or multipart: a form or text/plain post from the app's own origin is 415", async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const res = await h.app.request('http://localhost/api/auth/sign-out', {
        method: 'POST',
        headers: { cookie: user.cookie, origin: 'http://localhost', 'content-type': type },
        body: 'a=b',
      });
      expect(res.status, type).toBe(415);
    }
    expect((await h.api('GET /api/me', { cookie: user.cookie })).body.user).not.toBeNull();
  });
});

describe('security headers', () => {
  async function expectHeaders(res: Response, policy: 'page' | 'api' = 'page') {
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    // Plain HTTP: no HSTS (a browser would refuse it anyway, and a developer's localhost would be stuck).
    expect(res.headers.get('strict-transport-security')).toBeNull();
    // A JSON answer loads nothing and is framed by no one.
    if (policy === 'api') return expect(csp).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // Images from this site, and the avatars of GitHub and Discord sign-ins; from nowhere else.
    expect(csp).toContain("img-src 'self' data: blob: https://avatars.githubusercontent.com https://cdn.discordapp.com;");
  }

  it('come with the app page, whose inline theme script is allowed by its hash and no other inline script is', async () => {
    const page = await h.app.request('http://localhost/teams');
    expect(page.status).toBe(200);
    await expectHeaders(page);
    const [hash] = inlineScriptHashes(await page.text());
    expect(hash).toMatch(/^'sha256-/);
    expect(page.headers.get('content-security-policy')).toContain(`script-src 'self' ${hash};`);
  });

  it('come with an API answer, an error and an avatar', async () => {
    await expectHeaders(await h.app.request('http://localhost/api/profiles'), 'api');
    await expectHeaders(await h.app.request('http://localhost/api/nothing-here'), 'api');
    const form = new FormData();
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#4f46e5' } })
      .png()
      .toBuffer();
    form.append('file', new File([new Uint8Array(image)], 'a.png', { type: 'image/png' }));
    const uploaded = await h.api('POST /api/profiles/{id}/avatar', { params: { id: user.profileId }, cookie: user.cookie, body: form });
    expect(uploaded.status).toBe(200);
    const avatar = await h.app.request(`http://localhost${uploaded.body.avatarUrl}`);
    expect(avatar.status).toBe(200);
    await expectHeaders(avatar);
  });
});

describe('behind a TLS proxy (TRUST_PROXY_HOPS=1)', () => {
  let proxied: Harness;
  beforeAll(async () => {
    proxied = await createHarness({ edge: { trustProxyHops: 1 } });
  });
  afterAll(() => proxied.close());

  const viaProxy = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    proxied.app.request(`http://teams.example.org${path}`, {
      ...init,
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7', ...init.headers },
    });

  it('signs up and in with the public https origin, no TRUSTED_ORIGINS needed; the cookie is Secure and HSTS is sent', async () => {
    const body = JSON.stringify({ firstName: 'Tls', lastName: 'User', email: 'tls@example.com', password: 'correct horse 1' });
    const up = await viaProxy('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { origin: 'https://teams.example.org', 'content-type': 'application/json' },
      body,
    });
    expect(up.status).toBe(200);
    const cookies = up.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
    // The session cookie carries the __Secure- prefix, which a browser takes only from a secure origin.
    expect(cookies.find((c) => c.includes('session_token'))).toMatch(/^__Secure-better-auth\.session_token=/);
    expect(up.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);

    const me = await viaProxy('/api/me', { headers: { cookie: cookieFrom(up.headers) } });
    expect((await me.json()).user.email).toBe('tls@example.com');
    const session = await viaProxy('/api/auth/get-session', { headers: { cookie: cookieFrom(up.headers) } });
    expect((await session.json()).user.email).toBe('tls@example.com');
    // The same cookie without the prefix (planted over plain HTTP, say) is not a session over HTTPS.
    const unprefixed = cookieFrom(up.headers).replaceAll('__Secure-', '');
    expect((await (await viaProxy('/api/me', { headers: { cookie: unprefixed } })).json()).user).toBeNull();
    // Signing out clears the prefixed cookie.
    const out = await viaProxy('/api/auth/sign-out', {
      method: 'POST',
      headers: { origin: 'https://teams.example.org', 'content-type': 'application/json', cookie: cookieFrom(up.headers) },
      body: '{}',
    });
    expect(out.headers.getSetCookie().join()).toMatch(/__Secure-better-auth\.session_token=;/);
    expect(me.headers.get('strict-transport-security')).toMatch(/max-age=/);

    // The plain-http origin is another origin now.
    const plain = await viaProxy('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: 'http://teams.example.org', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'tls@example.com', password: 'correct horse 1' }),
    });
    expect(plain.status).toBe(403);
  });

  it('does not believe X-Forwarded-Proto when no proxy is trusted', async () => {
    const res = await h.app.request('http://localhost/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'x-forwarded-proto': 'https', origin: 'http://localhost', 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'No', lastName: 'Proxy', email: 'noproxy@example.com', password: 'correct horse 1' }),
    });
    expect(res.status).toBe(200);
    for (const cookie of res.headers.getSetCookie()) expect(cookie).not.toMatch(/;\s*Secure/i);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('the client address', () => {
  it('is the socket without trusted proxies, and otherwise the entry the last trusted proxy added', () => {
    expect(clientAddressOf('10.0.0.1', '127.0.0.1', 0)).toBe('127.0.0.1');
    expect(clientAddressOf('203.0.113.7', '127.0.0.1', 1)).toBe('203.0.113.7');
    // What the client wrote itself stays on the left, never read.
    expect(clientAddressOf('10.9.9.9, 203.0.113.7', '127.0.0.1', 1)).toBe('203.0.113.7');
    expect(clientAddressOf('10.9.9.9, 203.0.113.7, 10.0.0.2', '127.0.0.1', 2)).toBe('203.0.113.7');
    expect(clientAddressOf(undefined, '127.0.0.1', 1)).toBe('127.0.0.1');
    expect(clientAddressOf('203.0.113.7', '127.0.0.1', 2)).toBe('127.0.0.1');
  });
});

describe('answers that say when to come back', () => {
  it('answers 503 with Retry-After at once when more requests are in flight than the limit', async () => {
    const busy = await createHarness({ edge: { maxInFlight: 2 } });
    try {
      // Three list requests at once over a busy embedded database: at most two are let in.
      const answers = await Promise.all(Array.from({ length: 12 }, () => busy.api('GET /api/profiles')));
      const statuses = answers.map((a) => a.status);
      expect(statuses).toContain(200);
      expect(statuses).toContain(503);
      for (const a of answers.filter((x) => x.status === 503)) {
        expect(a.body).toEqual({ error: 'The server is busy. Please try again in a moment.', code: 'unavailable' });
        expect(a.headers.get('retry-after')).toBe('1');
      }
      // The health route is never shed.
      const health = await Promise.all(Array.from({ length: 12 }, () => busy.api('GET /api/health')));
      expect(health.every((a) => a.status === 200)).toBe(true);
    } finally {
      await busy.close();
    }
  });

  it('answers 503 with Retry-After, not 500, while the database cannot be reached', async () => {
    const down = await createHarness();
    try {
      const someone = await down.signUp();
      await down.closeDatabase();
      for (const path of ['/api/profiles', '/api/teams', `/api/profiles/${someone.profileId}`, '/api/me']) {
        const res = await down.request('GET', path, { cookie: someone.cookie });
        expect(res.status, path).toBe(503);
        expect(res.body.error).toBe('The service is briefly unavailable. Please try again in a few seconds.');
        expect(res.headers.get('retry-after')).toBe('5');
      }
    } finally {
      await down.close();
    }
  });

  it('answers 503 with Retry-After 1, not 500, when the database ended a statement to break a deadlock or a serialization failure', async () => {
    // A statement outside a transaction, as the database ends it (the driver's error, wrapped by Drizzle);
    // a transaction ended so runs again on PostgreSQL (db/client.ts, tests/races/deadlocks.test.ts).
    const ended: Harness = await createHarness({
      setup: (app) => {
        app.get('/ended/:code', async (c) => {
          const code = c.req.param('code') === 'deadlock' ? '40P01' : '40001';
          await ended.db.execute(sql.raw(`do $$ begin raise exception 'ended' using errcode = '${code}'; end $$`));
          return c.text('not reached');
        });
      },
    });
    try {
      for (const path of ['/ended/deadlock', '/ended/serialization']) {
        const res = await ended.request('GET', path);
        expect(res.status, path).toBe(503);
        expect(res.body).toEqual({ error: 'The server is busy. Please try again in a moment.', code: 'unavailable' });
        expect(res.headers.get('retry-after')).toBe('1');
      }
    } finally {
      await ended.close();
    }
  });

  it('answers 503 with Retry-After on the account routes too (better-auth behind them), with the sign-in limits off', async () => {
    const down = await createHarness({ rateLimit: false });
    try {
      const someone = await down.signUp();
      await down.closeDatabase();
      const calls: [string, string, unknown?][] = [
        ['GET', '/api/auth/get-session'],
        ['POST', '/api/auth/sign-in/email', { email: someone.email, password: 'team-finder-1' }],
        [
          'POST',
          '/api/auth/sign-up/email',
          { firstName: 'New', lastName: 'Comer', email: 'newcomer@example.com', password: 'team-finder-1' },
        ],
        ['POST', '/api/auth/forgot-password', { email: someone.email }],
        ['GET', '/api/auth/account'],
        ['GET', '/api/auth/sessions'],
      ];
      for (const [method, path, body] of calls) {
        const res = await down.request(method, path, { cookie: someone.cookie, body });
        expect(res.status, `${method} ${path}`).toBe(503);
        expect(res.body.error).toBe('The service is briefly unavailable. Please try again in a few seconds.');
        expect(res.headers.get('retry-after')).toBe('5');
      }
    } finally {
      await down.close();
    }
  });
});

describe('the session token', () => {
  it('is in no answer body: not sign-up, sign-in, get-session or /api/me', async () => {
    const email = 'token@example.com';
    const up = await h.api('POST /api/auth/sign-up/email', {
      body: { firstName: 'To', lastName: 'Ken', email, password: 'correct horse 1' },
    });
    const token = decodeURIComponent(cookieFrom(up.headers).split('=')[1]).split('.')[0];
    expect(token.length).toBeGreaterThan(10);
    const cookie = cookieFrom(up.headers);
    const answers = [
      up,
      await h.api('POST /api/auth/sign-in/email', { body: { email, password: 'correct horse 1' } }),
      await h.api('GET /api/auth/get-session', { cookie }),
      await h.api('GET /api/me', { cookie }),
    ];
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(JSON.stringify(a.body)).not.toContain(token);
      expect(JSON.stringify(a.body)).not.toMatch(/"token"/);
    }
  });
});
