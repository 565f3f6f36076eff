/**
 * Sync (issue 34, docs/decisions/027-sync.md): list items carry `updatedAt`, which every write path
 * that changes what the item shows moves (the database keeps it: changed_at); lists accept
 * `updatedSince` (oldest change first); detail answers carry an ETag honoured by If-None-Match.
 * Each "moves" test first sets the row's time far in the past, so it fails if a path forgets it.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { UPDATED_SINCE_MESSAGE } from '../../shared/schemas';
import { queryRows } from '../db/client';
import { createEvent } from '../testing/events';
import {
  addMember,
  createTeam,
  h,
  invitee,
  leader,
  member,
  outsider,
  requestToJoin,
  requester,
  useTeamsWorld,
} from '../testing/worlds/teams';

useTeamsWorld();

const PAST = '2000-01-01T00:00:00.000Z';
type Table = 'teams' | 'profiles' | 'events';

const changedAt = async (table: Table, id: string) =>
  new Date(
    (await queryRows<{ at: string | Date }>(h.db, sql`select changed_at as at from ${sql.identifier(table)} where id = ${id}`))[0].at,
  );

/** Sets the row's changed_at far back (an explicit change of it is kept), runs `act`, and says whether it moved. */
async function moves(table: Table, id: string, act: () => Promise<unknown>): Promise<boolean> {
  await queryRows(h.db, sql`update ${sql.identifier(table)} set changed_at = ${PAST} where id = ${id}`);
  expect((await changedAt(table, id)).toISOString()).toBe(PAST);
  await act();
  return (await changedAt(table, id)).getTime() > Date.parse(PAST);
}

async function ok<T extends { status: number; body: unknown }>(res: Promise<T>, status = 200): Promise<T> {
  const answer = await res;
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer;
}

let n = 0;
async function newEvent(): Promise<{ slug: string; id: string }> {
  const slug = await createEvent(h, leader, { slug: `sync-hack-${++n}`, name: 'Sync Hack' });
  const [{ id }] = await queryRows<{ id: string }>(h.db, sql`select id from events where slug = ${slug}`);
  return { slug, id };
}

describe('updatedAt moves with every change an item shows', () => {
  it('a team: its listing, its positions, members joining, leaving, leaders, a hidden description', async () => {
    const id = await createTeam(leader);
    const params = { id };
    const edit = { name: 'Renamed Team', description: 'A description long enough to pass.', isOpen: true, maxSize: 4 };
    expect(await moves('teams', id, () => ok(h.api('PATCH /api/teams/{id}', { params, cookie: leader.cookie, body: edit })))).toBe(true);
    const positions = { openPositions: ['Designer', 'Data Engineer'] };
    expect(
      await moves('teams', id, () => ok(h.api('PUT /api/teams/{id}/positions', { params, cookie: leader.cookie, body: positions }))),
    ).toBe(true);
    expect(await moves('teams', id, () => ok(h.api('POST /api/teams/{id}/positions/still-open', { params, cookie: leader.cookie })))).toBe(
      true,
    );

    const requestId = await requestToJoin(id, requester);
    const accept = () => ok(h.api('POST /api/join-requests/{id}/accept', { params: { id: requestId }, cookie: leader.cookie }));
    expect(await moves('teams', id, accept)).toBe(true);
    const lead = (isLeader: boolean) => () =>
      ok(
        h.api('PATCH /api/teams/{id}/members/{profileId}', {
          params: { id, profileId: requester.profileId },
          cookie: leader.cookie,
          body: { isLeader },
        }),
      );
    expect(await moves('teams', id, lead(true))).toBe(true);
    expect(await moves('teams', id, lead(false))).toBe(true);
    expect(await moves('teams', id, () => ok(h.api('POST /api/teams/{id}/leave', { params, cookie: requester.cookie })))).toBe(true);
    await addMember(id, member);
    const remove = () =>
      ok(h.api('DELETE /api/teams/{id}/members/{profileId}', { params: { id, profileId: member.profileId }, cookie: leader.cookie }), 204);
    expect(await moves('teams', id, remove)).toBe(true);

    // Moderation hides the description (any path writing hidden_content), and shows it again.
    const hid = crypto.randomUUID();
    expect(
      await moves('teams', id, () =>
        queryRows(h.db, sql`insert into hidden_content (id, kind, target_id, reason) values (${hid}, 'team_description', ${id}, 'spam')`),
      ),
    ).toBe(true);
    expect(await moves('teams', id, () => queryRows(h.db, sql`update hidden_content set lifted_at = now() where id = ${hid}`))).toBe(true);
    // Bookkeeping nobody sees does not: the reminder of positions open long.
    expect(await moves('teams', id, () => queryRows(h.db, sql`update teams set positions_reminded_at = now() where id = ${id}`))).toBe(
      false,
    );
  });

  it("a profile: its fields, skills, looking flag, its teams, its registrations' flags, a hidden bio", async () => {
    const id = outsider.profileId;
    const params = { id };
    const settings = (lookingForTeam: boolean) => () =>
      ok(h.api('PUT /api/profiles/{id}/settings', { params, cookie: outsider.cookie, body: { lookingForTeam } }));
    expect(await moves('profiles', id, settings(false))).toBe(true);
    expect(await moves('profiles', id, settings(true))).toBe(true);
    const skills = { skills: [{ name: 'Rust', level: 'Advanced' as const }] };
    expect(
      await moves('profiles', id, () => ok(h.api('POST /api/profiles/{id}/skills', { params, cookie: outsider.cookie, body: skills }))),
    ).toBe(true);
    const removeSkill = () =>
      ok(h.api('DELETE /api/profiles/{id}/skills', { params, cookie: outsider.cookie, query: { name: 'Rust' } } as never));
    expect(await moves('profiles', id, removeSkill)).toBe(true);
    const experience = { experience: 'Built a compiler' };
    expect(
      await moves('profiles', id, () =>
        ok(h.api('POST /api/profiles/{id}/experiences', { params, cookie: outsider.cookie, body: experience })),
      ),
    ).toBe(true);

    const event = await newEvent();
    const register = (body: Record<string, unknown>) => () =>
      ok(h.api('PUT /api/events/{slug}/registration', { params: { slug: event.slug }, cookie: outsider.cookie, body }));
    expect(await moves('profiles', id, register({}))).toBe(true);
    expect(await moves('profiles', id, register({ looking: false }))).toBe(true);
    expect(await moves('profiles', id, register({ looking: false, intent: 'Learn Rust' }))).toBe(true);
    // The event's card counts its registrants.
    expect(
      await moves('events', event.id, () =>
        ok(h.api('DELETE /api/events/{slug}/registration', { params: { slug: event.slug }, cookie: outsider.cookie }), 204),
      ),
    ).toBe(true);

    const teamId = await createTeam(leader);
    expect(await moves('profiles', id, () => addMember(teamId, outsider))).toBe(true);
    expect(
      await moves('profiles', id, () => ok(h.api('POST /api/teams/{id}/leave', { params: { id: teamId }, cookie: outsider.cookie }))),
    ).toBe(true);
    expect(
      await moves('profiles', id, () =>
        queryRows(h.db, sql`insert into hidden_content (kind, target_id, reason) values ('bio', ${id}, 'spam')`),
      ),
    ).toBe(true);
  });

  it("a moderator's hide and unhide, through the event's moderation route: the team and the profile", async () => {
    const event = await newEvent();
    await ok(h.api('PUT /api/events/{slug}/registration', { params: { slug: event.slug }, cookie: member.cookie, body: {} }));
    const teamId = await createTeam(leader, { event: event.slug });
    const act = (action: 'hide' | 'unhide', targetKind: 'team' | 'profile', targetId: string) => () =>
      ok(
        h.api('POST /api/events/{slug}/moderation/actions', {
          params: { slug: event.slug },
          cookie: leader.cookie,
          body: { action, targetKind, targetId, reason: 'Off topic' } as never,
        }),
      );
    expect(await moves('teams', teamId, act('hide', 'team', teamId))).toBe(true);
    expect(await moves('teams', teamId, act('unhide', 'team', teamId))).toBe(true);
    expect(await moves('profiles', member.profileId, act('hide', 'profile', member.profileId))).toBe(true);
  });

  it('an event: its fields', async () => {
    const event = await newEvent();
    const edit = () =>
      ok(h.api('PATCH /api/events/{slug}', { params: { slug: event.slug }, cookie: leader.cookie, body: { tagline: 'Now with sync' } }));
    expect(await moves('events', event.id, edit)).toBe(true);
  });
});

describe('updatedSince', () => {
  it('lists teams, profiles and events changed at or after the instant, oldest change first, each with updatedAt', async () => {
    const [a, b] = [await createTeam(leader), await createTeam(leader)];
    await queryRows(h.db, sql`update teams set changed_at = ${PAST}`);
    await queryRows(h.db, sql`update profiles set changed_at = ${PAST}`);
    const since = new Date().toISOString();
    await ok(
      h.api('PATCH /api/teams/{id}', {
        params: { id: b },
        cookie: leader.cookie,
        body: { name: 'B first', description: null, isOpen: true, maxSize: 4 },
      }),
    );
    await ok(
      h.api('PATCH /api/teams/{id}', {
        params: { id: a },
        cookie: leader.cookie,
        body: { name: 'A second', description: null, isOpen: true, maxSize: 4 },
      }),
    );
    const teams = await ok(h.api('GET /api/teams', { query: { updatedSince: since } }));
    expect(teams.body.items.map((t: { id: string }) => t.id)).toEqual([b, a]);
    expect(teams.body.total).toBe(2);
    expect(Date.parse(teams.body.items[0].updatedAt)).toBeGreaterThanOrEqual(Date.parse(since));
    expect(teams.body.items[0].updatedAt <= teams.body.items[1].updatedAt).toBe(true);
    // The last updatedAt seen is the next cursor: the item changed at that instant comes again, nothing older.
    const next = await ok(h.api('GET /api/teams', { query: { updatedSince: teams.body.items[1].updatedAt } }));
    expect(next.body.items.map((t: { id: string }) => t.id)).toEqual([a]);
    // Without it, every list item still says when it changed.
    const all = await ok(h.api('GET /api/teams'));
    expect(all.body.items.every((t: { updatedAt: string }) => !Number.isNaN(Date.parse(t.updatedAt)))).toBe(true);

    await ok(
      h.api('PUT /api/profiles/{id}/settings', {
        params: { id: invitee.profileId },
        cookie: invitee.cookie,
        body: { lookingForTeam: false },
      }),
    );
    const people = await ok(h.api('GET /api/profiles', { query: { updatedSince: since } }));
    expect(people.body.items.map((p: { id: string }) => p.id)).toEqual([invitee.profileId]);

    const event = await newEvent();
    const events = await ok(h.api('GET /api/events', { query: { updatedSince: since } }));
    expect(events.body.items.map((e: { slug: string }) => e.slug)).toEqual([event.slug]);
    expect(events.body.items[0].updatedAt).toEqual(expect.any(String));
  });

  it("an event's teams, its people and its unteamed list", async () => {
    const event = await newEvent();
    const teamId = await createTeam(leader, { event: event.slug });
    for (const who of [member, requester])
      await ok(h.api('PUT /api/events/{slug}/registration', { params: { slug: event.slug }, cookie: who.cookie, body: {} }));
    await queryRows(h.db, sql`update teams set changed_at = ${PAST}`);
    await queryRows(h.db, sql`update profiles set changed_at = ${PAST}`);
    const since = new Date().toISOString();
    expect((await ok(h.api('GET /api/teams', { query: { event: event.slug, updatedSince: since } }))).body.items).toEqual([]);
    await ok(
      h.api('PUT /api/events/{slug}/registration', { params: { slug: event.slug }, cookie: requester.cookie, body: { looking: false } }),
    );
    await ok(
      h.api('PUT /api/teams/{id}/positions', { params: { id: teamId }, cookie: leader.cookie, body: { openPositions: ['Tester'] } }),
    );

    const teams = await ok(h.api('GET /api/teams', { query: { event: event.slug, updatedSince: since } }));
    expect(teams.body.items.map((t: { id: string }) => t.id)).toEqual([teamId]);
    const people = await ok(h.api('GET /api/profiles', { query: { event: event.slug, updatedSince: since } }));
    expect(people.body.items.map((p: { id: string }) => p.id)).toEqual([requester.profileId]);
    const unteamed = await ok(
      h.api('GET /api/events/{slug}/organize/unteamed', {
        params: { slug: event.slug },
        cookie: leader.cookie,
        query: { updatedSince: since },
      }),
    );
    expect(unteamed.body.items.map((p: { person: { id: string } }) => p.person.id)).toEqual([requester.profileId]);
    expect(Date.parse(unteamed.body.items[0].updatedAt)).toBeGreaterThanOrEqual(Date.parse(since));
  });

  it.each(['/api/teams', '/api/profiles', '/api/events'])(
    '%s refuses a value that is not a date and time: 400 invalid_query',
    async (path) => {
      for (const bad of ['yesterday', '2026-13-01T00:00:00Z', '2026-11-26']) {
        const res = await h.request('GET', `${path}?updatedSince=${encodeURIComponent(bad)}`);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: UPDATED_SINCE_MESSAGE, code: 'invalid_query', fields: { updatedSince: UPDATED_SINCE_MESSAGE } });
      }
      // An offset is fine; an empty value is the same as leaving it out.
      expect((await h.request('GET', `${path}?updatedSince=${encodeURIComponent('2026-11-26T09:00:00+01:00')}`)).status).toBe(200);
      expect((await h.request('GET', `${path}?updatedSince=`)).status).toBe(200);
    },
  );
});

describe('ETag and If-None-Match on every detail', () => {
  it.each([
    ['a team', async (): Promise<string> => `/api/teams/${await createTeam(leader)}`, undefined],
    ['a profile', async (): Promise<string> => `/api/profiles/${leader.profileId}`, undefined],
    ['an event', async (): Promise<string> => `/api/events/${(await newEvent()).slug}`, undefined],
    ['the featured event', async (): Promise<string> => '/api/events/featured', undefined],
    ['who is signed in', async (): Promise<string> => '/api/me', 'cookie'],
    ['your own profile', async (): Promise<string> => '/api/profile', 'cookie'],
  ] as const)('%s: ETag, then 304 while unchanged', async (_name, path, auth) => {
    const url = await path();
    const cookie = auth ? leader.cookie : undefined;
    const first = await h.request('GET', url, { cookie });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await h.request('GET', url, { cookie, headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    const operation = (h.document as any).paths[url.replace(/[0-9a-f-]{36}$/, '{id}').replace(/\/sync-hack-\d+$/, '/{slug}')].get;
    expect(Object.keys(operation.responses)).toContain('304');
  });
});
