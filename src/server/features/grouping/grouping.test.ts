/**
 * 'Find me a team' over the API (issue 32): who may opt in, run, preview and send; the hard rules
 * in the written proposals; consent (a group becomes a team only of those who accepted, once
 * enough did); decliners and non-answerers back in the pool; the quality floor of a small event.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupingRole, GroupingRun } from '../../../shared/api/grouping';
import { createEvent } from '../../testing/events';
import { createHarness, type Harness, type TestUser } from '../../testing/harness';
import { processGroupingRuns } from './runner';

const slug = 'group-hack';

let h: Harness;
let owner: TestUser, moderator: TestUser, stranger: TestUser, leader: TestUser;
let solos: TestUser[];
let teamId: string;
const ROLES: GroupingRole[] = [
  'build',
  'design',
  'data',
  'product',
  'build',
  'design',
  'data',
  'build',
  'hardware',
  'product',
  'build',
  'data',
];

const optIn = (user: TestUser, role: GroupingRole, notWith: string[] = []) =>
  h.api('PUT /api/events/{slug}/grouping/me', { params: { slug }, cookie: user.cookie, body: { role, notWith } });
const mine = (user: TestUser) => h.api('GET /api/events/{slug}/grouping/me', { params: { slug }, cookie: user.cookie });
const latest = async () =>
  (await h.api('GET /api/events/{slug}/grouping/runs/latest', { params: { slug }, cookie: owner.cookie })).body.run as GroupingRun;
const run = async () => {
  const queued = await h.api('POST /api/events/{slug}/grouping/runs', { params: { slug }, cookie: owner.cookie });
  expect(queued.status, JSON.stringify(queued.body)).toBe(202);
  expect(await processGroupingRuns(h.db, h.exclusive)).toBe(1);
  const preview = await latest();
  expect(preview.status).toBe('preview');
  return preview;
};
const send = (id: string) => h.api('POST /api/events/{slug}/grouping/runs/{id}/send', { params: { slug, id }, cookie: owner.cookie });
const answer = (user: TestUser, id: string, accept: boolean) =>
  h.api('POST /api/grouping/groups/{id}/answer', { params: { id }, cookie: user.cookie, body: { accept } });
const inbox = async (user: TestUser) =>
  (await h.api('GET /api/me/inbox', { cookie: user.cookie })).body.items!.map((i: { kind: string }) => i.kind);
const userOf = (profileId: string) => solos.find((s) => s.profileId === profileId)!;

beforeAll(async () => {
  h = await createHarness();
  [owner, moderator, stranger, leader] = await Promise.all([
    h.signUp({ firstName: 'Olga' }),
    h.signUp({ firstName: 'Mona' }),
    h.signUp({ firstName: 'Stan' }),
    h.signUp({ firstName: 'Lea' }),
  ]);
  solos = [];
  for (let i = 0; i < ROLES.length; i++) solos.push(await h.signUp({ firstName: `Solo${i}` }));
  await createEvent(h, owner, { slug, name: 'Group Hack', teamSizeMin: 2, teamSizeMax: 4 });
  await h.api('POST /api/events/{slug}/staff', {
    params: { slug },
    cookie: owner.cookie,
    body: { profileId: moderator.profileId, role: 'moderator' },
  });
  for (const user of [...solos, leader])
    expect((await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: user.cookie, body: {} })).status).toBe(200);
  // Europe, full time or flexible, a level each: a small event the floor applies to.
  const ids = `{${solos.map((s) => s.profileId).join(',')}}`;
  await h.db.execute(
    sql`update profiles set timezone = case when random() < 0.5 then 'UTC+1' else 'UTC+2' end, availability = 'Full Time' where id = any(${ids}::uuid[])`,
  );
  const team = await h.api('POST /api/teams', {
    cookie: leader.cookie,
    body: { name: 'Lea Team', description: 'We build things for the hackathon together', event: slug, openPositions: ['Designer'] },
  });
  expect(team.status, JSON.stringify(team.body)).toBe(201);
  teamId = team.body.id!;
}, 120_000);
afterAll(() => h?.close());

describe('opting in', () => {
  it('is for registrants without a team, and only staff see runs, only organizers run', async () => {
    expect((await optIn(stranger, 'build')).status).toBe(409);
    const inTeam = await optIn(leader, 'build');
    expect(inTeam.status).toBe(409);
    expect(inTeam.body.error).toMatch(/already in a team/);
    const bad = await h.api('PUT /api/events/{slug}/grouping/me', {
      params: { slug },
      cookie: solos[0].cookie,
      body: { role: 'wizard' } as never,
    });
    expect(bad.status).toBe(400);
    expect((await h.api('POST /api/events/{slug}/grouping/runs', { params: { slug }, cookie: moderator.cookie })).status).toBe(403);
    expect((await h.api('GET /api/events/{slug}/grouping/runs/latest', { params: { slug }, cookie: solos[0].cookie })).status).toBe(403);
    expect(
      (await h.api('GET /api/events/{slug}/grouping/runs/latest', { params: { slug }, cookie: moderator.cookie })).body.run,
    ).toBeNull();
  });

  it('records the role and the people not to be grouped with', async () => {
    for (let i = 0; i < solos.length; i++) {
      const res = await optIn(solos[i], ROLES[i], i === 0 ? [solos[4].profileId, solos[7].profileId, solos[10].profileId] : []);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const me = (await mine(solos[0])).body;
    expect(me.optedIn?.role).toBe('build');
    expect(me.optedIn?.notWith.map((p) => p.id).sort()).toEqual([solos[4], solos[7], solos[10]].map((s) => s.profileId).sort());
    expect(me.proposal).toBeNull();
    // A block keeps two people apart as well (docs/product.md#safety), whoever blocked whom.
    const blocked = await h.api('PUT /api/me/blocks/{profileId}', { params: { profileId: solos[5].profileId }, cookie: solos[1].cookie });
    expect(blocked.status, JSON.stringify(blocked.body)).toBeLessThan(300);
  });
});

describe('a run', () => {
  let preview: GroupingRun;
  it('is one job at a time per event, and its preview keeps the hard rules and the quality floor', async () => {
    const queued = await h.api('POST /api/events/{slug}/grouping/runs', { params: { slug }, cookie: owner.cookie });
    expect(queued.status).toBe(202);
    expect((await h.api('POST /api/events/{slug}/grouping/runs', { params: { slug }, cookie: owner.cookie })).status).toBe(409);
    // Two jobs at once (two instances): the lock lets one run it.
    const ran = await Promise.all([processGroupingRuns(h.db, h.exclusive), processGroupingRuns(h.db, h.exclusive)]);
    expect(ran.reduce((a, b) => a + b, 0)).toBe(1);
    preview = await latest();
    expect(preview.status).toBe('preview');
    const placed = preview.groups.flatMap((g) => g.members.map((m) => m.person.id));
    expect(new Set(placed).size).toBe(placed.length);
    expect(placed.sort()).toEqual(solos.map((s) => s.profileId).sort());
    expect(placed).not.toContain(leader.profileId);
    for (const g of preview.groups) {
      expect(g.members.length).toBeGreaterThanOrEqual(2);
      expect(g.members.length).toBeLessThanOrEqual(4);
      const ids = g.members.map((m) => m.person.id);
      if (ids.includes(solos[0].profileId)) for (const s of [solos[4], solos[7], solos[10]]) expect(ids).not.toContain(s.profileId);
      if (ids.includes(solos[1].profileId)) expect(ids).not.toContain(solos[5].profileId);
      expect(g.terms.forbiddenPairs).toBe(0);
      expect(g.reasons.length).toBeGreaterThanOrEqual(2);
      expect(g.tradeOff).not.toBe('');
    }
    const t = preview.totals!;
    expect(t.violations).toBe(0);
    expect(t.coverage).toBeGreaterThanOrEqual(0.99);
    expect(t.withoutBuilder).toBe(0);
    expect(t.sharedHours).toBeGreaterThanOrEqual(0.95);
    expect(t.availabilityWithinStep).toBeGreaterThanOrEqual(0.9);
    // Nothing is sent before staff send it.
    expect((await mine(solos[1])).body.proposal).toBeNull();
  });

  it('is sent to each member, who sees reasons naming them and can accept or decline', async () => {
    const sent = await send(preview.id);
    expect(sent.status).toBe(200);
    expect((await send(preview.id)).status).toBe(409);
    for (const s of solos) {
      expect(await inbox(s)).toContain('group_proposed');
      const p = (await mine(s)).body.proposal!;
      expect(p.yourAnswer).toBe('pending');
      expect(p.members.filter((m) => m.you).map((m) => m.person.id)).toEqual([s.profileId]);
      expect(p.reasons.length).toBeGreaterThanOrEqual(2);
    }
    const onlyOne = (await mine(solos[8])).body.proposal!;
    expect(onlyOne.reasons).toContain('You are the only hardware person');
  });

  it('becomes a team of those who accepted once enough did; a decliner and a non-answerer go back to the pool', async () => {
    const group = preview.groups.find((g) => g.members.length >= 3)!;
    const [a, b, c] = group.members.map((m) => userOf(m.person.id));
    const first = await answer(a, group.id, true);
    expect(first.status).toBe(200);
    expect(first.body.teamId).toBeNull();
    expect((await answer(a, group.id, false)).status).toBe(409);
    expect((await answer(stranger, group.id, true)).status).toBe(404);
    const declined = await answer(c, group.id, false);
    expect(declined.status).toBe(200);
    const beforeForming = new Date().toISOString();
    const second = await answer(b, group.id, true);
    expect(second.status).toBe(200);
    const teamId = second.body.teamId!;
    expect(teamId).toBeTruthy();
    // Sync (docs/decisions/027-sync.md): the team formed and its members' profiles are listed as changed.
    const changedTeams = await h.api('GET /api/teams', { query: { updatedSince: beforeForming } });
    expect(changedTeams.body.items!.map((t: { id: string }) => t.id)).toContain(teamId);
    const changedPeople = (await h.api('GET /api/profiles', { query: { updatedSince: beforeForming, pageSize: 100 } })).body.items!;
    expect(changedPeople.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining([a.profileId, b.profileId]));
    const team = (await h.api('GET /api/teams/{id}', { params: { id: teamId }, cookie: a.cookie })).body;
    expect(team.members!.map((m: { id: string }) => m.id).sort()).toEqual([a.profileId, b.profileId].sort());
    expect(team.members!.find((m: { isLeader: boolean }) => m.isLeader)!.id).toBe(a.profileId);
    expect(team.openPositions!.length).toBeGreaterThan(0);
    expect(await inbox(a)).toContain('group_formed');
    // A fourth member who never answers is not put in the team; after 48 hours they are back in the pool.
    const silent = group.members[3] ? userOf(group.members[3].person.id) : null;
    await h.db.execute(sql`update grouping_groups set expires_at = now() - interval '1 minute' where run_id = ${preview.id}`);
    if (silent) expect((await answer(silent, group.id, true)).status).toBe(409);
    const next = await run();
    const pooled = next.groups.flatMap((g) => g.members.map((m) => m.person.id));
    expect(pooled).toContain(c.profileId);
    if (silent) {
      expect(pooled).toContain(silent.profileId);
      expect(await inbox(silent)).toContain('group_returned');
    }
    expect(pooled).not.toContain(a.profileId);
    expect(pooled).not.toContain(b.profileId);
    expect(next.totals!.violations).toBe(0);
  });
});

describe('a partial team', () => {
  it('asks through its leader, is filled first and kept whole, and is joined only by those who accept', async () => {
    const notLeader = await h.api('PUT /api/teams/{id}/grouping', { params: { id: teamId }, cookie: solos[1].cookie, body: { wanted: 1 } });
    expect(notLeader.status).toBe(403);
    const state = (user: TestUser) => h.api('GET /api/teams/{id}/grouping', { params: { id: teamId }, cookie: user.cookie });
    expect((await state(leader)).body).toEqual({ wanted: 0 });
    const asked = await h.api('PUT /api/teams/{id}/grouping', { params: { id: teamId }, cookie: leader.cookie, body: { wanted: 1 } });
    expect(asked.status).toBe(200);
    expect((await state(leader)).body).toEqual({ wanted: 1 });
    // Only the team's members read it.
    expect((await state(stranger)).status).toBe(403);
    expect((await h.api('GET /api/teams/{id}/grouping', { params: { id: teamId } })).status).toBe(401);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await h.api('GET /api/teams/{id}/grouping', { params: { id: unknown }, cookie: leader.cookie })).status).toBe(404);
    const preview = await run();
    const fill = preview.groups.find((g) => g.fillsTeam?.id === teamId)!;
    expect(fill.fillsTeam!.name).toBe('Lea Team');
    expect(fill.members).toHaveLength(1);
    expect(preview.groups.flatMap((g) => g.members.map((m) => m.person.id))).not.toContain(leader.profileId);
    expect((await send(preview.id)).status).toBe(200);
    const newcomer = userOf(fill.members[0].person.id);
    const accepted = await answer(newcomer, fill.id, true);
    expect(accepted.status).toBe(200);
    expect(accepted.body.teamId).toBe(teamId);
    const team = (await h.api('GET /api/teams/{id}', { params: { id: teamId }, cookie: leader.cookie })).body;
    expect(team.members!.map((m: { id: string }) => m.id).sort()).toEqual([leader.profileId, newcomer.profileId].sort());
    // Filled: the team asks for one fewer (none now), as its members read.
    expect((await state(newcomer)).body).toEqual({ wanted: 0 });
  });
});

describe('after the formation deadline', () => {
  it('refuses runs and opt-ins: no group could become a team', async () => {
    await h.db.execute(sql`update events set formation_deadline = now() - interval '1 minute' where slug = ${slug}`);
    const queued = await h.api('POST /api/events/{slug}/grouping/runs', { params: { slug }, cookie: owner.cookie });
    expect(queued.status).toBe(409);
    expect(queued.body.error).toMatch(/locked/);
    expect((await optIn(solos[2], 'data')).status).toBe(409);
    const teamAsks = await h.api('PUT /api/teams/{id}/grouping', { params: { id: teamId }, cookie: leader.cookie, body: { wanted: 2 } });
    expect(teamAsks.status).toBe(409);
    expect(teamAsks.body.code).toBe('formation_locked');
  });
});
