/** The pieces every route uses: the app's context type, errors and the viewer. */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Config } from '../../shared/api/system';
import { errorCodeOf, type ErrorCode } from '../../shared/api/refusals';
import type { Auth } from '../auth/auth';
import type { Db, DatabaseKind } from '../db/client';
import type { Logger } from '../platform/log';
import type { LongWork } from '../platform/overload';
import type { CountCache } from './counts';
import type { NotificationHub } from '../features/notifications';
import type { MatchingIndex } from '../features/matching';
import type { Client } from '../platform/edge';

export interface Viewer {
  /** The session signing the request. */
  sessionId: string;
  userId: string;
  email: string;
  /** Whether its owner opened the link mailed to the address (a platform admin's must be). */
  emailVerified: boolean;
  /** Null only if the profile was removed after sign-in. */
  profileId: string | null;
  /** Set when a personal API token signs the request (features/tokens), not a session. */
  token?: { id: string; scopes: readonly string[] };
}

export type AppEnv = {
  Variables: {
    db: Db;
    dbKind: DatabaseKind;
    auth: Auth;
    /** Totals of paged lists, kept briefly (see paging.ts). */
    counts: CountCache;
    config: Omit<Config, 'socialProviders' | 'webhooksAllowHttp'>;
    /** This instance's open live notification streams. */
    live: NotificationHub;
    /** This instance's matching index. */
    matching: MatchingIndex;
    /** Platform admins' sign-in emails, lower-cased (ADMIN_EMAILS). */
    admins: Set<string>;
    /** Whether webhooks may point to private and loopback addresses, over http too (WEBHOOKS_ALLOW_PRIVATE, tests). */
    webhooksAllowPrivate: boolean;
    /** Runs work known to hold the event loop, its long turns excused from load shedding (app.ts `longWork`). */
    longWork: LongWork;
    viewer?: Viewer | null;
    /** Who is asking, and how they reached us (edge.ts). */
    client: Client;
    /** This request's id (also its X-Request-Id header). */
    requestId: string;
    /** The app's logger with this request's id on every line. */
    log: Logger;
  };
};
/** The context of any route: AppEnv, plus whatever a route's guards add. */
export type AppContext<E extends AppEnv = AppEnv> = Context<E, any, any>;

/**
 * The body of every error answer: the words, the stable code (the status's own when none is
 * given, src/shared/api/refusals.ts) and, for invalid input, `fields`.
 */
export function errorBody(status: number, message: string, code?: string, fields?: Record<string, string>) {
  return { error: message, code: errorCodeOf(status, code), ...(fields ? { fields } : {}) };
}

/** An error the client is meant to see: JSON `{ error, code, fields? }` with a 4xx status. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    message: string,
    readonly fields?: Record<string, string>,
    /** Its code (src/shared/api/refusals.ts); left out, the status's general one ('not_found'). */
    readonly code?: ErrorCode | string,
    /** When to try again: the answer carries it as Retry-After (seconds). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** A 429 or 503 the client may retry after `seconds` (sent as Retry-After). */
  static retryLater(status: 429 | 503, message: string, seconds: number, code?: ErrorCode): ApiError {
    return new ApiError(status, message, undefined, code, seconds);
  }
}

export const notFound = (message: string) => new ApiError(404, message);
export const forbidden = (message = 'You are not allowed to do this') => new ApiError(403, message);

export const NUL_MESSAGE = 'Text must not contain NUL characters (\\u0000)';

/** The signed-in user of this request, or null; looked up once per request. */
export async function getViewer<E extends AppEnv>(c: AppContext<E>): Promise<Viewer | null> {
  const cached = c.get('viewer');
  if (cached !== undefined) return cached;
  let viewer: Viewer | null = null;
  if (c.req.header('cookie')?.includes('session_token')) {
    viewer = await c.var.auth.viewerOf(c.req.raw.headers);
  }
  c.set('viewer', viewer);
  return viewer;
}

export async function requireViewer<E extends AppEnv>(c: AppContext<E>): Promise<Viewer> {
  const viewer = await getViewer(c);
  if (!viewer) throw new ApiError(401, 'Please sign in to continue');
  return viewer;
}

/** A signed-in viewer with a profile: what every product write needs. */
export async function requireProfile<E extends AppEnv>(c: AppContext<E>): Promise<Viewer & { profileId: string }> {
  const viewer = await requireViewer(c);
  if (!viewer.profileId) throw new ApiError(404, 'User profile not found');
  return viewer as Viewer & { profileId: string };
}

/** The context of a route behind `withProfile`: the viewer's profile id, typed, set once. */
export type ProfileEnv = AppEnv & { Variables: { profileId: string } };

/** A signed-in viewer with a profile, what every product write needs (401, or 404 'User profile not found'). */
export const withProfile = createMiddleware<ProfileEnv>(async (c, next) => {
  c.set('profileId', (await requireProfile(c)).profileId);
  await next();
});
