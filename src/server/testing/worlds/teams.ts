/**
 * The teams tests' world (features/teams/teams*.test.ts): a fresh harness with six people, and
 * the steps those tests take to set a team up. A test file calls `useTeamsWorld()` once at its
 * top; the people are bound before its first test.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles, teamMembers } from '../../db/schema';
import { createHarness, type Harness, type TestUser } from '../harness';

export let h: Harness;
export let leader: TestUser;
export let member: TestUser;
export let otherMember: TestUser;
export let outsider: TestUser;
export let requester: TestUser;
export let invitee: TestUser;

export function useTeamsWorld() {
  beforeAll(async () => {
    h = await createHarness();
    [leader, member, otherMember, outsider, requester, invitee] = await Promise.all(
      ['Lena', 'Mo', 'Otto', 'Olga', 'Remy', 'Ines'].map((firstName) => h.signUp({ firstName })),
    );
  });
  afterAll(() => h.close());
}

export const validTeam = (over: Record<string, unknown> = {}) => ({
  name: 'Pixel Pushers',
  description: 'We build delightful accessible interfaces fast.',
  logoUrl: '',
  openPositions: ['Frontend Developer', 'Designer'],
  isOpen: true,
  ...over,
});
export const message = 'I would love to help with the frontend.';

export async function createTeam(by: TestUser = leader, over: Record<string, unknown> = {}): Promise<string> {
  const res = await h.api('POST /api/teams', { cookie: by.cookie, body: validTeam(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

export async function addMember(teamId: string, user: TestUser, role = 'Backend Developer') {
  await h.db.insert(teamMembers).values({ teamId, profileId: user.profileId, role, isLeader: false });
}

export async function requestToJoin(teamId: string, by: TestUser = requester, position = 'Designer') {
  const res = await h.api('POST /api/teams/{id}/join-requests', { params: { id: teamId }, cookie: by.cookie, body: { position, message } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

export async function invite(teamId: string, to: TestUser = invitee, role = 'ML Engineer') {
  // Joining a team switches 'looking for a team' off (docs/product.md#joining); these tests invite the same people again.
  await h.db.update(profiles).set({ lookingForTeam: true }).where(eq(profiles.id, to.profileId));
  const res = await h.api('POST /api/invitations', {
    cookie: leader.cookie,
    body: { teamId, profileId: to.profileId, role, message: 'Join us, we need your skills!' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

export const membersOf = (teamId: string) => h.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));

/** A team with a leader, two plain members, a pending join request and a pending invitation. */
export async function world() {
  const teamId = await createTeam();
  await addMember(teamId, member);
  await addMember(teamId, otherMember);
  const requestId = await requestToJoin(teamId);
  const invitationId = await invite(teamId);
  return { teamId, requestId, invitationId };
}

export type World = Awaited<ReturnType<typeof world>>;
