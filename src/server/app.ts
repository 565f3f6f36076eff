/** Builds the HTTP app: API routes, one error handler, and the web build with SPA fallback. */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import type { MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Auth } from './auth/auth';
import { authRoutes } from './auth/auth.routes';
import { accountRoutes } from './auth/account.routes';
import { authApi } from '../shared/api/auth';
import { systemApi, type Config } from '../shared/api/system';
import { mountApiDocs } from './api/docs';
import { mountCrawlerFiles } from './api/crawlers';
import {
  databaseUnreachable,
  ENDED_TO_RUN_AGAIN,
  mayRunAgain,
  migrationStatus,
  pgErrorCode,
  type Db,
  type DatabaseKind,
} from './db/client';
import { ApiError, errorBody, type AppContext, type AppEnv } from './api/http';
import { defaultLogger, type Logger } from './platform/log';
import type { Metrics } from './platform/metrics';
import { drainRequests, type Drain } from './platform/drain';
import { openApiDocument } from './api/openapi';
import {
  API_CONTENT_SECURITY_POLICY,
  BUSY_MESSAGE,
  identifyClient,
  inlineScriptHashes,
  sameOriginWrites,
  securityHeaderRecord,
  securityHeaders,
  shedLoad,
} from './platform/edge';
import { reportShedding, type LongWork } from './platform/overload';
import type { NotificationHub } from './features/notifications';
import type { MatchingIndex } from './features/matching';
import { CountCache } from './api/counts';
import { hasAllHeaders, jsonAnswers } from './api/answers';
import { profilesRoutes } from './features/profiles/profiles.routes';
import { teamsRoutes } from './features/teams/teams.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { matchingRoutes } from './features/matching/matching.routes';
import { meRoutes } from './features/me';
import { eventsRoutes } from './features/events';
import { organizeRoutes, webhooksRoutes } from './features/organize';
import { groupingRoutes } from './features/grouping';
import { moderationRoutes } from './features/moderation';
import { bearerTokens, tokensRoutes } from './features/tokens';
import { TOKEN_REQUESTS_PER_HOUR } from '../shared/api/tokens';

export interface AppDeps {
  db: Db;
  dbKind: DatabaseKind;
  auth: Auth;
  /** Public settings the web app reads at run time (the sign-in providers come from `auth`). */
  config: Omit<Config, 'socialProviders' | 'webhooksAllowHttp'>;
  /** Live notification streams (started on the database's LISTEN). */
  live: NotificationHub;
  /** Suggestions (started on the database's LISTEN). */
  matching: MatchingIndex;
  /** Platform admins, by sign-in email (ADMIN_EMAILS). */
  adminEmails?: string[];
  /** Folder of the web build; omitted in API tests. */
  webRoot?: string;
  /** Reverse proxies in front whose X-Forwarded-For and X-Forwarded-Proto are trusted (default 0). */
  trustProxyHops?: number;
  /** Origins besides the app's own whose pages may send writes (TRUSTED_ORIGINS). */
  trustedOrigins?: string[];
  /** API requests in progress at once before this instance answers 503 (default: no limit). */
  maxInFlight?: number;
  /** How long requests may wait (event loop, queue) before new ones are answered 503, ms (default 0: no limit). */
  maxQueueWaitMs?: number;
  /** Whether the event loop is held by known work that is not overload (a backup: overload.ts knownLongTurns). */
  loopExcused?: () => boolean;
  /**
   * Runs work known to hold the event loop that is not overload, its long turns excused (`loopExcused`):
   * an event's dashboard computed afresh on PGlite (default: runs it as it is).
   */
  longWork?: LongWork;
  /** Where request lines and errors go (default: info and up on stdout; the test harness passes a silent one). */
  log?: Logger;
  /** Request counts and durations go here when given (served on METRICS_PORT, see metrics.ts). */
  metrics?: Metrics;
  /** Webhooks may point to private and loopback addresses, and use http (WEBHOOKS_ALLOW_PRIVATE; tests only). */
  webhooksAllowPrivate?: boolean;
  /** Shutting down (index.ts): handlers in progress are counted, and readiness follows it. */
  drain?: Drain;
  /** Requests each personal API token may make per hour (TOKEN_REQUESTS_PER_HOUR, default 5,000). */
  tokenRequestsPerHour?: number;
}

/** Every request body but an avatar upload is a small JSON document (or a sign-in form). */
const BODY_MAX_BYTES = 1024 * 1024;
const jsonBodyLimit = bodyLimit({
  maxSize: BODY_MAX_BYTES,
  // The rest of the body is not read: the connection closes, and says so, so nothing is sent on it in vain.
  onError: (c) => c.json(errorBody(413, 'The request body must not exceed 1 MB'), 413, { connection: 'close' }),
});
/** The avatar route sets its own, larger limit, after checking who uploads. */
const isAvatarUpload = (method: string, path: string) => method === 'POST' && /^\/api\/profiles\/[^/]+\/avatar$/.test(path);

/** How long /api/ready waits for the database before answering 503. */
const READY_TIMEOUT_MS = 2000;
const READY_RETRY_AFTER_SECONDS = '5';

/** 200 when the database answers and every migration of the migrations folder is applied; else 503. */
async function readiness(c: AppContext): Promise<{ ready: true } | { ready: false; error: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
  });
  try {
    const status = await Promise.race([migrationStatus(c.var.db), timeout]);
    if (status.applied >= status.expected && status.latestApplied) return { ready: true };
    c.var.log.warn({ migrations: status }, 'not ready: migrations pending');
    return { ready: false, error: 'Not ready: database migrations are pending' };
  } catch (err) {
    c.var.log.warn({ err }, 'not ready: the database does not answer');
    return { ready: false, error: 'Not ready: the database does not answer' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One log line per request (API and pages): its id (a fresh random one, sent back as X-Request-Id),
 * method, path without the query string, status and duration. Never headers, cookies or bodies.
 * With metrics, the request is counted under its route pattern ('/api/teams/:id'), never its raw path.
 */
function requestLog(log: Logger, metrics: Metrics | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    c.set('requestId', requestId);
    c.set('log', log.child({ requestId }));
    await next();
    // An API answer made with all its headers has it (api/answers.ts). On others, the answer's own
    // headers: c.header() after the answer is made copies it into a new one whose body is a
    // stream, which @hono/node-server then writes the slow way.
    if (!hasAllHeaders(c.res)) c.res.headers.set('X-Request-Id', requestId);
    const seconds = (performance.now() - started) / 1000;
    const status = c.res.status;
    log.info(
      { requestId, method: c.req.method, path: c.req.path.slice(0, 300), status, durationMs: Math.round(seconds * 10_000) / 10 },
      'request',
    );
    metrics?.observe(c.req.method, routePath(c), status, seconds);
  };
}

/** Every route of the API contract. Its dependencies come from the context at request time. */
export function apiRoutes() {
  return new OpenAPIHono<AppEnv>()
    .openapi(systemApi.health, (c) => c.json({ status: 'ok' as const, database: c.var.dbKind }, 200))
    .openapi(systemApi.ready, async (c) => {
      const state = await readiness(c);
      if (state.ready) return c.json({ status: 'ready' as const }, 200);
      return c.json(errorBody(503, state.error), 503, { 'Retry-After': READY_RETRY_AFTER_SECONDS });
    })
    .openapi(systemApi.config, (c) =>
      c.json({ ...c.var.config, socialProviders: c.var.auth.socialProviders, webhooksAllowHttp: c.var.webhooksAllowPrivate }, 200),
    )
    .route('/', authRoutes)
    .route('/', accountRoutes)
    .route('/', eventsRoutes)
    .route('/', organizeRoutes)
    .route('/', webhooksRoutes)
    .route('/', groupingRoutes)
    .route('/', moderationRoutes)
    .route('/', profilesRoutes)
    .route('/', meRoutes)
    .route('/', tokensRoutes)
    .route('/', teamsRoutes)
    .route('/', matchingRoutes)
    .route('/', notificationsRoutes);
}

/** The OpenAPI 3.1 document of the API (served at /api/openapi.json). */
export const apiDocument = () => openApiDocument(apiRoutes());

/**
 * Writes that change no list but the people's: a sign-in or sign-up may create the person's
 * profile (ensure-profile.ts), nothing else a list counts. During a sign-in rush, clearing every
 * kept count at each of them made every browse of the teams count all teams again (bench
 * kickoff: the teams list's queries went from about 1 to 20 ms on PostgreSQL).
 */
const SIGN_INS = new Set<string>([authApi.signIn.path, authApi.signUp.path, authApi.signOut.path]);

export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const indexHtml = deps.webRoot && existsSync(`${deps.webRoot}/index.html`) ? readFileSync(`${deps.webRoot}/index.html`, 'utf8') : null;

  const log = deps.log ?? defaultLogger;

  // Load shedding first: a request turned away costs as little as possible (counted, and summed up in the log).
  app.use(
    '/api/*',
    shedLoad(
      {
        maxInFlight: deps.maxInFlight ?? Number.POSITIVE_INFINITY,
        maxWaitMs: deps.maxQueueWaitMs ?? 0,
        longTurnIsQueue: deps.dbKind === 'pglite',
        loopExcused: deps.loopExcused,
      },
      reportShedding(log, deps.metrics),
    ),
  );
  // Every other request is logged and counted, those refused at the edge included.
  app.use('*', requestLog(log, deps.metrics));
  if (deps.drain) app.use('*', drainRequests(deps.drain));
  app.use('*', identifyClient(deps.trustProxyHops ?? 0));
  const security = securityHeaderRecord(indexHtml ? inlineScriptHashes(indexHtml) : []);
  app.use('*', securityHeaders(security));

  const counts = new CountCache();
  const longWork: LongWork = deps.longWork ?? ((work) => work());
  const admins = new Set((deps.adminEmails ?? []).map((e) => e.toLowerCase()));
  app.use('/api/*', async (c, next) => {
    c.set('db', deps.db);
    c.set('dbKind', deps.dbKind);
    c.set('auth', deps.auth);
    c.set('counts', counts);
    c.set('config', deps.config);
    c.set('live', deps.live);
    c.set('matching', deps.matching);
    c.set('admins', admins);
    c.set('webhooksAllowPrivate', deps.webhooksAllowPrivate ?? false);
    c.set('longWork', longWork);
    await next();
    // No API answer is stored by a browser or a proxy, those refused just below (another site's write,
    // a body too large) included; answers made with all their headers (api/answers.ts) carry it already.
    if (!hasAllHeaders(c.res) && !c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'no-store');
    // Any successful write may change what a list counts; a sign-in or sign-up only the people's.
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.res.status < 400)
      counts.clear(SIGN_INS.has(c.req.path) ? 'profiles:' : undefined);
  });
  app.use('/api/*', sameOriginWrites(deps.trustedOrigins ?? []));
  // A GET or HEAD is never read for a body here; asking for one would build a whole Request per read.
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || isAvatarUpload(c.req.method, c.req.path) ? next() : jsonBodyLimit(c, next),
  );

  // A personal API token signs the request instead of the session cookie (features/tokens).
  app.use('/api/*', bearerTokens({ requestsPerHour: deps.tokenRequestsPerHour ?? TOKEN_REQUESTS_PER_HOUR }));
  app.use('/api/*', jsonAnswers({ ...security, 'content-security-policy': API_CONTENT_SECURITY_POLICY }));
  app.route('/', apiRoutes());
  mountApiDocs(app, apiDocument());
  app.all('/api/*', (c) => c.json(errorBody(404, 'Not found'), 404));

  app.onError((err, c) => {
    if (err instanceof ApiError) {
      const headers = err.retryAfterSeconds ? { 'retry-after': String(err.retryAfterSeconds) } : undefined;
      return c.json(errorBody(err.status, err.message, err.code, err.fields), err.status, headers);
    }
    if (err instanceof HTTPException && err.status < 500) {
      // Hono's JSON validator says 'Malformed JSON in request body'.
      const message = err.status === 400 && /JSON/i.test(err.message) ? 'The request body must be JSON' : err.message || 'Bad request';
      return c.json(errorBody(err.status, message), err.status);
    }
    const pgCode = pgErrorCode(err);
    if (pgCode === '23505') return c.json(errorBody(409, 'This already exists'), 409);
    if (pgCode === '23503') return c.json(errorBody(404, 'A referenced record does not exist'), 404);
    // A database restarting or down: the client may retry shortly (a 500 would say the request was wrong).
    if (databaseUnreachable(err)) {
      return c.json(errorBody(503, 'The service is briefly unavailable. Please try again in a few seconds.'), 503, { 'retry-after': '5' });
    }
    // PostgreSQL ended a statement outside a transaction (those run again, db/client.ts) to break a
    // deadlock or a serialization failure: nothing of it was written, and the same request may be sent again.
    if (mayRunAgain(err)) {
      (c.var.log ?? log).warn({ err }, `a statement ended by ${ENDED_TO_RUN_AGAIN}`);
      return c.json(errorBody(503, BUSY_MESSAGE), 503, { 'retry-after': '1' });
    }
    // Input the validation let through but the database refuses: a bad cast, NUL in text, a number out of range.
    if (pgCode === '22P02' || pgCode === '23514' || pgCode === '22021' || pgCode === '22003') {
      return c.json(errorBody(400, 'Invalid input'), 400);
    }
    (c.var.log ?? log).error({ err }, 'unhandled error');
    return c.json(errorBody(500, 'Something went wrong. Please try again.'), 500);
  });

  // Real files for crawlers, never the app page (with or without the web build).
  mountCrawlerFiles(app);

  if (deps.webRoot && indexHtml) {
    const root = deps.webRoot;
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.ok) c.res.headers.set('cache-control', 'public, max-age=31536000, immutable');
      // The same URL is sent plain or compressed: shared caches must keep them apart.
      c.res.headers.set('vary', 'Accept-Encoding');
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
