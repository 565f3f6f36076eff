/**
 * What every request goes through before any route (docs/decisions/012-running-behind-a-proxy.md):
 * who is asking and how they reached us (directly, or through TRUST_PROXY_HOPS reverse proxies),
 * the security headers, the origin check on writes, and load shedding.
 */
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { authApi } from '../../shared/api/auth';
import { hasAllHeaders, HSTS } from '../api/answers';
import { ApiError, errorBody, type AppEnv } from '../api/http';
import { createShedder, type ShedderOptions, type Verdict } from './overload';

export interface Client {
  /** The client's address: the socket's, or the one the trusted proxies saw. */
  address: string | undefined;
  /** Whether the client reached us over HTTPS (directly, or at the trusted proxy). */
  secure: boolean;
  /** The origin the client sees, e.g. https://teams.example.org: its own pages' Origin header. */
  origin: string;
}

function socketAddress(env: unknown): string | undefined {
  return (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
}

/**
 * Each trusted proxy appends the address it received the request from to X-Forwarded-For (or
 * replaces the header, as the nginx recipe does): the client's address is `hops` entries from the
 * end. What the client wrote further left is never read. Fewer entries than hops: the socket.
 */
export function clientAddressOf(forwardedFor: string | undefined, socket: string | undefined, hops: number): string | undefined {
  if (hops <= 0 || !forwardedFor) return socket;
  const chain = forwardedFor
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return chain.length >= hops ? chain[chain.length - hops] : socket;
}

/** better-auth's cookies (session, OAuth state), by the name it gives them. */
const AUTH_COOKIE = 'better-auth.';
const SECURE_PREFIX = '__Secure-';

/**
 * Over HTTPS the browser holds better-auth's cookies as `__Secure-better-auth.*`: a name a browser
 * accepts only from a secure origin, so a plain-HTTP page (a network attacker's, or a forgotten
 * port) cannot plant or overwrite a session. better-auth names its cookies once, at start, and an
 * instance answers over HTTPS and over plain HTTP (a health check, a developer), so the name is
 * changed here, per request: the prefix is taken off for better-auth on the way in, and an
 * unprefixed one (which a secure origin never set) is not passed on at all.
 */
export function cookiesForAuth(cookieHeader: string): string {
  return cookieHeader
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair && !pair.startsWith(AUTH_COOKIE))
    .map((pair) => (pair.startsWith(SECURE_PREFIX + AUTH_COOKIE) ? pair.slice(SECURE_PREFIX.length) : pair))
    .join('; ');
}

/** A Set-Cookie for an HTTPS client: Secure, and better-auth's names with the __Secure- prefix. */
export function secureSetCookie(value: string): string {
  const named = value.startsWith(AUTH_COOKIE) ? SECURE_PREFIX + value : value;
  return /;\s*secure\b/i.test(named) ? named : `${named}; Secure`;
}

/** Sets `c.var.client`; over HTTPS, makes every cookie Secure (and better-auth's __Secure- named) and sends HSTS. */
export function identifyClient(trustProxyHops: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const forwardedProto = trustProxyHops > 0 ? c.req.header('x-forwarded-proto')?.split(',')[0].trim().toLowerCase() : undefined;
    const secure = forwardedProto ? forwardedProto === 'https' : url.protocol === 'https:';
    const origin = `${secure ? 'https' : 'http'}://${url.host}`;
    const address = clientAddressOf(c.req.header('x-forwarded-for'), socketAddress(c.env), trustProxyHops);
    c.set('client', { address, secure, origin });
    const cookie = secure ? c.req.raw.headers.get('cookie') : null;
    if (cookie !== null) c.req.raw.headers.set('cookie', cookiesForAuth(cookie));
    await next();
    // An answer made with all its headers (api/answers.ts) has HSTS and no cookie.
    if (!secure || hasAllHeaders(c.res)) return;
    c.res.headers.set('strict-transport-security', HSTS);
    const cookies = c.res.headers.getSetCookie();
    if (cookies.length) {
      c.res.headers.delete('set-cookie');
      for (const v of cookies) c.res.headers.append('set-cookie', secureSetCookie(v));
    }
  };
}

const SAFE_METHOD = /^(GET|HEAD|OPTIONS)$/;
const BODY_TYPE = /^(application\/([\w.+-]+\+)?json|multipart\/form-data)\s*(;|$)/i;

/**
 * A state-changing request must come from the app's own pages: an Origin header, when there is
 * one, must be the app's origin (or one of TRUSTED_ORIGINS); without one, a browser's
 * Sec-Fetch-Site must say same-origin. A request with neither is not from a browser (curl, a
 * script), so no other site can have sent it. A request with `Authorization: Bearer` needs neither. Then a body, when there is one, must be JSON or
 * multipart: a form or text/plain post is refused before anything reads it.
 */
export function sameOriginWrites(trustedOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHOD.test(c.req.method)) return next();
    // A Bearer token is no ambient credential: a browser sends it only when a page's script adds
    // it, which another site's cannot (no CORS here). Its request never reads the session cookie
    // (features/tokens), so it may come from anywhere, with any Origin or none.
    const bearer = /^bearer( |$)/i.test(c.req.header('authorization') ?? '');
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const allowed =
      bearer ||
      (origin !== undefined
        ? origin === c.var.client.origin || trustedOrigins.includes(origin)
        : site === undefined || site === 'same-origin');
    if (!allowed) throw new ApiError(403, 'This request came from another site and was refused', undefined, 'cross_site');
    const type = c.req.header('content-type');
    if (type !== undefined && !BODY_TYPE.test(type))
      throw new ApiError(415, 'The request body must be JSON (Content-Type: application/json)');
    await next();
  };
}

/** The sha256 sources of the inline scripts of a page, for its Content-Security-Policy. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`,
  );
}

/**
 * Security headers on every answer: a Content-Security-Policy with no inline script but the
 * hashed ones of the app page (the theme script), no framing by any site, nosniff, no referrer.
 * These are the headers Hono's secureHeaders sent with those options (edge.test.ts compares
 * them), as one record: the API's JSON answers are made with it (api/answers.ts).
 */
export function securityHeaderRecord(scriptHashes: string[]): Readonly<Record<string, string>> {
  const policy = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    // Radix's dialogs add a <style> element (scroll lock); scripts are what the policy guards.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Profiles made by a GitHub or Discord sign-in show that provider's avatar (docs/decisions/013-accounts.md).
    'img-src': ["'self'", 'data:', 'blob:', 'https://avatars.githubusercontent.com', 'https://cdn.discordapp.com'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.freeze({
    'cross-origin-resource-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'content-security-policy': Object.entries(policy)
      .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
      .join('; '),
  });
}

/**
 * The Content-Security-Policy of the API's JSON answers (OWASP's REST Security cheat sheet): a JSON
 * answer loads nothing, and no page may frame it. Pages keep the app's policy, as do files such as
 * an avatar, which a browser may open as a document of its own.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Sets the security headers on an answer made without them (a page, a file, a stream, an answer a handler made itself). */
export function securityHeaders(record: Readonly<Record<string, string>>): MiddlewareHandler<AppEnv> {
  const entries = Object.entries(record);
  return async (c, next) => {
    await next();
    if (hasAllHeaders(c.res)) return;
    for (const [name, value] of entries) c.res.headers.set(name, value);
    c.res.headers.delete('x-powered-by');
  };
}

export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

/** Never turned away: the health and readiness checks, and the live event streams (open for hours). */
const NEVER_SHED = new Set(['/api/health', '/api/ready', '/api/me/events']);
/** Routes that wait for a password hash, in the hashing queue with its own limit (docs/decisions/009). */
const HASHING = new Set<string>([authApi.signIn.path, authApi.signUp.path]);

/**
 * Load shedding (overload.ts, docs/decisions/020): at most `maxInFlight` API requests in
 * progress, and none let in while requests wait longer than `maxWaitMs`; past that, 503 with
 * Retry-After at once, before any database work, rather than a queue that makes everyone wait
 * many seconds. It runs first: a request turned away costs as little as it can (no request log
 * line, no security headers); `onShed` counts it. Its answer comes after half of `maxWaitMs`.
 */
export function shedLoad(
  opts: ShedderOptions,
  onShed?: (verdict: Exclude<Verdict, 'in'>, method: string) => void,
): MiddlewareHandler<AppEnv> {
  const shedder = createShedder(opts);
  const pauseMs = Math.floor(opts.maxWaitMs / 2);
  return async (c, next) => {
    if (NEVER_SHED.has(c.req.path)) return next();
    const admitted = shedder.admit({ timed: !HASHING.has(c.req.path) });
    if (admitted.verdict !== 'in') {
      onShed?.(admitted.verdict, c.req.method);
      // A short pause before the answer, on a timer (no work): a client that retries at once,
      // whatever Retry-After says, comes back at most a few times a second instead of in a loop
      // that takes the time the requests let in need (docs/decisions/020).
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      return c.json(errorBody(503, BUSY_MESSAGE), 503, { 'retry-after': '1', 'cache-control': 'no-store' });
    }
    try {
      await next();
    } finally {
      admitted.leave();
    }
  };
}
