/**
 * The account endpoints under /api/auth against hostile input: those the product offers refuse
 * it with a 4xx and change nothing; those better-auth serves but the product does not are 404.
 */
import { describe, expect, it } from 'vitest';
import { expectClientError, expectOkOrClientError, h, HUGE, NUL, SESSION, useRobustnessWorld } from '../testing/worlds/robustness';

useRobustnessWorld();

describe('account endpoints under /api/auth', () => {
  // better-auth serves many more; those the product does not offer would write around its rules.
  const notOffered: [string, string, unknown?][] = [
    ['POST', '/api/auth/update-user', { name: NUL }],
    ['POST', '/api/auth/update-user', { firstName: HUGE, image: 'javascript:alert(1)' }],
    ['POST', '/api/auth/revoke-session', { token: NUL }],
    ['POST', '/api/auth/revoke-sessions', {}],
    ['POST', '/api/auth/revoke-other-sessions', {}],
    ['POST', '/api/auth/delete-user', { password: 'team-finder-1' }],
    ['POST', '/api/auth/set-password', { newPassword: 'secret1234' }],
    ['POST', '/api/auth/request-password-reset', { email: 'a@example.com' }],
    ['POST', '/api/auth/link-social', { provider: 'github' }],
    ['POST', '/api/auth/unlink-account', { providerId: 'credential' }],
    ['GET', '/api/auth/list-sessions'],
    ['GET', '/api/auth/list-accounts'],
    ['GET', '/api/auth/nope'],
  ];

  // Routed by the product since issue 16 (docs/decisions/013-accounts.md), behind its own schemas:
  // the same hostile input is refused with a 4xx, and changes nothing.
  const offered: [string, string, unknown?][] = [
    ['POST', '/api/auth/change-password', { currentPassword: 'team-finder-1', newPassword: `new\u0000pass` }],
    ['POST', '/api/auth/change-email', { newEmail: `other${NUL}@example.com` }],
    ['POST', '/api/auth/reset-password', { token: NUL, newPassword: 'secret1234' }],
    ['GET', `/api/auth/verify-email?token=${encodeURIComponent(NUL)}`],
    ['POST', '/api/auth/sign-in/social', { provider: 'github' }],
    ['POST', '/api/auth/delete-account', { password: NUL, confirm: 'delete my account' }],
    ['DELETE', `/api/auth/sessions/${encodeURIComponent(NUL)}`],
  ];

  it.each(offered)('%s %s with hostile input -> 4xx JSON, signed in or not, nothing written', async (method, path, body) => {
    const user = await h.signUp();
    const me = await h.api('GET /api/me', { cookie: user.cookie });
    for (const cookie of [undefined, user.cookie]) expectClientError(await h.request(method, path, { cookie, body }));
    expect(await h.api('GET /api/me', { cookie: user.cookie })).toMatchObject({ status: 200, body: me.body });
    expect((await h.api('POST /api/auth/sign-in/email', { body: { email: user.email, password: 'team-finder-1' } })).status).toBe(200);
  });

  it.each(notOffered)('%s %s -> 404 JSON, signed in or not, nothing written', async (method, path, body) => {
    const user = await h.signUp();
    const me = await h.api('GET /api/me', { cookie: user.cookie });
    for (const cookie of [undefined, user.cookie]) {
      expectClientError(await h.request(method, path, { cookie, body }), 404);
    }
    expect(await h.api('GET /api/me', { cookie: user.cookie })).toMatchObject({ status: 200, body: me.body });
    expect((await h.api('POST /api/auth/sign-in/email', { body: { email: user.email, password: 'team-finder-1' } })).status).toBe(200);
  });

  it('sign-out and get-session with hostile input never answer 5xx', async () => {
    const user = await h.signUp();
    for (const [method, path, body] of [
      ['POST', '/api/auth/sign-out', '{'],
      ['POST', '/api/auth/sign-out', '[]'],
      ['POST', '/api/auth/sign-out', NUL],
      ['GET', '/api/auth/get-session', undefined],
    ] as const) {
      for (const cookie of [undefined, user.cookie, `${SESSION}=garbage`]) {
        expectOkOrClientError(await h.request(method, path, { cookie, body }));
      }
    }
  });
});
