/**
 * The accounts routes of the contract (src/shared/api/auth.ts): better-auth's handler behind our
 * own validation, error shape and answers, and /api/me.
 */
import { generateId } from 'better-auth';
import { sql } from 'drizzle-orm';
import { authApi } from '../../shared/api/auth';
import { ApiError, type AppContext, getViewer } from '../api/http';
import { HASHING_BUSY, PASSWORD_BLANK, PASSWORD_TOO_COMMON } from './auth';
import { HashingBusy } from './hash-limiter';
import { createRouter } from '../api/openapi';
import { getMe } from '../features/profiles';
import { addressKey, countAttempt } from './attempt-limits.repo';
import { rememberDevice, withinPasswordLimits } from './sign-in-limits';
import { existingAccountMail } from './account-mail';
import { hashPassword } from './password';

const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password',
  INVALID_PASSWORD: 'Current password is incorrect',
  INVALID_TOKEN: 'This reset link is invalid, expired or already used. Ask for a new one.',
  CREDENTIAL_ACCOUNT_NOT_FOUND: "This account has no password yet: use 'Forgot password?' on the sign-in page to set one.",
  EMAIL_ALREADY_VERIFIED: 'Your email is already verified.',
  PASSWORD_TOO_SHORT: 'Must be at least 6 characters',
  INVALID_EMAIL: 'Invalid email address',
};

/** Errors about one field of the request, shown on that field like the schema's own (`fields`). */
const FIELD_OF_CODE: Record<string, string> = {
  [PASSWORD_TOO_COMMON]: 'password',
  [PASSWORD_BLANK]: 'password',
  INVALID_PASSWORD: 'currentPassword',
};

/** Routes whose new password is `newPassword`: the password messages go on that field. */
const NEW_PASSWORD_ROUTES = new Set(['/api/auth/change-password', '/api/auth/reset-password']);

/** The 503 of a full hashing queue (docs/decisions/009); Retry-After comes with it. */
export const HASHING_BUSY_MESSAGE = 'Too many people are signing in right now. Please try again in a few seconds.';

/** Headers of better-auth's answer that belong on ours: the session cookie and rate-limit hints. */
const PASSED_HEADERS = ['set-cookie', 'retry-after', 'x-retry-after'];

/**
 * Hands the request to better-auth at `path` (default: the request's own) with the request's
 * headers, the client's address in our own header, and `body` as JSON when given.
 */
export function forwardToAuth(c: AppContext, body?: unknown, path?: string): Promise<Response> {
  const headers = new Headers(c.req.raw.headers);
  // better-auth records the client's address (edge.ts), never a header the client sent.
  headers.delete('x-client-address');
  const { address, origin } = c.var.client;
  if (address) headers.set('x-client-address', address);
  // One rule for every route (edge.ts, sameOriginWrites): a write whose Origin is another site's
  // was refused before this; one without Origin came from the app's own page or from no browser
  // (curl, a script: Node's fetch sends Sec-Fetch-Mode but no Origin). better-auth would refuse
  // the latter with 403, so it is told the request's own origin, which the edge has vouched for.
  if (!headers.has('origin')) headers.set('origin', origin);
  headers.delete('content-length');
  const init: RequestInit = { method: c.req.method, headers };
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    // Only what our own schema let through is passed on; anything else the client sent is not.
    init.body = JSON.stringify(body ?? {});
    headers.set('content-type', 'application/json');
  }
  // The URL the client used (https behind a TLS proxy), which better-auth's origin check compares.
  const url = new URL(c.req.url);
  const target = path ?? `${url.pathname}${url.search}`;
  return c.var.auth.handler(new Request(`${origin}${target}`, init));
}

/** Puts better-auth's cookies (and rate-limit hints) on our answer. */
export function passAuthHeaders(c: AppContext, res: Response): void {
  for (const name of PASSED_HEADERS) {
    const values = name === 'set-cookie' ? res.headers.getSetCookie() : [res.headers.get(name)].filter((v) => v !== null);
    for (const value of values) c.header(name, value, { append: true });
  }
}

/**
 * Calls better-auth (see forwardToAuth) and answers with its JSON; its errors become
 * `{ error, code }` with a 4xx status, a message the product words, and the field it concerns.
 */
export async function callAuth(c: AppContext, body?: unknown, path?: string): Promise<any> {
  const res = await forwardToAuth(c, body, path);
  passAuthHeaders(c, res);
  const data = (await res.json().catch(() => null)) as any;
  if (res.status < 400) return data;
  // A hash refused inside better-auth (its Retry-After was passed on above).
  if (res.status === 503 && data?.code === HASHING_BUSY) throw new ApiError(503, HASHING_BUSY_MESSAGE, undefined, HASHING_BUSY);
  const status = res.status === 422 ? 409 : res.status;
  if (status >= 500) {
    // better-auth answers its own 500 for a database it cannot reach; asking the database again
    // throws that error here, which becomes 503 with Retry-After like on every other route (app.ts).
    await c.var.db.execute(sql`select 1`);
    throw new Error(`auth failed: ${data?.code ?? ''} ${data?.message ?? ''}`);
  }
  const message = (data?.code && MESSAGES[data.code]) || data?.message || 'Authentication failed';
  let field = data?.code ? FIELD_OF_CODE[data.code] : undefined;
  if (field === 'password' && NEW_PASSWORD_ROUTES.has(new URL(c.req.url).pathname)) field = 'newPassword';
  throw new ApiError(status as ApiError['status'], message, field ? { [field]: message } : undefined, data?.code);
}

/**
 * Sign-in and sign-up hash a password: they are let in only while the hashing queue has room,
 * before any other work, and answered 503 at once otherwise.
 */
export async function admitted<T>(c: AppContext, work: () => Promise<T>): Promise<T> {
  let leave: () => void;
  try {
    leave = c.var.auth.hashing.admit();
  } catch (err) {
    // 503 with Retry-After: the hashing queue is full (docs/decisions/009).
    throw err instanceof HashingBusy ? ApiError.retryLater(503, HASHING_BUSY_MESSAGE, err.retryAfterSeconds, 'HASHING_BUSY') : err;
  }
  try {
    return await work();
  } finally {
    leave();
  }
}

/** A hash or verify of our own, in turn with every other (docs/decisions/009): a full queue is a 503 with Retry-After. */
export function hashInTurn<T>(c: AppContext, task: () => Promise<T>): Promise<T> {
  return c.var.auth.hashing.run(task).catch((err: unknown) => {
    throw err instanceof HashingBusy ? ApiError.retryLater(503, HASHING_BUSY_MESSAGE, err.retryAfterSeconds, 'HASHING_BUSY') : err;
  });
}

export const seconds = (n: number) => (n === 1 ? '1 second' : `${n} seconds`);

/** Counts a sign-in or sign-up attempt from the client's address (429 past the limit). */
export async function limitAddress(c: AppContext): Promise<void> {
  const { address } = c.var.client;
  if (!c.var.auth.attemptLimits || !address) return;
  const verdict = await countAttempt(c.var.db, addressKey(address), c.var.auth.perAddress);
  if (!verdict.allowed)
    throw ApiError.retryLater(
      429,
      `Too many attempts. Please try again in ${seconds(verdict.retryAfterSeconds)}.`,
      verdict.retryAfterSeconds,
    );
}

/**
 * Signs in within the limits: per address, and the account's limits on wrong passwords
 * (sign-in-limits.ts); the browser is remembered as one the account signed in from.
 */
async function limitedSignIn<T>(c: AppContext, email: string, signIn: () => Promise<T>): Promise<T> {
  await limitAddress(c);
  const result = await withinPasswordLimits(c, email, signIn, (err) => err instanceof ApiError && err.status === 401);
  rememberDevice(c, email);
  return result;
}

/** better-auth's codes for a sign-up with an email in use (422, or a race lost at the unique index). */
const TAKEN = new Set(['USER_ALREADY_EXISTS', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL']);
/** 'You already have an account' mails to one address in an hour; past it none is sent, and the answer is the same. */
const TAKEN_MAILS = { max: 3, windowSeconds: 3600 };

/**
 * A sign-up with an email that has an account answers what a new one answers (an account with a
 * fresh id), so the answer does not say the address is registered. The password is hashed as a
 * new sign-up's is, so the time taken does not say it either; the owner is told by email.
 */
async function answerTakenSignUp(c: AppContext, email: string, password: string, name: string) {
  await hashInTurn(c, () => hashPassword(password));
  const address = email.trim().toLowerCase();
  const verdict = c.var.auth.attemptLimits ? await countAttempt(c.var.db, `taken-mail:${address}`, TAKEN_MAILS) : { allowed: true };
  if (verdict.allowed) c.var.auth.mailer.send(existingAccountMail(address, (path) => c.var.auth.linkTo(path, c.var.client.origin)));
  return { id: generateId(), email: address, name };
}

/** The account as our answers show it: never the session token better-auth also returns. */
const account = (user: { id: string; email: string; name: string }) => ({ id: user.id, email: user.email, name: user.name });

export const authRoutes = createRouter()
  .openapi(authApi.signUp, async (c) => {
    const input = c.req.valid('json');
    await limitAddress(c);
    const name = `${input.firstName} ${input.lastName}`;
    const user = await admitted(c, async () => {
      try {
        return account((await callAuth(c, { ...input, name })).user);
      } catch (err) {
        if (!(err instanceof ApiError && TAKEN.has(err.code ?? ''))) throw err;
        // Taken: the answer of a new sign-up, without a session (docs/decisions/017).
        return answerTakenSignUp(c, input.email, input.password, name);
      }
    });
    return c.json({ user }, 200);
  })
  .openapi(authApi.signIn, async (c) => {
    const input = c.req.valid('json');
    const data = await limitedSignIn(c, input.email, () => admitted(c, () => callAuth(c, { ...input, rememberMe: true })));
    return c.json({ user: account(data.user) }, 200);
  })
  // Only the account endpoints the product offers (here and in account.routes.ts): better-auth's
  // others (update-user, set-password...) would write around the rules above, and some answer
  // hostile input with a 500.
  .openapi(authApi.signOut, async (c) => {
    const data = await callAuth(c, {});
    return c.json({ success: Boolean(data?.success) }, 200);
  })
  .openapi(authApi.session, async (c) => {
    const data = await callAuth(c);
    if (!data?.session) return c.json(null, 200);
    const { session } = data;
    return c.json(
      { session: { id: session.id, expiresAt: session.expiresAt, createdAt: session.createdAt }, user: account(data.user) },
      200,
    );
  })
  .openapi(authApi.me, async (c) => {
    const viewer = await getViewer(c);
    if (!viewer) return c.json({ user: null, profile: null }, 200);
    return c.json({ user: { id: viewer.userId, email: viewer.email }, profile: await getMe(c.var.db, viewer.userId) }, 200);
  });
