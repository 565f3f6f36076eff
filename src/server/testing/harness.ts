/**
 * Test harness: the real app in-process on a fresh database. PGlite in memory by default;
 * with DATABASE_URL, a new PostgreSQL database per harness, dropped on close. Every answer a
 * test receives is checked against the OpenAPI document (contract-check.ts): an undeclared
 * status or field fails the test that produced it.
 *
 * Tests call routes by the contract's key, as the web app does:
 * `h.api('POST /api/teams/{id}/join-requests', { params: { id }, body, cookie })`. The params,
 * query and body are typed by the route, and so is the answer: its success body, plus the error
 * fields every refusal carries, so reading a field the contract does not have fails typecheck.
 * `h.request(method, path)` stays for what is not a call of the contract on purpose: unknown
 * paths and methods, malformed bodies and headers, fuzzing.
 */
import { randomUUID } from 'node:crypto';
import type { ApiRoute, InputArgs } from '../../shared/api/types';
import { scratchDatabase } from '../db/scratch';
import { apiDocument, createApp } from '../app';

type App = ReturnType<typeof createApp>;
import { createAuth } from '../auth/auth';
import { createHashLimiter, type HashLimiter } from '../auth/hash-limiter';
import type { SocialSettings } from '../auth/social';
import type { Mail, Mailer } from '../platform/mail';
import { createContractChecker } from './contract-check';
import { openDatabase, type Database } from '../db/client';
import { NotificationHub } from '../features/notifications';
import { createMatchingIndex } from '../features/matching';
import { followEventSaves } from '../features/events';
import { silentLogger, type Logger } from '../platform/log';
import { createMetrics, type Metrics } from '../platform/metrics';
import { cookieFrom } from './client';
import {
  parseBody,
  requestInit,
  routeRequest,
  type ErrorFields,
  type Sent,
  type TestAnswer,
  type TestInput,
  type TestResponse,
} from './route-call';

export { cookieFrom };
export { offContract, type ErrorFields, type TestAnswer, type TestInput, type TestResponse } from './route-call';

/**
 * What a raw request answers: the error fields, and anything else only as unknown, since a raw
 * request is not a call of the contract whose answer types a test could lean on.
 */
export type RawAnswer = ErrorFields & { readonly [field: string]: unknown };

export interface TestUser {
  cookie: string;
  email: string;
  userId: string;
  profileId: string;
}

export async function createHarness(
  opts: {
    webRoot?: string;
    /** Extra routes for a test, added before the first request. */
    setup?: (app: App) => void;
    /** Password hashing limits (createHashLimiter), instead of the defaults with room for 64 waiting. */
    hashing?: HashLimiter;
    /** The sign-in attempt limits (off by default in tests). */
    rateLimit?: boolean;
    /** What edge.ts is given: trusted proxies, origins, the in-flight limit. */
    edge?: Pick<
      Parameters<typeof createApp>[0],
      'trustProxyHops' | 'trustedOrigins' | 'maxInFlight' | 'maxQueueWaitMs' | 'loopExcused' | 'longWork' | 'drain' | 'tokenRequestsPerHour'
    >;
    /** Where the app logs (default: nowhere, so test output stays clean). */
    log?: Logger;
    /** Collect Prometheus metrics of the app (harness.metrics). */
    metrics?: boolean;
    /** GitHub and Discord sign-in (pointed at a local provider in tests) and PUBLIC_URL. */
    social?: SocialSettings;
    /** Where email goes (default: the log, which is silent in tests). */
    mailer?: Mailer;
    /** Platform admins by email (ADMIN_EMAILS). */
    adminEmails?: string[];
    /** Webhooks may point to 127.0.0.1 over http (WEBHOOKS_ALLOW_PRIVATE). */
    webhooksAllowPrivate?: boolean;
  } = {},
) {
  const log = opts.log ?? silentLogger;
  let database: Database;
  let drop = async () => {};
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const scratch = scratchDatabase(baseUrl, 'test');
    await scratch.create();
    database = await openDatabase({ databaseUrl: scratch.url, log });
    drop = scratch.drop;
  } else {
    database = await openDatabase({ log });
  }
  // What the app mailed, unless a mailer is given: a test reads its links here. Kept out of the log,
  // which a test may read for what requests write (the log mailer has its own test).
  const mails: Mail[] = [];
  const mailer: Mailer = opts.mailer ?? {
    kind: 'log',
    send: (mail) => void mails.push(mail),
    deliver: async (mail) => void mails.push(mail),
    idle: async () => {},
    close: () => {},
  };
  const auth = createAuth(database.db, {
    secret: 'test-secret-test-secret-test-secret-0',
    rateLimit: opts.rateLimit ?? false,
    trustedOrigins: opts.edge?.trustedOrigins ?? [],
    // Tests sign several people up at once (Promise.all): room for them all to wait their hash,
    // where the server's default (2 waiting per slot) would turn some away with 503.
    hashing: opts.hashing ?? createHashLimiter({ queue: 64 }),
    log,
    social: opts.social,
    mailer,
  });
  const live = new NotificationHub(database.db, log);
  await live.start(database.listen);
  const matching = createMatchingIndex(database, log);
  await matching.start(database.listen);
  const stopFollowingEvents = await followEventSaves(database.db, database.listen);
  const metrics: Metrics | undefined = opts.metrics ? createMetrics({ openStreams: () => live.size, pool: database.poolStats }) : undefined;
  const app = createApp({
    db: database.db,
    dbKind: database.kind,
    webhooksAllowPrivate: opts.webhooksAllowPrivate,
    auth,
    live,
    matching,
    config: { eventUrl: 'https://example.com/event' },
    adminEmails: opts.adminEmails,
    webRoot: opts.webRoot,
    log,
    metrics,
    ...opts.edge,
  });
  opts.setup?.(app);
  const document = apiDocument();
  const contract = createContractChecker(document as unknown as Parameters<typeof createContractChecker>[0]);

  /** A raw request, for what is deliberately not a call of the contract (hostile, malformed, unknown); `body` goes as JSON unless a string. */
  async function request(method: string, path: string, sent: Sent = {}): Promise<TestResponse<RawAnswer>> {
    const res = await app.request(`http://localhost${path}`, { method, ...requestInit('http://localhost', sent) });
    const contentType = res.headers.get('content-type');
    // A live event stream never ends: its answer is checked, its body left unread.
    const text = contentType?.startsWith('text/event-stream') ? (await res.body?.cancel(), '') : await res.text();
    const parsed = parseBody(text);
    contract.check({ method, url: path, status: res.status, contentType, body: parsed });
    return { status: res.status, body: parsed as RawAnswer, headers: res.headers };
  }

  /** Calls a route of the contract by its key; the input is optional only for routes that need none. */
  async function api<K extends ApiRoute>(route: K, ...[input]: InputArgs<TestInput<K>>): Promise<TestResponse<TestAnswer<K>>> {
    const { method, path, ...sent } = routeRequest(route, input);
    return (await request(method, path, sent)) as TestResponse<TestAnswer<K>>;
  }

  /**
   * A route read twice, the answers compared: a list's first read counts its matches and the next
   * keeps that count (api/counts.ts), so a first page is read collected, then walked (api/paging.ts),
   * and both must find the same. Returns the second answer.
   */
  async function readTwice<K extends ApiRoute>(route: K, ...input: InputArgs<TestInput<K>>): Promise<TestResponse<TestAnswer<K>>> {
    const first = await api(route, ...input);
    const again = await api(route, ...input);
    if (first.status !== 200) throw new Error(`${route}: ${first.status} ${JSON.stringify(first.body)}`);
    if (JSON.stringify(again.body) !== JSON.stringify(first.body))
      throw new Error(`${route}: the second read differs from the first:\n${JSON.stringify(first.body)}\n${JSON.stringify(again.body)}`);
    return again;
  }

  let counter = 0;
  /** Signs up a new user and returns their session cookie and profile id. */
  async function signUp(
    overrides: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {},
  ): Promise<TestUser> {
    counter += 1;
    const input = {
      firstName: 'Test',
      lastName: `User${counter}`,
      email: `user${counter}-${randomUUID().slice(0, 8)}@example.com`,
      password: 'team-finder-1',
      ...overrides,
    };
    const res = await api('POST /api/auth/sign-up/email', { body: input });
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    const cookie = cookieFrom(res.headers);
    // A platform admin's address must be proven (features/events/guards.ts): open the mailed link, as its owner would.
    if (opts.adminEmails?.some((e) => e.toLowerCase() === input.email.toLowerCase())) {
      const mail = mails.findLast((m) => m.to === input.email.toLowerCase() && /Verify your HackTeams email address/.test(m.subject));
      const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
      if (!link) throw new Error(`no verification mail to the admin ${input.email}`);
      const url = new URL(link);
      await request('GET', url.pathname + url.search);
    }
    const { user, profile } = (await api('GET /api/me', { cookie })).body;
    if (!user || !profile) throw new Error('sign-up left no signed-in user with a profile');
    return { cookie, email: input.email, userId: user.id, profileId: profile.id };
  }

  let databaseClosed: Promise<void> | null = null;
  /** Ends the live streams and closes the database; the app keeps answering (what a lost database looks like). */
  const closeDatabase = () =>
    (databaseClosed ??= Promise.all([live.stop(), matching.stop(), stopFollowingEvents()]).then(() => database.close()));

  return {
    app,
    document,
    contract,
    db: database.db,
    kind: database.kind,
    /** The database's lock across instances (Database.exclusive), for background work a test runs. */
    exclusive: database.exclusive,
    api,
    readTwice,
    request,
    signUp,
    live,
    /** The matching index, for a second app over the same database. */
    matching,
    metrics,
    closeDatabase,
    /** The mails sent so far (without a `mailer` option), oldest first. */
    mails,
    /** The link of the newest mail to `to` whose subject matches. */
    linkMailedTo(to: string, subject: RegExp): string {
      const mail = mails.findLast((m) => m.to === to.toLowerCase() && subject.test(m.subject));
      const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
      if (!link) throw new Error(`no mail to ${to} matching ${subject}`);
      return link;
    },
    async close() {
      // A mailer given (SMTP to a test's catcher) keeps its connections open until closed.
      await mailer.idle();
      mailer.close();
      await closeDatabase();
      await drop();
    },
  };
}

export type Harness = Awaited<ReturnType<typeof createHarness>>;
