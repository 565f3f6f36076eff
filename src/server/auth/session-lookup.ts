/**
 * Who signed a request, in one prepared statement: the hot path of every signed-in request
 * (docs/decisions/015-session-lookup.md). better-auth's own `getSession` costs about 2 ms of CPU
 * per call here (a context per call, Web Crypto in the thread pool, its query rebuilt each time),
 * then the profile id was a second statement. This reads the same signed cookie and the same
 * session row, and hands every case that is not plainly valid back to better-auth, so expiry
 * clean-up and the sliding refresh of a session's lifetime stay better-auth's.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookies } from 'better-call';
import type { Db } from '../db/client';
import { sessionViewerByToken } from './auth.repo';

export interface SessionViewer {
  /** The session signing the request (a live stream ends with it). */
  sessionId: string;
  userId: string;
  email: string;
  /** Whether its owner opened the link mailed to the address (a platform admin's must be). */
  emailVerified: boolean;
  profileId: string | null;
}

/** 'ask-better-auth': a session that is expired or due for a refresh, which better-auth handles. */
export type LookupResult = SessionViewer | null | 'ask-better-auth';

export interface SessionLookupOptions {
  secret: string;
  /** The session cookie's name as better-auth sets it (with its __Secure- prefix when it has one). */
  cookieName: string;
  /** better-auth's session.expiresIn and session.updateAge, in seconds. */
  expiresIn: number;
  updateAge: number;
}

/** The token of a signed cookie value `token.signature` (HMAC-SHA256, base64), as better-call signs it; null when the signature is wrong. */
export function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

export function createSessionLookup(db: Db, opts: SessionLookupOptions) {
  return async function lookup(cookieHeader: string): Promise<LookupResult> {
    const value = parseCookies(cookieHeader).get(opts.cookieName);
    if (!value) return null;
    const token = verifiedToken(value, opts.secret);
    if (!token) return null;
    const row = await sessionViewerByToken(db, token);
    if (!row) return null;
    const expiresAt = row.expiresAt.getTime();
    const now = Date.now();
    // better-auth deletes an expired session, and moves a session's expiry on once a day (updateAge).
    if (expiresAt <= now || expiresAt - opts.expiresIn * 1000 + opts.updateAge * 1000 <= now) return 'ask-better-auth';
    return { sessionId: row.sessionId, userId: row.userId, email: row.email, emailVerified: row.emailVerified, profileId: row.profileId };
  };
}
