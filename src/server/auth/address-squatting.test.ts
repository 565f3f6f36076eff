/**
 * Someone who signs up with another person's address before they do (docs/product.md#accounts):
 * an address in ADMIN_EMAILS gives a platform admin's powers only once it is proven (its mailed link
 * opened), and the owner's password reset revokes the API tokens the squatter made.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cookieFrom, createHarness, type Harness } from '../testing/harness';

const ADMIN_EMAIL = 'the-admin@example.org';
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ adminEmails: [ADMIN_EMAIL] });
});
afterAll(() => h.close());

/** Signs up as a person would, without opening the mailed link. */
async function signUpUnproven(email: string) {
  const res = await h.api('POST /api/auth/sign-up/email', {
    body: { firstName: 'Sam', lastName: 'Squatter', email, password: 'team-finder-1' },
  });
  expect(res.status).toBe(200);
  return cookieFrom(res.headers);
}

it("an admin's address gives no admin powers until its owner opens the link mailed to it", async () => {
  const cookie = await signUpUnproven(ADMIN_EMAIL);
  expect((await h.api('GET /api/moderation', { cookie })).status).toBe(403);
  const featured = await h.api('GET /api/events/featured', { cookie });
  expect(featured.body.viewer!.isAdmin).toBe(false);

  const link = new URL(h.linkMailedTo(ADMIN_EMAIL, /Verify your HackTeams email address/));
  await h.request('GET', link.pathname + link.search);
  expect((await h.api('GET /api/moderation', { cookie })).status).toBe(200);
});

it("the owner's password reset revokes the API tokens of whoever signed up with the address first", async () => {
  const email = 'owner-to-be@example.com';
  const cookie = await signUpUnproven(email);
  const made = await h.api('POST /api/me/tokens', { cookie, body: { name: 'backdoor', scopes: ['read', 'act'] } });
  expect(made.status).toBe(201);
  const bearer = { authorization: `Bearer ${made.body.secret}` };
  expect((await h.request('GET', '/api/me/inbox', { headers: bearer })).status).toBe(200);

  // The address's owner resets the password from the mailed link.
  expect((await h.api('POST /api/auth/forgot-password', { body: { email } })).status).toBe(200);
  const token = new URL(h.linkMailedTo(email, /Reset your HackTeams password/)).searchParams.get('token')!;
  const reset = await h.api('POST /api/auth/reset-password', { body: { token, newPassword: 'owner-new-pass-77' } });
  expect(reset.status).toBe(200);
  expect(reset.body.message).toBe(
    'Your password was changed, every device signed in to your account was signed out and its API tokens were revoked. Sign in with your new password.',
  );
  expect((await h.api('GET /api/me', { cookie })).body.user).toBeNull();
  expect((await h.request('GET', '/api/me/inbox', { headers: bearer })).status).toBe(401);
});
