/**
 * Hostile JSON bodies against every route that takes one: the answer is a 4xx with a JSON
 * `{ error }` (never a 5xx), and a rejected write leaves the data as it was; and the text users
 * type (emoji, right-to-left scripts, accents) is accepted wherever text is.
 */
import { describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from './http';
import { offContract } from '../testing/harness';
import {
  alice,
  bob,
  expectClientError,
  h,
  HUGE,
  NUL,
  rawBody,
  snapshot,
  UNKNOWN_ID,
  useRobustnessWorld,
  w,
  type Auth,
} from '../testing/worlds/robustness';

useRobustnessWorld();

/** JSON text of an array nested 50,000 deep: code that recurses without bound falls over. */
const DEEP = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
/** Free text users may well type: must be accepted wherever text is allowed. */
const INTERNATIONAL = 'Zoë 🚀👩🏽‍💻 مرحبا بالعالم שלום';

// ---------- the routes that take a JSON body ----------

type FieldKind = 'text' | 'name' | 'email' | 'password' | 'url' | 'enum' | 'boolean' | 'uuid' | 'text[]' | 'skills';

interface JsonRoute {
  method: string;
  /** The path as a template, for test names: ids are only known once beforeAll ran. */
  label: string;
  path: () => string;
  auth: Auth;
  body: () => Record<string, unknown>;
  fields: Record<string, FieldKind>;
}

const signUpBody = () => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: `ada-${Math.random().toString(36).slice(2)}@example.com`,
  password: 'engine-1843',
});

const jsonRoutes: JsonRoute[] = [
  {
    method: 'POST',
    label: '/api/auth/sign-up/email',
    path: () => '/api/auth/sign-up/email',
    auth: 'public',
    body: signUpBody,
    fields: { firstName: 'name', lastName: 'name', email: 'email', password: 'password' },
  },
  {
    method: 'POST',
    label: '/api/auth/sign-in/email',
    path: () => '/api/auth/sign-in/email',
    auth: 'public',
    body: () => ({ email: alice.email, password: 'team-finder-1' }),
    fields: { email: 'email', password: 'password' },
  },
  {
    method: 'PUT',
    label: '/api/profiles/:profileId/basic',
    path: () => `/api/profiles/${alice.profileId}/basic`,
    auth: 'owner',
    body: () => ({ firstName: 'Alice', lastName: 'Doe', preferredName: 'Al', availability: 'Weekends', bio: 'Hi' }),
    fields: { firstName: 'name', lastName: 'name', preferredName: 'name', availability: 'enum', bio: 'text' },
  },
  {
    method: 'PUT',
    label: '/api/profiles/:profileId/contact',
    path: () => `/api/profiles/${alice.profileId}/contact`,
    auth: 'owner',
    body: () => ({
      discordUsername: 'alice',
      twitterUsername: 'alice',
      timezone: 'UTC+1',
      githubUrl: 'https://github.com/a',
      linkedinUrl: '',
      portfolioUrl: null,
    }),
    fields: {
      discordUsername: 'name',
      twitterUsername: 'name',
      timezone: 'enum',
      githubUrl: 'url',
      linkedinUrl: 'url',
      portfolioUrl: 'url',
    },
  },
  {
    method: 'PUT',
    label: '/api/profiles/:profileId/settings',
    path: () => `/api/profiles/${alice.profileId}/settings`,
    auth: 'owner',
    body: () => ({ lookingForTeam: false }),
    fields: { lookingForTeam: 'boolean' },
  },
  {
    method: 'POST',
    label: '/api/profiles/:profileId/skills',
    path: () => `/api/profiles/${alice.profileId}/skills`,
    auth: 'owner',
    body: () => ({ skills: [{ name: 'Rust', level: 'Advanced' }] }),
    fields: { skills: 'skills' },
  },
  {
    method: 'POST',
    label: '/api/profiles/:profileId/experiences',
    path: () => `/api/profiles/${alice.profileId}/experiences`,
    auth: 'owner',
    body: () => ({ experience: 'Won a hackathon' }),
    fields: { experience: 'text' },
  },
  {
    method: 'POST',
    label: '/api/teams',
    path: () => '/api/teams',
    auth: 'user',
    body: () => ({
      name: 'Another Team',
      description: 'Twenty characters at least',
      logoUrl: 'https://example.com/l.png',
      openPositions: ['Dev'],
      isOpen: true,
    }),
    fields: { name: 'name', description: 'text', logoUrl: 'url', openPositions: 'text[]', isOpen: 'boolean' },
  },
  {
    method: 'PATCH',
    label: '/api/teams/:teamId',
    path: () => `/api/teams/${w.teamId}`,
    auth: 'leader',
    body: () => ({ name: 'Renamed Team', description: 'Still a robust team', isOpen: true }),
    fields: { name: 'name', description: 'text', isOpen: 'boolean' },
  },
  {
    method: 'PUT',
    label: '/api/teams/:teamId/positions',
    path: () => `/api/teams/${w.teamId}/positions`,
    auth: 'leader',
    body: () => ({ openPositions: ['Designer', 'QA'] }),
    fields: { openPositions: 'text[]' },
  },
  {
    method: 'POST',
    label: '/api/teams/:teamId/join-requests',
    path: () => `/api/teams/${w.teamId}/join-requests`,
    auth: 'user',
    body: () => ({ position: 'Tester', message: 'Let me in, please' }),
    fields: { position: 'name', message: 'text' },
  },
  {
    method: 'POST',
    label: '/api/invitations',
    path: () => '/api/invitations',
    auth: 'leader',
    body: () => ({ teamId: w.teamId, profileId: bob.profileId, role: 'Tester', message: 'Join us, we need you' }),
    fields: { teamId: 'uuid', profileId: 'uuid', role: 'name', message: 'text' },
  },
];

/** A valid, session-bearing caller for a route whose body is checked: Alice, except where Bob must ask. */
function callerFor(route: JsonRoute): string | undefined {
  if (route.auth === 'public') return undefined;
  if (route.path().endsWith('/join-requests')) return bob.cookie;
  return alice.cookie;
}

/** Values of the wrong type or shape for each kind of field. */
const wrongValues: Record<FieldKind, unknown[]> = {
  text: [42, true, {}, ['a'], HUGE, NUL],
  name: [42, false, { a: 1 }, [], HUGE, NUL],
  email: [42, {}, HUGE, `${HUGE}@example.com`, `a\u0000b@example.com`, 'not an email'],
  password: [123456, {}, ['team-finder-1'], HUGE, `team-finder\u00001`, ' '.repeat(6), 'qwerty123', 'aaaaaa'],
  url: [42, {}, HUGE, 'javascript:alert(1)', `https://example.com/${NUL}`, 'ftp://example.com'],
  enum: [42, 'Nope', {}, NUL, HUGE],
  boolean: ['true', 1, 'yes', {}, []],
  uuid: [42, 'not-a-uuid', `${UNKNOWN_ID}\u0000`, HUGE, {}],
  'text[]': [{}, 'Designer', [42], [{}], [HUGE], [NUL], Array.from({ length: 1000 }, (_, i) => `P${i}`)],
  skills: [
    {},
    'Rust',
    [42],
    [{ name: 42, level: 'Advanced' }],
    [{ name: NUL, level: 'Advanced' }],
    [{ name: HUGE, level: 'Advanced' }],
    [{ name: 'Go', level: 'Wizard' }],
    [{ name: 'Go', level: NUL }],
    [],
  ],
};

const describeValue = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return `${typeof v} ${JSON.stringify(s.length > 40 ? `${s.slice(0, 20)}…(${s.length})` : s)}`;
};

const fieldCases = jsonRoutes.flatMap((route) =>
  Object.entries(route.fields).flatMap(([field, kind]) =>
    wrongValues[kind].map((value) => ({ name: `${route.method} ${route.label} ${field} = ${describeValue(value)}`, route, field, value })),
  ),
);

describe('JSON bodies', () => {
  const malformed = ['{', '{"a":', 'nul', '', "{'single': 'quotes'}", '{"a":1}}'];
  const notObjects = ['[]', '[{"name":"x"}]', '"a string"', 'null', '42', 'true'];

  it.each(jsonRoutes.map((r) => [`${r.method} ${r.label}`, r] as const))(
    '%s: malformed JSON, non-object JSON -> 400, nothing written',
    async (_, route) => {
      const before = await snapshot();
      for (const raw of [...malformed, ...notObjects]) {
        const res = await h.request(route.method, route.path(), { cookie: callerFor(route), body: raw });
        expectClientError(res, 400);
      }
      expect(await snapshot()).toBe(before);
    },
  );

  it.each(jsonRoutes.map((r) => [`${r.method} ${r.label}`, r] as const))(
    '%s: a body that is not sent as JSON -> 415, nothing written',
    async (_, route) => {
      const before = await snapshot();
      const json = JSON.stringify(route.body());
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const res = await h.request(route.method, route.path(), {
          cookie: callerFor(route),
          headers: { 'content-type': contentType },
          body: undefined,
          ...rawBody(json),
        });
        expectClientError(res, 415);
      }
      const none = await h.request(route.method, route.path(), { cookie: callerFor(route) });
      expectClientError(none);
      expect(await snapshot()).toBe(before);
    },
  );

  it.each(jsonRoutes.map((r) => [`${r.method} ${r.label}`, r] as const))(
    '%s: a body over 1 MB -> 413, nothing written',
    async (_, route) => {
      const before = await snapshot();
      const res = await h.request(route.method, route.path(), {
        cookie: callerFor(route),
        body: { ...route.body(), padding: 'x'.repeat(1_100_000) },
      });
      expectClientError(res, 413);
      expect(await snapshot()).toBe(before);
    },
  );

  it.each(jsonRoutes.map((r) => [`${r.method} ${r.label}`, r] as const))(
    '%s: every field nested 50,000 arrays deep -> 400, nothing written',
    async (_, route) => {
      const before = await snapshot();
      const body = `{${Object.keys(route.fields)
        .map((field) => `${JSON.stringify(field)}: ${DEEP}`)
        .join(', ')}}`;
      expectClientError(await h.request(route.method, route.path(), { cookie: callerFor(route), body }), 400);
      expect(await snapshot()).toBe(before);
    },
  );

  it.each(fieldCases.map((c) => [c.name, c] as const))('%s -> 4xx, nothing written', async (_, { route, field, value }) => {
    const before = await snapshot();
    const res = await h.request(route.method, route.path(), { cookie: callerFor(route), body: { ...route.body(), [field]: value } });
    expectClientError(res);
    expect(await snapshot()).toBe(before);
  });

  it('NUL in text is named in the field messages', async () => {
    const res = await h.api('POST /api/teams', {
      cookie: alice.cookie,
      body: { name: 'Nul Team', description: 'Twenty characters at least', openPositions: ['Dev', NUL] },
    });
    expectClientError(res, 400);
    expect(res.body).toEqual({ error: NUL_MESSAGE, code: 'invalid_input', fields: { 'openPositions.1': NUL_MESSAGE } });
    const search = await h.api('GET /api/profiles', { query: { q: '\u0000' } });
    expect(search).toMatchObject({ status: 400, body: { fields: { q: NUL_MESSAGE } } });
  });

  it('unknown keys, __proto__ and constructor keys are ignored, not merged', async () => {
    const res = await h.api('PUT /api/profiles/{id}/settings', {
      params: { id: alice.profileId },
      cookie: alice.cookie,
      body: offContract(
        '{"lookingForTeam": true, "__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}, "userId": "someone"}',
      ),
    });
    expect(res.status).toBe(200);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});

describe('text users type is accepted: emoji, RTL, accents', () => {
  it('sign-up and profile texts', async () => {
    const res = await h.api('POST /api/auth/sign-up/email', { body: { ...signUpBody(), firstName: 'Zoë 🚀', lastName: 'مرحبا שלום' } });
    expect(res.status).toBe(200);
    const basic = await h.api('PUT /api/profiles/{id}/basic', {
      params: { id: alice.profileId },
      cookie: alice.cookie,
      body: { firstName: 'Zoë 🚀', lastName: 'مرحبا', preferredName: '👩🏽‍💻', availability: 'Flexible', bio: INTERNATIONAL },
    });
    expect(basic.status, JSON.stringify(basic.body)).toBe(200);
    expect(basic.body).toMatchObject({ firstName: 'Zoë 🚀', lastName: 'مرحبا', preferredName: '👩🏽‍💻', bio: INTERNATIONAL });
    const contact = await h.api('PUT /api/profiles/{id}/contact', {
      params: { id: alice.profileId },
      cookie: alice.cookie,
      body: { discordUsername: 'زوي🚀' },
    });
    expect(contact.status).toBe(200);
    expect(contact.body.contact.discordUsername).toBe('زوي🚀');
    const skills = await h.api('POST /api/profiles/{id}/skills', {
      params: { id: alice.profileId },
      cookie: alice.cookie,
      body: { skills: [{ name: 'תכנות 🐍', level: 'Beginner' }] },
    });
    expect(skills.status).toBe(200);
    expect(skills.body.skills).toContainEqual({ name: 'תכנות 🐍', level: 'Beginner' });
    const experience = await h.api('POST /api/profiles/{id}/experiences', {
      params: { id: alice.profileId },
      cookie: alice.cookie,
      body: { experience: INTERNATIONAL },
    });
    expect(experience.status).toBe(200);
    expect(experience.body.experiences).toContain(INTERNATIONAL);
    const search = await h.api('GET /api/profiles', { query: { q: 'مرحبا', skills: 'תכנות 🐍' } });
    expect(search.status).toBe(200);
    expect(search.body.items.map((p: { id: string }) => p.id)).toContain(alice.profileId);
  });

  it('team texts, join request and invitation messages', async () => {
    const created = await h.api('POST /api/teams', {
      cookie: bob.cookie,
      body: { name: '🚀 فريق', description: INTERNATIONAL, openPositions: ['מעצב 🎨'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const team = await h.api('GET /api/teams/{id}', { params: { id: created.body.id } });
    expect(team.body).toMatchObject({ name: '🚀 فريق', description: INTERNATIONAL, openPositions: ['מעצב 🎨'] });
    const join = await h.api('POST /api/teams/{id}/join-requests', {
      params: { id: created.body.id },
      cookie: alice.cookie,
      body: { position: 'מעצב 🎨', message: INTERNATIONAL },
    });
    expect(join.status, JSON.stringify(join.body)).toBe(201);
    const dave = await h.signUp();
    const invite = await h.api('POST /api/invitations', {
      cookie: bob.cookie,
      body: { teamId: created.body.id, profileId: dave.profileId, role: 'מעצב 🎨', message: INTERNATIONAL },
    });
    expect(invite.status, JSON.stringify(invite.body)).toBe(201);
    const patched = await h.api('PATCH /api/teams/{id}', {
      params: { id: created.body.id },
      cookie: bob.cookie,
      body: { name: 'Équipe 🚀', description: INTERNATIONAL, isOpen: true },
    });
    expect(patched.status).toBe(200);
  });
});
