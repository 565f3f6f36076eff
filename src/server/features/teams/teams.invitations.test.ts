/** Invitations: the teams a leader may invite to, the rules an invitation must meet, and the invited person's answers. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles, teamInvitations } from '../../db/schema';
import type { TestInput, TestUser } from '../../testing/harness';
import { addMember, createTeam, h, invite, invitee, leader, member, membersOf, outsider, useTeamsWorld } from '../../testing/worlds/teams';

useTeamsWorld();

describe('invitations', () => {
  type Invitation = TestInput<'POST /api/invitations'>['body'];
  const sendInvite = (body: Omit<Invitation, 'role' | 'message'> & Partial<Invitation>, by: TestUser = leader) =>
    h.api('POST /api/invitations', { cookie: by.cookie, body: { role: 'QA', message: 'Please join our team!', ...body } });

  it('led teams lists only the teams the viewer leads, and what a candidate already has', async () => {
    const a = await createTeam(leader, { name: 'Led Alpha' });
    const b = await createTeam(leader, { name: 'Led Beta' });
    const notMine = await createTeam(outsider, { name: 'Not Mine' });
    await addMember(notMine, leader);
    const res = await h.api('GET /api/me/led-teams', { cookie: leader.cookie });
    expect(res.status).toBe(200);
    const names = res.body.map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(['Led Alpha', 'Led Beta']));
    expect(names).not.toContain('Not Mine');

    await addMember(a, member);
    await invite(b, member);
    const withCandidate = await h.api('GET /api/me/led-teams', { query: { candidate: member.profileId }, cookie: leader.cookie });
    expect(withCandidate.body.find((t: { id: string }) => t.id === a)).toMatchObject({ candidateIsMember: true, candidateInvited: false });
    expect(withCandidate.body.find((t: { id: string }) => t.id === b)).toMatchObject({ candidateIsMember: false, candidateInvited: true });
    expect((await h.api('GET /api/me/led-teams')).status).toBe(401);
  });

  it.each([
    [{ role: '' }, 'role', 'Please specify a role'],
    [{ role: '   ' }, 'role', 'Please specify a role'],
    [{ message: 'short' }, 'message', 'Message must be at least 10 characters'],
    [{ message: 'z'.repeat(501) }, 'message', 'Message must not exceed 500 characters'],
  ])('rejects %j with 400 (%s: %s)', async (over, field, msg) => {
    const teamId = await createTeam();
    const res = await sendInvite({ teamId, profileId: invitee.profileId, ...over });
    expect(res.status).toBe(400);
    expect(res.body.fields![field]).toBe(msg);
  });

  it('refuses unknown teams and profiles, members, people not looking for a team, and a second pending invitation', async () => {
    const teamId = await createTeam();
    expect((await sendInvite({ teamId: '00000000-0000-4000-8000-000000000000', profileId: invitee.profileId })).body.error).toBe(
      'Team not found',
    );
    const unknown = await sendInvite({ teamId, profileId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Profile not found');

    await addMember(teamId, member);
    const asMember = await sendInvite({ teamId, profileId: member.profileId });
    expect(asMember.status).toBe(409);
    expect(asMember.body.error).toBe('This person is already a member of this team');
    expect((await sendInvite({ teamId, profileId: leader.profileId })).status).toBe(409);

    const busy = await h.signUp({ firstName: 'Busy' });
    await h.db.update(profiles).set({ lookingForTeam: false }).where(eq(profiles.id, busy.profileId));
    const notLooking = await sendInvite({ teamId, profileId: busy.profileId });
    expect(notLooking.status).toBe(409);
    expect(notLooking.body.error).toBe('This person is not looking for a team');

    expect((await sendInvite({ teamId, profileId: invitee.profileId })).status).toBe(201);
    const again = await sendInvite({ teamId, profileId: invitee.profileId, role: 'Other' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This person already has a pending invitation to this team');
  });

  it('accept makes the invited person a member with the invited role; answering again is 409', async () => {
    const teamId = await createTeam();
    const id = await invite(teamId, invitee, 'ML Engineer');
    const res = await h.api('POST /api/invitations/{id}/accept', { params: { id }, cookie: invitee.cookie });
    expect(res.status).toBe(200);
    expect((await membersOf(teamId)).find((m) => m.profileId === invitee.profileId)).toMatchObject({
      role: 'ML Engineer',
      isLeader: false,
    });
    const again = await h.api('POST /api/invitations/{id}/decline', { params: { id }, cookie: invitee.cookie });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This invitation has already been accepted');
  });

  it('decline changes only the status; the team may invite again 7 days later (docs/product.md#safety)', async () => {
    const teamId = await createTeam();
    const id = await invite(teamId);
    expect((await h.api('POST /api/invitations/{id}/decline', { params: { id }, cookie: invitee.cookie })).status).toBe(200);
    expect(await membersOf(teamId)).toHaveLength(1);
    const accept = await h.api('POST /api/invitations/{id}/accept', { params: { id }, cookie: invitee.cookie });
    expect(accept.status).toBe(409);
    const early = await sendInvite({ teamId, profileId: invitee.profileId });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('invitation_cooldown');
    await h.db
      .update(teamInvitations)
      .set({ respondedAt: new Date(Date.now() - 7 * 24 * 3_600_000 - 60_000) })
      .where(eq(teamInvitations.id, id));
    await invite(teamId);
  });

  it('parallel accepts of one invitation give exactly one membership', async () => {
    const teamId = await createTeam();
    const id = await invite(teamId);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => h.api('POST /api/invitations/{id}/accept', { params: { id }, cookie: invitee.cookie })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await membersOf(teamId)).filter((m) => m.profileId === invitee.profileId)).toHaveLength(1);
  });

  it('unknown invitation ids are 404 Invitation not found', async () => {
    const res = await h.api('POST /api/invitations/{id}/accept', {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      cookie: invitee.cookie,
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Invitation not found');
  });
});
