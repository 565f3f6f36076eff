/**
 * The team lifecycle tests' world (features/teams/lifecycle*.test.ts): a fresh harness with a
 * leader, a co-leader, a member, an outsider and six more people, and the steps those tests take.
 * A test file calls `useLifecycleWorld()` once at its top.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications, profiles, teamMembers } from '../../db/schema';
import { createHarness, type Harness, type TestUser } from '../harness';

export let h: Harness;
export let leader: TestUser;
export let coLeader: TestUser;
export let member: TestUser;
export let outsider: TestUser;
export let people: TestUser[];

export function useLifecycleWorld() {
  beforeAll(async () => {
    h = await createHarness();
    [leader, coLeader, member, outsider, ...people] = await Promise.all(
      ['Lena', 'Cora', 'Mo', 'Olga', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6'].map((firstName) => h.signUp({ firstName })),
    );
  });
  afterAll(() => h.close());
}

export const message = 'I would love to help you build this.';
export const looking = (user: TestUser, value = true) =>
  h.db.update(profiles).set({ lookingForTeam: value }).where(eq(profiles.id, user.profileId));

export async function createTeam(over: Record<string, unknown> = {}, by: TestUser = leader): Promise<string> {
  const res = await h.api('POST /api/teams', {
    cookie: by.cookie,
    body: { name: 'Life Cycle', description: 'A team that changes over its life.', openPositions: ['Designer', 'Developer'], ...over },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}
export const addMember = (teamId: string, user: TestUser, isLeader = false) =>
  h.db.insert(teamMembers).values({ teamId, profileId: user.profileId, role: isLeader ? 'Team Leader' : 'Developer', isLeader });
/** A team led by `leader` and `coLeader`, with `member` in it. */
export async function teamWithTwoLeaders(over: Record<string, unknown> = {}) {
  const teamId = await createTeam({ maxSize: 6, ...over });
  await addMember(teamId, coLeader, true);
  await addMember(teamId, member);
  return teamId;
}
export const membersOf = async (teamId: string) =>
  (await h.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId))).map((m) => ({ id: m.profileId, isLeader: m.isLeader }));
export const askToJoin = async (teamId: string, by: TestUser, position = 'Designer') =>
  h.api('POST /api/teams/{id}/join-requests', { params: { id: teamId }, cookie: by.cookie, body: { position, message } });
export async function requestId(teamId: string, by: TestUser) {
  const res = await askToJoin(teamId, by);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}
export async function invite(teamId: string, to: TestUser, by: TestUser = leader) {
  await looking(to);
  return h.api('POST /api/invitations', {
    cookie: by.cookie,
    body: { teamId, profileId: to.profileId, role: 'Designer', message: 'Come and design with us!' },
  });
}
export const notificationsOf = async (user: TestUser) =>
  h.db
    .select({ kind: notifications.kind, data: notifications.data })
    .from(notifications)
    .where(eq(notifications.profileId, user.profileId));
