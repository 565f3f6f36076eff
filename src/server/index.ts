/** Starts the server: parses the environment, opens and migrates the database, listens. */
import { createApp, defaultWebRoot } from './app';
import { createAuth, resolveAuthSecret } from './auth/auth';
import { createHashLimiter } from './auth/hash-limiter';
import { openDatabase } from './db/client';
import { seedDemoData } from './db/demo-data';
import { EnvError, parseEnv } from './env';
import { NotificationHub, pruneRead } from './features/notifications';
import { pruneAttempts } from './auth/attempt-limits.repo';
import { listen } from './listen';

async function main() {
  const env = parseEnv();
  const trustedOrigins = env.TRUSTED_ORIGINS?.split(',').map((s) => s.trim()).filter(Boolean) ?? [];
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const auth = createAuth(database.db, {
    secret: await resolveAuthSecret(database.db, env.AUTH_SECRET),
    rateLimit: env.AUTH_RATE_LIMIT === 'on',
    attemptsPerAddress: env.AUTH_ATTEMPTS_PER_ADDRESS,
    trustedOrigins,
    hashing: createHashLimiter({ concurrency: env.HASH_CONCURRENCY, queue: env.HASH_QUEUE }),
  });
  if (env.DEMO_DATA === 'on') {
    const seeded = await seedDemoData(database.db);
    if (seeded) console.log('Inserted demo data (sign in as demo@example.com / hackathon).');
  }
  const live = new NotificationHub(database.db);
  await live.start(database.listen);
  // Read notifications older than 90 days go, at start and twice a day (every instance may: it is idempotent).
  const prune = () => pruneRead(database.db).catch((err) => console.error(`pruning notifications: ${err.message}`));
  void prune();
  setInterval(prune, 12 * 3_600_000).unref();
  // Sign-in attempt counters whose window ended go every ten minutes.
  setInterval(() => pruneAttempts(database.db).catch((err) => console.error(`pruning attempt counters: ${err.message}`)), 600_000).unref();
  const app = createApp({
    db: database.db,
    dbKind: database.kind,
    auth,
    config: { eventUrl: env.EVENT_URL },
    live,
    webRoot: env.WEB_ROOT ?? defaultWebRoot,
    trustProxyHops: env.TRUST_PROXY_HOPS,
    trustedOrigins,
    // PGlite answers one query at a time: past a short queue, a fast 503 beats a long wait.
    maxInFlight: env.MAX_IN_FLIGHT ?? (database.kind === 'pglite' ? 64 : 512),
  });
  const server = listen(app.fetch, { port: env.PORT, maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS }, (port) => {
    console.log(`Listening on http://localhost:${port} (database: ${database.kind})`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing in-flight requests`);
    // Close idle keep-alive sockets so close() only waits for requests in flight.
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    // Open event streams end now; browsers reconnect (to another instance) and resume.
    void live.stop();
    server.close(async () => {
      await database.close();
      console.log('Database closed. Bye.');
      process.exit(0);
    });
    setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, 10_000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err) => {
  if (err instanceof EnvError) console.error(err.message);
  else console.error('Failed to start:', err);
  process.exit(1);
});
