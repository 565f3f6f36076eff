/**
 * The hostile-input tests' world (api/robustness*.test.ts): a fresh harness with a route that
 * throws, Alice (who leads a team with a pending join request from Bob and a pending invitation),
 * Bob, the hostile values the tables use, and the checks every hostile answer must pass. A test
 * file calls `useRobustnessWorld()` once at its top.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { createHarness, type ErrorFields, type Harness, type TestResponse, type TestUser } from '../harness';

export let h: Harness;
export let alice: TestUser; // owns her profile, leads `teamId`
export let bob: TestUser; // another user, no team

/** The world every table row runs against; ids are filled in by beforeAll. */
export const w = { teamId: '', requestId: '', invitationId: '' };

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
export const NUL = 'bad\u0000text with a NUL byte';
export const HUGE = 'x'.repeat(100 * 1024);

const BOOM = 'secret internals: password=hunter2 at /srv/app.js:42';

/** Starts the harness with Alice, Bob and the team world before the file's tests, and closes it after. */
export function useRobustnessWorld() {
  beforeAll(async () => {
    h = await createHarness({
      // An unexpected error deep inside a handler, to check what the error handler lets out.
      setup: (app) =>
        app.get('/boom', () => {
          throw new Error(BOOM);
        }),
    });
    alice = await h.signUp();
    bob = await h.signUp();
    const team = await h.api('POST /api/teams', {
      cookie: alice.cookie,
      body: { name: 'Robust Team', description: 'A team that survives hostile input', openPositions: ['Designer', 'Tester'] },
    });
    expect(team.status).toBe(201);
    w.teamId = team.body.id;
    const join = await h.api('POST /api/teams/{id}/join-requests', {
      params: { id: w.teamId },
      cookie: bob.cookie,
      body: { position: 'Designer', message: 'I would love to join you' },
    });
    expect(join.status).toBe(201);
    w.requestId = join.body.id;
    const carol = await h.signUp();
    const invite = await h.api('POST /api/invitations', {
      cookie: alice.cookie,
      body: { teamId: w.teamId, profileId: carol.profileId, role: 'Tester', message: 'Come and test with us' },
    });
    expect(invite.status).toBe(201);
    w.invitationId = invite.body.id;
  });
  afterAll(() => h?.close());
}

export function expectClientError(res: TestResponse<ErrorFields | null>, status?: number) {
  const detail = `${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`;
  expect(res.status, detail).toBeGreaterThanOrEqual(400);
  expect(res.status, detail).toBeLessThan(500);
  if (status) expect(res.status, detail).toBe(status);
  expect(res.headers.get('content-type'), detail).toMatch(/application\/json/);
  expect(typeof res.body?.error, detail).toBe('string');
  expect(res.body!.error!.length, detail).toBeGreaterThan(0);
}

/** Lists are lenient by design (nonsense falls back to a default), but never a 5xx. */
export function expectOkOrClientError(res: TestResponse<ErrorFields | null>) {
  const detail = `${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`;
  expect(res.status, detail).toBeLessThan(500);
  expect(res.headers.get('content-type'), detail).toMatch(/application\/json/);
  if (res.status >= 400) expect(typeof res.body?.error, detail).toBe('string');
}

/** What a rejected write must leave untouched: Alice's own profile and her team, as the API shows them. */
export async function snapshot() {
  const [profile, team, requests, notifications] = await Promise.all([
    h.api('GET /api/profile', { cookie: alice.cookie }),
    h.api('GET /api/teams/{id}', { params: { id: w.teamId }, cookie: alice.cookie }),
    h.api('GET /api/teams/{id}/join-requests', { params: { id: w.teamId }, cookie: alice.cookie }),
    h.api('GET /api/me/notifications', { cookie: bob.cookie }),
  ]);
  const teams = await h.api('GET /api/teams', { query: { pageSize: 100 } });
  return JSON.stringify([profile.body, team.body, requests.body, notifications.body, teams.body.total]);
}

/** Who a route needs: nobody, a signed-in user, the profile's owner, or the team's leader. */
export type Auth = 'public' | 'user' | 'owner' | 'leader';

export const SESSION = 'better-auth.session_token';

/** A body string sent with whatever content-type the caller set (the harness would force JSON). */
export function rawBody(text: string) {
  return { form: new Blob([text]) as unknown as FormData };
}
