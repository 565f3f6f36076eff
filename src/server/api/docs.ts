/**
 * GET /api/openapi.json (the OpenAPI 3.1 document of every route) and GET /api/docs (interactive
 * reference documentation of it, Swagger UI served from the installed swagger-ui-dist: no CDN,
 * so it works offline and under a strict Content-Security-Policy).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { errorBody, type AppEnv } from './http';
import type { openApiDocument } from './openapi';

const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>HackTeams API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

// A file of its own rather than an inline script, so the page needs no 'unsafe-inline'.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  // "Try it out" sends the session cookie of this browser, so signed-in routes work once signed in.
  withCredentials: true,
});
`;

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

/** The two files of swagger-ui-dist, read and gzipped once, on first use. */
const assets = new Map<string, { raw: Buffer; gzip: Buffer }>();
function asset(name: string) {
  let found = assets.get(name);
  if (!found) {
    const dir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
    const raw = readFileSync(join(dir, name));
    found = { raw, gzip: gzipSync(raw) };
    assets.set(name, found);
  }
  return found;
}

export function mountApiDocs(app: OpenAPIHono<AppEnv>, document: ReturnType<typeof openApiDocument>) {
  app.get('/api/openapi.json', (c) => c.json(document, 200, { 'cache-control': 'no-cache' }));
  app.get('/api/docs', (c) => c.html(DOCS_PAGE, 200, { 'cache-control': 'no-cache' }));
  app.get('/api/docs/init.js', (c) =>
    c.body(INIT_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }),
  );
  app.get('/api/docs/:file', (c) => {
    const name = c.req.param('file');
    const type = ASSETS[name];
    if (!type) return c.json(errorBody(404, 'Not found'), 404);
    const { raw, gzip } = asset(name);
    const gzipped = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
    return c.body(new Uint8Array(gzipped ? gzip : raw), 200, {
      'content-type': type,
      'cache-control': 'public, max-age=86400',
      vary: 'Accept-Encoding',
      ...(gzipped ? { 'content-encoding': 'gzip' } : {}),
    });
  });
}
