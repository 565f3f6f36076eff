/**
 * The web build as the server hands it out: compressed copies to browsers that accept them,
 * long caching for hashed assets, and index.html for every client route.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './testing/harness';

const script = `console.log(${JSON.stringify('hello '.repeat(500))});\n`;
let root: string;
let h: Harness;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'hackteams-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'app-abc123.js'), script);
  writeFileSync(join(root, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(root, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  h = await createHarness({ webRoot: root });
});
afterAll(async () => {
  await h.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string, acceptEncoding?: string) =>
  h.app.request(`http://localhost${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('the web build', () => {
  it('sends the brotli copy of an asset to a browser that accepts br, cached for a year', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(await bytes(res)).toString()).toBe(script);
  });

  it('sends gzip to a browser without brotli, and the plain file to one that accepts neither', async () => {
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gz)).toString()).toBe(script);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await bytes(plain)).toString()).toBe(script);
  });

  it('marks plain asset responses as varying by encoding too, so a shared cache keeps both', async () => {
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
  });

  it('answers a missing asset with 404, never with the app page cached for a year', async () => {
    const res = await get('/assets/app-old999.js', 'br');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control') ?? '').not.toMatch(/immutable/);
    expect(await res.text()).not.toContain('<div id="root">');
  });

  it('answers / and every client route with index.html, never cached, and an unknown API path with JSON', async () => {
    for (const path of ['/', '/index.html', '/profiles?q=python']) {
      const page = await get(path);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toContain('<div id="root">');
    }

    const api = await get('/api/no-such-thing');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/application\/json/);
  });
});

/** A crawler's reading of robots.txt (RFC 9309): the longest matching rule wins, Allow on a tie; '*' and a final '$'. */
function allowed(robots: string, path: string): boolean {
  const rules = robots.split('\n').flatMap((line) => {
    const m = /^(Allow|Disallow):\s*(\S+)/.exec(line);
    return m ? [{ allow: m[1] === 'Allow', pattern: m[2] }] : [];
  });
  const matches = (pattern: string) => {
    const anchored = pattern.endsWith('$');
    const body = (anchored ? pattern.slice(0, -1) : pattern)
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    return new RegExp(`^${body}${anchored ? '$' : ''}`).test(path);
  };
  const best = rules
    .filter((r) => matches(r.pattern))
    .sort((a, b) => b.pattern.length - a.pattern.length || Number(b.allow) - Number(a.allow))[0];
  return best?.allow ?? true;
}

describe('files for crawlers', () => {
  it('robots.txt is plain text: public pages allowed, the API and private pages not, with the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).not.toContain('<div id="root">');
    const lines = text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /create-team');
    // '/profile' alone would also shut out '/profiles': the rule ends the path.
    expect(lines).toContain('Disallow: /profile$');
    expect(lines).not.toContain('Disallow: /profile');
    expect(lines).not.toContain('Disallow: /profiles');
    expect(lines).toContain('Sitemap: http://localhost/sitemap.xml');

    const open = [
      '/',
      '/profiles',
      '/profiles?q=python',
      '/profiles/0b1c',
      '/teams',
      '/teams/0b1c',
      '/hackathon',
      '/signup',
      '/api/profiles?page=2',
      '/api/teams/0b1c',
      '/api/profiles/0b1c/avatar',
    ];
    const closed = [
      '/profile',
      '/profile?tab=notifications',
      '/create-team',
      '/login?redirectTo=%2Fprofile',
      '/auth/callback',
      '/api/me',
      '/api/me/inbox',
      '/api/docs',
      '/api/openapi.json',
    ];
    expect(
      open.filter((path) => !allowed(text, path)),
      'disallowed by mistake',
    ).toEqual([]);
    expect(
      closed.filter((path) => allowed(text, path)),
      'allowed by mistake',
    ).toEqual([]);
  });

  it('sitemap.xml lists the public list pages at absolute addresses', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'http://localhost/',
      'http://localhost/profiles',
      'http://localhost/teams',
      'http://localhost/hackathon',
    ]);
  });
});
