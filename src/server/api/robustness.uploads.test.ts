/**
 * Hostile avatar uploads: no file, the wrong field, empty, not an image, not multipart, too
 * large: a 4xx with a JSON `{ error }`, and the avatar unchanged.
 */
import { describe, expect, it } from 'vitest';
import { alice, expectClientError, h, HUGE, rawBody, snapshot, useRobustnessWorld } from '../testing/worlds/robustness';

useRobustnessWorld();

describe('avatar upload', () => {
  const path = () => `/api/profiles/${alice.profileId}/avatar`;
  const form = (entries: [string, string | Blob, string?][]) => {
    const f = new FormData();
    for (const [key, value, filename] of entries) {
      if (typeof value === 'string') f.append(key, value);
      else f.append(key, value, filename);
    }
    return f;
  };

  it.each([
    ['no file at all', () => form([['other', 'value']]), 400],
    [
      'the file under another field name',
      () => form([['avatar', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'a.png']]),
      400,
    ],
    ['an empty file', () => form([['file', new Blob([], { type: 'image/png' }), 'a.png']]), 400],
    ['a text field named file', () => form([['file', 'not a file']]), 400],
    ['a file that is not an image', () => form([['file', new Blob(['hello world'], { type: 'image/png' }), 'a.png']]), 415],
    [
      'a file with NUL bytes and a hostile name',
      () => form([['file', new Blob([new Uint8Array(64)], { type: 'image/png' }), `..\u0000/${HUGE.slice(0, 300)}.png`]]),
      415,
    ],
    [
      'two files, neither an image',
      () =>
        form([
          ['file', new Blob(['a']), 'a.png'],
          ['file', new Blob(['b']), 'b.png'],
        ]),
      415,
    ],
  ] as const)('%s -> 4xx, avatar unchanged', async (_, makeForm, status) => {
    const before = await snapshot();
    const res = await h.request('POST', path(), { cookie: alice.cookie, form: makeForm() });
    expectClientError(res, status);
    expect(await snapshot()).toBe(before);
  });

  it('a body that is not multipart -> 400, avatar unchanged', async () => {
    const before = await snapshot();
    expectClientError(await h.request('POST', path(), { cookie: alice.cookie, body: { file: 'x' } }), 400);
    expectClientError(await h.request('POST', path(), { cookie: alice.cookie }), 400);
    expectClientError(
      await h.request('POST', path(), {
        cookie: alice.cookie,
        headers: { 'content-type': 'multipart/form-data; boundary=nope' },
        ...rawBody('--nope\r\ngarbage'),
      }),
      400,
    );
    expectClientError(
      await h.request('POST', path(), { cookie: alice.cookie, headers: { 'content-type': 'multipart/form-data' }, ...rawBody('garbage') }),
      400,
    );
    expect(await snapshot()).toBe(before);
  });

  it('over 5 MB -> 413, avatar unchanged', async () => {
    const before = await snapshot();
    const res = await h.request('POST', path(), {
      cookie: alice.cookie,
      form: form([['file', new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' }), 'big.png']]),
    });
    expectClientError(res, 413);
    expect(await snapshot()).toBe(before);
  });
});
