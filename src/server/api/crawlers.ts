/**
 * What search engines read (docs/product.md#route-table): robots.txt and a sitemap of the public
 * list routes. The sitemap's addresses are absolute, so both are written for the origin the request
 * came to (the same way same-origin requests are recognised for sign-in).
 */
import type { Hono } from 'hono';
import type { AppEnv } from './http';

/** The public pages a visitor can land on; detail pages are found from these lists. */
export const PUBLIC_LIST_ROUTES = ['/', '/profiles', '/teams', '/hackathon'] as const;

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // The API is not for crawling, except the public reads the pages render from.
    'Disallow: /api/',
    'Allow: /api/profiles',
    'Allow: /api/teams',
    'Allow: /api/skills',
    'Allow: /api/config',
    // Private pages ('$' ends the path, so /profiles stays allowed), and pages with nothing to index.
    'Disallow: /profile$',
    'Disallow: /profile?',
    'Disallow: /create-team',
    'Disallow: /login',
    'Disallow: /auth/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(origin: string): string {
  const urls = PUBLIC_LIST_ROUTES.map((path) => `  <url><loc>${origin}${path}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

const CACHE = 'public, max-age=3600';

export function mountCrawlerFiles(app: Hono<AppEnv>) {
  app.get('/robots.txt', (c) => c.text(robotsTxt(new URL(c.req.url).origin), 200, { 'cache-control': CACHE }));
  app.get('/sitemap.xml', (c) =>
    c.body(sitemapXml(new URL(c.req.url).origin), 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': CACHE }),
  );
}
