/**
 * Every API answer carries the same headers however it was made (api/answers.ts): the security
 * headers, X-Request-Id and Cache-Control; detail answers carry an ETag, and If-None-Match with it
 * answers 304 until the thing changes.
 */
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { securityHeaderRecord } from '../platform/edge';
import { createHarness, type Harness, type TestUser } from '../testing/harness';

let h: Harness;
let ada: TestUser;
beforeAll(async () => {
  h = await createHarness();
  ada = await h.signUp();
});
afterAll(() => h.close());

it('GET a profile: ETag, 304 while unchanged, a new ETag after an edit', async () => {
  const path = `/api/profiles/${ada.profileId}`;
  const first = await h.request('GET', path);
  const etag = first.headers.get('etag');
  expect(first.status).toBe(200);
  expect(etag).toMatch(/^"[\w-]+"$/);

  const same = await h.request('GET', path, { headers: { 'if-none-match': etag! } });
  expect(same.status).toBe(304);
  expect(same.headers.get('etag')).toBe(etag);
  expect(same.body).toBeNull();
  expect(same.headers.get('content-type')).toBeNull();
  expectApiHeaders(same);

  const edit = await h.request('PUT', `${path}/settings`, { cookie: ada.cookie, body: { lookingForTeam: false } });
  expect(edit.status).toBe(200);
  const changed = await h.request('GET', path, { headers: { 'if-none-match': etag! } });
  expect(changed.status).toBe(200);
  expect(changed.headers.get('etag')).not.toBe(etag);
});

it('lists carry no ETag, and the document declares it on detail routes', async () => {
  expect((await h.request('GET', '/api/teams')).headers.get('etag')).toBeNull();
  const operation = (h.document as any).paths['/api/teams/{id}'].get;
  expect(Object.keys(operation.responses)).toContain('304');
  expect(operation.responses['200'].headers.ETag).toBeDefined();
});

/** The headers every API answer carries. */
function expectApiHeaders(res: { headers: Headers }, which = '') {
  for (const [name, value] of Object.entries(securityHeaderRecord([])))
    if (name !== 'content-security-policy') expect(res.headers.get(name), `${which} ${name}`).toBe(value);
  expect(res.headers.get('content-security-policy'), which).toMatch(/frame-ancestors 'none'/);
  expect(res.headers.get('x-request-id'), which).toMatch(/^[0-9a-f-]{36}$/);
  expect(res.headers.get('cache-control'), which).toBe('no-store');
}

it('every kind of API answer carries the security headers and its request id once, and those of a route no-store', async () => {
  const answers = [
    // Made with all their headers at once: a list, a detail, an error of the route, an unknown route.
    await h.request('GET', '/api/teams'),
    await h.request('GET', `/api/profiles/${ada.profileId}`),
    await h.request('GET', '/api/teams/00000000-0000-4000-8000-000000000000'),
    await h.request('GET', '/api/nothing-here'),
    // Made by a handler that set a header of its own (the export's file name), and refused before any
    // route: another site's write, a body over 1 MB.
    await h.request('GET', '/api/auth/account/data', { cookie: ada.cookie }),
    await h.request('POST', '/api/teams', { headers: { origin: 'http://evil.example' }, cookie: ada.cookie, body: {} }),
    await h.request('POST', '/api/teams', { cookie: ada.cookie, body: { padding: 'x'.repeat(1_100_000) } }),
  ];
  expect(answers.map((r) => r.status)).toEqual([200, 200, 404, 404, 200, 403, 413]);
  for (const [i, res] of answers.entries()) {
    expectApiHeaders(res, `answer ${i}`);
    expect(res.headers.get('x-request-id')!.split(',')).toHaveLength(1);
  }
  expect(answers[0].headers.get('content-type')).toBe('application/json');
  expect(answers[4].headers.get('content-disposition')).toContain('attachment');
  expect(new Set(answers.map((r) => r.headers.get('x-request-id'))).size).toBe(answers.length);
});

it("the security headers are those Hono's secureHeaders sends with the same policy", async () => {
  const hashes = ["'sha256-abc'"];
  const app = new Hono()
    .use(
      secureHeaders({
        contentSecurityPolicy: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...hashes],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https://avatars.githubusercontent.com', 'https://cdn.discordapp.com'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
        xFrameOptions: 'DENY',
        strictTransportSecurity: false,
        referrerPolicy: 'no-referrer',
      }),
    )
    .get('/', (c) => c.body(null, 204));
  const theirs = Object.fromEntries((await app.request('/')).headers);
  expect(securityHeaderRecord(hashes)).toEqual(theirs);
});
