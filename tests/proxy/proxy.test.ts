/**
 * The deployment recipe, for real: nginx with deploy/nginx/hackteams.conf terminates TLS (a
 * self-signed certificate) in front of two app instances over one PostgreSQL database, started
 * with TRUST_PROXY_HOPS=1 and AUTH_RATE_LIMIT=on. Clients connect from different loopback
 * addresses (127.0.0.x), so nginx sees different clients. Needs DATABASE_URL (a server on which it
 * may create and drop a database) and nginx and openssl on the PATH; `npm run test:proxy`, run
 * by .ci/run.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabaseOfEnv, startServer, waitForHealth } from '../../src/server/testing/process';
import { cookieFrom, eventReader } from '../../src/server/testing/client';
import {
  answeredBy,
  dropConnections,
  freePort,
  selfSignedCertificate,
  startNginx,
  tlsFetch,
  writeNginxConfig,
  type NginxSettings,
} from './harness';

const database = scratchDatabaseOfEnv('proxy', 'proxy test');
const databaseUrl = database.url;

const dir = mkdtempSync(join(tmpdir(), 'hackteams-proxy-'));
let settings: NginxSettings;
let nginx: ReturnType<typeof startNginx> | undefined;
/** The instances behind nginx right now, by port (all started ones, to stop them at the end). */
let serving: number[] = [];
const started = new Map<number, ReturnType<typeof startServer>>();

const PASSWORD = 'team-finder-1';
const origin = () => `https://127.0.0.1:${settings.httpsPort}`;
const upstream = (port: number) => `127.0.0.1:${port}`;

async function startInstances(ports: number[]) {
  for (const port of ports) {
    // No grace period: the last test swaps instances within a 10 s window (the drain has its own test, crowd.test.ts).
    started.set(
      port,
      startServer({ DATABASE_URL: databaseUrl, PORT: String(port), TRUST_PROXY_HOPS: '1', AUTH_RATE_LIMIT: 'on', SHUTDOWN_GRACE_MS: '0' }),
    );
  }
  await Promise.all(
    ports.map(async (port) => {
      const server = started.get(port)!;
      try {
        await waitForHealth(port, server);
      } catch (err) {
        throw new Error(`instance on ${port}: ${(err as Error).message}`, { cause: err });
      }
    }),
  );
}

async function stopInstance(port: number) {
  const server = started.get(port)!;
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  return server.exited;
}

/**
 * Waits until nginx answers over TLS from one of `ports` (after a start or a reload), five times in
 * a row on connections of their own: after a reload, a worker of the old configuration may take a
 * new connection for a moment (on a busy machine, after a new worker already answered one).
 */
async function waitForProxy(ports: number[]) {
  const wanted = ports.map(upstream);
  let inARow = 0;
  for (let i = 0; i < 100; i++) {
    try {
      const res = await tlsFetch(`${origin()}/api/health`, { fresh: true });
      await res.arrayBuffer();
      inARow = res.status === 200 && wanted.includes(answeredBy(res) ?? '') ? inARow + 1 : 0;
      if (inARow === 5) return;
      if (inARow > 0) continue;
    } catch {
      inARow = 0;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not come up:\n${nginx?.output()}`);
}

beforeAll(async () => {
  await database.create();
  const [httpsPort, httpPort, a, b] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  settings = { dir, httpsPort, httpPort, ...selfSignedCertificate(dir), apps: [a, b] };
  serving = [a, b];
  // Both start together: one migrates while the other waits for it.
  await startInstances(serving);
  nginx = startNginx(dir, writeNginxConfig(settings));
  await waitForProxy(serving);
}, 120_000);

afterAll(async () => {
  dropConnections();
  await nginx?.stop();
  await Promise.all([...started.keys()].map(stopInstance));
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** A fresh loopback address per client: nginx (and so the app) sees each as another client. */
let lastHost = 1;
const newClient = () => {
  if (++lastHost > 254) throw new Error('out of loopback addresses');
  return `127.0.0.${lastHost}`;
};

interface CallInit {
  method?: string;
  body?: unknown;
  cookie?: string;
  from?: string;
  origin?: string;
  headers?: Record<string, string>;
}
/** A JSON request through the proxy, from the public origin unless told otherwise. */
function call(path: string, init: CallInit = {}) {
  const headers: Record<string, string> = { origin: init.origin ?? origin(), ...init.headers };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return tlsFetch(`${origin()}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    from: init.from,
  });
}

/** Signs a new account up through the proxy, from an address of its own. */
async function signUp(firstName: string, from = newClient()) {
  const email = `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const res = await call('/api/auth/sign-up/email', { body: { firstName, lastName: 'Proxy', email, password: PASSWORD }, from });
  const body = await res.text();
  expect(res.status, `sign-up answered ${res.status} ${body}`).toBe(200);
  return { email, from, cookie: cookieFrom(res.headers), res };
}

/** A sign-in attempt; the answer's body is read, so the client's connection is free again. */
async function signIn(email: string, password: string, from: string, headers?: Record<string, string>) {
  const res = await call('/api/auth/sign-in/email', { body: { email, password }, from, headers });
  const body = (await res.json().catch(() => null)) as { error?: string } | null;
  return { status: res.status, headers: res.headers, body, instance: answeredBy(res) };
}
const wrongSignIn = (email: string, from: string, headers?: Record<string, string>) => signIn(email, 'wrong-password', from, headers);
const unknownEmail = () => `nobody-${randomUUID().slice(0, 8)}@example.com`;

/** A 429 that says when to try again: Retry-After in whole seconds, within the window. */
function expectTooMany(answer: Awaited<ReturnType<typeof signIn>>, windowSeconds: number) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(429);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(
    Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= windowSeconds,
    `Retry-After: ${answer.headers.get('retry-after')}`,
  ).toBe(true);
}

/** `promise`, or a failure saying `message` after `ms`. */
function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const SECURITY_HEADERS = (headers: Headers) => {
  expect(headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBeTruthy();
};

describe('HackTeams behind nginx: TLS, two instances, one PostgreSQL', { timeout: 60_000 }, () => {
  it('answers over TLS from both instances in turn; plain HTTP redirects to HTTPS; bodies over 6 MB stop at nginx', async () => {
    const from = newClient();
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await tlsFetch(`${origin()}/api/health`, { from });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'ok', database: 'postgres' });
      seen.add(answeredBy(res) ?? '');
    }
    expect([...seen].sort()).toEqual(serving.map(upstream).sort());

    const plain = await fetch(`http://127.0.0.1:${settings.httpPort}/teams?open=true`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe(`${origin()}/teams?open=true`);

    const tooBig = await tlsFetch(`${origin()}/api/profiles/x/avatar`, {
      method: 'POST',
      headers: { origin: origin(), 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(7 * 1024 * 1024),
      from,
    });
    await tooBig.arrayBuffer();
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers.get('x-upstream'), 'refused by nginx, not by an instance').toBeNull();
  });

  it('signs up and in with the public https Origin (no TRUSTED_ORIGINS): Secure cookies, HSTS, security headers', async () => {
    const { email, from, res } = await signUp('Secure');
    const cookies = res.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) expect(c, 'every cookie is Secure over HTTPS').toMatch(/;\s*secure(;|$)/i);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);

    const signedIn = await call('/api/auth/sign-in/email', { body: { email, password: PASSWORD }, from });
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    for (const c of signedIn.headers.getSetCookie()) expect(c).toMatch(/;\s*secure(;|$)/i);
    // Named as the README says: a name a browser takes only from a secure origin.
    expect(signedIn.headers.getSetCookie().find((c) => c.includes('session_token'))).toMatch(/^__Secure-better-auth\.session_token=/);
    const cookie = cookieFrom(signedIn.headers);
    await signedIn.arrayBuffer();
    // The session works on both instances (one database): four reads alternate between them.
    for (let i = 0; i < 2; i++) {
      const me = await call('/api/me', { cookie, from });
      expect(((await me.json()) as { user: { email: string } | null }).user?.email).toBe(email);
    }

    // A page-less API answer carries the security headers too.
    const health = await tlsFetch(`${origin()}/api/health`, { from });
    await health.arrayBuffer();
    SECURITY_HEADERS(health.headers);
  });

  it('a state-changing request from another origin answers 403, even with a valid session', async () => {
    const { cookie, from } = await signUp('Target');
    const team = { name: 'Not From Evil', description: 'A team nobody else should create for me.', openPositions: ['Designer'] };
    const forged = await call('/api/teams', { body: team, cookie, from, origin: 'https://evil.example' });
    await forged.arrayBuffer();
    expect(forged.status).toBe(403);
    const led = await call('/api/me/led-teams', { cookie, from });
    expect(await led.json()).toEqual([]);
    const own = await call('/api/teams', { body: team, cookie, from });
    await own.arrayBuffer();
    expect(own.status).toBe(201);
  });

  it('limits sign-in attempts per client address as nginx saw it: the 4th in 10 s answers 429, another client still signs in', async () => {
    const account = await signUp('Neighbour');
    const clientA = newClient();
    const attempts = [];
    for (let i = 0; i < 4; i++) attempts.push(await wrongSignIn(unknownEmail(), clientA));
    expect(attempts.slice(0, 3).map((a) => a.status)).toEqual([401, 401, 401]);
    expectTooMany(attempts[3], 10);

    const clientB = newClient();
    expect((await signIn(account.email, PASSWORD, clientB)).status).toBe(200);
  });

  it('a forged X-Forwarded-For neither dodges the limit nor locks out the address it names', async () => {
    const victim = await signUp('Victim');
    const spoofer = newClient();
    const attempts = [];
    // A new made-up address each time, then the victim's: nginx replaces the whole header.
    for (let i = 0; i < 4; i++)
      attempts.push(await wrongSignIn(unknownEmail(), spoofer, { 'x-forwarded-for': `10.9.9.${i + 1}, ${victim.from}` }));
    expect(attempts.slice(0, 3).map((a) => a.status)).toEqual([401, 401, 401]);
    expectTooMany(attempts[3], 10);
    expect((await signIn(victim.email, PASSWORD, victim.from)).status).toBe(200);
  });

  it('the limit is shared by both instances: attempts alternating between them add up', async () => {
    const client = newClient();
    const attempts = [];
    for (let i = 0; i < 4; i++) attempts.push(await wrongSignIn(unknownEmail(), client));
    expect(new Set(attempts.map((a) => a.instance)), 'nginx sent the attempts to both instances').toEqual(new Set(serving.map(upstream)));
    expect(attempts.slice(0, 3).map((a) => a.status)).toEqual([401, 401, 401]);
    expectTooMany(attempts[3], 10);
  });

  it("wrong passwords from rotating addresses do not keep the owner's browser out; past 20 they slow new clients for up to an hour", async () => {
    const owner = await signUp('Owner');
    const laptop = await signIn(owner.email, PASSWORD, newClient());
    expect(laptop.status).toBe(200);
    const device = cookieFrom(laptop.headers)
      .split('; ')
      .filter((c) => c.startsWith('hackteams.device='))
      .join('; ');
    const wrong = [];
    for (let i = 0; i < 20; i++) wrong.push(await wrongSignIn(owner.email, newClient()));
    expect(wrong.every((a) => a.status === 401)).toBe(true);

    // A client that never signed in to the account waits: 429 saying when to try again.
    const locked = await signIn(owner.email, PASSWORD, newClient());
    expectTooMany(locked, 3600);
    expect(locked.body?.error).toMatch(/try again/i);
    // The owner's browser, from yet another address (and through either instance), signs in.
    for (let i = 0; i < 2; i++) expect((await signIn(owner.email, PASSWORD, newClient(), { cookie: device })).status).toBe(200);

    // Only that account: someone else signs in from the same kind of fresh address.
    const other = await signUp('Bystander');
    expect((await signIn(other.email, PASSWORD, newClient())).status).toBe(200);
  });

  it('passes the live notification stream through unbuffered: a join request reaches the leader within a second', async () => {
    const leader = await signUp('Leader');
    const asker = await signUp('Asker');
    const created = await call('/api/teams', {
      body: { name: 'Behind The Proxy', description: 'A team whose leader listens through nginx.', openPositions: ['Designer'] },
      cookie: leader.cookie,
      from: leader.from,
    });
    expect(created.status).toBe(201);
    const team = (await created.json()) as { id: string };

    // A buffering proxy holds even the headers back: fail in seconds, not at the test's timeout.
    const res = await within(
      call('/api/me/events', { cookie: leader.cookie, from: leader.from }),
      2000,
      'the stream did not open through the proxy within 2 s (buffered?)',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const stream = eventReader(res);
    try {
      expect(await stream.next(1000), 'the ready event came through at once').toMatchObject({ event: 'ready' });
      const sentAt = Date.now();
      const asked = await call(`/api/teams/${team.id}/join-requests`, {
        body: { position: 'Designer', message: 'I would love to design with you.' },
        cookie: asker.cookie,
        from: asker.from,
      });
      await asked.arrayBuffer();
      expect(asked.status).toBe(201);
      const event = await stream.next(1000);
      expect(event, 'no notification through the proxy within a second').not.toBe('timeout');
      expect(Date.now() - sentAt).toBeLessThan(1000);
      if (event === 'timeout') return;
      expect(event.event).toBe('notification');
      expect(JSON.parse(event.data)).toMatchObject({
        kind: 'join_request',
        text: 'Asker Proxy asked to join Behind The Proxy as Designer',
      });
    } finally {
      await stream.close();
    }
  });

  // Last: it replaces the instances behind nginx.
  it('the limit is kept in the database: after the instances that counted are replaced, the next attempt still answers 429', async () => {
    // The new instances start first (as in a rolling deploy), so the swap fits in the window.
    const next = await Promise.all([freePort(), freePort()]);
    await startInstances(next);

    const client = newClient();
    const firstAt = Date.now();
    for (let i = 0; i < 3; i++) expect((await wrongSignIn(unknownEmail(), client)).status).toBe(401);

    // The old instances stop (their memory goes with them); nginx reloads onto the new ones.
    const old = serving;
    expect(await Promise.all(old.map(stopInstance))).toEqual([0, 0]);
    serving = next;
    settings = { ...settings, apps: next };
    writeNginxConfig(settings);
    nginx!.reload();
    dropConnections();
    await waitForProxy(next);

    const elapsed = Date.now() - firstAt;
    expect(elapsed, 'the swap took longer than the 10 s window: this run cannot tell').toBeLessThan(9000);
    const after = await wrongSignIn(unknownEmail(), client);
    expect(next.map(upstream)).toContain(after.instance);
    expectTooMany(after, 10);
  });
});
