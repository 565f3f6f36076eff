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

/** Keys that must never reach a log line, wherever they appear in what is logged (a safety net). */
const REDACTED = ['password', 'newPassword', 'currentPassword', 'token', 'cookie', 'authorization', 'headers', 'body'];

export function createLogger(opts: { level?: LogLevel; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: opts.level ?? 'info',
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: [...REDACTED, ...REDACTED.map((k) => `*.${k}`)], remove: true },
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
