import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { cookieFrom, createHarness, type Harness } from '../testing';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from './demo-data';
import { profiles, teamMembers, teams } from './schema';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const count = async (table: typeof profiles | typeof teams) =>
  (await h.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

describe('demo data', () => {
  it('fills an empty database once with believable profiles and teams', async () => {
    expect(await seedDemoData(h.db)).toBe(true);
    expect(await count(profiles)).toBe(40);
    expect(await count(teams)).toBe(10);
    const looking = await h.db.select().from(profiles).where(eq(profiles.lookingForTeam, false));
    expect(looking.length).toBeGreaterThan(0);
    // Every team has a leader (one has two) and at least one open position; one team is full.
    const leaders = await h.db
      .select({ teamId: teamMembers.teamId, n: sql<number>`count(*)::int` })
      .from(teamMembers)
      .where(eq(teamMembers.isLeader, true))
      .groupBy(teamMembers.teamId);
    expect(leaders).toHaveLength(10);
    expect(leaders.map((l) => l.n).sort()).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 2]);
    const allTeams = await h.db.select().from(teams);
    expect(allTeams.every((t) => t.openPositions.length > 0)).toBe(true);
    expect(allTeams.filter((t) => t.memberCount >= t.maxSize).map((t) => t.name)).toEqual(['Quest Forge']);
  });

  it('never inserts over existing data', async () => {
    expect(await seedDemoData(h.db)).toBe(false);
    expect(await count(profiles)).toBe(40);
  });

  it('has a demo account that signs in and leads a team', async () => {
    const res = await h.request('POST', '/api/auth/sign-in/email', { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    const me = await h.request('GET', '/api/me', { cookie: cookieFrom(res.headers) });
    const led = await h.db
      .select()
      .from(teamMembers)
      .where(sql`${teamMembers.profileId} = ${me.body.profile.id} and ${teamMembers.isLeader}`);
    expect(led.length).toBeGreaterThanOrEqual(1);
    // Something waits for it: join requests to its team and an invitation, newest first in its inbox.
    const inbox = await h.request('GET', '/api/me/inbox', { cookie: cookieFrom(res.headers) });
    expect(inbox.body.items.map((n: { kind: string; pending: boolean }) => [n.kind, n.pending])).toEqual([
      ['join_request', true], ['invitation', true], ['join_request', true],
    ]);
    expect(inbox.body.unreadCount).toBe(3);
  });
});
