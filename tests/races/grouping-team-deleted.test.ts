/**
 * A person accepts a grouping proposal to fill a partial team while its leader deletes that team. The
 * deletion holds the team and then, by migration 0030's trigger, the group; an answer that held the
 * group first and then came for the team deadlocked with it, and PostgreSQL ended one of the two with
 * an error (a 500). The answer now takes the team before the group, in the deletion's order: the
 * team is deleted, and the answer is told the proposal ended with it.
 * PGlite runs one transaction at a time: PostgreSQL only (`npm run test:races`).
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { holdRows, untilWaiting } from './locks';
import { at, h, useRaceWorld } from './world';

useRaceWorld();

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

it('accepting a proposal while the leader deletes the team it fills: the team goes, the answer says the proposal ended', async () => {
  const [owner, leader, person] = await Promise.all(['Owen', 'Lena', 'Pia'].map((firstName) => h.signUp({ firstName })));
  const slug = 'race-grouping-team';
  const created = await h.api('POST /api/events', {
    cookie: owner.cookie,
    body: { slug, name: 'Race Hack', location: 'Online', timezone: 'UTC', buildStartsAt: at(10), submissionDeadline: at(12) },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await h.api('PATCH /api/events/{slug}', { params: { slug }, cookie: owner.cookie, body: { state: 'published' } })).status).toBe(
    200,
  );
  for (const who of [leader, person]) {
    expect((await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: who.cookie, body: {} })).status).toBe(200);
  }
  const team = await h.api('POST /api/teams', {
    cookie: leader.cookie,
    body: {
      name: 'Partial Team',
      description: 'We build a calm app for everyone',
      logoUrl: '',
      openPositions: ['Designer'],
      isOpen: true,
      event: slug,
    },
  });
  expect(team.status, JSON.stringify(team.body)).toBe(201);
  const optIn = await h.api('PUT /api/teams/{id}/grouping', { params: { id: team.body.id }, cookie: leader.cookie, body: { wanted: 1 } });
  expect(optIn.status, JSON.stringify(optIn.body)).toBe(200);
  // A sent proposal that asks the person to fill the team (as a grouping run sends one).
  const [run] = rows<{ id: string }>(
    await h.db.execute(sql`insert into grouping_runs (event_id, status, seed, sent_at)
      select id, 'sent', 1, now() from events where slug = ${slug} returning id`),
  );
  const [group] = rows<{ id: string }>(
    await h.db.execute(sql`insert into grouping_groups (run_id, fills_team_id, terms, reasons, trade_off, expires_at)
      values (${run!.id}, ${team.body.id}, '{}', '[]', '{}', now() + interval '2 days') returning id`),
  );
  await h.db.execute(sql`insert into grouping_members (group_id, profile_id, role) values (${group!.id}, ${person.profileId}, 'designer')`);

  // The person's row is held, so the answer stops where it comes to lock them; the deletion starts
  // meanwhile; then the person's row is let go.
  const holder = await holdRows(h, sql`select 1 from profiles where id = ${person.profileId} for update`);
  const answered = h.api('POST /api/grouping/groups/{id}/answer', {
    params: { id: group!.id },
    cookie: person.cookie,
    body: { accept: true },
  });
  let deleted;
  try {
    await untilWaiting(h, 1);
    deleted = h.api('DELETE /api/teams/{id}', { params: { id: team.body.id }, cookie: leader.cookie });
    // The deletion runs to its end, or comes to wait on the answer: either way, give it the time to.
    await Promise.race([deleted, untilWaiting(h, 2).catch(() => undefined)]);
  } finally {
    await holder.release();
  }

  const [a, d] = await Promise.all([answered, deleted]);
  expect(d.status).toBe(204);
  expect(a.status, JSON.stringify(a.body)).toBe(409);
  expect(a.body.code).toBe('grouping_team_gone');
  const [mine] = rows<{ answer: string }>(
    await h.db.execute(sql`select answer from grouping_members where group_id = ${group!.id} and profile_id = ${person.profileId}`),
  );
  expect(mine!.answer).toBe('pending');
});
