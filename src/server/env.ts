/** The environment, parsed once. A bad value stops start-up with a message naming it. */
import { z } from 'zod';
import { DEFAULT_EVENT_URL } from '../shared/hackathon';
import { LOG_LEVELS } from './log';

/** `NAME=` (set, but empty) counts as unset. */
const emptyIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const port = () => z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be 1-65535').max(65535, 'must be 1-65535');

const EnvSchema = z.object({
  PORT: port().default(3000),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DEMO_DATA: z.enum(['on', 'off'], { message: "must be 'on' or 'off'" }).default('on'),
  /** Secret that signs session cookies; generated and kept in the database when unset. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Public origin(s) the app is served from, comma separated, when behind a proxy. */
  TRUSTED_ORIGINS: z.string().optional(),
  /** Where 'Register Now' on the hackathon page leads. */
  EVENT_URL: z.string().url('must be a URL').default(DEFAULT_EVENT_URL),
  /** Folder of the built web app (default dist/web). */
  WEB_ROOT: z.string().optional(),
  AUTH_RATE_LIMIT: z.enum(['on', 'off'], { message: "must be 'on' or 'off'" }).default('on'),
  /** Sign-in and sign-up attempts one client address may make in 10 s (a venue's wifi may need more). */
  AUTH_ATTEMPTS_PER_ADDRESS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(100_000, 'must be at most 100000').default(3),
  /** Password hashes running at once (default: max(1, cores - 1), see docs/decisions/009). */
  HASH_CONCURRENCY: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(1024, 'must be at most 1024').optional(),
  /** Password hashes waiting for a slot before sign-in and sign-up answer 503 (default: 50 per slot). */
  HASH_QUEUE: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(100_000, 'must be at most 100000').optional(),
  /** Reverse proxies in front whose X-Forwarded-For / X-Forwarded-Proto are trusted (0: none, the socket is the client). */
  TRUST_PROXY_HOPS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be 0-10').max(10, 'must be 0-10').default(0),
  /** API requests in progress at once before this instance answers 503 (default: 64 on PGlite, 512 on PostgreSQL). */
  MAX_IN_FLIGHT: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(100_000, 'must be at most 100000').optional(),
  /** Connections one client address may hold at once (0: no cap). */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(1_000_000, 'must be at most 1000000').default(1024),
  /** Least severe log level written (JSON lines on stdout); 'silent' writes none. */
  LOG_LEVEL: z.preprocess(emptyIsUnset, z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info')),
  /** Port of the Prometheus metrics server (GET /metrics); unset: no metrics server. */
  METRICS_PORT: z.preprocess(emptyIsUnset, port().optional()),
}).refine((env) => env.METRICS_PORT === undefined || env.METRICS_PORT !== env.PORT, {
  path: ['METRICS_PORT'],
  message: 'must differ from PORT (metrics are never served on the public port)',
});

export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(source[String(i.path[0])])})`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

export class EnvError extends Error {}
