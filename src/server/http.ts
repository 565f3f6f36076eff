/** The pieces every route uses: the app's context type, errors, validation and the viewer. */
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { fieldMessages } from '../shared/schemas';
import type { Auth } from './auth/auth';
import type { Db, DatabaseKind } from './db/client';
import { profiles } from './db/schema';
import type { CountCache } from './paging';

export interface Viewer {
  userId: string;
  email: string;
  /** Null only if the profile was removed after sign-in. */
  profileId: string | null;
}

export type AppEnv = {
  Variables: {
    db: Db;
    dbKind: DatabaseKind;
    auth: Auth;
    /** Totals of paged lists, kept briefly (see paging.ts). */
    counts: CountCache;
    viewer?: Viewer | null;
  };
};
export type AppContext = Context<AppEnv>;

/** An error the client is meant to see: JSON `{ error, fields? }` with a 4xx status. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new ApiError(404, message);
export const forbidden = (message = 'You are not allowed to do this') => new ApiError(403, message);

export const NUL_MESSAGE = 'Text must not contain NUL characters (\\u0000)';

/**
 * Parses input with a shared schema; the first message per field goes back as `fields`.
 * PostgreSQL cannot store NUL in text, so parsed strings holding one are refused here, for
 * every body and query at once, rather than failing in the database.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  const fields = result.success ? nulFields(result.data) : fieldMessages(result.error);
  if (result.success && Object.keys(fields).length === 0) return result.data;
  throw new ApiError(400, Object.values(fields)[0] ?? 'Invalid input', fields);
}

/** Dotted paths of the strings holding NUL in parsed data (its depth is bounded by the schema). */
function nulFields(value: unknown, path: string[] = [], out: Record<string, string> = {}): Record<string, string> {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out[path.join('.') || '_'] ??= NUL_MESSAGE;
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) nulFields(item, [...path, key], out);
  }
  return out;
}

/** The JSON object a write sends: 415 unless sent as JSON, 400 unless it parses to an object. */
export async function readJson(c: AppContext): Promise<Record<string, unknown>> {
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
    throw new ApiError(415, 'The request body must be JSON (Content-Type: application/json)');
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, 'The request body must be JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/** The signed-in user of this request, or null; looked up once per request. */
export async function getViewer(c: AppContext): Promise<Viewer | null> {
  const cached = c.get('viewer');
  if (cached !== undefined) return cached;
  let viewer: Viewer | null = null;
  if (c.req.header('cookie')?.includes('session_token')) {
    const session = await c.var.auth.api.getSession({ headers: c.req.raw.headers });
    if (session) {
      const [profile] = await c.var.db
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.userId, session.user.id));
      viewer = { userId: session.user.id, email: session.user.email, profileId: profile?.id ?? null };
    }
  }
  c.set('viewer', viewer);
  return viewer;
}

export async function requireViewer(c: AppContext): Promise<Viewer> {
  const viewer = await getViewer(c);
  if (!viewer) throw new ApiError(401, 'Please sign in to continue');
  return viewer;
}

/** A signed-in viewer with a profile: what every product write needs. */
export async function requireProfile(c: AppContext): Promise<Viewer & { profileId: string }> {
  const viewer = await requireViewer(c);
  if (!viewer.profileId) throw new ApiError(404, 'User profile not found');
  return viewer as Viewer & { profileId: string };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether the text has the shape of a uuid, so the database can compare it with a uuid column. */
export const isUuid = (text: string | undefined): text is string => text !== undefined && UUID_RE.test(text);

/** Route ids that are not uuids cannot exist: answer 404 instead of a database error. */
export function idParam(c: AppContext, name: string, notFoundMessage: string): string {
  const id = c.req.param(name) ?? '';
  if (!isUuid(id)) throw notFound(notFoundMessage);
  return id.toLowerCase();
}
