/** Detail answers carry an ETag; If-None-Match with it answers 304 until the thing changes. */
import { afterAll, beforeAll, expect, it } from 'vitest';
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
