/**
 * Personal API tokens (docs/decisions/025-personal-api-tokens.md): made, listed and revoked with
 * the session only; shown once and stored hashed; each scope opens its routes and no others;
 * organize follows the current staff role (and the one event a token may be limited to); revoked,
 * expired and banned tokens are refused at once; the per-token hourly limit and its headers.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, bans } from '../../db/schema';
import { createEvent } from '../../testing/events';
import { createHarness, type Harness, type TestUser } from '../../testing/harness';

const LIMIT = 100;
const DAY = 86_400_000;

let h: Harness;
let owner: TestUser, person: TestUser, stranger: TestUser;

type Scope = 'read' | 'act' | 'organize';
async function makeToken(by: TestUser, scopes: Scope[], extra: { event?: string; expiresInDays?: 7 | 30 | 90 | null; name?: string } = {}) {
  const res = await h.api('POST /api/me/tokens', { cookie: by.cookie, body: { name: extra.name ?? 'Script', scopes, ...extra } });
  expect(res.status).toBe(201);
  return res.body as { token: { id: string; prefix: string; scopes: Scope[] }; secret: string };
}
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const withToken = (method: string, path: string, secret: string, body?: unknown) =>
  h.request(method, path, { headers: bearer(secret), ...(body === undefined ? {} : { body }) });

beforeAll(async () => {
  h = await createHarness({ edge: { tokenRequestsPerHour: LIMIT } });
  [owner, person, stranger] = await Promise.all([
    h.signUp({ firstName: 'Olga' }),
    h.signUp({ firstName: 'Pat' }),
    h.signUp({ firstName: 'Stan' }),
  ]);
  await createEvent(h, owner, { slug: 'token-hack', name: 'token-hack', teamSizeMin: 2, teamSizeMax: 4 });
  await createEvent(h, owner, { slug: 'other-hack', name: 'other-hack', teamSizeMin: 2, teamSizeMax: 4 });
});
afterAll(() => h?.close());

describe('making, listing and revoking tokens', () => {
  it('shows the secret once, lists without it, stores only its hash, and revokes at once', async () => {
    const made = await makeToken(person, ['read', 'act'], { name: 'Discord bot', expiresInDays: 30 });
    expect(made.secret).toMatch(/^ht_[A-Za-z0-9_-]{43}$/);
    expect(made.secret.startsWith(made.token.prefix)).toBe(true);

    const list = await h.api('GET /api/me/tokens', { cookie: person.cookie });
    expect(list.status).toBe(200);
    const listed = list.body.items.find((t) => t.id === made.token.id)!;
    expect(listed).toMatchObject({ name: 'Discord bot', scopes: ['read', 'act'], event: null, lastUsedAt: null });
    expect(new Date(listed.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(JSON.stringify(list.body)).not.toContain(made.secret);
    // Someone else's list does not hold it.
    expect((await h.api('GET /api/me/tokens', { cookie: stranger.cookie })).body.items).toHaveLength(0);

    const [row] = await h.db.select().from(apiTokens).where(eq(apiTokens.id, made.token.id));
    expect(row.secretHash).toBe(createHash('sha256').update(made.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.secret);

    const me = await withToken('GET', '/api/profile', made.secret);
    expect(me.status).toBe(200);
    expect((me.body as { id: string }).id).toBe(person.profileId);
    const used = (await h.api('GET /api/me/tokens', { cookie: person.cookie })).body.items.find((t) => t.id === made.token.id)!;
    expect(used.lastUsedAt).not.toBeNull();

    // Another person cannot revoke it.
    expect((await h.api('DELETE /api/me/tokens/{id}', { params: { id: made.token.id }, cookie: stranger.cookie })).status).toBe(404);
    expect((await h.api('DELETE /api/me/tokens/{id}', { params: { id: made.token.id }, cookie: person.cookie })).status).toBe(204);
    const after = await withToken('GET', '/api/profile', made.secret);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 'token_invalid' });
  });

  it('refuses bad input, an event the person is not staff of, and more than 20 tokens', async () => {
    const empty = await h.api('POST /api/me/tokens', { cookie: person.cookie, body: { name: ' ', scopes: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toMatchObject({ name: 'Give the token a name', scopes: 'Choose at least one scope' });
    const badExpiry = await h.request('POST', '/api/me/tokens', {
      cookie: person.cookie,
      body: { name: 'x', scopes: ['read'], expiresInDays: 5 },
    });
    expect(badExpiry.status).toBe(400);
    const notStaff = await h.api('POST /api/me/tokens', {
      cookie: person.cookie,
      body: { name: 'Desk', scopes: ['organize'], event: 'token-hack' },
    });
    expect(notStaff.status).toBe(403);
    expect(notStaff.body.code).toBe('token_event_not_staff');
    const noOrganize = await h.api('POST /api/me/tokens', {
      cookie: owner.cookie,
      body: { name: 'Desk', scopes: ['read'], event: 'token-hack' },
    });
    expect(noOrganize.status).toBe(400);
    const unknown = await h.api('POST /api/me/tokens', {
      cookie: owner.cookie,
      body: { name: 'Desk', scopes: ['organize'], event: 'no-such-hack' },
    });
    expect(unknown.status).toBe(404);

    const many = await h.signUp();
    for (let i = 0; i < 20; i++) await makeToken(many, ['read'], { name: `t${i}` });
    const over = await h.api('POST /api/me/tokens', { cookie: many.cookie, body: { name: 'one more', scopes: ['read'] } });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('too_many_tokens');

    // Made at once, they are counted one after the other: two places left, two made.
    const racer = await h.signUp();
    for (let i = 0; i < 18; i++) await makeToken(racer, ['read'], { name: `t${i}` });
    const atOnce = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        h.api('POST /api/me/tokens', { cookie: racer.cookie, body: { name: `race ${i}`, scopes: ['read'] } }),
      ),
    );
    expect(atOnce.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect((await h.api('GET /api/me/tokens', { cookie: racer.cookie })).body.items).toHaveLength(20);
  });
});

describe('what a token opens', () => {
  it('read reads, act writes as me; a missing scope is 403 token_scope', async () => {
    const reader = await makeToken(person, ['read']);
    expect((await withToken('GET', '/api/teams', reader.secret)).status).toBe(200);
    expect((await withToken('GET', '/api/me/inbox', reader.secret)).status).toBe(200);
    const write = await withToken('PUT', `/api/profiles/${person.profileId}/settings`, reader.secret, { lookingForTeam: true });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ code: 'token_scope' });

    const actor = await makeToken(person, ['act']);
    const wrote = await withToken('PUT', `/api/profiles/${person.profileId}/settings`, actor.secret, { lookingForTeam: true });
    expect(wrote.status).toBe(200);
    // Acting as me only: another person's profile is still refused by the route.
    expect((await withToken('PUT', `/api/profiles/${stranger.profileId}/settings`, actor.secret, { lookingForTeam: true })).status).toBe(
      403,
    );
    // act alone does not read.
    expect((await withToken('GET', '/api/me/inbox', actor.secret)).body).toMatchObject({ code: 'token_scope' });
  });

  it('is never accepted on /api/auth/*, the token routes or the live stream, whatever its scopes', async () => {
    const all = await makeToken(person, ['read', 'act', 'organize']);
    for (const [method, path, body] of [
      ['GET', '/api/auth/get-session'],
      ['POST', '/api/auth/sign-out', {}],
      ['POST', '/api/auth/change-password', { currentPassword: 'team-finder-1', newPassword: 'another-pass-1' }],
      ['GET', '/api/auth/sessions'],
      ['GET', '/api/me/tokens'],
      ['POST', '/api/me/tokens', { name: 'Child', scopes: ['read'] }],
      ['DELETE', `/api/me/tokens/${all.token.id}`],
      ['GET', '/api/me/events'],
      ['GET', '/api/moderation'],
    ] as const) {
      const res = await withToken(method, path, all.secret, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body, `${method} ${path}`).toMatchObject({ code: 'token_not_accepted' });
    }
    // The token still works where it is accepted.
    expect((await withToken('GET', '/api/profile', all.secret)).status).toBe(200);
  });

  it('an unknown or malformed token is 401 token_invalid, never the cookie beside it', async () => {
    for (const header of ['Bearer ht_nope', 'Bearer nope', 'Bearer ']) {
      const res = await h.request('GET', '/api/profile', { headers: { authorization: header }, cookie: person.cookie });
      expect(res.status, header).toBe(401);
      expect(res.body).toMatchObject({ code: 'token_invalid' });
    }
  });

  it('organize opens the staff routes of events the person is staff of, checked at each request', async () => {
    const desk = await makeToken(owner, ['organize']);
    expect((await withToken('GET', '/api/events/token-hack/organize', desk.secret)).status).toBe(200);
    expect((await withToken('GET', '/api/events/token-hack/webhooks', desk.secret)).status).toBe(200);
    const reader = await makeToken(owner, ['read', 'act']);
    expect((await withToken('GET', '/api/events/token-hack/webhooks', reader.secret)).body).toMatchObject({ code: 'token_scope' });
    // Not a staff route: organize alone does not read the team list.
    expect((await withToken('GET', '/api/teams', desk.secret)).body).toMatchObject({ code: 'token_scope' });
    // A person's organize token on an event they are not staff of: the route's own 403.
    const notStaff = await makeToken(person, ['organize']);
    const refused = await withToken('GET', '/api/events/token-hack/organize', notStaff.secret);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'not_event_staff' });
    // Made staff, the same token works; removed, it stops (the role is read at each request).
    await h.api('PUT /api/events/{slug}/registration', { params: { slug: 'token-hack' }, cookie: person.cookie, body: {} });
    const added = await h.api('POST /api/events/{slug}/staff', {
      params: { slug: 'token-hack' },
      cookie: owner.cookie,
      body: { email: person.email, role: 'organizer' },
    });
    expect(added.status).toBe(201);
    expect((await withToken('GET', '/api/events/token-hack/organize', notStaff.secret)).status).toBe(200);
    await h.api('DELETE /api/events/{slug}/staff/{profileId}', {
      params: { slug: 'token-hack', profileId: person.profileId },
      cookie: owner.cookie,
    });
    expect((await withToken('GET', '/api/events/token-hack/organize', notStaff.secret)).status).toBe(403);
  });

  it('an organize token limited to one event opens no other', async () => {
    const one = await makeToken(owner, ['organize'], { event: 'token-hack' });
    const listed = (await h.api('GET /api/me/tokens', { cookie: owner.cookie })).body;
    expect(listed.items.find((t) => t.id === one.token.id)!.event).toEqual({ slug: 'token-hack', name: 'token-hack' });
    expect(listed.staffEvents.map((e) => e.slug).sort()).toEqual(['other-hack', 'token-hack']);
    expect((await withToken('GET', '/api/events/token-hack/organize', one.secret)).status).toBe(200);
    const other = await withToken('GET', '/api/events/other-hack/organize', one.secret);
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ code: 'token_scope' });
  });

  it('an expired token and a platform-banned person are refused', async () => {
    const soon = await makeToken(person, ['read'], { expiresInDays: 7 });
    await h.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, soon.token.id));
    expect((await withToken('GET', '/api/teams', soon.secret)).body).toMatchObject({ code: 'token_invalid' });

    const banned = await h.signUp();
    const theirs = await makeToken(banned, ['read']);
    expect((await withToken('GET', '/api/teams', theirs.secret)).status).toBe(200);
    await h.db.insert(bans).values({ profileId: banned.profileId, eventId: null, reason: 'Spam', byProfileId: owner.profileId });
    const res = await withToken('GET', '/api/teams', theirs.secret);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'token_invalid' });
  });

  it('a write with a token needs no Origin, and any Origin is fine', async () => {
    const actor = await makeToken(person, ['act']);
    const res = await h.request('PUT', `/api/profiles/${person.profileId}/settings`, {
      headers: { ...bearer(actor.secret), origin: 'https://bot.example.net', 'sec-fetch-site': 'cross-site' },
      body: { lookingForTeam: false },
    });
    expect(res.status).toBe(200);
  });
});

describe('rate limits', () => {
  it('every answer to a token carries RateLimit headers; past the limit, 429 with Retry-After', async () => {
    const t = await makeToken(person, ['read']);
    const first = await withToken('GET', '/api/teams', t.secret);
    expect(first.headers.get('ratelimit-limit')).toBe(String(LIMIT));
    expect(first.headers.get('ratelimit-remaining')).toBe(String(LIMIT - 1));
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(3500);
    // An error answer carries them too.
    const refused = await withToken('POST', '/api/teams', t.secret, { name: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('ratelimit-remaining')).toBe(String(LIMIT - 2));
    // Spend the hour (the counter is the shared one of attempt_counters).
    await h.db.execute(sql`update attempt_counters set hits = ${LIMIT} where key = ${`token:${t.token.id}`}`);
    const over = await withToken('GET', '/api/teams', t.secret);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'too_many_requests' });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.headers.get('ratelimit-remaining')).toBe('0');
    // Another token of the same person has its own hour.
    const fresh = await makeToken(person, ['read']);
    expect((await withToken('GET', '/api/teams', fresh.secret)).status).toBe(200);
  });

  it('the document declares the token scheme, each scope, and the RateLimit headers', () => {
    const doc = h.document as any;
    expect(doc.components.securitySchemes.token).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/teams'].get.security).toEqual([{ token: [] }, {}]);
    expect(doc.paths['/api/teams'].get['x-token-scope']).toBe('read');
    expect(doc.paths['/api/teams'].post.security).toEqual([{ session: [] }, { token: [] }]);
    expect(doc.paths['/api/teams'].post['x-token-scope']).toBe('act');
    expect(doc.paths['/api/events/{slug}/organize'].get['x-token-scope']).toBe('organize');
    expect(doc.paths['/api/events/{slug}/webhooks'].post['x-token-scope']).toBe('organize');
    expect(JSON.stringify(doc.paths['/api/auth/sign-in/email'].post.security)).not.toContain('token');
    expect(JSON.stringify(doc.paths['/api/me/tokens'].get.security)).not.toContain('token');
    expect(doc.paths['/api/teams'].get.responses['200'].headers['RateLimit-Remaining']).toBeDefined();
    expect(doc.paths['/api/teams'].get.responses['429']).toBeDefined();
  });
});
