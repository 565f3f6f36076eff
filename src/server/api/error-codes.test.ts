/**
 * Every error answer carries a stable `code` beside its message, one of the list the document
 * gives (schema ErrorCode): the contract check of every API test fails an error without one, and
 * this file checks the list itself and the errors no route's own code makes. List queries outside
 * their declared limits answer 400 with the field's message, never the unfiltered list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, errorCodeOf, GENERAL_ERRORS, REFUSALS, STATUS_CODES } from '../../shared/api/refusals';
import { createHarness, type Harness, type TestUser } from '../testing/harness';

let h: Harness;
let ada: TestUser;
beforeAll(async () => {
  h = await createHarness();
  ada = await h.signUp();
});
afterAll(() => h.close());

describe('error codes', () => {
  it('the document lists every code, and an error answer must carry one', () => {
    const schemas = (h.document as { components: { schemas: Record<string, { required?: string[]; enum?: string[] }> } }).components
      .schemas;
    expect(schemas.Error.required).toContain('code');
    expect(new Set(schemas.ErrorCode.enum)).toEqual(new Set([...Object.keys(REFUSALS), ...Object.keys(GENERAL_ERRORS)]));
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    // The check every API test runs refuses an error answer without a code.
    expect(() =>
      h.contract.check({
        method: 'GET',
        url: '/api/teams/00000000-0000-4000-8000-000000000000',
        status: 404,
        contentType: 'application/json',
        body: { error: 'Team not found' },
      }),
    ).toThrow(/code/);
  });

  it('an error without a code of its own gets its status code', () => {
    for (const [status, code] of Object.entries(STATUS_CODES)) expect(errorCodeOf(Number(status))).toBe(code);
    expect(errorCodeOf(409, 'team_full')).toBe('team_full');
    expect(errorCodeOf(401, 'SOMETHING_BETTER_AUTH_SAYS')).toBe('sign_in_required');
  });

  it.each([
    ['GET', '/api/nope', undefined, 404, 'not_found'],
    ['GET', '/api/teams/not-a-uuid', undefined, 404, 'not_found'],
    ['GET', '/api/profile', undefined, 401, 'sign_in_required'],
    ['POST', '/api/teams', { name: '' }, 401, 'sign_in_required'],
  ] as const)('%s %s -> %i %s', async (method, path, body, status, code) => {
    const res = await h.request(method, path, body ? { body } : {});
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
  });

  it('invalid input, a wrong media type, another site and a rule each have theirs', async () => {
    const invalid = await h.request('POST', '/api/teams', { cookie: ada.cookie, body: { name: '' } });
    expect([invalid.status, invalid.body.code]).toEqual([400, 'invalid_input']);
    const media = await h.request('POST', '/api/teams', {
      cookie: ada.cookie,
      headers: { 'content-type': 'text/plain' },
      // A body string with the content type set here (the harness would send JSON).
      form: new Blob(['name=x']) as unknown as FormData,
    });
    expect([media.status, media.body.code]).toEqual([415, 'unsupported_media_type']);
    const crossSite = await h.request('POST', '/api/teams', { cookie: ada.cookie, body: {}, headers: { origin: 'https://evil.example' } });
    expect([crossSite.status, crossSite.body.code]).toEqual([403, 'cross_site']);
    const wrong = await h.api('POST /api/auth/sign-in/email', { body: { email: ada.email, password: 'not-the-password' } });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'INVALID_EMAIL_OR_PASSWORD']);
    const missing = await h.api('GET /api/teams/{id}', { params: { id: '00000000-0000-4000-8000-000000000000' } });
    expect([missing.status, missing.body.code]).toEqual([404, 'not_found']);
  });
});

describe('list queries outside their limits', () => {
  it.each([
    ['/api/teams?q=' + 'x'.repeat(101), 'q', 'Search must not exceed 100 characters'],
    ['/api/profiles?q=' + 'x'.repeat(101), 'q', 'Search must not exceed 100 characters'],
    ['/api/teams?event=' + 'x'.repeat(101), 'event', "Event must be an event's address of at most 100 characters"],
    ['/api/profiles?looking=true&event=' + 'x'.repeat(101), 'event', "Event must be an event's address of at most 100 characters"],
    ['/api/teams?event=spring-hack&event=autumn-hack', 'event', "Event must be one event's address"],
    ['/api/teams?page=0', 'page', 'Page must be a whole number from 1 to 10,000'],
    ['/api/teams?page=10001', 'page', 'Page must be a whole number from 1 to 10,000'],
    ['/api/profiles?page=abc', 'page', 'Page must be a whole number from 1 to 10,000'],
    ['/api/events?page=-1', 'page', 'Page must be a whole number from 1 to 10,000'],
    ['/api/teams?pageSize=0', 'pageSize', 'Page size must be a whole number, at least 1'],
  ])('GET %s -> 400 with the field message', async (url, field, message) => {
    const res = await h.request('GET', url);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, code: 'invalid_query', fields: { [field]: message } });
  });

  it('a search of exactly 100 characters, an unknown or empty event, page 10,000 and a page size past the maximum are served', async () => {
    expect((await h.request('GET', '/api/teams?q=' + 'x'.repeat(100))).status).toBe(200);
    // An address no event has, up to the longest one can be, lists nothing; an empty one, every event.
    const made = await h.api('POST /api/teams', {
      cookie: ada.cookie,
      body: { name: 'Listed Team', description: 'A team so that the lists have one.', openPositions: ['Designer'] },
    });
    expect(made.status).toBe(201);
    const unknown = await h.request('GET', '/api/teams?event=' + 'x'.repeat(100));
    expect([unknown.status, unknown.body.total]).toEqual([200, 0]);
    const empty = await h.request('GET', '/api/teams?event=');
    expect(empty.status).toBe(200);
    expect((empty.body as { items: { id: string }[] }).items.map((t) => t.id)).toContain(made.body.id);
    expect((await h.request('GET', '/api/teams?page=10000')).status).toBe(200);
    const big = await h.request('GET', '/api/teams?pageSize=500');
    expect([big.status, big.body.pageSize]).toEqual([200, 100]);
  });
});
