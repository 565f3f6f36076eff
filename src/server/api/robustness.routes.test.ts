/**
 * Every route against hostile sessions and ids in paths, unknown paths and methods, and an
 * unexpected error: a 4xx with a JSON `{ error }` (a plain 500 for the error), never the data changed.
 */
import { describe, expect, it, vi } from 'vitest';
import { offContract } from '../testing/harness';
import {
  alice,
  bob,
  expectClientError,
  h,
  NUL,
  SESSION,
  snapshot,
  UNKNOWN_ID,
  useRobustnessWorld,
  w,
  type Auth,
} from '../testing/worlds/robustness';

useRobustnessWorld();

// ---------- every route: sessions and ids ----------

interface AnyRoute {
  method: string;
  path: (id?: string) => string;
  auth: Auth;
  /** Path ids a caller may get wrong, replaced in turn by hostile ones. */
  ids?: boolean;
  /** A valid body, where the route checks it before it looks the id up. */
  body?: () => Record<string, unknown>;
}

const allRoutes: AnyRoute[] = [
  { method: 'GET', path: () => '/api/health', auth: 'public' },
  { method: 'GET', path: () => '/api/ready', auth: 'public' },
  { method: 'GET', path: () => '/api/config', auth: 'public' },
  { method: 'GET', path: () => '/api/me', auth: 'public' },
  { method: 'GET', path: () => '/api/profiles', auth: 'public' },
  { method: 'GET', path: () => '/api/skills', auth: 'public' },
  { method: 'GET', path: () => '/api/profile', auth: 'user' },
  { method: 'GET', path: (id = alice.profileId) => `/api/profiles/${id}`, auth: 'public', ids: true },
  { method: 'GET', path: (id = alice.profileId) => `/api/profiles/${id}/avatar`, auth: 'public', ids: true },
  { method: 'PUT', path: (id = alice.profileId) => `/api/profiles/${id}/basic`, auth: 'owner', ids: true },
  { method: 'PUT', path: (id = alice.profileId) => `/api/profiles/${id}/contact`, auth: 'owner', ids: true },
  { method: 'PUT', path: (id = alice.profileId) => `/api/profiles/${id}/settings`, auth: 'owner', ids: true },
  { method: 'POST', path: (id = alice.profileId) => `/api/profiles/${id}/skills`, auth: 'owner', ids: true },
  { method: 'DELETE', path: (id = alice.profileId) => `/api/profiles/${id}/skills?name=Rust`, auth: 'owner', ids: true },
  { method: 'POST', path: (id = alice.profileId) => `/api/profiles/${id}/experiences`, auth: 'owner', ids: true },
  { method: 'DELETE', path: (id = alice.profileId) => `/api/profiles/${id}/experiences/0`, auth: 'owner', ids: true },
  { method: 'POST', path: (id = alice.profileId) => `/api/profiles/${id}/avatar`, auth: 'owner', ids: true },
  { method: 'GET', path: () => '/api/teams', auth: 'public' },
  { method: 'POST', path: () => '/api/teams', auth: 'user' },
  { method: 'GET', path: (id = w.teamId) => `/api/teams/${id}`, auth: 'public', ids: true },
  { method: 'PATCH', path: (id = w.teamId) => `/api/teams/${id}`, auth: 'leader', ids: true },
  { method: 'DELETE', path: (id = w.teamId) => `/api/teams/${id}`, auth: 'leader', ids: true },
  { method: 'PUT', path: (id = w.teamId) => `/api/teams/${id}/positions`, auth: 'leader', ids: true },
  { method: 'DELETE', path: (id = w.teamId) => `/api/teams/${id}/members/${UNKNOWN_ID}`, auth: 'leader', ids: true },
  { method: 'DELETE', path: (id = UNKNOWN_ID) => `/api/teams/${w.teamId}/members/${id}`, auth: 'leader', ids: true },
  { method: 'POST', path: (id = w.teamId) => `/api/teams/${id}/leave`, auth: 'user', ids: true },
  {
    method: 'PATCH',
    path: (id = w.teamId) => `/api/teams/${id}/members/${UNKNOWN_ID}`,
    auth: 'leader',
    ids: true,
    body: () => ({ isLeader: true }),
  },
  { method: 'GET', path: (id = w.teamId) => `/api/teams/${id}/invitations`, auth: 'leader', ids: true },
  { method: 'GET', path: (id = w.teamId) => `/api/teams/${id}/join-requests`, auth: 'leader', ids: true },
  {
    method: 'POST',
    path: (id = w.teamId) => `/api/teams/${id}/join-requests`,
    auth: 'user',
    ids: true,
    body: () => ({ position: 'Tester', message: 'Let me in, please' }),
  },
  { method: 'POST', path: (id = w.requestId) => `/api/join-requests/${id}/accept`, auth: 'leader', ids: true },
  { method: 'POST', path: (id = w.requestId) => `/api/join-requests/${id}/decline`, auth: 'leader', ids: true },
  { method: 'POST', path: (id = w.requestId) => `/api/join-requests/${id}/cancel`, auth: 'user', ids: true },
  { method: 'GET', path: () => '/api/me/led-teams', auth: 'user' },
  { method: 'POST', path: () => '/api/invitations', auth: 'user' },
  { method: 'POST', path: (id = w.invitationId) => `/api/invitations/${id}/accept`, auth: 'user', ids: true },
  { method: 'POST', path: (id = w.invitationId) => `/api/invitations/${id}/decline`, auth: 'user', ids: true },
  { method: 'POST', path: (id = w.invitationId) => `/api/invitations/${id}/withdraw`, auth: 'user', ids: true },
  { method: 'GET', path: () => '/api/me/notifications', auth: 'user' },
  { method: 'GET', path: () => '/api/me/inbox', auth: 'user' },
  { method: 'POST', path: () => '/api/me/inbox/read', auth: 'user' },
  { method: 'GET', path: () => '/api/me/events', auth: 'user' },
  { method: 'GET', path: (id = w.teamId) => `/api/teams/${id}/suggestions`, auth: 'leader', ids: true },
  { method: 'GET', path: () => '/api/me/suggested-teams', auth: 'user' },
  { method: 'GET', path: () => '/api/me/teams', auth: 'user' },
];

/** Cookies that carry no valid session. The forged one is built from Alice's real cookie in the test. */
const garbageCookies = [
  `${SESSION}=garbage`,
  `${SESSION}=`,
  `${SESSION}=${'a'.repeat(4000)}.${'b'.repeat(44)}`,
  `${SESSION}=%E0%A4%A; other=1`,
  `${SESSION}="unterminated`,
  `${SESSION}=${encodeURIComponent('x\u0000y')}.sig`,
  `session_token=x; ${SESSION}=${UNKNOWN_ID}.AAAA`,
];

const routeName = (r: AnyRoute) => `${r.method} ${r.path(':id')}`;

describe('sessions', () => {
  it.each(allRoutes.map((r) => [routeName(r), r] as const))(
    '%s: no cookie, garbage and forged cookies -> 401 on protected routes, nothing written',
    async (_, route) => {
      const before = await snapshot();
      const [token] = alice.cookie.match(new RegExp(`${SESSION.replace('.', '\\.')}=([^;]+)`))!.slice(1);
      const [value, signature] = decodeURIComponent(token).split('.');
      // Alice's token with a signature made up by the caller, and a made-up token with her signature.
      const forged = [
        `${SESSION}=${encodeURIComponent(`${value}.${'A'.repeat(signature.length)}`)}`,
        `${SESSION}=${encodeURIComponent(`${'Z'.repeat(value.length)}.${signature}`)}`,
      ];
      for (const cookie of [undefined, ...garbageCookies, ...forged]) {
        const res = await h.request(route.method, route.path(), {
          cookie,
          body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        if (route.auth === 'public') {
          expect(res.status, `${cookie} ${JSON.stringify(res.body)}`).toBeLessThan(500);
          if (route.path().startsWith('/api/me')) expect(res.body).toEqual({ user: null, profile: null });
        } else {
          expectClientError(res, 401);
          expect(res.body.error).toBe('Please sign in to continue');
        }
      }
      expect(await snapshot()).toBe(before);
    },
  );

  it('a session whose user was signed out no longer works', async () => {
    const user = await h.signUp();
    expect((await h.api('POST /api/auth/sign-out', { cookie: user.cookie, body: offContract({}) })).status).toBe(200);
    expectClientError(await h.api('GET /api/profile', { cookie: user.cookie }), 401);
  });
});

describe('ids in paths', () => {
  const badIds = [
    'not-a-uuid',
    UNKNOWN_ID,
    '%00',
    encodeURIComponent(NUL),
    'a'.repeat(5000),
    `${UNKNOWN_ID}x`,
    '..%2F..%2Fetc%2Fpasswd',
    "1' or '1'='1",
    '%F0%9F%9A%80',
    '%E0%A4%A',
  ];

  it.each(allRoutes.filter((r) => r.ids).map((r) => [routeName(r), r] as const))(
    '%s: non-uuid and unknown ids -> 404, nothing written',
    async (_, route) => {
      const before = await snapshot();
      for (const id of badIds) {
        const cookie = /\/invitations\/|join-requests$/.test(route.path()) ? bob.cookie : alice.cookie;
        const body = route.body?.() ?? (route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
        const res = await h.request(route.method, route.path(id), { cookie, body });
        expectClientError(res, 404);
      }
      expect(await snapshot()).toBe(before);
    },
  );

  it('experience indexes that are not small non-negative integers -> 404, nothing written', async () => {
    const before = await snapshot();
    for (const index of ['abc', '-1', '1.5', '1e3', '99999999999999999999', '9007199254740993', 'Infinity', 'NaN', '0x10', '%00', ' 1']) {
      const res = await h.api('DELETE /api/profiles/{id}/experiences/{index}', {
        params: { id: alice.profileId, index },
        cookie: alice.cookie,
      });
      expectClientError(res, 404);
    }
    expect(await snapshot()).toBe(before);
  });

  it("someone else's profile or team -> 403, nothing written", async () => {
    const before = await snapshot();
    for (const route of allRoutes.filter(
      (r) => r.ids && (r.auth === 'owner' || r.auth === 'leader') && !r.path().startsWith('/api/join-requests'),
    )) {
      const res = await h.request(route.method, route.path(), {
        cookie: bob.cookie,
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expectClientError(res, 403);
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('the error handler', () => {
  it('hides the message of an unexpected error behind a plain 500', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await h.request('GET', '/boom');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: 'Something went wrong. Please try again.', code: 'internal' });
      expect(JSON.stringify(res.body)).not.toContain('hunter2');
    } finally {
      spy.mockRestore();
    }
  });

  it('unknown API paths and methods -> 404 JSON', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['DELETE', '/api/profiles'],
      ['PATCH', '/api/me'],
      ['PUT', `/api/teams/${UNKNOWN_ID}/nope`],
    ]) {
      expectClientError(await h.request(method, path), 404);
    }
  });
});
