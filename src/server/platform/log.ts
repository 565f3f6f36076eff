/**
 * Structured logs: one JSON object a line (pino) on stdout. Every request gets one line
 * (app.ts, requestLog); errors carry the request id where there is one. Nothing here ever logs a
 * cookie, a token, a password or a request body: request lines name only method, path (no query
 * string), status and duration, and errors go through `errorFields`, which drops the parameters
 * a failed database query would otherwise print.
 */
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** pino's levels, and 'silent' for none. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Keys that must never reach a log line, in what is logged or any plain object within it (a safety net). */
const REDACTED = new Set(['password', 'newPassword', 'currentPassword', 'token', 'cookie', 'authorization', 'headers', 'body']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * What is logged, without the keys of REDACTED, in it or in any plain object within it (an error
 * goes through `errorFields`, which names the fields it keeps). A copy is made only when
 * there is something to drop: pino's redaction of a wildcard path ('*.cookie') cloned and walked
 * every line (2% of the server's time on a list page).
 */
export function withoutSecrets(object: Record<string, unknown>): Record<string, unknown> {
  let kept = object;
  for (const key of Object.keys(object)) {
    const value = object[key];
    const inner = isPlainObject(value) ? withoutSecrets(value) : value;
    if (!REDACTED.has(key) && inner === value) continue;
    if (kept === object) kept = { ...object };
    if (REDACTED.has(key)) delete kept[key];
    else kept[key] = inner;
  }
  return kept;
}

export function createLogger(opts: { level?: LogLevel; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: opts.level ?? 'info',
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      // A line's own keys (and a child logger's) by pino's redaction, which costs a line only when it has one; within them, withoutSecrets.
      formatters: { level: (label) => ({ level: label }), log: withoutSecrets },
      redact: { paths: [...REDACTED], remove: true },
      serializers: { err: errorFields },
    },
    opts.destination,
  );
}

/** Logs nothing: the test harness's default, so test output stays clean. */
export const silentLogger: Logger = createLogger({ level: 'silent' });

/** The logger of code that was given none (scripts, tools); the server passes its own everywhere. */
export const defaultLogger: Logger = createLogger();

/**
 * What a log line says about an error: its type, message, code and stack, and its cause's message
 * and code. A failed Drizzle query's message ends with the query's parameters (they may be
 * session tokens or password hashes): that part is cut.
 */
export function errorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const e = err as Error & { code?: unknown; cause?: unknown };
  const cause = e.cause instanceof Error ? (e.cause as Error & { code?: unknown }) : undefined;
  return {
    type: e.name,
    message: withoutParams(e.message),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(e.stack ? { stack: withoutParams(e.stack) } : {}),
    ...(cause
      ? {
          cause: {
            type: cause.name,
            message: withoutParams(cause.message),
            ...(typeof cause.code === 'string' ? { code: cause.code } : {}),
          },
        }
      : {}),
  };
}

const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [not logged]');
