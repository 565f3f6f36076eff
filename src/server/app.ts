/** Builds the HTTP app: API routes, one error handler, and the web build with SPA fallback. */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Auth } from './auth/auth';
import { authRoutes } from './auth/auth.routes';
import { systemApi, type Config } from '../shared/api/system';
import { mountApiDocs } from './api-docs';
import { mountCrawlerFiles } from './crawlers';
import type { Db, DatabaseKind } from './db/client';
import { ApiError, type AppEnv } from './http';
import { openApiDocument } from './openapi';
import { identifyClient, inlineScriptHashes, sameOriginWrites, securityHeaders, shedLoad } from './edge';
import { databaseUnreachable } from './db/client';
import type { NotificationHub } from './features/notifications';
import { CountCache } from './paging';
import { profilesRoutes } from './features/profiles/profiles.routes';
import { teamsRoutes } from './features/teams/teams.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';

export interface AppDeps {
  db: Db;
  dbKind: DatabaseKind;
  auth: Auth;
  /** Public settings the web app reads at run time. */
  config: Config;
  /** Live notification streams (started on the database's LISTEN). */
  live: NotificationHub;
  /** Folder of the web build; omitted in API tests. */
  webRoot?: string;
  /** Reverse proxies in front whose X-Forwarded-For and X-Forwarded-Proto are trusted (default 0). */
  trustProxyHops?: number;
  /** Origins besides the app's own whose pages may send writes (TRUSTED_ORIGINS). */
  trustedOrigins?: string[];
  /** API requests in progress at once before this instance answers 503 (default: no limit). */
  maxInFlight?: number;
}

/** Every request body but an avatar upload is a small JSON document (or a sign-in form). */
const BODY_MAX_BYTES = 1024 * 1024;
const jsonBodyLimit = bodyLimit({
  maxSize: BODY_MAX_BYTES,
  // The rest of the body is not read: the connection closes, and says so, so nothing is sent on it in vain.
  onError: (c) => c.json({ error: 'The request body must not exceed 1 MB' }, 413, { connection: 'close' }),
});
/** The avatar route sets its own, larger limit, after checking who uploads. */
const isAvatarUpload = (method: string, path: string) => method === 'POST' && /^\/api\/profiles\/[^/]+\/avatar$/.test(path);

/** Every route of the API contract. Its dependencies come from the context at request time. */
export function apiRoutes() {
  return new OpenAPIHono<AppEnv>()
    .openapi(systemApi.health, (c) => c.json({ status: 'ok' as const, database: c.var.dbKind }, 200))
    .openapi(systemApi.config, (c) => c.json(c.var.config, 200))
    .route('/', authRoutes)
    .route('/', profilesRoutes)
    .route('/', teamsRoutes)
    .route('/', notificationsRoutes);
}

/** The OpenAPI 3.1 document of the API (served at /api/openapi.json). */
export const apiDocument = () => openApiDocument(apiRoutes());

export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const indexHtml = deps.webRoot && existsSync(`${deps.webRoot}/index.html`) ? readFileSync(`${deps.webRoot}/index.html`, 'utf8') : null;

  app.use('*', identifyClient(deps.trustProxyHops ?? 0));
  app.use('*', securityHeaders(indexHtml ? inlineScriptHashes(indexHtml) : []));
  app.use('/api/*', shedLoad(deps.maxInFlight ?? Number.POSITIVE_INFINITY));
  app.use('/api/*', sameOriginWrites(deps.trustedOrigins ?? []));

  app.use('/api/*', (c, next) => (isAvatarUpload(c.req.method, c.req.path) ? next() : jsonBodyLimit(c, next)));

  const counts = new CountCache();
  app.use('/api/*', async (c, next) => {
    c.set('db', deps.db);
    c.set('dbKind', deps.dbKind);
    c.set('auth', deps.auth);
    c.set('counts', counts);
    c.set('config', deps.config);
    c.set('live', deps.live);
    await next();
    if (!c.res.headers.has('cache-control')) c.header('cache-control', 'no-store');
    // Any successful write may change what a list counts.
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.res.status < 400) counts.clear();
  });

  app.route('/', apiRoutes());
  mountApiDocs(app, apiDocument());
  app.all('/api/*', (c) => c.json({ error: 'Not found' }, 404));

  app.onError((err, c) => {
    if (err instanceof ApiError) {
      return c.json({ error: err.message, ...(err.fields ? { fields: err.fields } : {}), ...(err.code ? { code: err.code } : {}) }, err.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      // Hono's JSON validator says 'Malformed JSON in request body'.
      const message = err.status === 400 && /JSON/i.test(err.message) ? 'The request body must be JSON' : err.message || 'Bad request';
      return c.json({ error: message }, err.status);
    }
    const pgCode = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (pgCode === '23505') return c.json({ error: 'This already exists' }, 409);
    if (pgCode === '23503') return c.json({ error: 'A referenced record does not exist' }, 404);
    // A database restarting or down: the client may retry shortly (a 500 would say the request was wrong).
    if (databaseUnreachable(err)) {
      return c.json({ error: 'The service is briefly unavailable. Please try again in a few seconds.' }, 503, { 'retry-after': '5' });
    }
    // Input the validation let through but the database refuses: a bad cast, NUL in text, a number out of range.
    if (pgCode === '22P02' || pgCode === '23514' || pgCode === '22021' || pgCode === '22003') {
      return c.json({ error: 'Invalid input' }, 400);
    }
    console.error(err);
    return c.json({ error: 'Something went wrong. Please try again.' }, 500);
  });

  // Real files for crawlers, never the app page (with or without the web build).
  mountCrawlerFiles(app);

  if (deps.webRoot && indexHtml) {
    const root = deps.webRoot;
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.ok) c.header('cache-control', 'public, max-age=31536000, immutable');
      // The same URL is sent plain or compressed: shared caches must keep them apart.
      c.header('vary', 'Accept-Encoding');
    });
    // The build writes .br and .gz beside each asset (vite.config.ts); they go to browsers that accept them.
    app.use('/assets/*', serveStatic({ root, precompressed: true }));
    // A chunk that is not there (say, of an earlier deploy) is missing, not the app page.
    app.get('/assets/*', (c) => c.text('Not found', 404));
    // Every other path, / included, is a client route (unknown ones redirect to / in the browser).
    app.get('*', (c) => c.html(indexHtml, 200, { 'cache-control': 'no-cache' }));
  }
  return app;
}

export const defaultWebRoot = fileURLToPath(new URL('../../dist/web', import.meta.url));
