/**
 * One rule for scripts and browsers on every route, /api/auth/* included: a write that carries
 * an Origin must carry this site's (403 `cross_site` otherwise); a write without Origin is a
 * script's (curl, Node's fetch, which sends Sec-Fetch-Mode but no Origin) or the app's own page
 * (Sec-Fetch-Site: same-origin), and is answered like any other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createHarness, type Harness, type TestUser } from '../testing/harness';

let h: Harness;
let ada: TestUser;
beforeAll(async () => {
  h = await createHarness();
  ada = await h.signUp();
});
afterAll(() => h.close());

/** What Node's fetch sends on its own: Sec-Fetch-Mode, no Origin, no Sec-Fetch-Site. */
const NODE_FETCH = { 'sec-fetch-mode': 'cors' };

/** A request with exactly these headers (the harness would add this site's Origin), checked against the document. */
async function raw(
  method: string,
  path: string,
  { headers = {}, cookie, body }: { headers?: Record<string, string>; cookie?: string; body?: unknown },
) {
  const res = await h.app.request(`http://localhost${path}`, {
    method,
    headers: { ...headers, ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  const parsed = text ? JSON.parse(text) : null;
  h.contract.check({ method, url: path, status: res.status, contentType: res.headers.get('content-type'), body: parsed });
  return { status: res.status, body: parsed, headers: res.headers };
}

describe("a script's requests (no Origin)", () => {
  it('a wrong password answers 401, not 403', async () => {
    const res = await raw('POST', '/api/auth/sign-in/email', {
      headers: NODE_FETCH,
      body: { email: ada.email, password: 'not-my-password' },
    });
    expect([res.status, res.body.code]).toEqual([401, 'INVALID_EMAIL_OR_PASSWORD']);
  });

  it('signs in, writes with the cookie, and signs out', async () => {
    const signIn = await raw('POST', '/api/auth/sign-in/email', {
      headers: NODE_FETCH,
      body: { email: ada.email, password: 'team-finder-1' },
    });
    expect(signIn.status).toBe(200);
    const cookie = cookieFrom(signIn.headers);
    const basic = await raw('PUT', `/api/profiles/${ada.profileId}/settings`, {
      cookie,
      headers: NODE_FETCH,
      body: { lookingForTeam: true },
    });
    expect(basic.status).toBe(200);
    const signOut = await raw('POST', '/api/auth/sign-out', { cookie, headers: NODE_FETCH });
    expect(signOut.status).toBe(200);
    expect((await raw('GET', '/api/profile', { cookie })).status).toBe(401);
  });
});

describe("another site's page (its Origin)", () => {
  it.each(['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/teams'])('POST %s -> 403 cross_site', async (path) => {
    const res = await raw('POST', path, {
      cookie: ada.cookie,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' },
      body: { email: ada.email, password: 'team-finder-1' },
    });
    expect([res.status, res.body.code]).toEqual([403, 'cross_site']);
  });

  it('a browser without Origin but with Sec-Fetch-Site: cross-site -> 403', async () => {
    const res = await raw('POST', '/api/auth/sign-in/email', {
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      body: { email: ada.email, password: 'team-finder-1' },
    });
    expect([res.status, res.body.code]).toEqual([403, 'cross_site']);
  });
});
