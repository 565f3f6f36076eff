import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { cookieFrom, createHarness, type Harness } from '../testing/harness';
import { initials } from '../../shared/avatar';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from './demo-data';
import { queryRows } from './client';
import { profiles, profileSkills, teamMembers, teams, users } from './schema';
import { LEGACY_EVENT_ID } from '../../shared/events';

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
    // The ten hand-written teams in the 2025 hackathon, three in the event running now.
    expect(await count(teams)).toBe(13);
    expect((await h.db.select().from(teams).where(eq(teams.eventId, LEGACY_EVENT_ID))).length).toBe(10);
    const looking = await h.db.select().from(profiles).where(eq(profiles.lookingForTeam, false));
    expect(looking.length).toBeGreaterThan(0);
    // Every team has a leader (one has two) and at least one open position; one team is full.
    const leaders = await h.db
      .select({ teamId: teamMembers.teamId, n: sql<number>`count(*)::int` })
      .from(teamMembers)
      .where(eq(teamMembers.isLeader, true))
      .groupBy(teamMembers.teamId);
    expect(leaders).toHaveLength(13);
    expect(leaders.map((l) => l.n).sort()).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2]);
    const allTeams = await h.db.select().from(teams);
    expect(allTeams.every((t) => t.openPositions.length > 0)).toBe(true);
    expect(allTeams.filter((t) => t.memberCount >= t.maxSize).map((t) => t.name)).toEqual(['Quest Forge']);
  });

  it('has ten participants of the running event without a team asking to be grouped (issue 32)', async () => {
    const [row] = await queryRows<{ n: number; in_team: number; registered: number }>(
      h.db,
      sql`
      select count(*)::int as n,
             count(*) filter (where exists (select 1 from team_members m join teams t on t.id = m.team_id
                                             where t.event_id = o.event_id and m.profile_id = o.profile_id))::int as in_team,
             count(*) filter (where exists (select 1 from registrations r where r.event_id = o.event_id and r.profile_id = o.profile_id))::int as registered
        from grouping_opt_ins o join events e on e.id = o.event_id where e.slug = 'climate-code-sprint'`,
    );
    expect(row).toEqual({ n: 10, in_team: 0, registered: 10 });
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

    // Whoever is on a team in an event stopped looking there (docs/product.md#joining), except the demo
    // account, which is looking so that it can be invited.
    const [demo] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
    const memberButLooking = await h.db.execute(sql`select p.name from team_members m join teams t on t.id = m.team_id
      join profiles p on p.id = m.profile_id join registrations r on r.event_id = t.event_id and r.profile_id = p.id
      where coalesce(r.looking, p.looking_for_team) and p.user_id <> ${demo.id}`);
    expect((memberButLooking as unknown as { rows: unknown[] }).rows).toEqual([]);
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

  it('shows every phase: the ended 2025 hackathon, one running with its formation deadline ahead (the demo account organizes it), one upcoming', async () => {
    const past = (await h.api('GET /api/events', { query: { phase: 'past' } })).body.items.map((e: { slug: string }) => e.slug);
    expect(past).toEqual(expect.arrayContaining(['worlds-largest-hackathon-2025', 'sf-ai-builders-2025', 'boston-climate-tech-2025']));
    const running = (await h.api('GET /api/events', { query: { phase: 'running' } })).body.items;
    expect(running.map((e: { slug: string }) => e.slug)).toEqual(['climate-code-sprint']);
    const upcoming = (await h.api('GET /api/events', { query: { phase: 'upcoming' } })).body.items;
    expect(upcoming.map((e: { slug: string }) => e.slug)).toEqual(['health-hack-berlin']);

    const signedIn = await h.api('POST /api/auth/sign-in/email', { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    const sprint = await h.api('GET /api/events/{slug}', { params: { slug: 'climate-code-sprint' }, cookie: cookieFrom(signedIn.headers) });
    expect(sprint.body).toMatchObject({ formationLocked: false, registrationOpen: true, viewer: { staffRole: 'owner' } });
    expect(Date.parse(sprint.body.formationDeadline!)).toBeGreaterThan(Date.now());
    expect(sprint.body.teamCount).toBe(3);
    expect(sprint.body.registrantCount).toBeGreaterThan(15);
    // People are looking for a team there, so its teams have suggestions.
    expect((await h.api('GET /api/profiles', { query: { event: 'climate-code-sprint', looking: true } })).body.total).toBeGreaterThan(10);
  });

  it('never inserts over existing data', async () => {
    expect(await seedDemoData(h.db)).toBe(false);
    expect(await count(profiles)).toBe(40);
  });

  it('has a password the sign-up rules accept (the demo teaches no password the product refuses)', async () => {
    const res = await h.api('POST /api/auth/sign-up/email', {
      body: { firstName: 'Like', lastName: 'Demo', email: 'like-demo@example.com', password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
  });

  it('lets every demo person sign in with the demo password, as first.last@demo.example.com', async () => {
    for (const email of ['tomas.herrera@demo.example.com', 'priya.sharma@demo.example.com']) {
      const res = await h.api('POST /api/auth/sign-in/email', { body: { email, password: DEMO_PASSWORD } });
      expect(res.status, email).toBe(200);
    }
  });

  it('has a demo account that signs in and leads a team', async () => {
    const res = await h.api('POST /api/auth/sign-in/email', { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    const me = await h.api('GET /api/me', { cookie: cookieFrom(res.headers) });
    const led = await h.db
      .select()
      .from(teamMembers)
      .where(sql`${teamMembers.profileId} = ${me.body.profile!.id} and ${teamMembers.isLeader}`);
    expect(led.length).toBeGreaterThanOrEqual(1);
    // Its positions say what they need, so its team page suggests people.
    const suggested = await h.api('GET /api/teams/{id}/suggestions', { params: { id: led[0].teamId }, cookie: cookieFrom(res.headers) });
    expect(suggested.body.items.length).toBeGreaterThan(0);
    // Something waits for it: join requests to its team and an invitation, newest first in its inbox.
    const inbox = await h.api('GET /api/me/inbox', { cookie: cookieFrom(res.headers) });
    expect(inbox.body.items.map((n) => [n.kind, n.pending])).toEqual([
      ['join_request', true],
      ['invitation', true],
      ['join_request', true],
    ]);
    expect(inbox.body.unreadCount).toBe(3);
  });

  it("fills the demo account's screens: join requests to answer, an invitation, and a request of its own", async () => {
    const res = await h.api('POST /api/auth/sign-in/email', { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    const cookie = cookieFrom(res.headers);
    const pixel = (await h.api('GET /api/teams', { query: { q: 'Pixel Pioneers' } })).body.items[0];
    const requests = await h.api('GET /api/teams/{id}/join-requests', { params: { id: pixel.id }, cookie });
    expect(requests.status).toBe(200);
    expect(requests.body.map((r: { requester: { name: string }; position: string }) => [r.requester.name, r.position])).toEqual([
      ['Chloe Dubois', 'Frontend Developer'],
      ['Arjun Patel', 'ML Engineer'],
    ]);

    const mine = await h.api('GET /api/me/notifications', { cookie });
    expect(mine.body.invitations.map((i: { team: { name: string }; role: string }) => [i.team.name, i.role])).toEqual([
      ['MediMind', 'Full Stack Developer'],
    ]);
    expect(mine.body.requests.map((r: { teamName: string; status: string }) => [r.teamName, r.status])).toEqual([
      ['Code Review Copilot', 'pending'],
    ]);
    expect(mine.body.pendingCount).toBe(2);
  });
});
