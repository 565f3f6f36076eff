/** Starts the server: parses the environment, opens and migrates the database, listens. */
import { serve } from '@hono/node-server';
import { createApp, defaultWebRoot } from './app';
import { createAuth, resolveAuthSecret } from './auth/auth';
import { createHashLimiter, DEFAULT_BUSY_RATE, PGLITE_BUSY_RATE } from './auth/hash-limiter';
import { configureHashPool, hashPool } from './auth/hash-pool';
import { openDatabase } from './db/client';
import { serveBackups } from './db/backup/backup-socket';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from './db/demo-data';
import { EnvError, parseEnv } from './platform/env';
import { NotificationHub, pruneRead } from './features/notifications';
import { createMatchingIndex } from './features/matching';
import { createAnnouncementInbox, createAnnouncementSender, createFreshnessJob, INBOX_BATCH } from './features/organize';
import { createWebhookWorker } from './features/webhooks';
import { eventById, followEventSaves } from './features/events';
import { createGroupingJob } from './features/grouping';
import { pruneAttempts } from './auth/attempt-limits.repo';
import { listen, stopAccepting } from './platform/listen';
import { Drain } from './platform/drain';
import { createLogger, defaultLogger, type Logger } from './platform/log';
import { createMetrics, createMetricsApp } from './platform/metrics';
import { createMailer } from './platform/mail';
import { knownLongTurns, loopIsBusy } from './platform/overload';

/** Until the environment is read (LOG_LEVEL among it), start-up errors go to a default logger. */
let log: Logger = defaultLogger;

async function main() {
  const env = parseEnv();
  log = createLogger({ level: env.LOG_LEVEL });
  const trustedOrigins =
    env.TRUSTED_ORIGINS?.split(',')
      .map((s) => s.trim())
      .filter(Boolean) ?? [];
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, log });
  // Password hashes on threads at a lower priority than pages (docs/decisions/020), started now.
  configureHashPool({ threads: env.HASH_CONCURRENCY, nice: env.HASH_NICE });
  hashPool();
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log });
  const auth = createAuth(database.db, {
    secret: await resolveAuthSecret(database.db, env.AUTH_SECRET),
    rateLimit: env.AUTH_RATE_LIMIT === 'on',
    attemptsPerAddress: env.AUTH_ATTEMPTS_PER_ADDRESS,
    trustedOrigins,
    hashing: createHashLimiter({
      concurrency: env.HASH_CONCURRENCY,
      queue: env.HASH_QUEUE,
      // Browsing first (docs/decisions/020): sign-ins are paced while pages keep the thread busy.
      busyRate: env.SIGN_IN_RATE_WHEN_BUSY ?? (database.kind === 'pglite' ? PGLITE_BUSY_RATE : DEFAULT_BUSY_RATE),
      busy: loopIsBusy(),
    }),
    log,
    social: {
      publicUrl: env.PUBLIC_URL,
      github:
        env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
          ? { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET, webUrl: env.GITHUB_URL, apiUrl: env.GITHUB_API_URL }
          : undefined,
      discord:
        env.DISCORD_CLIENT_ID && env.DISCORD_CLIENT_SECRET
          ? { clientId: env.DISCORD_CLIENT_ID, clientSecret: env.DISCORD_CLIENT_SECRET, apiUrl: env.DISCORD_API_URL }
          : undefined,
    },
    mailer,
  });
  if (mailer.kind === 'log')
    log.warn('SMTP_URL and MAIL_FROM are not set: emails (password reset links) are written to this log instead of being sent.');
  if (env.DEMO_DATA === 'on') {
    const seeded = await seedDemoData(database.db);
    if (seeded)
      log.warn(
        `Inserted demo data with a public password: anyone can sign in as ${DEMO_EMAIL} / ${DEMO_PASSWORD}, a leader of two teams. ` +
          'For a real event start on an empty database with DEMO_DATA=off (the default with DATABASE_URL or NODE_ENV=production).',
      );
  }
  const live = new NotificationHub(database.db, log);
  await live.start(database.listen);
  const matching = createMatchingIndex(database, log);
  await matching.start(database.listen);
  // What this instance keeps of events (names, states, rules) follows the others' saves at once.
  const stopFollowingEvents = await followEventSaves(database.db, database.listen);
  // Announcements to more people than one batch reach their inboxes in batches after they are sent: one
  // deliverer at a time across instances. PostgreSQL answers other requests meanwhile, so its batches are
  // larger (fewer round trips and commits); PGlite answers between batches (docs/decisions/036).
  const announcementInbox = createAnnouncementInbox({
    db: database.db,
    exclusive: database.exclusive,
    log,
    batchSize: database.kind === 'pglite' ? INBOX_BATCH : 10 * INBOX_BATCH,
  });
  await announcementInbox.start(database.listen);
  // Email copies of announcements, where SMTP is configured: one sender at a time across instances.
  const announcementMail =
    mailer.kind === 'smtp'
      ? createAnnouncementSender({
          db: database.db,
          exclusive: database.exclusive,
          mailer,
          log,
          linkTo: (path) => auth.linkTo(path, undefined),
        })
      : undefined;
  await announcementMail?.start(database.listen);
  // Looking flags lapse and leaders of long-open positions are reminded, hourly, one instance at a time.
  const freshness = createFreshnessJob({ db: database.db, exclusive: database.exclusive, log });
  freshness.start();
  // Grouping runs (issue 32): one at a time per event across instances, taken up again if an instance died.
  const grouping = createGroupingJob({ db: database.db, exclusive: database.exclusive, log });
  await grouping.start(database.listen);
  // Webhook deliveries (docs/decisions/026): every instance sends; claims skip rows another one holds.
  const webhookWorker = createWebhookWorker({
    db: database.db,
    log,
    allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE,
    eventSlug: async (id) => (await eventById(database.db, id))?.slug ?? null,
  });
  await webhookWorker.start(database.listen);
  // Read notifications older than 90 days go, at start and twice a day (every instance may: it is idempotent).
  const prune = () => pruneRead(database.db).catch((err) => log.error({ err }, 'pruning notifications'));
  void prune();
  const upkeep = [
    setInterval(prune, 12 * 3_600_000).unref(),
    // Sign-in attempt counters whose window ended go every ten minutes.
    setInterval(() => pruneAttempts(database.db).catch((err) => log.error({ err }, 'pruning attempt counters')), 600_000).unref(),
  ];
  const drain = new Drain();
  // A backup of the embedded database holds this thread (pg_dump in WebAssembly), and so does an
  // event's dashboard computed afresh on PGlite: not overload.
  const longTurns = knownLongTurns();
  const metrics = env.METRICS_PORT ? createMetrics({ openStreams: () => live.size, pool: database.poolStats }) : undefined;
  const app = createApp({
    db: database.db,
    dbKind: database.kind,
    auth,
    config: { eventUrl: env.EVENT_URL },
    adminEmails: env.ADMIN_EMAILS,
    live,
    matching,
    webRoot: env.WEB_ROOT ?? defaultWebRoot,
    trustProxyHops: env.TRUST_PROXY_HOPS,
    trustedOrigins,
    // PGlite answers one query at a time: past a short queue, a fast 503 beats a long wait.
    maxInFlight: env.MAX_IN_FLIGHT ?? (database.kind === 'pglite' ? 64 : 512),
    // Requests that wait longer than this turn new ones away (docs/decisions/020).
    maxQueueWaitMs: env.MAX_QUEUE_WAIT_MS ?? (database.kind === 'pglite' ? 500 : 250),
    loopExcused: longTurns.excused,
    longWork: database.kind === 'pglite' ? longTurns.during : undefined,
    tokenRequestsPerHour: env.TOKEN_REQUESTS_PER_HOUR,
    log,
    metrics,
    drain,
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE,
  });
  const server = listen(
    app.fetch,
    { port: env.PORT, maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS, trustProxyHops: env.TRUST_PROXY_HOPS, drain },
    (port) => {
      log.info({ port, database: database.kind }, `Listening on http://localhost:${port} (database: ${database.kind})`);
    },
  );
  // `npm run backup` asks this process for the embedded database's copy (db/backup).
  const { backup } = database;
  const backups = backup ? serveBackups(env.DATA_DIR, () => longTurns.during(backup), log) : undefined;
  // Metrics on a port of their own, never the public one (scrape it from inside the network).
  const metricsServer = metrics
    ? serve({ fetch: createMetricsApp(metrics).fetch, port: env.METRICS_PORT }, (info) => {
        log.info({ port: info.port }, `Metrics on http://localhost:${info.port}/metrics`);
      })
    : undefined;

  /**
   * Drain (platform/drain.ts, docs/operations.md#stopping-an-instance): on SIGTERM, /api/ready
   * answers 503 at once and everything is served for SHUTDOWN_GRACE_MS, each answer closing its
   * connection; then the port closes, event streams end with a hint to reconnect (elsewhere),
   * and once every request in progress is done the database closes. SIGINT (Ctrl-C at a terminal)
   * skips the grace period; a second signal exits at once.
   */
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      log.warn({ signal }, `${signal} received again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    const grace = signal === 'SIGTERM' ? env.SHUTDOWN_GRACE_MS : 0;
    drain.begin();
    log.info({ signal, graceMs: grace }, `${signal} received: not ready; serving for ${grace} ms more, then closing`);
    setTimeout(() => {
      log.error({ inFlight: drain.size }, 'Shutdown took too long; exiting.');
      process.exit(1);
    }, grace + 30_000).unref();
    await new Promise((resolve) => setTimeout(resolve, grace));

    drain.close();
    for (const timer of upkeep) clearInterval(timer);
    // Open connections are not cut: a proxy's request may be on its way on one (each closes after its answer).
    const closed = stopAccepting(server);
    // At a terminal, the browser's idle keep-alive connections need not be waited for.
    if (grace === 0) (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    metricsServer?.close();
    void backups?.();
    // Open event streams end with a retry hint; browsers reconnect (to another instance) and resume.
    const ended = live.endStreams();
    log.info({ streams: ended, inFlight: drain.size }, 'closing: event streams ended, waiting for requests in progress');
    await drain.idle();
    // Connections left idle close by the keep-alive timeout (5 s), after the proxy's own (4 s in the recipe).
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 6_000))]);
    await drain.idle();
    // The batch of email in progress is finished and recorded, so the next sender starts after it.
    await Promise.all([
      live.stop(),
      matching.stop(),
      stopFollowingEvents(),
      announcementMail?.stop().catch((err: unknown) => log.error({ err }, 'stopping the announcement mail sender')),
      announcementInbox.stop().catch((err: unknown) => log.error({ err }, 'stopping the announcement deliverer')),
      freshness.stop(),
      grouping.stop(),
      webhookWorker.stop().catch((err: unknown) => log.error({ err }, 'stopping the webhook worker')),
      // Mail handed to SMTP in the background (a password reset link) leaves before the connections close.
      mailer.idle().then(() => mailer.close()),
    ]);
    await database.close();
    log.info('Database closed. Bye.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  if (err instanceof EnvError) log.fatal(err.message);
  else log.fatal({ err }, 'Failed to start');
  process.exit(1);
});
