/** The environment, parsed once. A bad value stops start-up with a message naming it. */
import { z } from 'zod';
import { DEFAULT_EVENT_URL } from '../../shared/hackathon';
import { DEFAULT_MAX_CONNECTIONS_PER_ADDRESS } from './listen';
import { LOG_LEVELS } from './log';

/** `NAME=` (set, but empty) counts as unset. */
const emptyIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
/** An http(s) URL without a trailing slash, or unset. */
const baseUrl = () =>
  z.preprocess(
    emptyIsUnset,
    z
      .string()
      .trim()
      .refine((v) => /^https?:\/\/[^/\s]+/.test(v) && URL.canParse(v), 'must be an http:// or https:// URL')
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  );
const optionalText = () => z.preprocess(emptyIsUnset, z.string().trim().optional());
const port = () =>
  z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be 1-65535').max(65535, 'must be 1-65535');

const EnvSchema = z
  .object({
    PORT: port().default(3000),
    DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
    DATABASE_URL: z
      .string()
      .trim()
      .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * The demo data (with its public password): on for the newcomer's `npm start` on an embedded
     * database; off by default with DATABASE_URL or NODE_ENV=production, where a real event runs.
     */
    DEMO_DATA: z.preprocess(emptyIsUnset, z.enum(['on', 'off'], { message: "must be 'on' or 'off'" }).optional()),
    NODE_ENV: optionalText(),
    /** Secret that signs session cookies; generated and kept in the database when unset. */
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Public origin(s) the app is served from, comma separated, when behind a proxy. */
    TRUSTED_ORIGINS: z.string().optional(),
    /** Platform admins, by the email they sign in with (comma separated): they can hide any event and choose the featured one. */
    ADMIN_EMAILS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    /** Where 'Register Now' on the hackathon page leads. */
    EVENT_URL: z.string().url('must be a URL').default(DEFAULT_EVENT_URL),
    /** Folder of the built web app (default dist/web). */
    WEB_ROOT: z.string().optional(),
    AUTH_RATE_LIMIT: z.enum(['on', 'off'], { message: "must be 'on' or 'off'" }).default('on'),
    /** The hourly limits on join requests and invitations per sender (docs/product.md#safety); read where they are counted. */
    SEND_LIMITS: z.enum(['on', 'off'], { message: "must be 'on' or 'off'" }).default('on'),
    /**
     * Webhooks may point to loopback and private addresses, over http too (docs/decisions/026). For tests and a
     * local receiver only: with it on, anyone able to organize an event can make this server call its own network.
     */
    WEBHOOKS_ALLOW_PRIVATE: z.preprocess(
      emptyIsUnset,
      z
        .enum(['0', '1'], { message: "must be '0' or '1'" })
        .default('0')
        .transform((v) => v === '1'),
    ),
    /** Sign-in and sign-up attempts one client address may make in 10 s (a venue's wifi may need more). */
    AUTH_ATTEMPTS_PER_ADDRESS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100_000, 'must be at most 100000')
      .default(3),
    /** Password hashes running at once (default: max(1, cores - 1), see docs/decisions/009). */
    HASH_CONCURRENCY: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1024, 'must be at most 1024')
      .optional(),
    /** Password hashes waiting for a slot before sign-in and sign-up answer 503 (default: 2 per slot). */
    HASH_QUEUE: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(100_000, 'must be at most 100000')
      .optional(),
    /**
     * Sign-ins and sign-ups let in per second while pages keep the server's thread busy (default: 6
     * on PGlite, whose queries run on that thread too, 10 on PostgreSQL; 0: no limit; docs/decisions/020).
     */
    SIGN_IN_RATE_WHEN_BUSY: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(100_000, 'must be at most 100000')
      .optional(),
    /** How much lower the password hashing threads' priority is than the server's, 0-19 (default 19; docs/decisions/020). */
    HASH_NICE: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0-19')
      .max(19, 'must be 0-19')
      .default(19),
    /** Reverse proxies in front whose X-Forwarded-For / X-Forwarded-Proto are trusted (0: none, the socket is the client). */
    TRUST_PROXY_HOPS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0-10')
      .max(10, 'must be 0-10')
      .default(0),
    /** API requests in progress at once before this instance answers 503 (default: 64 on PGlite, 512 on PostgreSQL). */
    MAX_IN_FLIGHT: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100_000, 'must be at most 100000')
      .optional(),
    /**
     * How long requests may wait, in ms (the event loop's delay, or the time queued in the app
     * behind the database) before new API requests are answered 503 with Retry-After; 0: never
     * by wait, only MAX_IN_FLIGHT (default: 500 on PGlite, 250 on PostgreSQL; docs/decisions/020).
     */
    MAX_QUEUE_WAIT_MS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number (milliseconds)')
      .min(0, 'must be 0 (off) or more')
      .max(60_000, 'must be at most 60000')
      .optional(),
    /** Requests each personal API token may make per hour (default 5000; docs/decisions/025). */
    TOKEN_REQUESTS_PER_HOUR: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1_000_000, 'must be at most 1000000')
      .optional(),
    /** Connections one client address reaching the instance directly may hold at once (0: no cap; not applied behind a trusted proxy). */
    MAX_CONNECTIONS_PER_ADDRESS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(1_000_000, 'must be at most 1000000')
      .default(DEFAULT_MAX_CONNECTIONS_PER_ADDRESS),
    /** After SIGTERM, how long the instance goes on serving (ready answering 503) before it closes (platform/drain.ts). */
    SHUTDOWN_GRACE_MS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(600_000, 'must be at most 600000 (10 minutes)')
      .default(5_000),
    /** Least severe log level written (JSON lines on stdout); 'silent' writes none. */
    LOG_LEVEL: z.preprocess(emptyIsUnset, z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info')),
    /** Port of the Prometheus metrics server (GET /metrics); unset: no metrics server. */
    METRICS_PORT: z.preprocess(emptyIsUnset, port().optional()),
    /**
     * The origin people reach the app at (https://teams.example.org): the links in emails and the
     * social sign-in callback are built on it. Unset: the origin of the request (fine on one machine).
     */
    PUBLIC_URL: baseUrl(),
    /** GitHub sign-in (docs/decisions/013-accounts.md): both, or neither. */
    GITHUB_CLIENT_ID: optionalText(),
    GITHUB_CLIENT_SECRET: optionalText(),
    /** GitHub's web and API addresses: change them for GitHub Enterprise Server, or for the test suite's local provider. */
    GITHUB_URL: baseUrl().default('https://github.com'),
    GITHUB_API_URL: baseUrl().default('https://api.github.com'),
    /** Discord sign-in: both, or neither. */
    DISCORD_CLIENT_ID: optionalText(),
    DISCORD_CLIENT_SECRET: optionalText(),
    /** Discord's API address: changed only by the test suite's local provider. */
    DISCORD_API_URL: baseUrl().default('https://discord.com/api'),
    /** Where email goes: smtp://user:pass@host:587 or smtps://... (unset: messages are written to the log). */
    SMTP_URL: z.preprocess(
      emptyIsUnset,
      z
        .string()
        .trim()
        .refine((v) => /^smtps?:\/\//.test(v) && URL.canParse(v), 'must start with smtp:// or smtps://')
        .optional(),
    ),
    /** The sender of every email, e.g. 'HackTeams <teams@example.org>'. */
    MAIL_FROM: optionalText(),
  })
  .refine((env) => env.METRICS_PORT === undefined || env.METRICS_PORT !== env.PORT, {
    path: ['METRICS_PORT'],
    message: 'must differ from PORT (metrics are never served on the public port)',
  })
  .refine((env) => Boolean(env.GITHUB_CLIENT_ID) === Boolean(env.GITHUB_CLIENT_SECRET), {
    path: ['GITHUB_CLIENT_SECRET'],
    message: 'GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are set together, or neither',
  })
  .refine((env) => Boolean(env.DISCORD_CLIENT_ID) === Boolean(env.DISCORD_CLIENT_SECRET), {
    path: ['DISCORD_CLIENT_SECRET'],
    message: 'DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET are set together, or neither',
  })
  .refine((env) => Boolean(env.SMTP_URL) === Boolean(env.MAIL_FROM), {
    path: ['MAIL_FROM'],
    message: 'SMTP_URL and MAIL_FROM are set together, or neither',
  })
  // A link in an email must not be built from a Host header a stranger sent.
  .refine((env) => !env.SMTP_URL || env.PUBLIC_URL, {
    path: ['PUBLIC_URL'],
    message: 'must be set when SMTP_URL is (the links in emails are built on it)',
  })
  .transform((env) => ({
    ...env,
    DEMO_DATA: env.DEMO_DATA ?? (env.DATABASE_URL || env.NODE_ENV === 'production' ? ('off' as const) : ('on' as const)),
  }));

export type Env = z.infer<typeof EnvSchema>;

/** A value as an error message may quote it: secrets (and an SMTP URL's password) never. */
function shown(name: string, value: string | undefined): string {
  if (value !== undefined && /SECRET|SMTP_URL/.test(name)) return '(hidden)';
  return JSON.stringify(value);
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got ${shown(String(i.path[0]), source[String(i.path[0])])})`,
    );
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

export class EnvError extends Error {}
