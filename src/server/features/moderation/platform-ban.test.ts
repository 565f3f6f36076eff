/**
 * A platform ban hides everything the person wrote that others read (docs/product.md#moderation):
 * their bio, the descriptions of the teams they lead, their join request and invitation messages,
 * their announcements (on the event's page and in the inbox copies), each replaced by 'Hidden by a
 * moderator' as a moderator's own hide does; lifting the ban shows it again, but not what a
 * moderator hid on their own. Searching for the hidden words does not find the bio or team. And inbox
 * copies of an announcement a moderator hid read the same, and what a moderator hid outlives their account.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN_TEXT } from '../../../shared/safety';
import { profiles } from '../../db/schema';
import { createEvent } from '../../testing/events';
import { createHarness, type Harness, type TestUser } from '../../testing/harness';

const ADMIN_EMAIL = 'admin-ban@example.com';
const SECOND_ADMIN = 'admin-two-ban@example.com';
const slug = 'ban-hack';

let h: Harness;
let owner: TestUser, admin: TestUser, troll: TestUser, bob: TestUser, lea: TestUser;
let trollTeam: string, leaTeam: string, requestId: string, invitationId: string, announcementId: string;

type Action = 'hide' | 'unhide' | 'ban' | 'unban';
const platform = (action: Action, targetKind: 'profile' | 'announcement', targetId: string) =>
  h.api('POST /api/moderation/actions', { cookie: admin.cookie, body: { action, targetKind, targetId, reason: 'Spam everywhere' } });

/** What others read of everything the troll wrote. */
async function seen() {
  const team = (await h.api('GET /api/teams/{id}', { params: { id: trollTeam }, cookie: bob.cookie })).body;
  const listed = (await h.api('GET /api/teams', { query: { event: slug } })).body.items!.find((t: { id: string }) => t.id === trollTeam)!;
  const requests = (await h.api('GET /api/teams/{id}/join-requests', { params: { id: leaTeam }, cookie: lea.cookie })).body;
  const waiting = (await h.api('GET /api/me/notifications', { cookie: bob.cookie })).body;
  const page = (await h.api('GET /api/events/{slug}/announcements', { params: { slug } })).body;
  const inbox = (await h.api('GET /api/me/inbox', { cookie: bob.cookie })).body.items!;
  const profile = (await h.api('GET /api/profiles/{id}', { params: { id: troll.profileId }, cookie: bob.cookie })).body;
  // Searching for words only the hidden text has must not find it: that would tell what it says.
  const byBio = (await h.api('GET /api/profiles', { query: { q: 'my coins' }, cookie: bob.cookie })).body.items!;
  const byDescription = (await h.api('GET /api/teams', { query: { q: 'all day long' } })).body.items!;
  return {
    bio: profile.bio,
    foundByBio: byBio.some((p: { id: string }) => p.id === troll.profileId),
    foundByDescription: byDescription.some((t: { id: string }) => t.id === trollTeam),
    team: team.description,
    listed: listed.description,
    request: requests.find((r: { id: string }) => r.id === requestId)!.message,
    invitation: waiting.invitations!.find((i: { id: string }) => i.id === invitationId)!.message,
    announcement: page.find((a: { id: string }) => a.id === announcementId)!.message,
    inbox: inbox.find(
      (i: { kind: string; data: { announcementId?: string } }) => i.kind === 'announcement' && i.data.announcementId === announcementId,
    )!.text,
  };
}

const SHOWN = {
  bio: 'Buy my coins',
  foundByBio: true,
  foundByDescription: true,
  team: 'Coins for everyone, all day long',
  listed: 'Coins for everyone, all day long',
  request: 'Let me in, I sell coins',
  invitation: 'Join us for coins',
  announcement: 'Coins at the venue',
  inbox: 'ban hack: Coins at the venue',
};
const HIDDEN = {
  bio: HIDDEN_TEXT,
  foundByBio: false,
  foundByDescription: false,
  team: HIDDEN_TEXT,
  listed: HIDDEN_TEXT,
  request: HIDDEN_TEXT,
  invitation: HIDDEN_TEXT,
  announcement: HIDDEN_TEXT,
  inbox: `ban hack: ${HIDDEN_TEXT}`,
};

beforeAll(async () => {
  h = await createHarness({ adminEmails: [ADMIN_EMAIL, SECOND_ADMIN] });
  [owner, troll, bob, lea] = await Promise.all(['Olga', 'Troll', 'Bob', 'Lea'].map((firstName) => h.signUp({ firstName })));
  admin = await h.signUp({ firstName: 'Ada', email: ADMIN_EMAIL });
  await h.db.update(profiles).set({ bio: 'Buy my coins' }).where(eq(profiles.id, troll.profileId));
  await createEvent(h, owner, { slug, name: 'ban hack' });
  const staff = { profileId: troll.profileId, role: 'organizer' as const };
  expect((await h.api('POST /api/events/{slug}/staff', { params: { slug }, cookie: owner.cookie, body: staff })).status).toBe(201);
  for (const who of [bob, lea]) {
    expect((await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: who.cookie, body: {} })).status).toBe(200);
  }
  const team = (by: TestUser, name: string, description: string) =>
    h.api('POST /api/teams', {
      cookie: by.cookie,
      body: { name, description, logoUrl: '', openPositions: ['Designer'], isOpen: true, event: slug },
    });
  const calm = await team(lea, 'Lea Team', 'We build a calm app for everyone');
  leaTeam = calm.body.id;
  const asked = await h.api('POST /api/teams/{id}/join-requests', {
    params: { id: leaTeam },
    cookie: troll.cookie,
    body: { position: 'Designer', message: 'Let me in, I sell coins' },
  });
  expect(asked.status).toBe(201);
  requestId = asked.body.id;
  // One team per person in the event: the troll asked first, then made their own.
  const coins = await team(troll, 'Coin Team', 'Coins for everyone, all day long');
  expect([calm.status, coins.status], JSON.stringify(coins.body)).toEqual([201, 201]);
  trollTeam = coins.body.id;
  const invited = await h.api('POST /api/invitations', {
    cookie: troll.cookie,
    body: { teamId: trollTeam, profileId: bob.profileId, role: 'Designer', message: 'Join us for coins' },
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  invitationId = invited.body.id;
  const sent = await h.api('POST /api/events/{slug}/announcements', {
    params: { slug },
    cookie: troll.cookie,
    body: { message: 'Coins at the venue', segment: { kind: 'everyone' } },
  });
  expect(sent.status).toBe(201);
  announcementId = sent.body.id;
});
afterAll(() => h.close());

describe('a platform ban', () => {
  it("hides everything the person wrote for everyone else; lifting it shows it again, but not a moderator's own hide", async () => {
    expect(await seen()).toEqual(SHOWN);
    // A moderator hid the bio before the ban: that mark is theirs, and outlives the ban.
    expect((await platform('hide', 'profile', troll.profileId)).status).toBe(200);
    expect((await platform('ban', 'profile', troll.profileId)).status).toBe(200);
    expect(await seen()).toEqual(HIDDEN);
    // Admins too read it hidden where they are not the team's members.
    expect((await h.api('GET /api/teams/{id}', { params: { id: trollTeam }, cookie: admin.cookie })).body.description).toBe(HIDDEN_TEXT);

    expect((await platform('unban', 'profile', troll.profileId)).status).toBe(200);
    expect(await seen()).toEqual({ ...SHOWN, bio: HIDDEN_TEXT, foundByBio: false });
    expect((await platform('unhide', 'profile', troll.profileId)).status).toBe(200);
    expect(await seen()).toEqual(SHOWN);
  });

  it("a moderator's hide of an announcement reaches its inbox copies too; unhide shows them again", async () => {
    expect((await platform('hide', 'announcement', announcementId)).status).toBe(200);
    expect(await seen()).toEqual({ ...SHOWN, announcement: HIDDEN_TEXT, inbox: `ban hack: ${HIDDEN_TEXT}` });
    // And in the recipient's data download, as their inbox shows it.
    const download = JSON.stringify((await h.api('GET /api/auth/account/data', { cookie: bob.cookie })).body.notifications);
    expect(download).toContain(`ban hack: ${HIDDEN_TEXT}`);
    expect(download).not.toContain('Coins at the venue');
    expect((await platform('unhide', 'announcement', announcementId)).status).toBe(200);
    expect(await seen()).toEqual(SHOWN);
  });

  it("what an admin or a ban hid stays hidden when an event's moderators try to show it again", async () => {
    const inEvent = (targetKind: 'profile' | 'team', targetId: string) =>
      h.api('POST /api/events/{slug}/moderation/actions', {
        params: { slug },
        cookie: owner.cookie,
        body: { action: 'unhide', targetKind, targetId, reason: 'Looks fine to me' },
      });
    // The admin hid the bio of someone who takes part in the event.
    expect((await platform('hide', 'profile', troll.profileId)).status).toBe(200);
    expect((await inEvent('profile', troll.profileId)).body.code).toBe('hidden_elsewhere');
    // A ban hid the description of the team they lead in the event.
    expect((await platform('ban', 'profile', troll.profileId)).status).toBe(200);
    expect((await inEvent('team', trollTeam)).body.code).toBe('hidden_elsewhere');
    // Nor does the platform queue lift what the ban hid, but only its own mark.
    expect((await platform('unhide', 'profile', troll.profileId)).status).toBe(200);
    expect((await platform('unhide', 'profile', troll.profileId)).body.code).toBe('hidden_elsewhere');
    expect(await seen()).toEqual(HIDDEN);
    expect((await platform('unban', 'profile', troll.profileId)).status).toBe(200);
    expect(await seen()).toEqual(SHOWN);
  });

  it('what an admin hid stays hidden when their account goes, and the card is not sent again to sync feeds', async () => {
    const second = await h.signUp({ firstName: 'Ida', email: SECOND_ADMIN });
    const hide = { action: 'hide', targetKind: 'profile', targetId: troll.profileId, reason: 'Spam everywhere' } as const;
    expect((await h.api('POST /api/moderation/actions', { cookie: second.cookie, body: hide })).status).toBe(200);
    const changedAt = async () =>
      (await h.db.select({ at: profiles.changedAt }).from(profiles).where(eq(profiles.id, troll.profileId)))[0]!.at.toISOString();
    const hiddenAt = await changedAt();
    const gone = await h.api('POST /api/auth/delete-account', {
      cookie: second.cookie,
      body: { password: 'team-finder-1', confirm: 'Delete my account' },
    });
    expect(gone.status).toBe(200);
    // The mark lost its author, nothing that shows: the bio stays hidden and the card did not change.
    expect(await seen()).toEqual({ ...SHOWN, bio: HIDDEN_TEXT, foundByBio: false });
    expect(await changedAt()).toBe(hiddenAt);
    expect((await platform('unhide', 'profile', troll.profileId)).status).toBe(200);
    expect(await seen()).toEqual(SHOWN);
  });
});
