/**
 * A leader demoted (or gone) a moment ago can no longer act, on PostgreSQL, where requests run at
 * once. The race the outside probe found: A and B lead a team; while the team's row is locked for a
 * moment, A demotes B (or B leaves), and B's write, sent meanwhile and past the route's early
 * check, then runs. Each leader-only write must check the role again under the team's lock.
 *
 * Each case holds the team's row, queues the demotion (or the leave) first and B's write second,
 * waits until both wait on the lock, then lets go: the demotion wins, and B's write is refused.
 * PGlite runs one statement at a time, so this suite runs on PostgreSQL only (`npm run test:races`).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ErrorFields, TestResponse, TestUser } from '../../src/server/testing/harness';
import { holdRows, untilWaiting, waitingForLocks } from './locks';
import { h, useRaceWorld } from './world';

useRaceWorld();

const message = 'I would like to join your team, please.';

interface Scene {
  teamId: string;
  a: TestUser;
  b: TestUser;
  member: TestUser;
  requestId: string;
  invitationId: string;
  outsider: TestUser;
}

/** A team led by A and B, with a plain member, a pending join request and a pending invitation. */
async function scene(): Promise<Scene> {
  const [a, b, member, asker, outsider, invitee] = await Promise.all(
    ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo'].map((firstName) => h.signUp({ firstName })),
  );
  const created = await h.api('POST /api/teams', {
    cookie: a.cookie,
    body: { name: 'Race Team', description: 'A team for racing leaders against each other.', openPositions: ['Designer'], maxSize: 10 },
  });
  const teamId: string = created.body.id;
  for (const person of [b, member]) {
    const invited = await h.api('POST /api/invitations', {
      cookie: a.cookie,
      body: { teamId, profileId: person.profileId, role: 'Builder', message },
    });
    expect((await h.api('POST /api/invitations/{id}/accept', { params: { id: invited.body.id }, cookie: person.cookie })).status).toBe(200);
  }
  const made = await h.api('PATCH /api/teams/{id}/members/{profileId}', {
    params: { id: teamId, profileId: b.profileId },
    cookie: a.cookie,
    body: { isLeader: true },
  });
  expect(made.status).toBe(200);
  const asked = await h.api('POST /api/teams/{id}/join-requests', {
    params: { id: teamId },
    cookie: asker.cookie,
    body: { position: 'Designer', message },
  });
  const invited = await h.api('POST /api/invitations', {
    cookie: a.cookie,
    body: { teamId, profileId: invitee.profileId, role: 'Designer', message },
  });
  return { teamId, a, b, member, requestId: asked.body.id, invitationId: invited.body.id, outsider };
}

/**
 * Holds the team's row, sends `first` and waits until it queues, then `second` likewise, then lets
 * the row go: the two run in that order.
 */
async function inOrder(
  teamId: string,
  first: () => Promise<TestResponse<ErrorFields | null>>,
  second: () => Promise<TestResponse<ErrorFields | null>>,
) {
  const holder = await holdRows(h, sql`select 1 from teams where id = ${teamId} for update`);
  const before = await waitingForLocks(h);
  const one = first();
  await untilWaiting(h, before + 1);
  const two = second();
  await untilWaiting(h, before + 2);
  await holder.release();
  return Promise.all([one, two]);
}

type Act = (s: Scene) => Promise<TestResponse<ErrorFields | null>>;

/** B's leader-only writes, and what must still be true when B was refused. */
const ACTS: { name: string; act: Act; unchanged: (s: Scene) => Promise<void> }[] = [
  {
    name: 'delete the team',
    act: (s) => h.api('DELETE /api/teams/{id}', { params: { id: s.teamId }, cookie: s.b.cookie }),
    unchanged: async (s) => expect((await h.api('GET /api/teams/{id}', { params: { id: s.teamId } })).status).toBe(200),
  },
  {
    name: 'rename the team',
    act: (s) =>
      h.api('PATCH /api/teams/{id}', {
        params: { id: s.teamId },
        cookie: s.b.cookie,
        body: { name: 'Hijacked', description: null, isOpen: true },
      }),
    unchanged: async (s) => expect((await h.api('GET /api/teams/{id}', { params: { id: s.teamId } })).body.name).toBe('Race Team'),
  },
  {
    name: 'set the open positions',
    act: (s) =>
      h.api('PUT /api/teams/{id}/positions', { params: { id: s.teamId }, cookie: s.b.cookie, body: { openPositions: ['Hijacker'] } }),
    unchanged: async (s) =>
      expect((await h.api('GET /api/teams/{id}', { params: { id: s.teamId } })).body.openPositions).toEqual(['Designer']),
  },
  {
    name: 'remove a member',
    act: (s) =>
      h.api('DELETE /api/teams/{id}/members/{profileId}', { params: { id: s.teamId, profileId: s.member.profileId }, cookie: s.b.cookie }),
    unchanged: async (s) => {
      const members: { id: string }[] = (await h.api('GET /api/teams/{id}', { params: { id: s.teamId } })).body.members;
      expect(members.map((m) => m.id)).toContain(s.member.profileId);
    },
  },
  {
    name: 'make a member leader',
    act: (s) =>
      h.api('PATCH /api/teams/{id}/members/{profileId}', {
        params: { id: s.teamId, profileId: s.member.profileId },
        cookie: s.b.cookie,
        body: { isLeader: true },
      }),
    unchanged: async (s) => {
      const members: { id: string; isLeader: boolean }[] = (await h.api('GET /api/teams/{id}', { params: { id: s.teamId } })).body.members;
      expect(members.find((m) => m.id === s.member.profileId)?.isLeader).toBe(false);
    },
  },
  {
    name: 'accept a join request',
    act: (s) => h.api('POST /api/join-requests/{id}/accept', { params: { id: s.requestId }, cookie: s.b.cookie }),
    unchanged: async (s) => {
      const pending: { id: string }[] = (await h.api('GET /api/teams/{id}/join-requests', { params: { id: s.teamId }, cookie: s.a.cookie }))
        .body;
      expect(pending.map((r) => r.id)).toContain(s.requestId);
    },
  },
  {
    name: 'decline a join request',
    act: (s) => h.api('POST /api/join-requests/{id}/decline', { params: { id: s.requestId }, cookie: s.b.cookie }),
    unchanged: async (s) => {
      const pending: { id: string }[] = (await h.api('GET /api/teams/{id}/join-requests', { params: { id: s.teamId }, cookie: s.a.cookie }))
        .body;
      expect(pending.map((r) => r.id)).toContain(s.requestId);
    },
  },
  {
    name: 'invite someone',
    act: (s) =>
      h.api('POST /api/invitations', {
        cookie: s.b.cookie,
        body: { teamId: s.teamId, profileId: s.outsider.profileId, role: 'Designer', message },
      }),
    unchanged: async (s) => {
      const invited: { invitee: { id: string } }[] = (
        await h.api('GET /api/teams/{id}/invitations', { params: { id: s.teamId }, cookie: s.a.cookie })
      ).body;
      expect(invited.map((i) => i.invitee.id)).not.toContain(s.outsider.profileId);
    },
  },
  {
    name: 'withdraw an invitation',
    act: (s) => h.api('POST /api/invitations/{id}/withdraw', { params: { id: s.invitationId }, cookie: s.b.cookie }),
    unchanged: async (s) => {
      const invited: { id: string }[] = (await h.api('GET /api/teams/{id}/invitations', { params: { id: s.teamId }, cookie: s.a.cookie }))
        .body;
      expect(invited.map((i) => i.id)).toContain(s.invitationId);
    },
  },
];

describe('a demoted leader cannot act (demote || act)', () => {
  for (const { name, act, unchanged } of ACTS) {
    it(`B cannot ${name} once A has demoted B`, async () => {
      const s = await scene();
      const [demoted, acted] = await inOrder(
        s.teamId,
        () =>
          h.api('PATCH /api/teams/{id}/members/{profileId}', {
            params: { id: s.teamId, profileId: s.b.profileId },
            cookie: s.a.cookie,
            body: { isLeader: false },
          }),
        () => act(s),
      );
      expect(demoted.status).toBe(200);
      expect(acted.status).toBe(403);
      expect(acted.body!.error).toMatch(/^Only a team leader can/);
      await unchanged(s);
    });
  }
});

describe('a leader who left cannot act (leave || act)', () => {
  for (const { name, act, unchanged } of ACTS) {
    it(`B cannot ${name} once B has left`, async () => {
      const s = await scene();
      const [left, acted] = await inOrder(
        s.teamId,
        () => h.api('POST /api/teams/{id}/leave', { params: { id: s.teamId }, cookie: s.b.cookie }),
        () => act(s),
      );
      expect(left.status).toBe(200);
      expect(acted.status).toBe(403);
      await unchanged(s);
    });
  }
});
