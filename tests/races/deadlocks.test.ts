/**
 * Two writes that took the same rows in opposite orders: on PostgreSQL each came to wait on what the
 * other held, and PostgreSQL ended one of them to break the deadlock (40P01), which answered a 500.
 * The writes now take their locks in one order: the person's profile first (db/people.ts lockPerson),
 * then the team, then the event. As a safety net for a pair not found yet, a transaction PostgreSQL
 * ends with 40P01 or 40001 runs again (db/client.ts retryingTransactions); a race test fails if the
 * net ran one (world.ts), so each pair must pass on the lock order alone. In each case a row is
 * held while one write comes to wait on it and the other comes to wait behind; then it is let go.
 * Neither answers a 500; which of the two goes first is PostgreSQL's to choose, so where it changes
 * an answer both are accepted.
 * PGlite runs one transaction at a time: PostgreSQL only (`npm run test:races`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { refreshFreshness } from '../../src/server/features/organize';
import type { TestUser } from '../../src/server/testing/harness';
import { holdRows, untilWaiting } from './locks';
import { at, h, useRaceWorld } from './world';

const ADMIN_EMAIL = 'race-admin@example.com';
useRaceWorld({ adminEmails: [ADMIN_EMAIL] });

const DESCRIPTION = 'A team for racing locks against each other';
const ASKING = { position: 'Designer', message: 'I would like to join your team, please.' };

interface Scene {
  slug: string;
  teamId: string;
  /** Pia's join request, when she asked. */
  requestId: string;
  leader: TestUser;
  person: TestUser;
}

const personsRow = (s: Scene) => sql`select 1 from profiles where id = ${s.person.profileId} for no key update`;
const eventsRow = (s: Scene) => sql`select 1 from events where slug = ${s.slug} for no key update`;
const makeLeader = (s: Pick<Scene, 'teamId' | 'leader' | 'person'>, isLeader: boolean) =>
  h.api('PATCH /api/teams/{id}/members/{profileId}', {
    params: { id: s.teamId, profileId: s.person.profileId },
    cookie: s.leader.cookie,
    body: { isLeader },
  });
const deleteTeam = (s: Scene) => h.api('DELETE /api/teams/{id}', { params: { id: s.teamId }, cookie: s.leader.cookie });

let scenes = 0;
/**
 * A team that Lena leads, in a published event she takes part in (`inEvent`, the default: else in
 * none). Pia takes part in the event too with `takesPart` (null: she does not); then she asks to
 * join the team, or joins it (invited, she accepts), or co-leads it (then made a leader).
 */
async function scene({
  inEvent = true,
  takesPart = {},
  pia,
}: { inEvent?: boolean; takesPart?: { looking?: boolean } | null; pia?: 'asks' | 'joins' | 'co-leads' } = {}): Promise<Scene> {
  scenes += 1;
  const slug = `race-deadlock-${scenes}`;
  const [owner, leader, person] = await Promise.all(['Owen', 'Lena', 'Pia'].map((firstName) => h.signUp({ firstName })));
  if (inEvent) {
    const created = await h.api('POST /api/events', {
      cookie: owner.cookie,
      body: { slug, name: 'Race Hack', location: 'Online', timezone: 'UTC', buildStartsAt: at(10), submissionDeadline: at(12) },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const published = await h.api('PATCH /api/events/{slug}', { params: { slug }, cookie: owner.cookie, body: { state: 'published' } });
    expect(published.status).toBe(200);
    for (const [who, body] of [[leader, {}] as const, [person, takesPart] as const]) {
      if (body)
        expect((await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: who.cookie, body })).status).toBe(200);
    }
  }
  const team = await h.api('POST /api/teams', {
    cookie: leader.cookie,
    body: {
      name: 'Race Team',
      description: DESCRIPTION,
      openPositions: ['Designer'],
      ...(inEvent ? { isOpen: true, event: slug } : { maxSize: 5 }),
    },
  });
  expect(team.status, JSON.stringify(team.body)).toBe(201);
  const teamId = team.body.id;
  let requestId = '';
  if (pia === 'asks') {
    const asked = await h.api('POST /api/teams/{id}/join-requests', { params: { id: teamId }, cookie: person.cookie, body: ASKING });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    requestId = asked.body.id;
  } else if (pia) {
    const invited = await h.api('POST /api/invitations', {
      cookie: leader.cookie,
      body: { teamId, profileId: person.profileId, role: 'Builder', message: 'Join us, we would love to have you.' },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const accepted = await h.api('POST /api/invitations/{id}/accept', { params: { id: invited.body.id }, cookie: person.cookie });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    if (pia === 'co-leads') expect((await makeLeader({ teamId, leader, person }, true)).status).toBe(200);
  }
  return { slug, teamId, requestId, leader, person };
}

/**
 * Holds `row` while `first` is sent and comes to wait on it; then sends `second` and lets it come to
 * wait (on the row, or on what `first` holds); then lets the row go. Answers both.
 */
async function race<A, B>(row: SQL, first: () => Promise<A>, second: () => Promise<B>, withinMs?: number): Promise<[A, B]> {
  const holder = await holdRows(h, row);
  let both!: Promise<[A, B]>;
  try {
    const a = first();
    await untilWaiting(h, 1);
    both = Promise.all([a, second()]);
    await untilWaiting(h, 2, withinMs);
  } finally {
    await holder.release();
  }
  return both;
}

it('asking to join a team deleted while the request waits for it is refused with "Team not found"', async () => {
  const s = await scene();
  // The team is held, then deleted in that same transaction, while the request waits for its row.
  let go!: () => void;
  const waited = new Promise<void>((resolve) => (go = resolve));
  const deletion = h.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from teams where id = ${s.teamId} for update`);
    await waited;
    await tx.execute(sql`delete from teams where id = ${s.teamId}`);
  });
  const asked = h.api('POST /api/teams/{id}/join-requests', { params: { id: s.teamId }, cookie: s.person.cookie, body: ASKING });
  await untilWaiting(h, 1);
  go();
  await deletion;
  const answer = await asked;
  expect(answer.status, JSON.stringify(answer.body)).toBe(404);
  expect(answer.body).toMatchObject({ error: 'Team not found', code: 'team_not_found' });
});

/** A second published event, made by the scene's leader; answers its slug. */
async function anotherEvent(s: Scene, suffix: string): Promise<string> {
  const slug = `${s.slug}-${suffix}`;
  const created = await h.api('POST /api/events', {
    cookie: s.leader.cookie,
    body: { slug, name: 'Race Hack Two', location: 'Online', timezone: 'UTC', buildStartsAt: at(10), submissionDeadline: at(12) },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const published = await h.api('PATCH /api/events/{slug}', { params: { slug }, cookie: s.leader.cookie, body: { state: 'published' } });
  expect(published.status).toBe(200);
  return slug;
}

/** People signed up at once, in the order of their profile ids: the order the lapse's triggers count them. */
const signUpInIdOrder = async (firstNames: string[]) =>
  (await Promise.all(firstNames.map((firstName) => h.signUp({ firstName })))).sort((a, b) => (a.profileId < b.profileId ? -1 : 1));

const takePart = (slug: string, who: TestUser, body: { looking?: boolean } = { looking: true }) =>
  h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: who.cookie, body });

it('a newcomer asks to join a team while its leader deletes it: the team goes, the request with it or refused', async () => {
  const s = await scene({ takesPart: null });
  // Asking registers Pia on the spot: its count waits on the event's row. The deletion holds the team
  // and waits on the event's row to count it.
  const [asked, deleted] = await race(
    eventsRow(s),
    () => h.api('POST /api/teams/{id}/join-requests', { params: { id: s.teamId }, cookie: s.person.cookie, body: ASKING }),
    () => deleteTeam(s),
  );
  expect(deleted.status).toBe(204);
  expect([201, 404], JSON.stringify(asked.body)).toContain(asked.status);
  // Refused, it is for the team gone, not a foreign key's 'A referenced record does not exist'.
  if (asked.status === 404) expect(asked.body.error).toBe('Team not found');
});

it('a leader accepts a join request while its sender deletes their account: the account goes', async () => {
  const s = await scene({ pia: 'asks' });
  // The accept waits at the person's lock; the deletion (its password checked first) comes to it too.
  const [accepted, gone] = await race(
    personsRow(s),
    () => h.api('POST /api/join-requests/{id}/accept', { params: { id: s.requestId }, cookie: s.leader.cookie }),
    () =>
      h.api('POST /api/auth/delete-account', {
        cookie: s.person.cookie,
        body: { password: 'team-finder-1', confirm: 'delete my account' },
      }),
    15_000,
  );
  expect(gone.status, JSON.stringify(gone.body)).toBe(200);
  expect([200, 404], JSON.stringify(accepted.body)).toContain(accepted.status);
});

it('a leader accepts a join request while its sender says "looking" again in the event: both done', async () => {
  const s = await scene({ takesPart: { looking: true }, pia: 'asks' });
  // The accept waits at the person's lock; the registration's row is held, its trigger waits on the profile.
  const [accepted, renewed] = await race(
    personsRow(s),
    () => h.api('POST /api/join-requests/{id}/accept', { params: { id: s.requestId }, cookie: s.leader.cookie }),
    () =>
      h.api('PUT /api/events/{slug}/registration', {
        params: { slug: s.slug },
        cookie: s.person.cookie,
        body: { looking: true, intent: 'Design' },
      }),
  );
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
});

it('the freshness job meets a person creating a team: it leaves their "looking" to the creation and lapses the others', async () => {
  const s = await scene({ takesPart: { looking: true } });
  // Quinn also takes part, looking; both said so long ago: due to lapse.
  const quinn = await h.signUp({ firstName: 'Quinn' });
  const registered = await h.api('PUT /api/events/{slug}/registration', {
    params: { slug: s.slug },
    cookie: quinn.cookie,
    body: { looking: true },
  });
  expect(registered.status).toBe(200);
  await h.db.execute(sql`update registrations set looking_since = now() - interval '60 days'
    where profile_id in (${s.person.profileId}, ${quinn.profileId})`);
  const lookingOf = async (profileId: string) =>
    (
      (await h.db.execute(sql`select looking from registrations where profile_id = ${profileId}`)) as unknown as {
        rows: { looking: boolean }[];
      }
    ).rows[0].looking;
  // The creation holds Pia's profile and waits on the event's row (its team count). The job locks
  // each person's profile with the registration (the order every write takes): it passes Pia by
  // rather than take her registration and wait on her profile, and comes to wait on the event's row
  // to count Quinn's lapse.
  const [created, job] = await race(
    eventsRow(s),
    () =>
      h.api('POST /api/teams', {
        cookie: s.person.cookie,
        body: { name: 'Pia Team', description: DESCRIPTION, openPositions: ['Designer'], isOpen: true, event: s.slug },
      }),
    () => refreshFreshness(h.db),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(job.lapsed).toBe(1);
  expect(await lookingOf(quinn.profileId)).toBe(false);
  // With a team of her own she is not looking there any more: the creation said so, not the job.
  expect(await lookingOf(s.person.profileId)).toBe(false);
  const lapseNotices = await h.db.execute(
    sql`select count(*)::int as n from notifications where profile_id = ${s.person.profileId} and kind = 'looking_lapsed'`,
  );
  expect((lapseNotices as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
});

it('the freshness job lapses a "looking" while that person takes part in another event: both done', async () => {
  const s = await scene({ takesPart: null });
  const other = await anotherEvent(s, 'other');
  // The lapse's triggers count people in the order of their ids: the first looks in the scene's
  // event (and then takes part in the other), the second in the other event.
  const [mover, stayer] = await signUpInIdOrder(['Mo', 'Stay']);
  expect((await takePart(s.slug, mover)).status).toBe(200);
  expect((await takePart(other, stayer)).status).toBe(200);
  await h.db.execute(sql`update registrations set looking_since = now() - interval '60 days'
    where profile_id in (${mover.profileId}, ${stayer.profileId})`);
  // The job holds both people and comes to wait on the scene's event's row; taking part in the other
  // event waits on the mover's profile (the person first, on both of its paths: the update of a
  // registration they have, and the insert of a new one, whose triggers take the event's row first).
  const [job, joined] = await race(
    eventsRow(s),
    () => refreshFreshness(h.db),
    () => takePart(other, mover),
  );
  expect(job.lapsed).toBe(2);
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
});

it("the freshness job lapses two events' flags while a person looking in both switches their profile off: both done", async () => {
  // Two events, known by the order of their ids: the profile's switch counts them in that order.
  const s = await scene({ takesPart: null });
  const second = await anotherEvent(s, 'second');
  const ids = (await h.db.execute(sql`select id, slug from events where slug in (${s.slug}, ${second}) order by id`)) as unknown as {
    rows: { id: string; slug: string }[];
  };
  const [low, high] = ids.rows.map((r) => r.slug);
  // The lapse's triggers count people in the order of their ids: the first lapses in the later event.
  const [inHigh, inLow, switcher] = await signUpInIdOrder(['Hy', 'Lo', 'Sw']);
  for (const [slug, who] of [
    [high, inHigh],
    [low, inLow],
  ] as const)
    expect((await takePart(slug, who)).status).toBe(200);
  await h.db.execute(sql`update registrations set looking_since = now() - interval '60 days'
    where profile_id in (${inHigh.profileId}, ${inLow.profileId})`);
  // The switcher looks in both as their profile says (no flag of their own there).
  const settings = (lookingForTeam: boolean) =>
    h.api('PUT /api/profiles/{id}/settings', { params: { id: switcher.profileId }, cookie: switcher.cookie, body: { lookingForTeam } });
  expect((await settings(true)).status).toBe(200);
  for (const slug of [low, high]) expect((await takePart(slug, switcher, {})).status).toBe(200);
  // The later event's row is held: the job comes to wait on it (for its first person's lapse, or to
  // lock its events in id order); the switch counts the earlier event, then waits on the later one.
  // Let go, a job that had not locked the earlier event first would wait on it behind the switch.
  const highRow = sql`select 1 from events where slug = ${high} for no key update`;
  const [job, switched] = await race(
    highRow,
    () => refreshFreshness(h.db),
    () => settings(false),
  );
  expect(job.lapsed).toBe(2);
  expect(switched.status, JSON.stringify(switched.body)).toBe(200);
});

let admin: TestUser | undefined;
for (const { write, call, statuses } of [
  { write: 'makes them a member', call: (s: Scene) => makeLeader(s, false), statuses: [200] },
  { write: 'deletes the team', call: deleteTeam, statuses: [204] },
]) {
  it(`an admin bans a co-leader while the other leader ${write}: the ban and the write both done`, async () => {
    admin ??= await h.signUp({ firstName: 'Ada', email: ADMIN_EMAIL });
    const s = await scene({ inEvent: false, pia: 'co-leads' });
    // The ban's mark on the bio waits on the profile; the leader's write comes to wait on it too.
    const [banned, written] = await race(
      personsRow(s),
      () =>
        h.api('POST /api/moderation/actions', {
          cookie: admin!.cookie,
          body: { action: 'ban', targetKind: 'profile', targetId: s.person.profileId, reason: 'Spam in every team description' },
        }),
      () => call(s),
    );
    expect(banned.status, JSON.stringify(banned.body)).toBe(200);
    expect(statuses, JSON.stringify(written.body)).toContain(written.status);
  });
}

// A leader's write after the member left finds no member (404); the team's deletion goes either way.
for (const { write, call, statuses } of [
  {
    write: 'removes the member',
    call: (s: Scene) =>
      h.api('DELETE /api/teams/{id}/members/{profileId}', {
        params: { id: s.teamId, profileId: s.person.profileId },
        cookie: s.leader.cookie,
      }),
    statuses: [204, 404],
  },
  { write: 'makes the member leader', call: (s: Scene) => makeLeader(s, true), statuses: [200, 404] },
  { write: 'deletes the team', call: deleteTeam, statuses: [204] },
]) {
  it(`the leader ${write} while the member leaves the event: the member is gone`, async () => {
    const s = await scene({ pia: 'joins' });
    // Leaving waits at the person's lock; the leader's write comes to wait on it too.
    const [left, written] = await race(
      personsRow(s),
      () => h.api('DELETE /api/events/{slug}/registration', { params: { slug: s.slug }, cookie: s.person.cookie }),
      () => call(s),
    );
    expect(left.status, JSON.stringify(left.body)).toBe(204);
    expect(statuses, JSON.stringify(written.body)).toContain(written.status);
  });
}
