/**
 * What a stranger learns about an address from the account routes (issue 28.10, docs/decisions/017):
 * sign-up, sign-in, forgot-password and change-email answer a registered address as they answer a
 * free one. The one signal left is the documented one: a new sign-up is signed in, a taken one is not.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createHarness, type Harness, type TestResponse } from '../testing/harness';

let h: Harness;
let taken: string;
beforeAll(async () => {
  h = await createHarness();
  taken = (await h.signUp({ email: `owner-${randomUUID().slice(0, 8)}@example.com` })).email;
});
afterAll(() => h.close());

const free = () => `free-${randomUUID().slice(0, 8)}@example.com`;

/** An answer as a stranger compares it: status, and body with the address asked about (and a fresh id) put aside. */
function seen(res: TestResponse<unknown>, address: string) {
  const body = JSON.stringify(res.body)
    .replaceAll(address, '<address>')
    .replace(/"id":"[^"]+"/g, '"id":"<id>"');
  return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
}

describe('a registered address and a free one get the same answers', () => {
  it('sign-up: the same status and body (an account with a fresh id, no error); the owner of the registered one is mailed', async () => {
    const body = (email: string) => ({ firstName: 'Eve', lastName: 'Probe', email, password: 'probing-4-fun' });
    const address = free();
    const a = await h.api('POST /api/auth/sign-up/email', { body: body(taken) });
    const b = await h.api('POST /api/auth/sign-up/email', { body: body(address) });
    expect(seen(a, taken)).toEqual(seen(b, address));
    expect(a.status).toBe(200);
    expect(h.mails.findLast((m) => m.to === taken)?.subject).toBe('You already have a HackTeams account');
    // What remains (docs/decisions/017): only the new account is signed in.
    expect(cookieFrom(b.headers)).toContain('session_token');
    expect(cookieFrom(a.headers)).not.toContain('session_token');
  });

  it('sign-up with a password the rules refuse: the same 400 for both', async () => {
    const body = (email: string) => ({ firstName: 'Eve', lastName: 'Probe', email, password: 'Hackathon2026' });
    const address = free();
    const a = await h.api('POST /api/auth/sign-up/email', { body: body(taken) });
    const b = await h.api('POST /api/auth/sign-up/email', { body: body(address) });
    expect(a.status).toBe(400);
    expect(seen(a, taken)).toEqual(seen(b, address));
  });

  it('sign-in with a wrong password: the same 401', async () => {
    const address = free();
    const a = await h.api('POST /api/auth/sign-in/email', { body: { email: taken, password: 'a-wrong-guess-1' } });
    const b = await h.api('POST /api/auth/sign-in/email', { body: { email: address, password: 'a-wrong-guess-1' } });
    expect(a.status).toBe(401);
    expect(seen(a, taken)).toEqual(seen(b, address));
  });

  it('forgot-password: the same 200', async () => {
    const address = free();
    const a = await h.api('POST /api/auth/forgot-password', { body: { email: taken } });
    const b = await h.api('POST /api/auth/forgot-password', { body: { email: address } });
    expect(a.status).toBe(200);
    expect(seen(a, taken)).toEqual(seen(b, address));
  });

  it('change-email to it: the same 200', async () => {
    const stranger = await h.signUp();
    const address = free();
    const a = await h.api('POST /api/auth/change-email', { cookie: stranger.cookie, body: { newEmail: taken } });
    const b = await h.api('POST /api/auth/change-email', { cookie: stranger.cookie, body: { newEmail: address } });
    expect(a.status).toBe(200);
    expect(seen(a, taken)).toEqual(seen(b, address));
  });
});
