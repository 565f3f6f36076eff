/**
 * Reports and moderation (docs/product.md#moderation): reporting counts once per reporter, the
 * event's queue for its staff only, hide / warn / ban scoped to one event, the record for owners,
 * undo, and the platform queue and ban for admins. Every moderation route's authorization.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HIDDEN_TEXT } from '../../../shared/safety';
import { profiles, teamMembers } from '../../db/schema';
import { at, createEvent } from '../../testing/events';
import { createHarness, type Harness, type TestUser } from '../../testing/harness';

const ADMIN_EMAIL = 'admin-mod@example.com';

let h: Harness;
let owner: TestUser, moderator: TestUser, otherModerator: TestUser, alice: TestUser, bob: TestUser, harasser: TestUser, mate: TestUser;
let admin: TestUser;
let teamId: string;

const addStaff = (slug: string, who: TestUser, role: 'moderator' | 'organizer') =>
  h.api('POST /api/events/{slug}/staff', { params: { slug }, cookie: owner.cookie, body: { profileId: who.profileId, role } });
const register = (slug: string, who: TestUser) =>
  h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: who.cookie, body: {} });
const reportTeam = (by: TestUser, reason: 'harassment' | 'spam' = 'harassment', note?: string) =>
  h.api('POST /api/reports', { cookie: by.cookie, body: { targetKind: 'team', targetId: teamId, reason, ...(note && { note }) } });
const queue = (slug: string, by?: TestUser) =>
  h.api('GET /api/events/{slug}/moderation', { params: { slug }, ...(by && { cookie: by.cookie }) });
type Action = 'dismiss' | 'hide' | 'unhide' | 'warn' | 'ban' | 'unban';
const act = (slug: string, by: TestUser | undefined, action: Action, extra: Record<string, string> = {}) =>
  h.api('POST /api/events/{slug}/moderation/actions', {
    params: { slug },
    ...(by && { cookie: by.cookie }),
    body: { action, targetKind: 'team', targetId: teamId, reason: 'Insults in the description', ...extra } as never,
  });
const inbox = async (user: TestUser) =>
  (await h.api('GET /api/me/inbox', { cookie: user.cookie })).body.items!.map((i: { text: string }) => i.text);

beforeAll(async () => {
  h = await createHarness({ adminEmails: [ADMIN_EMAIL] });
  [owner, moderator, otherModerator, alice, bob, harasser, mate] = await Promise.all(
    ['Olga', 'Mona', 'Milo', 'Alice', 'Bob', 'Harry', 'Mate'].map((firstName) => h.signUp({ firstName })),
  );
  admin = await h.signUp({ firstName: 'Ada', email: ADMIN_EMAIL });
  await createEvent(h, owner, { slug: 'mod-hack', name: 'mod hack' });
  await createEvent(h, owner, { slug: 'other-hack', name: 'other hack' });
  expect((await addStaff('mod-hack', moderator, 'moderator')).status).toBe(201);
  expect((await addStaff('other-hack', otherModerator, 'moderator')).status).toBe(201);
  for (const who of [alice, bob, mate]) expect((await register('mod-hack', who)).status).toBe(200);
  const team = await h.api('POST /api/teams', {
    cookie: harasser.cookie,
    body: {
      name: 'Mean Team',
      description: 'Rude words about Alice',
      logoUrl: '',
      openPositions: ['Designer'],
      isOpen: true,
      event: 'mod-hack',
    },
  });
  expect(team.status).toBe(201);
  teamId = team.body.id;
  await h.db.insert(teamMembers).values({ teamId, profileId: mate.profileId, role: 'Designer', isLeader: false });
});
afterAll(() => h.close());

describe('reports', () => {
  it('the reporter sees it was received; the same person reporting twice counts once', async () => {
    const first = await reportTeam(alice, 'harassment', 'They wrote about me');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ received: true });
    expect((await reportTeam(alice)).status).toBe(201);
    expect((await reportTeam(bob, 'spam')).status).toBe(201);
    const q = await queue('mod-hack', moderator);
    expect(q.status).toBe(200);
    expect(q.body.reports).toHaveLength(1);
    expect(q.body.reports![0]).toMatchObject({
      targetKind: 'team',
      targetId: teamId,
      label: 'Mean Team',
      count: 2,
      snapshot: 'Mean Team\nRude words about Alice',
      subject: { id: harasser.profileId },
      hidden: false,
      subjectBanned: false,
    });
    expect([...q.body.reports![0].reasons].sort()).toEqual(['harassment', 'spam']);
    expect(q.body.reports![0].notes).toEqual(['They wrote about me']);
    expect(q.body.record).toBeNull();
  });

  it('a profile reported without naming an event goes to one both take part in that is not over, before a past one', async () => {
    await createEvent(h, owner, { slug: 'live-hack', name: 'live hack' });
    await createEvent(h, owner, { slug: 'over-hack', name: 'over hack' });
    const [reporter, reported] = await Promise.all([h.signUp({ firstName: 'Rita' }), h.signUp({ firstName: 'Rex' })]);
    for (const slug of ['live-hack', 'over-hack'])
      for (const who of [reporter, reported]) expect((await register(slug, who)).status).toBe(200);
    // The event they joined last is over.
    const ended = await h.api('PATCH /api/events/{slug}', {
      params: { slug: 'over-hack' },
      cookie: owner.cookie,
      body: { buildStartsAt: at(-12), submissionDeadline: at(-10) },
    });
    expect(ended.status).toBe(200);
    const filed = await h.api('POST /api/reports', {
      cookie: reporter.cookie,
      body: { targetKind: 'profile', targetId: reported.profileId, reason: 'spam' },
    });
    expect(filed.status).toBe(201);
    const inQueue = async (slug: string) =>
      (await queue(slug, owner)).body.reports!.some((r: { targetId: string }) => r.targetId === reported.profileId);
    expect(await inQueue('live-hack')).toBe(true);
    expect(await inQueue('over-hack')).toBe(false);
  });

  it('refuses unknown targets, notes over 500 characters, and messages not sent to the reporter', async () => {
    const unknown = await h.api('POST /api/reports', {
      cookie: alice.cookie,
      body: { targetKind: 'team', targetId: '00000000-0000-4000-8000-000000000000', reason: 'spam' },
    });
    expect(unknown.status).toBe(404);
    const long = await h.api('POST /api/reports', {
      cookie: alice.cookie,
      body: { targetKind: 'team', targetId: teamId, reason: 'spam', note: 'x'.repeat(501) },
    });
    expect(long.status).toBe(400);
    expect(long.body.fields!.note).toBe('Note must not exceed 500 characters');
    const request = await h.api('POST /api/teams/{id}/join-requests', {
      params: { id: teamId },
      cookie: bob.cookie,
      body: { position: 'Designer', message: 'Let me in, I insist loudly.' },
    });
    expect(request.status).toBe(201);
    const byStranger = await h.api('POST /api/reports', {
      cookie: alice.cookie,
      body: { targetKind: 'join_request', targetId: request.body.id, reason: 'spam' },
    });
    expect(byStranger.status).toBe(404);
    const byLeader = await h.api('POST /api/reports', {
      cookie: harasser.cookie,
      body: { targetKind: 'join_request', targetId: request.body.id, reason: 'spam' },
    });
    expect(byLeader.status).toBe(201);
    expect((await h.api('POST /api/reports', { body: { targetKind: 'team', targetId: teamId, reason: 'spam' } })).status).toBe(401);
  });

  it('an announcement sent to a segment is reported only by those it went to; one sent to everyone by anyone taking part', async () => {
    const send = (segment: { kind: 'team'; teamId: string } | { kind: 'everyone' }) =>
      h.api('POST /api/events/{slug}/announcements', {
        params: { slug: 'mod-hack' },
        cookie: owner.cookie,
        body: { message: 'To some of you: a note on the schedule.', segment },
      });
    const reportIt = (by: TestUser, id: string) =>
      h.api('POST /api/reports', { cookie: by.cookie, body: { targetKind: 'announcement', targetId: id, reason: 'spam' } });
    const toTeam = await send({ kind: 'team', teamId });
    expect(toTeam.status).toBe(201);
    // Alice takes part, but it went to the team's members only: to her it is an unknown id.
    expect((await reportIt(alice, toTeam.body.id)).status).toBe(404);
    expect((await reportIt(mate, toTeam.body.id)).status).toBe(201);
    const toAll = await send({ kind: 'everyone' });
    expect(toAll.status).toBe(201);
    expect((await reportIt(alice, toAll.body.id)).status).toBe(201);
    const reported = (await queue('mod-hack', moderator)).body.reports!.map((g: { targetId: string }) => g.targetId);
    expect(reported).toEqual(expect.arrayContaining([toTeam.body.id, toAll.body.id]));
  });
});

describe('who may moderate', () => {
  it('the queue: its staff and admins; 401 anonymous, 403 others, a moderator of another event included', async () => {
    expect((await queue('mod-hack')).status).toBe(401);
    expect((await queue('mod-hack', alice)).status).toBe(403);
    expect((await queue('mod-hack', otherModerator)).status).toBe(403);
    expect((await queue('mod-hack', owner)).status).toBe(200);
    expect((await queue('mod-hack', admin)).status).toBe(200);
    expect((await queue('no-such-hack', moderator)).status).toBe(404);
  });

  it('actions: 401 anonymous, 403 others; a moderator of another event cannot act on this one, nor on its teams from theirs', async () => {
    expect((await act('mod-hack', undefined, 'warn')).status).toBe(401);
    expect((await act('mod-hack', alice, 'warn')).status).toBe(403);
    expect((await act('mod-hack', otherModerator, 'ban')).status).toBe(403);
    const fromOther = await act('other-hack', otherModerator, 'hide');
    expect(fromOther.status).toBe(404);
    expect((await act('mod-hack', moderator, 'hide', { reason: '' })).status).toBe(400);
  });

  it('the platform queue and actions: admins only', async () => {
    expect((await h.api('GET /api/moderation')).status).toBe(401);
    expect((await h.api('GET /api/moderation', { cookie: moderator.cookie })).status).toBe(403);
    expect((await h.api('GET /api/moderation', { cookie: admin.cookie })).status).toBe(200);
    const body = { action: 'warn' as const, targetKind: 'profile' as const, targetId: harasser.profileId, reason: 'Be kind' };
    expect((await h.api('POST /api/moderation/actions', { body })).status).toBe(401);
    expect((await h.api('POST /api/moderation/actions', { cookie: owner.cookie, body })).status).toBe(403);
  });
});

describe('actions', () => {
  it("hide: everyone but the team reads 'Hidden by a moderator'; its members read it and why; unhide shows it again", async () => {
    expect((await act('mod-hack', moderator, 'hide')).status).toBe(200);
    const seen = await h.api('GET /api/teams/{id}', { params: { id: teamId }, cookie: alice.cookie });
    expect(seen.body.description).toBe(HIDDEN_TEXT);
    expect((await h.api('GET /api/teams/{id}', { params: { id: teamId } })).body.description).toBe(HIDDEN_TEXT);
    const own = await h.api('GET /api/teams/{id}', { params: { id: teamId }, cookie: harasser.cookie });
    expect(own.body.description).toBe('Rude words about Alice');
    expect(own.body.descriptionHidden).toBe('Insults in the description');
    const listed = await h.api('GET /api/teams', { query: { event: 'mod-hack' } });
    expect(listed.body.items!.find((t: { id: string }) => t.id === teamId)!.description).toBe(HIDDEN_TEXT);
    expect(await inbox(harasser)).toContain('mod hack moderators: your team description was hidden. Why: Insults in the description');
    // Acted on: the reports leave the queue, and what was hidden is listed there to be unhidden.
    const afterHide = (await queue('mod-hack', moderator)).body;
    expect(afterHide.reports!.filter((r: { targetId: string }) => r.targetId === teamId)).toEqual([]);
    expect(afterHide.hidden).toEqual([
      expect.objectContaining({ targetKind: 'team', targetId: teamId, link: `/teams/${teamId}`, reason: 'Insults in the description' }),
    ]);
    // Not in another event's queue.
    expect((await queue('other-hack', otherModerator)).body.hidden).toEqual([]);

    expect((await act('mod-hack', moderator, 'unhide')).status).toBe(200);
    expect((await h.api('GET /api/teams/{id}', { params: { id: teamId } })).body.description).toBe('Rude words about Alice');
    expect((await queue('mod-hack', moderator)).body.hidden).toEqual([]);
    expect((await act('mod-hack', moderator, 'unhide')).status).toBe(409);
    expect((await act('mod-hack', moderator, 'hide')).status).toBe(200);
  });

  it("hide a join request message and an announcement: 'Hidden by a moderator' where others read them", async () => {
    const request = await h.api('POST /api/teams/{id}/join-requests', {
      params: { id: teamId },
      cookie: alice.cookie,
      body: { position: 'Designer', message: 'A rude message for the leader.' },
    });
    expect(request.status).toBe(201);
    const hideRequest = await act('mod-hack', moderator, 'hide', { targetKind: 'join_request', targetId: request.body.id });
    expect(hideRequest.status).toBe(200);
    const pending = await h.api('GET /api/teams/{id}/join-requests', { params: { id: teamId }, cookie: harasser.cookie });
    expect(pending.body.find((r: { id: string }) => r.id === request.body.id)!.message).toBe(HIDDEN_TEXT);
    // The queue names it by its team and links to the team it was sent to (a message has no page of its own).
    expect((await queue('mod-hack', moderator)).body.hidden).toContainEqual(
      expect.objectContaining({ targetKind: 'join_request', label: 'Join request to Mean Team', link: `/teams/${teamId}` }),
    );
    await h.api('POST /api/join-requests/{id}/cancel', { params: { id: request.body.id }, cookie: alice.cookie });

    const sent = await h.api('POST /api/events/{slug}/announcements', {
      params: { slug: 'mod-hack' },
      cookie: owner.cookie,
      body: { message: 'An announcement someone will report.', segment: { kind: 'everyone' } },
    });
    expect(sent.status).toBe(201);
    expect((await act('mod-hack', moderator, 'hide', { targetKind: 'announcement', targetId: sent.body.id })).status).toBe(200);
    const listed = await h.api('GET /api/events/{slug}/announcements', { params: { slug: 'mod-hack' } });
    expect(listed.body.find((a: { id: string }) => a.id === sent.body.id)!.message).toBe(HIDDEN_TEXT);
    // Another event's moderator cannot touch it.
    expect((await act('other-hack', otherModerator, 'unhide', { targetKind: 'announcement', targetId: sent.body.id })).status).toBe(404);
    expect((await act('mod-hack', moderator, 'unhide', { targetKind: 'announcement', targetId: sent.body.id })).status).toBe(200);
  });

  it('warn: the person is told', async () => {
    expect((await act('mod-hack', moderator, 'warn', { reason: 'Keep it civil' })).status).toBe(200);
    expect(await inbox(harasser)).toContain('mod hack moderators: you were warned. Why: Keep it civil');
  });

  it('ban from one event: out of its teams (the team passes to another member), cannot take part there, still can elsewhere; unban', async () => {
    expect((await act('mod-hack', moderator, 'ban', { reason: 'Harassed Alice' })).status).toBe(200);
    const members = await h.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
    expect(members).toEqual([expect.objectContaining({ profileId: mate.profileId, isLeader: true })]);
    const again = await register('mod-hack', harasser);
    expect(again.status).toBe(403);
    expect(again.body.error).toBe('You cannot take part in mod hack: a moderator banned you from it');
    const create = await h.api('POST /api/teams', {
      cookie: harasser.cookie,
      body: {
        name: 'Back Again',
        description: 'We are back with a plan.',
        logoUrl: '',
        openPositions: ['Designer'],
        isOpen: true,
        event: 'mod-hack',
      },
    });
    expect(create.status).toBe(403);
    const ask = await h.api('POST /api/teams/{id}/join-requests', {
      params: { id: teamId },
      cookie: harasser.cookie,
      body: { position: 'Designer', message: 'Let me back in please.' },
    });
    expect(ask.status).toBe(403);
    expect((await register('other-hack', harasser)).status).toBe(200);
    const q = await queue('mod-hack', moderator);
    expect(q.body.bans!.map((b: { person: { id: string } }) => b.person.id)).toEqual([harasser.profileId]);
    // Staff cannot be banned from their own event.
    expect((await act('mod-hack', owner, 'ban', { targetKind: 'profile', targetId: moderator.profileId, reason: 'x' })).status).toBe(404);

    // Unban as the queue's list of bans does it, by the person: banned from a report about their team,
    // they no longer take part here and were never reported here themselves.
    expect(
      (await act('mod-hack', moderator, 'unban', { targetKind: 'profile', targetId: harasser.profileId, reason: 'Apologized' })).status,
    ).toBe(200);
    expect((await register('mod-hack', harasser)).status).toBe(200);
    expect((await act('mod-hack', moderator, 'unban', { reason: 'Again' })).status).toBe(409);
  });

  it('every action is recorded with who and why, for the owners', async () => {
    const record = (await queue('mod-hack', owner)).body.record!;
    expect(record.map((r: { action: string }) => r.action)).toEqual([
      'unban',
      'ban',
      'warn',
      'unhide',
      'hide',
      'hide',
      'hide',
      'unhide',
      'hide',
    ]);
    expect(record[1]).toMatchObject({ by: { id: moderator.profileId }, subject: { id: harasser.profileId }, reason: 'Harassed Alice' });
  });

  it('a platform ban (admins): cannot sign in, sessions end, bio hidden; unban lets them back', async () => {
    const banned = await h.signUp({ firstName: 'Troll', email: 'troll-mod@example.com' });
    await h.db.update(profiles).set({ bio: 'Spam spam spam' }).where(eq(profiles.id, banned.profileId));
    const body = { action: 'ban' as const, targetKind: 'profile' as const, targetId: banned.profileId, reason: 'Spam accounts' };
    expect((await h.api('POST /api/moderation/actions', { cookie: admin.cookie, body })).status).toBe(200);
    expect((await h.api('GET /api/me/blocks', { cookie: banned.cookie })).status).toBe(401);
    const signIn = await h.api('POST /api/auth/sign-in/email', { body: { email: 'troll-mod@example.com', password: 'team-finder-1' } });
    expect(signIn.status).toBe(403);
    const profile = await h.api('GET /api/profiles/{id}', { params: { id: banned.profileId }, cookie: alice.cookie });
    expect(profile.body.bio).toBe(HIDDEN_TEXT);
    const listed = await h.api('GET /api/profiles', { query: { q: 'Troll' }, cookie: alice.cookie });
    expect(listed.body.items!.find((p: { id: string }) => p.id === banned.profileId)!.bio).toBe(HIDDEN_TEXT);
    const platform = await h.api('GET /api/moderation', { cookie: admin.cookie });
    expect(platform.body.bans!.map((b: { person: { id: string } }) => b.person.id)).toEqual([banned.profileId]);
    expect(platform.body.record![0]).toMatchObject({ action: 'ban', by: { id: admin.profileId } });
    // What the ban hid is lifted with the ban, not one by one.
    expect(platform.body.hidden).toEqual([]);
    const unban = { ...body, action: 'unban' as const, reason: 'Appeal accepted' };
    expect((await h.api('POST /api/moderation/actions', { cookie: admin.cookie, body: unban })).status).toBe(200);
    const back = await h.api('POST /api/auth/sign-in/email', { body: { email: 'troll-mod@example.com', password: 'team-finder-1' } });
    expect(back.status).toBe(200);
  });
});

describe('the queue about the staff', () => {
  it("a report about what the event's staff wrote says so (they cannot be banned from it); others' do not", async () => {
    const sent = await h.api('POST /api/events/{slug}/announcements', {
      params: { slug: 'mod-hack' },
      cookie: owner.cookie,
      body: { message: 'An announcement from the owner, reported.', segment: { kind: 'everyone' } },
    });
    expect(sent.status).toBe(201);
    const reported = await h.api('POST /api/reports', {
      cookie: alice.cookie,
      body: { targetKind: 'announcement', targetId: sent.body.id, reason: 'spam' },
    });
    expect(reported.status).toBe(201);
    expect((await reportTeam(bob)).status).toBe(201);
    const groups = (await queue('mod-hack', moderator)).body.reports!;
    // An announcement has no page: its opening words name it.
    expect(groups.find((g: { targetId: string }) => g.targetId === sent.body.id)).toMatchObject({
      subjectStaff: true,
      label: "Announcement 'An announcement from the owner,…'",
    });
    expect(groups.find((g: { targetId: string }) => g.targetId === teamId)).toMatchObject({ subjectStaff: false });
  });
});

describe('the queue about hidden content', () => {
  it('a report about what a moderator already hid says it is hidden; shown again, it does not', async () => {
    // Whatever an earlier test left: the team's description hidden now.
    await act('mod-hack', moderator, 'unhide');
    expect((await act('mod-hack', moderator, 'hide')).status).toBe(200);
    expect((await reportTeam(alice, 'spam')).status).toBe(201);
    const group = async () => (await queue('mod-hack', moderator)).body.reports!.find((g: { targetId: string }) => g.targetId === teamId);
    expect(await group()).toMatchObject({ targetKind: 'team', hidden: true });
    expect((await act('mod-hack', moderator, 'unhide')).status).toBe(200);
    expect((await reportTeam(bob, 'spam')).status).toBe(201);
    expect(await group()).toMatchObject({ targetKind: 'team', hidden: false });
  });
});

describe("each queue's own marks", () => {
  it("a person's bio hidden by one event's moderators is shown again only by them, not by another event's", async () => {
    await h.db.update(profiles).set({ bio: 'Rude bio' }).where(eq(profiles.id, bob.profileId));
    expect((await register('other-hack', bob)).status).toBe(200);
    const onBob = { targetKind: 'profile', targetId: bob.profileId };
    const bio = async () => (await h.api('GET /api/profiles/{id}', { params: { id: bob.profileId }, cookie: alice.cookie })).body.bio;
    expect((await act('mod-hack', moderator, 'hide', onBob)).status).toBe(200);
    const elsewhere = await act('other-hack', otherModerator, 'unhide', onBob);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.error).toBe("Another event's moderators or a platform ban hid this: only they can show it again");
    expect(await bio()).toBe(HIDDEN_TEXT);
    expect((await queue('mod-hack', moderator)).body.hidden).toContainEqual(expect.objectContaining({ targetId: bob.profileId }));
    expect((await act('mod-hack', moderator, 'unhide', onBob)).status).toBe(200);
    expect(await bio()).toBe('Rude bio');
  });
});
