/**
 * Safety (docs/product.md#safety): blocks, who may contact me, and the per-sender hourly limits.
 * A refusal never reveals a block: the invitation answer is the one a 'nobody' setting gets.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { INVITATIONS_PER_HOUR, REQUESTS_PER_HOUR } from '../../../shared/safety';
import { bans, events, joinRequests, profiles, sendCounts, teamInvitations, teams } from '../../db/schema';
import { createEvent } from '../../testing/events';
import type { TestUser } from '../../testing/harness';
import {
  addMember,
  createTeam,
  h,
  invitee,
  leader,
  message,
  outsider,
  requester,
  requestToJoin,
  useTeamsWorld,
} from '../../testing/worlds/teams';
import { blockedPairsAmong } from '../safety';

useTeamsWorld();

const look = (who: TestUser) => h.db.update(profiles).set({ lookingForTeam: true }).where(eq(profiles.id, who.profileId));
const ask = (teamId: string, by: TestUser) =>
  h.api('POST /api/teams/{id}/join-requests', { params: { id: teamId }, cookie: by.cookie, body: { position: 'Designer', message } });
const inviteTo = async (teamId: string, to: TestUser, by: TestUser = leader) => {
  await look(to);
  return h.api('POST /api/invitations', {
    cookie: by.cookie,
    body: { teamId, profileId: to.profileId, role: 'Designer', message: 'Join us, we need your skills!' },
  });
};
const block = (by: TestUser, other: TestUser) =>
  h.api('PUT /api/me/blocks/{profileId}', { params: { profileId: other.profileId }, cookie: by.cookie });
const unblock = (by: TestUser, other: TestUser) =>
  h.api('DELETE /api/me/blocks/{profileId}', { params: { profileId: other.profileId }, cookie: by.cookie });
const setContact = (by: TestUser, whoMayContact: 'anyone' | 'events' | 'nobody') =>
  h.api('PUT /api/me/contact-setting', { cookie: by.cookie, body: { whoMayContact } });

describe('blocks', () => {
  it('neither can then ask or invite the other; pending ones between them are withdrawn; contact details hidden both ways', async () => {
    const teamId = await createTeam();
    const requestId = await requestToJoin(teamId, requester);
    const invited = await inviteTo(teamId, invitee);
    expect(invited.status).toBe(201);
    // The requester blocks the team's leader; the leader is not told.
    expect((await block(requester, leader)).status).toBe(200);
    const [request] = await h.db.select().from(joinRequests).where(eq(joinRequests.id, requestId));
    expect(request.status).toBe('cancelled');
    const refusedAsk = await ask(teamId, requester);
    expect(refusedAsk.status).toBe(409);
    expect(refusedAsk.body.error).toBe('This team does not accept requests from you');
    const refusedInvite = await inviteTo(teamId, requester);
    expect(refusedInvite.status).toBe(409);
    expect(refusedInvite.body.error).toBe('This person does not accept invitations from you');

    // The other way: the leader's team asking, the blocked leader seeing the profile.
    const theirs = await createTeam(requester, { name: 'Blockers' });
    expect((await ask(theirs, leader)).status).toBe(409);
    const seen = await h.api('GET /api/profiles/{id}', { params: { id: requester.profileId }, cookie: leader.cookie });
    expect(seen.body.contact).toBeNull();
    expect(seen.body.blockedByViewer).toBeUndefined();
    const mine = await h.api('GET /api/profiles/{id}', { params: { id: leader.profileId }, cookie: requester.cookie });
    expect(mine.body.contact).toBeNull();
    expect(mine.body.blockedByViewer).toBe(true);
    // The invitation to another person stays.
    const [still] = await h.db.select().from(teamInvitations).where(eq(teamInvitations.id, invited.body.id));
    expect(still.status).toBe('pending');

    expect(await blockedPairsAmong(h.db, [leader.profileId, requester.profileId, invitee.profileId])).toEqual([
      [requester.profileId, leader.profileId],
    ]);
    const list = await h.api('GET /api/me/blocks', { cookie: requester.cookie });
    expect(list.body.map((b: { person: { id: string } }) => b.person.id)).toEqual([leader.profileId]);
    expect((await block(requester, leader)).status).toBe(200);

    expect((await unblock(requester, leader)).status).toBe(204);
    expect((await h.api('GET /api/me/blocks', { cookie: requester.cookie })).body).toEqual([]);
    expect((await ask(teamId, requester)).status).toBe(201);
    const visible = await h.api('GET /api/profiles/{id}', { params: { id: requester.profileId }, cookie: leader.cookie });
    expect(visible.body.contact).not.toBeNull();
  });

  it("an invitation meets a block with any of the team's members, and a ban of the invited person, in the words of 'nobody'", async () => {
    const teamId = await createTeam(leader, { name: 'Whole Team' });
    const mate = await h.signUp({ firstName: 'Mate' });
    await addMember(teamId, mate);
    const wary = await h.signUp({ firstName: 'Wary' });
    expect((await block(wary, mate)).status).toBe(200);
    const refused = await inviteTo(teamId, wary);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'This person does not accept invitations from you', code: 'not_accepting_invitations' });
    expect((await unblock(wary, mate)).status).toBe(204);

    const [team] = await h.db.select({ eventId: teams.eventId }).from(teams).where(eq(teams.id, teamId));
    await h.db.insert(bans).values({ profileId: wary.profileId, eventId: team.eventId, reason: 'Spam', byProfileId: leader.profileId });
    const banned = await inviteTo(teamId, wary);
    expect(banned.status).toBe(409);
    expect(banned.body.code).toBe('not_accepting_invitations');
    await h.db.update(bans).set({ liftedAt: new Date() }).where(eq(bans.profileId, wary.profileId));
    expect((await inviteTo(teamId, wary)).status).toBe(201);
  });

  it('a block with a member who does not lead the team withdraws the request to it and its invitation too', async () => {
    const teamId = await createTeam(leader, { name: 'Member Blocks' });
    const mate = await h.signUp({ firstName: 'Mira' });
    await addMember(teamId, mate);
    const [asker, asked] = await Promise.all([h.signUp({ firstName: 'Asa' }), h.signUp({ firstName: 'Ivo' })]);
    const requestId = await requestToJoin(teamId, asker);
    const invited = await inviteTo(teamId, asked);
    expect(invited.status).toBe(201);
    expect((await block(mate, asker)).status).toBe(200);
    expect((await block(asked, mate)).status).toBe(200);
    const [request] = await h.db.select().from(joinRequests).where(eq(joinRequests.id, requestId));
    const [invitation] = await h.db.select().from(teamInvitations).where(eq(teamInvitations.id, invited.body.id));
    expect([request.status, invitation.status]).toEqual(['cancelled', 'withdrawn']);
    // So the leader cannot put them in one team by accepting it.
    const accepted = await h.api('POST /api/join-requests/{id}/accept', { params: { id: requestId }, cookie: leader.cookie });
    expect(accepted.status).toBe(409);
  });

  it('blocks a member of a team too, refuses blocking oneself and unknown people', async () => {
    expect((await block(outsider, outsider)).status).toBe(400);
    const unknown = await h.api('PUT /api/me/blocks/{profileId}', {
      params: { profileId: '00000000-0000-4000-8000-000000000000' },
      cookie: outsider.cookie,
    });
    expect(unknown.status).toBe(404);
    expect((await h.api('GET /api/me/blocks')).status).toBe(401);
  });
});

describe('who may contact me', () => {
  it("'nobody' refuses every invitation with the words a block gets; requests to the person's teams still go", async () => {
    const teamId = await createTeam(leader, { name: 'Contact Nobody' });
    expect((await h.api('GET /api/me/contact-setting', { cookie: outsider.cookie })).body).toEqual({ whoMayContact: 'anyone' });
    expect((await setContact(outsider, 'nobody')).status).toBe(200);
    const refused = await inviteTo(teamId, outsider);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'This person does not accept invitations from you', code: 'not_accepting_invitations' });
    expect((await setContact(outsider, 'anyone')).status).toBe(200);
    expect((await inviteTo(teamId, outsider)).status).toBe(201);
    expect((await setContact(outsider, 'nobody')).status).toBe(200);
    const theirs = await createTeam(outsider, { name: 'Nobody Leads' });
    const asked = await ask(theirs, invitee);
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(
      (await h.api('PUT /api/me/contact-setting', { cookie: outsider.cookie, body: { whoMayContact: 'friends' } as never })).status,
    ).toBe(400);
  });

  it("'events': only people taking part in an event the person takes part in", async () => {
    await createEvent(h, leader, { slug: 'contact-elsewhere', name: 'Elsewhere Hack' });
    const teamId = await createTeam(leader, { name: 'Elsewhere Team', event: 'contact-elsewhere' });
    const [featured] = await h.db.select({ slug: events.slug }).from(events).where(eq(events.featured, true));
    const fresh = await h.signUp({ firstName: 'Fresh' });
    await h.api('PUT /api/events/{slug}/registration', { params: { slug: featured.slug }, cookie: fresh.cookie, body: {} });
    expect((await setContact(fresh, 'events')).status).toBe(200);
    // The leader takes part in the featured event (their first team is there): a common event.
    await createTeam(leader, { name: 'Featured Team' });
    expect((await inviteTo(teamId, fresh)).status).toBe(201);
    const stranger = await h.signUp({ firstName: 'Stranger' });
    const strangersTeam = await createTeam(stranger, { name: 'Stranger Team', event: 'contact-elsewhere' });
    const refused = await inviteTo(strangersTeam, fresh, stranger);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('not_accepting_invitations');
  });
});

describe('hourly limits, counted in the database', () => {
  const hour = () => new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);

  it(`refuses the ${REQUESTS_PER_HOUR + 1}st join request of an hour with 429 and Retry-After`, async () => {
    const teamId = await createTeam(leader, { name: 'Limit Requests' });
    const asker = await h.signUp({ firstName: 'Eager' });
    await h.db.insert(sendCounts).values({ profileId: asker.profileId, kind: 'request', hour: hour(), count: REQUESTS_PER_HOUR });
    const res = await ask(teamId, asker);
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('too_many_join_requests');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    await h.db.delete(sendCounts).where(eq(sendCounts.profileId, asker.profileId));
    expect((await ask(teamId, asker)).status).toBe(201);
  });

  it(`refuses the ${INVITATIONS_PER_HOUR + 1}st invitation of an hour, and counts only invitations that were sent`, async () => {
    const teamId = await createTeam(leader, { name: 'Limit Invites' });
    const target = await h.signUp({ firstName: 'Target' });
    await h.db
      .insert(sendCounts)
      .values({ profileId: leader.profileId, kind: 'invitation', hour: hour(), count: INVITATIONS_PER_HOUR - 1 })
      .onConflictDoUpdate({ target: [sendCounts.profileId, sendCounts.kind, sendCounts.hour], set: { count: INVITATIONS_PER_HOUR - 1 } });
    await h.db.update(profiles).set({ lookingForTeam: false }).where(eq(profiles.id, target.profileId));
    // Refused for another reason: not counted.
    const notLooking = await h.api('POST /api/invitations', {
      cookie: leader.cookie,
      body: { teamId, profileId: target.profileId, role: 'Designer', message: 'Join us, we need your skills!' },
    });
    expect(notLooking.status).toBe(409);
    expect((await inviteTo(teamId, target)).status).toBe(201);
    const over = await inviteTo(teamId, await h.signUp({ firstName: 'Another' }));
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('too_many_invitations');
    const [row] = await h.db
      .select()
      .from(sendCounts)
      .where(and(eq(sendCounts.profileId, leader.profileId), eq(sendCounts.kind, 'invitation')));
    expect(row.count).toBe(INVITATIONS_PER_HOUR + 1);
  });
});
