/**
 * The recipe at an event's size (docs/decisions/021-connections-and-drain.md): nginx in front of two
 * instances over one PostgreSQL, as in proxy.test.ts. A venue's crowd behind one address holds
 * 3,000 live streams through nginx (each instance sees them all coming from nginx's one address,
 * where the old per-address cap refused past 1,024) and every stream gets its notification; then
 * one instance is stopped (SIGTERM) under load and no request fails. `npm run test:proxy`.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAMS_PER_ACCOUNT } from '../../src/shared/constants';
import { scratchDatabaseOfEnv, startServer, waitForHealth } from '../../src/server/testing/process';
import { askingAgainAfter503, cookieFrom, eventReader } from '../../src/server/testing/client';
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

const database = scratchDatabaseOfEnv('crowd', 'proxy test');
const dir = mkdtempSync(join(tmpdir(), 'hackteams-crowd-'));
let settings: NginxSettings;
let nginx: ReturnType<typeof startNginx> | undefined;
const instances = new Map<number, ReturnType<typeof startServer>>();

const PASSWORD = 'team-finder-1';
/** Known to the test, so it can sign the crowd's session cookies as better-auth does. */
const AUTH_SECRET = `crowd-${randomBytes(24).toString('hex')}`;
const STREAMS = Number(process.env.CROWD_STREAMS ?? 3_000);
const GRACE_MS = 5_000;
const origin = () => `https://127.0.0.1:${settings.httpsPort}`;
const upstream = (port: number) => `127.0.0.1:${port}`;
/** The venue: everyone's browser behind this one address. */
const VENUE = '127.0.0.250';
/** Each sign-up from an address of its own (the limits per address stay out of the way). */
const home = (i: number) => `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;

beforeAll(async () => {
  await database.create();
  const [httpsPort, httpPort, a, b] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  settings = { dir, httpsPort, httpPort, ...selfSignedCertificate(dir), apps: [a, b] };
  for (const port of settings.apps) {
    instances.set(
      port,
      startServer({
        DATABASE_URL: database.url,
        PORT: String(port),
        TRUST_PROXY_HOPS: '1',
        AUTH_RATE_LIMIT: 'on',
        // One leader invites the whole venue (600 people): past the hourly limit per sender (docs/product.md#safety).
        SEND_LIMITS: 'off',
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
        AUTH_SECRET,
        LOG_LEVEL: 'warn',
      }),
    );
  }
  await Promise.all(settings.apps.map((port) => waitForHealth(port, instances.get(port)!)));
  nginx = startNginx(dir, writeNginxConfig(settings));
  for (let i = 0; ; i++) {
    const res = await tlsFetch(`${origin()}/api/health`).catch(() => null);
    await res?.arrayBuffer();
    if (res?.status === 200) break;
    if (i > 100) throw new Error(`nginx did not come up:\n${nginx.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 120_000);

afterAll(async () => {
  dropConnections();
  await nginx?.stop();
  for (const server of instances.values()) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await Promise.all([...instances.values()].map((s) => s.exited));
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

interface CallInit {
  body?: unknown;
  cookie?: string;
  from?: string;
  method?: string;
  fresh?: boolean;
}
function call(path: string, init: CallInit = {}) {
  const headers: Record<string, string> = { origin: origin() };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return tlsFetch(`${origin()}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    from: init.from,
    fresh: init.fresh,
  });
}

/** Runs `task` over `items`, `concurrency` at a time. */
async function inPool<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

/**
 * The crowd's accounts, written straight into the database with a session each (its cookie signed
 * as better-auth signs it): signing 600 people up would spend the test's time hashing passwords,
 * and sign-up through the proxy has its own tests (proxy.test.ts).
 */
async function crowd(count: number) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const userIds = Array.from({ length: count }, () => randomUUID());
    const tokens = userIds.map(() => randomBytes(24).toString('base64url'));
    const names = userIds.map((_, i) => `Member${i}`);
    await client.query(
      `insert into users (id, name, email, email_verified, first_name, last_name)
       select id, first || ' Crowd', first || '-' || left(id, 8) || '@example.com', true, first, 'Crowd'
       from unnest($1::text[], $2::text[]) as t(id, first)`,
      [userIds, names],
    );
    const { rows } = await client.query<{ id: string; user_id: string }>(
      `insert into profiles (user_id, first_name, last_name, name)
       select id, first, 'Crowd', first || ' Crowd' from unnest($1::text[], $2::text[]) as t(id, first) returning id, user_id`,
      [userIds, names],
    );
    await client.query(
      `insert into sessions (id, token, user_id, expires_at)
       select gen_random_uuid()::text, token, id, now() + interval '29 days' from unnest($1::text[], $2::text[]) as t(id, token)`,
      [userIds, tokens],
    );
    const profileOf = new Map(rows.map((r) => [r.user_id, r.id]));
    return userIds.map((userId, i) => {
      const signature = createHmac('sha256', AUTH_SECRET).update(tokens[i]).digest('base64');
      return {
        cookie: `__Secure-better-auth.session_token=${encodeURIComponent(`${tokens[i]}.${signature}`)}`,
        profileId: profileOf.get(userId)!,
      };
    });
  } finally {
    await client.end();
  }
}

/** A person signs up through nginx (a sign-in rush answers 503 with Retry-After: then again) and reads their profile id. */
async function person(firstName: string, from: string) {
  const email = `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const res = await askingAgainAfter503(() =>
    call('/api/auth/sign-up/email', { body: { firstName, lastName: 'Crowd', email, password: PASSWORD }, from }),
  );
  const text = await res.text();
  expect(res.status, `sign-up answered ${res.status} ${text}`).toBe(200);
  const cookie = cookieFrom(res.headers);
  const me = (await (await call('/api/me', { cookie, from })).json()) as { profile: { id: string } };
  return { cookie, from, profileId: me.profile.id };
}

async function teamOf(leader: Awaited<ReturnType<typeof person>>, name: string) {
  const res = await call('/api/teams', {
    body: { name, description: 'A team whose invitations reach a whole venue.', openPositions: ['Developer'] },
    cookie: leader.cookie,
    from: leader.from,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

// Minutes on a busy machine: 3,000 TLS connections, each stream's session read, 600 invitations.
describe('a crowd behind nginx', { timeout: 300_000 }, () => {
  it(`holds ${STREAMS} live streams from one address across both instances, and each gets its notification`, async () => {
    const started = Date.now();
    const people = await crowd(STREAMS / STREAMS_PER_ACCOUNT);
    const leader = await person('Inviter', home(0));
    const team = await teamOf(leader, 'The Whole Venue');
    dropConnections();
    const signedUp = Date.now();
    console.log(`crowd: ${people.length} people and a leader in ${((signedUp - started) / 1000).toFixed(1)} s`);

    // Every person opens their account's number of streams, all from the venue's address.
    const streams: { who: number; instance: string; reader: ReturnType<typeof eventReader> }[] = [];
    const slots = people.flatMap((_, who) => Array.from({ length: STREAMS_PER_ACCOUNT }, () => who));
    await inPool(slots, 100, async (who) => {
      const res = await call('/api/me/events', { cookie: people[who].cookie, from: VENUE });
      expect(res.status, `stream ${streams.length}: ${res.status}`).toBe(200);
      const reader = eventReader(res);
      expect(await reader.next(20_000)).toMatchObject({ event: 'ready' });
      streams.push({ who, instance: res.headers.get('x-upstream') ?? '', reader });
    });
    const opened = Date.now();
    console.log(`crowd: ${streams.length} streams open in ${((opened - signedUp) / 1000).toFixed(1)} s`);
    try {
      expect(streams.length).toBe(STREAMS);
      const perInstance = new Map<string, number>();
      for (const s of streams) perInstance.set(s.instance, (perInstance.get(s.instance) ?? 0) + 1);
      expect([...perInstance.keys()].sort()).toEqual(settings.apps.map(upstream).sort());
      // One instance holds more than the 1,024 connections the old cap let nginx's address have.
      expect(Math.max(...perInstance.values())).toBeGreaterThan(1024);

      // The leader invites everyone; each of their streams hears of it.
      const arrived = streams.map(({ reader }) => reader.next(120_000));
      await inPool([...people.keys()], 4, async (who) => {
        const res = await call('/api/invitations', {
          body: { teamId: team, profileId: people[who].profileId, role: 'Developer', message: 'The whole venue is invited.' },
          cookie: leader.cookie,
          from: leader.from,
        });
        expect(res.status, await res.clone().text()).toBe(201);
        await res.arrayBuffer();
      });
      const events = await Promise.all(arrived);
      const delivered = events.filter((e) => e !== 'timeout' && e.event === 'notification' && JSON.parse(e.data).kind === 'invitation');
      expect(delivered.length).toBe(STREAMS);
      console.log(
        `crowd: ${people.length} people ${((signedUp - started) / 1000).toFixed(1)} s, ${STREAMS} streams open ` +
          `${((opened - signedUp) / 1000).toFixed(1)} s (${[...perInstance.values()].join(' + ')}), all notified ` +
          `${((Date.now() - opened) / 1000).toFixed(1)} s`,
      );
    } finally {
      await Promise.all(streams.map(({ reader }) => reader.close().catch(() => {})));
      dropConnections();
    }
  });

  it('one instance stopped under load the safe way (out of nginx, then SIGTERM): no request fails; ready says 503 at once; it serves through its grace period; its streams end with a retry hint', async () => {
    const [a, b] = settings.apps;
    const people = await crowd(12);
    // A stream each, noting which instance holds it; the whole text of each is kept.
    const streams = await Promise.all(
      people.map(async ({ cookie }) => {
        const res = await call('/api/me/events', { cookie, from: VENUE });
        expect(res.status).toBe(200);
        return { instance: res.headers.get('x-upstream'), text: readAll(res.body!) };
      }),
    );
    expect(new Set(streams.map((s) => s.instance))).toEqual(new Set([upstream(a), upstream(b)]));

    // Six clients browse, read and write without a pause.
    const answers: { status: number; instance: string | null; at: number }[] = [];
    const failures: string[] = [];
    let loading = true;
    let signalled = Number.POSITIVE_INFINITY;
    const load = Array.from({ length: 6 }, async (_, n) => {
      const { cookie } = people[n];
      const from = home(20 + n);
      while (loading) {
        for (const init of [{ path: '/api/teams' }, { path: '/api/me', cookie }, { path: '/api/me/inbox/read', cookie, body: {} }]) {
          try {
            // A connection per request: nginx's reload (below) retires the workers that hold idle ones.
            const res = await call(init.path, { cookie: init.cookie, body: init.body, from, fresh: true });
            await res.arrayBuffer();
            answers.push({ status: res.status, instance: answeredBy(res), at: Date.now() });
            if (res.status !== 200) failures.push(`${init.path}: ${res.status} at ${Date.now() - signalled} ms`);
          } catch (err) {
            failures.push(`${init.path}: ${(err as Error).message} at ${Date.now() - signalled} ms`);
          }
        }
      }
    });
    await new Promise((r) => setTimeout(r, 1000));

    const stopping = instances.get(b)!;
    // The stop that fails nothing (docs/operations.md#stopping-an-instance-safely): out of nginx's
    // rotation first, since nginx's open-source edition does not poll /api/ready; then SIGTERM.
    writeNginxConfig({ ...settings, down: b });
    nginx!.reload();
    await new Promise((r) => setTimeout(r, 500));
    signalled = Date.now();
    stopping.child.kill('SIGTERM');
    // Readiness turns at once, while the instance still serves.
    let ready = 0;
    for (let i = 0; i < 20 && ready !== 503; i++) {
      await new Promise((r) => setTimeout(r, 100));
      ready = (await fetch(`http://127.0.0.1:${b}/api/ready`)).status;
    }
    expect(ready).toBe(503);
    expect(Date.now() - signalled).toBeLessThan(GRACE_MS);
    expect((await fetch(`http://127.0.0.1:${b}/api/health`)).status).toBe(200);
    // During its grace period it still serves what reaches it.
    expect((await fetch(`http://127.0.0.1:${b}/api/teams`)).status).toBe(200);

    expect(await stopping.exited).toBe(0);
    const exitedAt = Date.now();
    expect(exitedAt - signalled).toBeGreaterThanOrEqual(GRACE_MS);
    await new Promise((r) => setTimeout(r, 1000));
    loading = false;
    await Promise.all(load);

    expect(failures, nginx!.output().slice(-3000)).toEqual([]);
    expect(answers.filter((x) => x.at > exitedAt).every((x) => x.instance === upstream(a))).toBe(true);
    expect(stopping.output()).not.toMatch(/Cannot use a pool|"level":50/);

    // The stopped instance's streams ended, last with a hint to reconnect within 1 to 5 s; the others are open.
    const onB = streams.filter((s) => s.instance === upstream(b));
    for (const stream of onB) {
      const text = await stream.text;
      const retry = /retry: (\d+)\n\n$/.exec(text);
      expect(retry, text).not.toBeNull();
      expect(Number(retry![1])).toBeGreaterThanOrEqual(1000);
      expect(Number(retry![1])).toBeLessThanOrEqual(5000);
    }
    // Reconnecting now reaches the other instance.
    const again = await call('/api/me/events', { cookie: people[0].cookie, from: VENUE });
    expect(again.status).toBe(200);
    expect(answeredBy(again)).toBe(upstream(a));
    await again.body?.cancel();
    dropConnections();
  });
});

/** The whole text of a stream, once it ends (the test's connections are dropped at the end). */
async function readAll(body: ReadableStream<Uint8Array>): Promise<string> {
  let text = '';
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
  } catch {
    /* dropped by the test */
  }
  return text;
}
