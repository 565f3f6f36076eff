/** A profile's skills and experience entries: adding, validating, removing, also at once from several tabs. */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { profileSkills, skills } from '../../db/schema';
import { offContract, type TestInput } from '../../testing/harness';
import { h, other, own, owner, useProfilesWorld } from '../../testing/worlds/profiles';

useProfilesWorld();

describe('skills', () => {
  const add = (list: TestInput<'POST /api/profiles/{id}/skills'>['body']['skills'], user = owner) =>
    h.api('POST /api/profiles/{id}/skills', { params: { id: user.profileId }, cookie: user.cookie, body: { skills: list } });
  const skillRows = async () => h.db.select().from(profileSkills).where(eq(profileSkills.profileId, owner.profileId));

  it('adds several skills at once, trimmed, creating skills on demand', async () => {
    const res = await add([
      { name: '  React ', level: 'Advanced' },
      { name: 'Go', level: 'Beginner' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.skills).toEqual([
      { name: 'Go', level: 'Beginner' },
      { name: 'React', level: 'Advanced' },
    ]);
  });

  it('rejects a skill already in the profile, whatever its case, and writes nothing', async () => {
    const before = await skillRows();
    const res = await add([
      { name: 'Svelte', level: 'Intermediate' },
      { name: 'REACT', level: 'Beginner' },
    ]);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('This skill is already in your profile');
    expect(await skillRows()).toEqual(before);
    const [svelte] = await h.db.select().from(skills).where(eq(skills.name, 'Svelte'));
    expect(svelte).toBeUndefined();
  });

  it('rejects the same skill twice in one batch and writes nothing', async () => {
    const before = await skillRows();
    const res = await add([
      { name: 'Vue', level: 'Intermediate' },
      { name: 'vue ', level: 'Advanced' },
    ]);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('This skill is already in your profile');
    expect(await skillRows()).toEqual(before);
  });

  it('keeps one skill per name across profiles, case-insensitively', async () => {
    const res = await add([{ name: 'react', level: 'Intermediate' }], other);
    expect(res.status).toBe(200);
    expect(res.body.skills).toEqual([{ name: 'React', level: 'Intermediate' }]);
    const rows = await h.db
      .select()
      .from(skills)
      .where(sql`lower(${skills.name}) = 'react'`);
    expect(rows).toHaveLength(1);
  });

  it('accepts names with letters beyond ASCII', async () => {
    const res = await add([
      { name: 'Éclair UI', level: 'Beginner' },
      { name: 'Ünïcode', level: 'Advanced' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.skills).toEqual(
      expect.arrayContaining([
        { name: 'Éclair UI', level: 'Beginner' },
        { name: 'Ünïcode', level: 'Advanced' },
      ]),
    );
    const again = await add([{ name: 'Éclair UI', level: 'Advanced' }]);
    expect(again.status).toBe(409);
  });

  it('validates name (required, at most 50 characters) and level', async () => {
    const res = await add(
      offContract([
        { name: '   ', level: 'Advanced' },
        { name: 'x'.repeat(51), level: 'Advanced' },
        { name: 'Elm', level: 'Expert' },
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      'skills.0.name': 'Skill name is required',
      'skills.1.name': 'Skill name must not exceed 50 characters',
      'skills.2.level': 'Level must be Beginner, Intermediate or Advanced',
    });
    expect((await add([])).body.error).toBe('Add at least one skill');
    expect((await add([{ name: 'y'.repeat(50), level: 'Beginner' }])).status).toBe(200);
  });

  it('removes a skill by name, case-insensitively', async () => {
    const res = await h.api('DELETE /api/profiles/{id}/skills', {
      params: { id: owner.profileId },
      query: { name: 'go' },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.skills.map((s) => s.name)).not.toContain('Go');
    const again = await h.api('DELETE /api/profiles/{id}/skills', {
      params: { id: owner.profileId },
      query: { name: 'go' },
      cookie: owner.cookie,
    });
    expect(again.status).toBe(404);
  });

  it('shows exactly the skills the profile has after simultaneous adds and removals', async () => {
    const user = await h.signUp();
    const remove = (name: string) =>
      h.api('DELETE /api/profiles/{id}/skills', { params: { id: user.profileId }, query: { name }, cookie: user.cookie });
    const names = async () => (await own(user)).skills.map((s) => s.name).sort();
    for (let round = 0; round < 8; round++) {
      expect(
        (
          await add(
            [
              { name: `A${round}`, level: 'Beginner' },
              { name: `B${round}`, level: 'Beginner' },
            ],
            user,
          )
        ).status,
      ).toBe(200);
      const answers = await Promise.all([remove(`A${round}`), remove(`B${round}`), add([{ name: `C${round}`, level: 'Advanced' }], user)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const stored = await h.db
        .select({ name: skills.name })
        .from(profileSkills)
        .innerJoin(skills, eq(skills.id, profileSkills.skillId))
        .where(eq(profileSkills.profileId, user.profileId));
      expect(await names()).toEqual(stored.map((r) => r.name).sort());
    }
    expect(await names()).toEqual(['C0', 'C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7']);
  });
});

describe('experience', () => {
  const add = (experience: TestInput<'POST /api/profiles/{id}/experiences'>['body']['experience']) =>
    h.api('POST /api/profiles/{id}/experiences', { params: { id: owner.profileId }, cookie: owner.cookie, body: { experience } });

  it('appends entries in order, trimmed', async () => {
    await add('  Won the 2024 city hackathon ');
    const res = await add('Built a compiler in a weekend');
    expect(res.status).toBe(200);
    expect(res.body.experiences).toEqual(['Won the 2024 city hackathon', 'Built a compiler in a weekend']);
  });

  it('rejects blank and overlong entries', async () => {
    const blank = await add('   ');
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('Experience is required');
    const long = await add('x'.repeat(1001));
    expect(long.body.error).toBe('Experience must not exceed 1000 characters');
  });

  it('removes an entry by its position', async () => {
    const res = await h.api('DELETE /api/profiles/{id}/experiences/{index}', {
      params: { id: owner.profileId, index: '0' },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.experiences).toEqual(['Built a compiler in a weekend']);
    for (const index of ['5', '-1', 'abc']) {
      const missing = await h.api('DELETE /api/profiles/{id}/experiences/{index}', {
        params: { id: owner.profileId, index: String(index) },
        cookie: owner.cookie,
      });
      expect(missing.status).toBe(404);
    }
  });

  it('removes nothing when the entry at that position is no longer the one the user saw', async () => {
    const del = (index: number, text: string) =>
      h.api('DELETE /api/profiles/{id}/experiences/{index}', {
        params: { id: owner.profileId, index: String(index) },
        query: { text },
        cookie: owner.cookie,
      });
    await add('First entry');
    await add('Second entry');
    const before = (await own()).experiences;
    const first = before.indexOf('First entry');
    // Another tab removed the first entry: the second one moved into its place.
    expect((await del(first, 'First entry')).status).toBe(200);
    const stale = await del(first, 'First entry');
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('This experience was changed elsewhere, so nothing was removed. Check the list and try again.');
    const after = (await own()).experiences;
    expect(after).toContain('Second entry');
    expect(after).not.toContain('First entry');
    // The entry the user saw may have moved past the end of the list: still a conflict, not 'not found'.
    expect((await del(after.length, 'Second entry')).status).toBe(409);
    expect((await del(0, 'nul \u0000 inside')).status).toBe(400);
  });
});
