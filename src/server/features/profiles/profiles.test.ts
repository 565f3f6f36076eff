/** Profiles: reading one, who may change one, basic and contact information, settings and the avatar. Skills and experience: profiles.skills.test.ts. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { AVATAR_MAX_BYTES } from '../../../shared/constants';
import { events, profileAvatars, profiles, teamMembers, teams } from '../../db/schema';
import { offContract, type ErrorFields, type TestInput, type TestResponse } from '../../testing/harness';
import { h, other, own, owner, useProfilesWorld } from '../../testing/worlds/profiles';
import { LEGACY_EVENT_ID } from '../../../shared/events';

useProfilesWorld();

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const basic: TestInput<'PUT /api/profiles/{id}/basic'>['body'] = {
  firstName: 'Olive',
  lastName: 'Owner',
  preferredName: '',
  availability: 'Flexible',
  bio: '',
};

function imageForm(data: Buffer | string, name = 'avatar.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new File([typeof data === 'string' ? data : new Uint8Array(data)], name, { type }));
  return form;
}
const png = (width = 320, height = 240) =>
  sharp({ create: { width, height, channels: 3, background: '#4f46e5' } })
    .png()
    .toBuffer();

describe('GET /api/profiles/:id', () => {
  it('shows contact details to signed-in viewers only', async () => {
    await h.api('PUT /api/profiles/{id}/contact', {
      params: { id: owner.profileId },
      cookie: owner.cookie,
      body: { discordUsername: 'olive#1', githubUrl: 'https://github.com/olive' },
    });
    const anonymous = await h.api('GET /api/profiles/{id}', { params: { id: owner.profileId } });
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toMatchObject({
      id: owner.profileId,
      firstName: 'Olive',
      lastName: 'Owner',
      experiences: [],
      skills: [],
      contact: null,
    });
    expect(JSON.stringify(anonymous.body)).not.toContain('olive#1');

    const signedIn = await h.api('GET /api/profiles/{id}', { params: { id: owner.profileId }, cookie: other.cookie });
    expect(signedIn.body.contact).toMatchObject({ discordUsername: 'olive#1', githubUrl: 'https://github.com/olive', linkedinUrl: null });
  });

  it("answers 404 'Profile not found' for an unknown or malformed id", async () => {
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const res = await h.api('GET /api/profiles/{id}', { params: { id } });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Profile not found');
    }
  });
});

describe('GET /api/profile', () => {
  it('needs a signed-in user', async () => {
    expect((await h.api('GET /api/profile')).status).toBe(401);
  });

  it('returns the own profile with contact details and team memberships', async () => {
    const [{ id: otherEventId }] = await h.db
      .insert(events)
      .values({
        slug: 'profiles-other-event',
        name: 'Other Event',
        timezone: 'UTC',
        buildStartsAt: new Date('2027-01-01T00:00:00Z'),
        submissionDeadline: new Date('2027-01-03T00:00:00Z'),
        teamSizeMin: 2,
        teamSizeMax: 4,
        state: 'published',
      })
      .returning({ id: events.id });
    const [team] = await h.db
      .insert(teams)
      .values({ name: 'Byte Club', description: 'We build things', isOpen: true, eventId: LEGACY_EVENT_ID })
      .returning();
    await h.db.insert(teamMembers).values({ teamId: team.id, profileId: owner.profileId, role: 'Team Leader', isLeader: true });
    const profile = await own();
    expect(profile.id).toBe(owner.profileId);
    expect(profile.contact).toBeTypeOf('object');
    expect(profile.teams).toEqual([
      {
        teamId: team.id,
        teamName: 'Byte Club',
        description: 'We build things',
        logoUrl: null,
        isOpen: true,
        role: 'Team Leader',
        isLeader: true,
        soleLeader: true,
        event: { slug: 'worlds-largest-hackathon-2025', name: "World's Largest Hackathon" },
      },
    ]);
    expect((await own(other)).teams).toEqual([]);
    // The same through GET /api/me/teams, for one event or all; none in another event, none signed out.
    const mine = async (query: { event?: string }, cookie = owner.cookie) => h.api('GET /api/me/teams', { query, cookie });
    expect((await mine({})).body).toEqual(profile.teams);
    expect((await mine({ event: 'worlds-largest-hackathon-2025' })).body).toEqual(profile.teams);
    expect((await mine({ event: 'no-such-event' })).body).toEqual([]);
    // A team in another event is listed in all, and not for the 2025 event.
    const [elsewhere] = await h.db
      .insert(teams)
      .values({ name: 'Elsewhere', description: 'In the other event', isOpen: true, eventId: otherEventId })
      .returning();
    await h.db.insert(teamMembers).values({ teamId: elsewhere.id, profileId: owner.profileId, role: 'Designer', isLeader: false });
    expect((await mine({})).body.map((t) => t.teamName)).toEqual(['Byte Club', 'Elsewhere']);
    // An empty event is every event, as the lists read it.
    expect((await mine({ event: '' })).body.map((t) => t.teamName)).toEqual(['Byte Club', 'Elsewhere']);
    expect((await mine({ event: 'worlds-largest-hackathon-2025' })).body.map((t) => t.teamName)).toEqual(['Byte Club']);
    expect((await mine({ event: 'profiles-other-event' })).body).toMatchObject([
      { teamName: 'Elsewhere', event: { slug: 'profiles-other-event', name: 'Other Event' } },
    ]);
    expect((await mine({}, other.cookie)).body).toEqual([]);
    expect((await h.api('GET /api/me/teams', { query: {} })).status).toBe(401);
  });

  it("answers 404 'Profile not found' when the profile is missing", async () => {
    const gone = await h.signUp({ firstName: 'Gone', lastName: 'Away' });
    await h.db.delete(profiles).where(eq(profiles.id, gone.profileId));
    const res = await h.api('GET /api/profile', { cookie: gone.cookie });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Profile not found');
  });
});

describe('only the owner changes a profile', () => {
  /** Each write: its method and path for the title, and the call on a profile by the user of the cookie. */
  const writes: [string, string, (id: string, cookie?: string) => Promise<TestResponse<ErrorFields | null>>][] = [
    ['PUT', 'basic', (id, cookie) => h.api('PUT /api/profiles/{id}/basic', { params: { id }, cookie, body: basic })],
    ['PUT', 'contact', (id, cookie) => h.api('PUT /api/profiles/{id}/contact', { params: { id }, cookie, body: {} })],
    [
      'PUT',
      'settings',
      (id, cookie) => h.api('PUT /api/profiles/{id}/settings', { params: { id }, cookie, body: { lookingForTeam: false } }),
    ],
    [
      'POST',
      'skills',
      (id, cookie) =>
        h.api('POST /api/profiles/{id}/skills', { params: { id }, cookie, body: { skills: [{ name: 'Hacking', level: 'Advanced' }] } }),
    ],
    [
      'DELETE',
      'skills?name=React',
      (id, cookie) => h.api('DELETE /api/profiles/{id}/skills', { params: { id }, query: { name: 'React' }, cookie }),
    ],
    [
      'POST',
      'experiences',
      (id, cookie) => h.api('POST /api/profiles/{id}/experiences', { params: { id }, cookie, body: { experience: 'Sneaky edit' } }),
    ],
    [
      'DELETE',
      'experiences/0',
      (id, cookie) => h.api('DELETE /api/profiles/{id}/experiences/{index}', { params: { id, index: '0' }, cookie }),
    ],
    [
      'POST',
      'avatar',
      (id, cookie) => h.api('POST /api/profiles/{id}/avatar', { params: { id }, cookie, body: imageForm('not really an image') }),
    ],
  ];

  it.each(writes)('%s /api/profiles/:id/%s: 401 signed out, 403 for another user, 404 for an unknown id', async (_method, _path, write) => {
    const before = await own();
    const anonymous = await write(owner.profileId);
    expect(anonymous.status).toBe(401);

    const forbidden = await write(owner.profileId, other.cookie);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body!.error).toBe('You can only change your own profile');

    const unknown = await write(UNKNOWN_ID, other.cookie);
    expect(unknown.status).toBe(404);
    expect(unknown.body!.error).toBe('Profile not found');

    expect(await own()).toEqual(before);
  });
});

describe('basic information', () => {
  const put = (body: TestInput<'PUT /api/profiles/{id}/basic'>['body'], user = owner) =>
    h.api('PUT /api/profiles/{id}/basic', { params: { id: user.profileId }, cookie: user.cookie, body });

  it('saves the fields and recomputes the display name from the preferred name', async () => {
    const res = await put({
      firstName: ' Olivia ',
      lastName: 'Owens',
      preferredName: 'Liv',
      availability: 'Part Time',
      bio: 'I build bots.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Olivia',
      lastName: 'Owens',
      preferredName: 'Liv',
      name: 'Liv',
      availability: 'Part Time',
      bio: 'I build bots.',
    });
    // The navigation bar reads /api/me, which shows the new name straight away.
    expect((await h.api('GET /api/me', { cookie: owner.cookie })).body.profile!.name).toBe('Liv');
  });

  it('saves empty optional fields as null and falls back to first + last name', async () => {
    const res = await put({ firstName: 'Olivia', lastName: 'Owens', preferredName: '  ', availability: 'Weekends', bio: '' });
    expect(res.body).toMatchObject({ preferredName: null, bio: null, name: 'Olivia Owens' });
    const [row] = await h.db.select().from(profiles).where(eq(profiles.id, owner.profileId));
    expect(row).toMatchObject({ preferredName: null, bio: null, name: 'Olivia Owens' });
  });

  it('requires first and last name and a known availability, with clear messages', async () => {
    const res = await put(offContract({ firstName: ' ', lastName: '', availability: 'Sometimes' }));
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      availability: 'Choose an availability',
    });
  });

  it('limits the length of text fields', async () => {
    const res = await put({ ...basic, firstName: 'x'.repeat(51), preferredName: 'p'.repeat(51), bio: 'b'.repeat(1001) });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      firstName: 'First name must not exceed 50 characters',
      preferredName: 'Preferred name must not exceed 50 characters',
      bio: 'Bio must not exceed 1000 characters',
    });
  });

  it('rejects a body that is not JSON', async () => {
    const res = await put(offContract('{oops'));
    expect(res.status).toBe(400);
  });
});

describe('contact information', () => {
  const put = (body: TestInput<'PUT /api/profiles/{id}/contact'>['body']) =>
    h.api('PUT /api/profiles/{id}/contact', { params: { id: owner.profileId }, cookie: owner.cookie, body });

  it('saves usernames, timezone and http(s) links; empty optional fields become null', async () => {
    const res = await put({
      discordUsername: 'olive#42',
      twitterUsername: '@olive',
      timezone: 'UTC+5:30',
      githubUrl: 'https://github.com/olive',
      linkedinUrl: 'http://linkedin.com/in/olive',
      portfolioUrl: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.contact).toEqual({
      discordUsername: 'olive#42',
      twitterUsername: '@olive',
      timezone: 'UTC+5:30',
      githubUrl: 'https://github.com/olive',
      linkedinUrl: 'http://linkedin.com/in/olive',
      portfolioUrl: null,
    });
    const cleared = await put({ discordUsername: '', twitterUsername: '', timezone: '', githubUrl: '', linkedinUrl: '', portfolioUrl: '' });
    expect(Object.values(cleared.body.contact)).toEqual([null, null, null, null, null, null]);
  });

  it('accepts only http and https URLs', async () => {
    const res = await put({ githubUrl: 'javascript:alert(1)', linkedinUrl: 'ftp://example.com/me', portfolioUrl: 'not a url' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      githubUrl: 'Invalid GitHub URL',
      linkedinUrl: 'Invalid LinkedIn URL',
      portfolioUrl: 'Invalid portfolio URL',
    });
  });

  it('accepts only the 26 timezone options and limits usernames', async () => {
    const res = await put({ timezone: 'UTC+13', discordUsername: 'd'.repeat(51) });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      timezone: 'Choose a timezone',
      discordUsername: 'Discord username must not exceed 50 characters',
    });
  });
});

describe('settings', () => {
  it('switches looking for a team off and on', async () => {
    const put = (body: TestInput<'PUT /api/profiles/{id}/settings'>['body']) =>
      h.api('PUT /api/profiles/{id}/settings', { params: { id: owner.profileId }, cookie: owner.cookie, body });
    expect((await put({ lookingForTeam: false })).body.lookingForTeam).toBe(false);
    expect((await h.api('GET /api/profiles', { query: { looking: true, q: 'olivia' } })).body.total).toBe(0);
    expect((await put({ lookingForTeam: true })).body.lookingForTeam).toBe(true);
    expect((await put(offContract({ lookingForTeam: 'yes' }))).status).toBe(400);
  });
});

describe('avatar', () => {
  const upload = (form: FormData, user = owner) =>
    h.api('POST /api/profiles/{id}/avatar', { params: { id: user.profileId }, cookie: user.cookie, body: form });

  it('answers 404 while there is no uploaded avatar', async () => {
    const res = await h.api('GET /api/profiles/{id}/avatar', { params: { id: owner.profileId } });
    expect(res.status).toBe(404);
  });

  it('turns an uploaded image into a 200x200 WebP served with long caching', async () => {
    const res = await upload(imageForm(await png()));
    expect(res.status).toBe(200);
    expect(res.body.avatarUrl).toMatch(new RegExp(`^/api/profiles/${owner.profileId}/avatar\\?v=\\d+$`));

    const served = await h.app.request(`http://localhost${res.body.avatarUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toMatch(/public.*max-age=\d{6,}.*immutable/);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 200, height: 200 });
    expect((await h.api('GET /api/me', { cookie: owner.cookie })).body.profile!.avatarUrl).toBe(res.body.avatarUrl);
  });

  async function unchanged(check: () => Promise<void>) {
    const [before] = await h.db.select().from(profileAvatars).where(eq(profileAvatars.profileId, owner.profileId));
    const urlBefore = (await own()).avatarUrl;
    await check();
    const [after] = await h.db.select().from(profileAvatars).where(eq(profileAvatars.profileId, owner.profileId));
    expect(after.data.equals(before.data)).toBe(true);
    expect((await own()).avatarUrl).toBe(urlBefore);
  }

  it('rejects a file that is not an image and changes nothing', async () => {
    await unchanged(async () => {
      const res = await upload(imageForm('hello, I am text', 'notes.png', 'image/png'));
      expect(res.status).toBe(415);
      expect(res.body.error).toBe('The file must be an image (for example PNG, JPEG, WebP or GIF)');
    });
  });

  it('rejects a file over 5 MB and changes nothing', async () => {
    await unchanged(async () => {
      const justOver = await upload(imageForm(Buffer.alloc(AVATAR_MAX_BYTES + 1, 1)));
      expect(justOver.status).toBe(413);
      expect(justOver.body.error).toBe('The image must not exceed 5 MB');
      const huge = await upload(imageForm(Buffer.alloc(AVATAR_MAX_BYTES + 2 * 1024 * 1024, 1)));
      expect(huge.status).toBe(413);
      expect(huge.body.error).toBe('The image must not exceed 5 MB');
    });
  });

  it('asks for a file when none is sent', async () => {
    const res = await upload(new FormData());
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('You must select an image to upload.');
  });
});
