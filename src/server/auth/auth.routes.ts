/**
 * /api/auth/*: better-auth's handler behind our own validation and error shape, and /api/me.
 */
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { SignInSchema, SignUpSchema } from '../../shared/schemas';
import { profiles } from '../db/schema';
import { type AppContext, type AppEnv, getViewer, parse, readJson } from '../http';

function clientAddress(c: AppContext): string | undefined {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress;
}

/**
 * better-auth also returns the session token in the JSON body. The browser needs only the
 * HttpOnly cookie; a token readable by scripts would undo what HttpOnly protects.
 */
async function withoutToken(res: Response): Promise<Response> {
  if (!res.headers.get('content-type')?.includes('application/json')) return res;
  const data = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!data || typeof data !== 'object' || !('token' in data)) {
    return new Response(data === null ? null : JSON.stringify(data), { status: res.status, headers: res.headers });
  }
  delete data.token;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(data), { status: res.status, headers });
}

const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password',
  USER_ALREADY_EXISTS: 'An account with this email already exists. Sign in instead.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'An account with this email already exists. Sign in instead.',
  PASSWORD_TOO_SHORT: 'Must be at least 6 characters',
  INVALID_EMAIL: 'Invalid email address',
};

/** Forwards to better-auth and turns its errors into `{ error }` with a 4xx status. */
async function forward(c: AppContext, body?: unknown): Promise<Response> {
  const headers = new Headers(c.req.raw.headers);
  // Rate limits key on the real peer address, never on a header the client sent.
  headers.delete('x-client-address');
  const address = clientAddress(c);
  if (address) headers.set('x-client-address', address);
  const init: RequestInit = { method: c.req.method, headers };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    headers.set('content-type', 'application/json');
    headers.delete('content-length');
  } else if (c.req.method !== 'GET' && c.req.method !== 'HEAD') init.body = await c.req.raw.arrayBuffer();
  const req = new Request(c.req.url, init);
  const res = await c.var.auth.handler(req);
  if (res.status < 400) return withoutToken(res);
  const data = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
  const status = res.status === 422 ? 409 : res.status >= 500 ? 500 : res.status;
  if (status === 500) throw new Error(`auth failed: ${data.code ?? ''} ${data.message ?? ''}`);
  const outHeaders = new Headers(res.headers);
  outHeaders.set('content-type', 'application/json');
  outHeaders.delete('content-length');
  const error = (data.code && MESSAGES[data.code]) || data.message || 'Authentication failed';
  return new Response(JSON.stringify({ error, code: data.code }), { status, headers: outHeaders });
}

export const authRoutes = new Hono<AppEnv>()
  .post('/auth/sign-up/email', async (c) => {
    const input = parse(SignUpSchema, await readJson(c));
    return forward(c, { ...input, name: `${input.firstName} ${input.lastName}` });
  })
  .post('/auth/sign-in/email', async (c) => {
    const input = parse(SignInSchema, await readJson(c));
    return forward(c, { ...input, rememberMe: true });
  })
  // Only the account endpoints the product offers: better-auth's others (update-user, change-email,
  // reset-password...) would write around the rules above, and some answer hostile input with a 500.
  // Sign-out reads nothing from the body; whatever was sent is not passed on to be parsed.
  .post('/auth/sign-out', (c) => forward(c, {}))
  .get('/auth/get-session', (c) => forward(c))
  .get('/me', async (c) => {
    const viewer = await getViewer(c);
    if (!viewer) return c.json({ user: null, profile: null });
    const [profile] = await c.var.db
      .select({
        id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName,
        preferredName: profiles.preferredName, name: profiles.name, avatarUrl: profiles.avatarUrl,
      })
      .from(profiles)
      .where(eq(profiles.userId, viewer.userId));
    return c.json({ user: { id: viewer.userId, email: viewer.email }, profile: profile ?? null });
  });

