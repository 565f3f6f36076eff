/**
 * Test harness: the real app in-process on a fresh database. PGlite in memory by default;
 * with DATABASE_URL, a new PostgreSQL database per harness, dropped on close.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createApp } from './app';
import { createAuth } from './auth/auth';
import { openDatabase, type Database } from './db/client';

export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestUser {
  cookie: string;
  email: string;
  userId: string;
  profileId: string;
}

export async function createHarness(opts: { webRoot?: string } = {}) {
  let database: Database;
  let drop = async () => {};
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString() });
    drop = async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    database = await openDatabase({});
  }
  const auth = createAuth(database.db, { secret: 'test-secret-test-secret-test-secret-0', rateLimit: false, trustedOrigins: [] });
  const app = createApp({ db: database.db, dbKind: database.kind, auth, config: { eventUrl: 'https://example.com/event' }, webRoot: opts.webRoot });

  async function request<T = any>(
    method: string,
    path: string,
    opts: { body?: unknown; cookie?: string; form?: FormData; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { origin: 'http://localhost', ...opts.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    let body: BodyInit | undefined;
    if (opts.form) body = opts.form;
    else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    }
    const res = await app.request(`http://localhost${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  let counter = 0;
  /** Signs up a new user and returns their session cookie and profile id. */
  async function signUp(overrides: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {}): Promise<TestUser> {
    counter += 1;
    const input = {
      firstName: 'Test',
      lastName: `User${counter}`,
      email: `user${counter}-${randomUUID().slice(0, 8)}@example.com`,
      password: 'secret123',
      ...overrides,
    };
    const res = await request('POST', '/api/auth/sign-up/email', { body: input });
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    const cookie = cookieFrom(res.headers);
    const me = await request('GET', '/api/me', { cookie });
    return { cookie, email: input.email, userId: me.body.user.id, profileId: me.body.profile.id };
  }

  return {
    app,
    db: database.db,
    kind: database.kind,
    request,
    signUp,
    async close() {
      await database.close();
      await drop();
    },
  };
}

export type Harness = Awaited<ReturnType<typeof createHarness>>;

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
