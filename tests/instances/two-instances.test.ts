/**
 * Two app instances over one PostgreSQL database, as a large event runs them: a join request sent
 * through instance A reaches the leader's live stream on instance B within a second, a sign-out
 * through A ends that session's stream on B, and a stream that moves to A when B stops gets what
 * arrived meanwhile. Needs DATABASE_URL (a server on which
 * it may create and drop a database); `npm run test:instances`, run by .ci/run.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, scratchDatabaseOfEnv, startServer, waitForHealth } from '../../src/server/testing/process';
import { cookieFrom, eventReader } from '../../src/server/testing/client';
import { callServer, offContract } from '../../src/server/testing/route-call';
import { linkIn } from '../support/mail-catcher';

const database = scratchDatabaseOfEnv('instances', 'two-instance test');
const databaseUrl = database.url;
// Ports nobody listens on (a random one in a range once met a service of the machine: epmd, on 4369).
let ports: number[] = [];
const urlOf = (port: number) => `http://127.0.0.1:${port}`;
let servers: ReturnType<typeof startServer>[] = [];
const ADMIN_EMAIL = 'admin-of-instances@example.com';

beforeAll(async () => {
  await database.create();
  ports = await Promise.all([freePort(), freePort()]);
  servers = ports.map((port) =>
    startServer({ DATABASE_URL: databaseUrl, PORT: String(port), AUTH_RATE_LIMIT: 'off', ADMIN_EMAILS: ADMIN_EMAIL }),
  );
  // Both start together: one migrates while the other waits for it.
  await Promise.all(servers.map((s, i) => waitForHealth(ports[i], s)));
}, 120_000);

afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  await database.drop();
}, 60_000);

async function signUp(port: number, firstName: string, email = `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`) {
  const res = await callServer(urlOf(port), 'POST /api/auth/sign-up/email', {
    body: {
      firstName,
      lastName: 'Instance',
      email,
      password: 'team-finder-1',
    },
  });
  expect(res.status).toBe(200);
  return cookieFrom(res.headers);
}
/** A team with a Designer position, led by `cookie`'s account. */
async function designTeam(port: number, cookie: string, name: string) {
  const { body } = await callServer(urlOf(port), 'POST /api/teams', {
    cookie,
    body: { name, description: 'A team seen from two instances.', openPositions: ['Designer'] },
  });
  return body;
}

async function stream(port: number, cookie: string, lastEventId?: string) {
  const res = await fetch(`${urlOf(port)}/api/me/events`, {
    headers: { cookie, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
  });
  expect(res.status).toBe(200);
  const reader = eventReader(res);
  expect(await reader.next()).toMatchObject({ event: 'ready' });
  return reader;
}

describe('two instances over one PostgreSQL', { timeout: 60_000 }, () => {
  it('suggestions on A follow a person who adds a skill, and then stops looking, through B (the matching index of each instance)', async () => {
    const [A, B] = ports;
    const leader = await signUp(A, 'Recruiter');
    const { body: team } = await callServer(urlOf(A), 'POST /api/teams', {
      cookie: leader,
      body: {
        name: 'Elixir Crew',
        description: 'A team that needs an Elixir developer.',
        openPositions: ['Backend'],
        positionSkills: { Backend: ['Elixir'] },
      },
    });
    const suggested = async () =>
      (await callServer(urlOf(A), 'GET /api/teams/{id}/suggestions', { params: { id: team.id }, cookie: leader })).body.items.map(
        (i) => i.firstName,
      );
    expect(await suggested()).toEqual([]);

    const person = await signUp(B, 'Alchemist');
    const me = (await callServer(urlOf(B), 'GET /api/me', { cookie: person })).body;
    // Suggestions come from the people taking part in the team's event (the featured one, as no
    // event was named); the looking flag there follows the profile's.
    expect(
      (
        await callServer(urlOf(B), 'PUT /api/events/{slug}/registration', {
          params: { slug: 'worlds-largest-hackathon-2025' },
          cookie: person,
          body: {},
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await callServer(urlOf(B), 'POST /api/profiles/{id}/skills', {
          params: { id: me.profile!.id },
          cookie: person,
          body: { skills: [{ name: 'Elixir', level: 'Advanced' }] },
        })
      ).status,
    ).toBe(200);
    expect(await suggested()).toEqual(['Alchemist']);
    expect(
      (
        await callServer(urlOf(B), 'PUT /api/profiles/{id}/settings', {
          params: { id: me.profile!.id },
          cookie: person,
          body: { lookingForTeam: false },
        })
      ).status,
    ).toBe(200);
    expect(await suggested()).toEqual([]);
  });

  it('signing out through A ends the stream of that session on B, and the next join request does not reach it', async () => {
    const [A, B] = ports;
    const leader = await signUp(A, 'Signout');
    const asker = await signUp(A, 'Later');
    const team = await designTeam(A, leader, 'Signed Out Elsewhere');
    const ask = () =>
      callServer(urlOf(A), 'POST /api/teams/{id}/join-requests', {
        params: { id: team.id },
        cookie: asker,
        body: { position: 'Designer', message: 'I would love to join.' },
      });

    const onB = await stream(B, leader);
    const first = await ask();
    expect(first.status).toBe(201);
    expect(await onB.next()).toMatchObject({ event: 'notification' });
    expect(
      (await callServer(urlOf(A), 'POST /api/join-requests/{id}/cancel', { params: { id: first.body.id }, cookie: asker })).status,
    ).toBe(200);

    expect((await callServer(urlOf(A), 'POST /api/auth/sign-out', { cookie: leader, body: offContract({}) })).status).toBe(200);
    expect((await ask()).status).toBe(201);
    const events: unknown[] = [];
    for (;;) {
      const event = await onB.next(3000).catch(() => 'ended' as const);
      events.push(event === 'ended' || event === 'timeout' ? event : event.event);
      if (event === 'ended' || event === 'timeout') break;
    }
    expect(events).toEqual(['session-ended', 'ended']);
  });

  it("an event renamed and hidden through A shows so on B's pages within a second, not when B's kept copy is due (10 s)", async () => {
    const [A, B] = ports;
    const owner = await signUp(A, 'Owner');
    const leader = await signUp(A, 'Lead');
    const slug = `across-${randomUUID().slice(0, 8)}`;
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const created = await callServer(urlOf(A), 'POST /api/events', {
      cookie: owner,
      body: { slug, name: 'Across Hack', location: 'Online', timezone: 'UTC', buildStartsAt: inDays(10), submissionDeadline: inDays(12) },
    });
    expect(created.status).toBe(201);
    const edit = (body: { state?: 'published'; name?: string }) =>
      callServer(urlOf(A), 'PATCH /api/events/{slug}', { params: { slug }, cookie: owner, body });
    expect((await edit({ state: 'published' })).status).toBe(200);
    expect((await callServer(urlOf(A), 'PUT /api/events/{slug}/registration', { params: { slug }, cookie: leader, body: {} })).status).toBe(
      200,
    );
    const { body: team } = await callServer(urlOf(A), 'POST /api/teams', {
      cookie: leader,
      body: { name: 'Across Team', description: 'A team of an event seen from two instances.', openPositions: ['Designer'], event: slug },
    });
    const teamOnB = () => callServer(urlOf(B), 'GET /api/teams/{id}', { params: { id: team.id } });
    /** Asks B until `seen` holds of its answer; fails after a second. */
    const untilOnB = async (seen: (answer: Awaited<ReturnType<typeof teamOnB>>) => boolean, what: string) => {
      const since = Date.now();
      while (!seen(await teamOnB())) {
        expect(Date.now() - since, what).toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    // B reads the event with the team's page, and keeps it.
    expect((await teamOnB()).body.event).toMatchObject({ slug, name: 'Across Hack' });
    expect((await edit({ name: 'Across Hack Renamed' })).status).toBe(200);
    await untilOnB((answer) => answer.body.event?.name === 'Across Hack Renamed', 'B still names the event as it was');
    // An admin hides it through A: its team's page is not found on B either (to one who is not its member).
    const admin = await signUp(A, 'Admin', ADMIN_EMAIL);
    // An admin's address must be proven: A logs the mail (no SMTP here), and its owner opens the link.
    const mailed = servers[0]
      .output()
      .split('\n')
      .filter((line) => line.includes('"mail"') && line.includes(ADMIN_EMAIL))
      .map((line) => (JSON.parse(line) as { mail: { text: string } }).mail);
    const link = new URL(linkIn(mailed.at(-1)!));
    await fetch(`${urlOf(A)}${link.pathname}${link.search}`, { redirect: 'manual' });
    const hidden = await callServer(urlOf(A), 'PATCH /api/events/{slug}', { params: { slug }, cookie: admin, body: { hidden: true } });
    expect(hidden.status).toBe(200);
    await untilOnB((answer) => answer.status === 404, "B still shows the hidden event's team");
  });

  it('a join request sent through A reaches the leader connected to B within a second', async () => {
    const [A, B] = ports;
    const leader = await signUp(A, 'Leader');
    const asker = await signUp(B, 'Asker');
    const team = await designTeam(A, leader, 'Across Instances');

    const onB = await stream(B, leader);
    const sentAt = Date.now();
    const asked = await callServer(urlOf(A), 'POST /api/teams/{id}/join-requests', {
      params: { id: team.id },
      cookie: asker,
      body: { position: 'Designer', message: 'I would love to design with you.' },
    });
    expect(asked.status).toBe(201);
    const event = await onB.next(1000);
    expect(event, 'no notification on B within a second').not.toBe('timeout');
    expect(Date.now() - sentAt).toBeLessThan(1000);
    if (event === 'timeout') return;
    expect(event.event).toBe('notification');
    expect(JSON.parse(event.data)).toMatchObject({
      kind: 'join_request',
      text: 'Asker Instance asked to join Across Instances as Designer',
    });

    // B stops (a deploy); meanwhile another request arrives through A. The browser reconnects to A
    // with the last id it saw, and gets exactly what it missed.
    await onB.close();
    servers[1].child.kill('SIGTERM');
    expect(await servers[1].exited).toBe(0);
    const other = await signUp(A, 'Latecomer');
    expect(
      (
        await callServer(urlOf(A), 'POST /api/teams/{id}/join-requests', {
          params: { id: team.id },
          cookie: other,
          body: { position: 'Designer', message: 'Count me in for the design work.' },
        })
      ).status,
    ).toBe(201);
    const onA = await stream(A, leader, event.id);
    const missed = await onA.next();
    expect(missed).not.toBe('timeout');
    if (missed === 'timeout') return;
    expect(JSON.parse(missed.data)).toMatchObject({
      kind: 'join_request',
      text: 'Latecomer Instance asked to join Across Instances as Designer',
    });
    expect(await onA.next(500)).toBe('timeout');
    await onA.close();
  });
});
