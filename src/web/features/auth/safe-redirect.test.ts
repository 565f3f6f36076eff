/** The redirectTo of /login and /signup: a path on this site, else /profile. */
import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each([
    '/profile',
    '/create-team',
    '/teams/6f1c2b7e-0000-4000-8000-000000000000',
    '/profiles?search=ai%20team&page=2',
    '/teams?search=rust+go#list',
    '/profiles/%C3%A9',
  ])('keeps the path %j', (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    ['a tab after the slash', '/\tevil'],
    ['a tab between two slashes (what /login?redirectTo=%2F%09%2Fevil.example gives)', '/\t/evil.example'],
    ['an encoded tab', '/%09/evil'],
    ['an encoded newline', '/%0a/evil'],
    ['a newline', '/\n/evil'],
    ['a carriage return', '/x\r'],
    ['DEL', '/x\u007f'],
    ['a C1 control', '/x\u0085'],
    ['an encoded NUL in the query', '/x?a=%00'],
    ['two slashes', '//evil'],
    ['slash, backslash', '/\\evil'],
    ['an encoded second slash', '/%2Fevil'],
    ['an encoded backslash', '/%5Cevil'],
    ['an absolute URL', 'https://evil'],
    ['a scheme-relative URL', '//evil.example/x'],
    ['javascript:', 'javascript:alert(1)'],
    ['a leading space', ' /x'],
    ['a space in the path', '/x y'],
    ['an encoded space in the path', '/x%20y'],
    ['a no-break space', '/x\u00a0'],
    ['a relative path', 'profile'],
    ['a malformed escape', '/x%E0%A4%A'],
    ['empty', ''],
  ])('falls back to /profile for %s', (_, value) => {
    expect(safeRedirect(value)).toBe('/profile');
  });

  it('falls back when there is none, to the given fallback if any', () => {
    expect(safeRedirect(null)).toBe('/profile');
    expect(safeRedirect('//evil', '/')).toBe('/');
  });
});
