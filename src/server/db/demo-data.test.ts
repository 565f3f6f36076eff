import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { cookieFrom, createHarness, type Harness } from '../testing/harness';
import { initials } from '../../shared/avatar';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from './demo-data';
import { profiles, profileSkills, teamMembers, teams, users } from './schema';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const count = async (table: typeof profiles | typeof teams) => (await h.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

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

  it('gives everyone a bio of their own, skills, and a looking-for-team flag that agrees with the bio', async () => {
    const all = await h.db.select().from(profiles);
    const bios = all.map((p) => p.bio ?? '');
    expect(
      bios.filter((b) => b.trim().length < 40),
      'too short or missing',
    ).toEqual([]);
    expect(
      bios.filter((b, i) => bios.indexOf(b) !== i),
      'shared by two profiles',
    ).toEqual([]);

    // A bio that says the person wants a team belongs to someone looking for one.
    const claimsLooking = /looking for (a|any)\b[^.]*team|join any team|open to any team/i;
    const wantButNotLooking = all.filter((p) => claimsLooking.test(p.bio ?? '') && !p.lookingForTeam).map((p) => p.name);
    expect(wantButNotLooking).toEqual([]);
    expect(all.filter((p) => claimsLooking.test(p.bio ?? '')).length).toBeGreaterThan(10);

    // Whoever is on a team stopped looking (docs/product.md#joining), except the demo account, which is
    // looking so that it can be invited.
    const members = await h.db.select({ profileId: teamMembers.profileId }).from(teamMembers);
    const onTeam = new Set(members.map((m) => m.profileId));
    const [demo] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
    const memberButLooking = all.filter((p) => onTeam.has(p.id) && p.lookingForTeam && p.userId !== demo.id).map((p) => p.name);
    expect(memberButLooking).toEqual([]);
    expect(all.filter((p) => p.lookingForTeam).length).toBeGreaterThan(15);

    const withSkills = await h.db.selectDistinct({ profileId: profileSkills.profileId }).from(profileSkills);
    expect(withSkills).toHaveLength(all.length);
  });

  it('shows initials that belong to the name shown', async () => {
    const all = await h.db.select().from(profiles);
    const shownInitials = (name: string) => {
      const words = name.trim().split(/\s+/);
      return (words[0][0] + (words.length > 1 ? words[words.length - 1][0] : '')).toUpperCase();
    };
    const mismatched = all
      .filter((p) => initials(p.firstName, p.lastName) !== shownInitials(p.name))
      .map((p) => `${p.name}: ${initials(p.firstName, p.lastName)}`);
    expect(mismatched).toEqual([]);
    expect(all.filter((p) => p.preferredName).length).toBeGreaterThan(0);
  });

  it('never inserts over existing data', async () => {
    expect(await seedDemoData(h.db)).toBe(false);
    expect(await count(profiles)).toBe(40);
  });

  it('has a password the sign-up rules accept (the demo teaches no password the product refuses)', async () => {
    const res = await h.request('POST', '/api/auth/sign-up/email', {
      body: { firstName: 'Like', lastName: 'Demo', email: 'like-demo@example.com', password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
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
    // Its positions say what they need, so its team page suggests people.
    const suggested = await h.request('GET', `/api/teams/${led[0].teamId}/suggestions`, { cookie: cookieFrom(res.headers) });
    expect(suggested.body.items.length).toBeGreaterThan(0);
    // Something waits for it: join requests to its team and an invitation, newest first in its inbox.
    const inbox = await h.request('GET', '/api/me/inbox', { cookie: cookieFrom(res.headers) });
    expect(inbox.body.items.map((n: { kind: string; pending: boolean }) => [n.kind, n.pending])).toEqual([
      ['join_request', true],
      ['invitation', true],
      ['join_request', true],
    ]);
    expect(inbox.body.unreadCount).toBe(3);
  });

  it("fills the demo account's screens: join requests to answer, an invitation, and a request of its own", async () => {
    const res = await h.request('POST', '/api/auth/sign-in/email', { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    const cookie = cookieFrom(res.headers);
    const pixel = (await h.request('GET', '/api/teams?q=Pixel%20Pioneers')).body.items[0];
    const requests = await h.request('GET', `/api/teams/${pixel.id}/join-requests`, { cookie });
    expect(requests.status).toBe(200);
    expect(requests.body.map((r: { requester: { name: string }; position: string }) => [r.requester.name, r.position])).toEqual([
      ['Chloe Dubois', 'Frontend Developer'],
      ['Arjun Patel', 'ML Engineer'],
    ]);

    const mine = await h.request('GET', '/api/me/notifications', { cookie });
    expect(mine.body.invitations.map((i: { team: { name: string }; role: string }) => [i.team.name, i.role])).toEqual([
      ['MediMind', 'Full Stack Developer'],
    ]);
    expect(mine.body.requests.map((r: { teamName: string; status: string }) => [r.teamName, r.status])).toEqual([
      ['Code Review Copilot', 'pending'],
    ]);
    expect(mine.body.pendingCount).toBe(2);
  });
});
