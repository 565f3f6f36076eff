import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileList } from '../../../shared/api/profiles';
import type { Availability, SkillLevel } from '../../../shared/constants';
import { MAX_PAGE_SIZE } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { profileSkills, profiles, registrations, skills, users } from '../../db/schema';
import { createHarness, type Harness, type TestInput } from '../../testing/harness';
import { LEGACY_EVENT_ID } from '../../../shared/events';

let h: Harness;

interface Person {
  first: string;
  last: string;
  preferred?: string;
  bio?: string;
  availability: Availability;
  looking: boolean;
  skills: [string, SkillLevel][];
}

// Listed oldest first; each is created one minute after the previous one.
const PEOPLE: Person[] = [
  {
    first: 'Ada',
    last: 'Lovelace',
    bio: 'Analytical engine programmer',
    availability: 'Full Time',
    looking: true,
    skills: [
      ['Python', 'Advanced'],
      ['Rust', 'Beginner'],
    ],
  },
  {
    first: 'Grace',
    last: 'Hopper',
    preferred: 'Amazing Grace',
    bio: 'Compiler pioneer',
    availability: 'Part Time',
    looking: false,
    skills: [
      ['COBOL', 'Advanced'],
      ['Python', 'Intermediate'],
    ],
  },
  {
    first: 'Linus',
    last: 'Torvalds',
    availability: 'Weekends',
    looking: true,
    skills: [
      ['C', 'Advanced'],
      ['Git', 'Advanced'],
    ],
  },
  {
    first: 'Margaret',
    last: 'Hamilton',
    bio: 'Apollo guidance, 100%_done',
    availability: 'Flexible',
    looking: true,
    skills: [['Assembly', 'Advanced']],
  },
  {
    first: 'Alan',
    last: 'Turing',
    bio: 'Codebreaker',
    availability: 'Full Time',
    looking: false,
    skills: [
      ['Python', 'Beginner'],
      ['Machine Learning', 'Intermediate'],
    ],
  },
];

async function insertPeople(db: Db) {
  const start = Date.parse('2025-01-01T00:00:00Z');
  const skillIds = new Map<string, string>();
  for (const [i, p] of PEOPLE.entries()) {
    const userId = randomUUID();
    await db.insert(users).values({ id: userId, name: `${p.first} ${p.last}`, email: `${userId}@example.com` });
    const [row] = await db
      .insert(profiles)
      .values({
        userId,
        firstName: p.first,
        lastName: p.last,
        preferredName: p.preferred ?? null,
        name: p.preferred ?? `${p.first} ${p.last}`,
        bio: p.bio ?? null,
        availability: p.availability,
        lookingForTeam: p.looking,
        createdAt: new Date(start + i * 60_000),
      })
      .returning({ id: profiles.id });
    for (const [name, level] of p.skills) {
      if (!skillIds.has(name)) {
        const [s] = await db.insert(skills).values({ name }).returning({ id: skills.id });
        skillIds.set(name, s.id);
      }
      await db.insert(profileSkills).values({ profileId: row.id, skillId: skillIds.get(name)!, level });
    }
    // Everyone but Alan takes part in the 2025 event.
    if (p.first !== 'Alan') await db.insert(registrations).values({ eventId: LEGACY_EVENT_ID, profileId: row.id });
  }
  // A skill nobody lists any more is no use as a filter chip.
  await db.insert(skills).values({ name: 'Orphaned Skill' });
}

beforeAll(async () => {
  h = await createHarness();
  await insertPeople(h.db);
});
afterAll(() => h.close());

async function list(query?: TestInput<'GET /api/profiles'>['query']): Promise<ProfileList> {
  const res = await h.api('GET /api/profiles', { query });
  expect(res.status).toBe(200);
  return res.body;
}
const firstNames = (page: ProfileList) => page.items.map((p) => p.firstName);

describe('GET /api/profiles', () => {
  it('lists every profile newest first with its skills, and the total', async () => {
    const page = await list();
    expect(firstNames(page)).toEqual(['Alan', 'Margaret', 'Linus', 'Grace', 'Ada']);
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 24 });
    const ada = page.items.find((p) => p.firstName === 'Ada')!;
    expect(ada).toMatchObject({
      lastName: 'Lovelace',
      preferredName: null,
      name: 'Ada Lovelace',
      bio: 'Analytical engine programmer',
      availability: 'Full Time',
      lookingForTeam: true,
      avatarUrl: null,
    });
    expect(ada.skills).toEqual([
      { name: 'Python', level: 'Advanced' },
      { name: 'Rust', level: 'Beginner' },
    ]);
    // Contact details are never part of a card.
    expect(ada).not.toHaveProperty('contact');
    expect(ada).not.toHaveProperty('githubUrl');
  });

  it('searches first, last and preferred name and bio, case-insensitively', async () => {
    expect(firstNames(await list({ q: 'ADA' }))).toEqual(['Ada']);
    expect(firstNames(await list({ q: 'lovelace' }))).toEqual(['Ada']);
    expect(firstNames(await list({ q: 'amazing' }))).toEqual(['Grace']);
    expect(firstNames(await list({ q: 'COMPILER pio' }))).toEqual(['Grace']);
    expect(firstNames(await list({ q: 'codebreaker' }))).toEqual(['Alan']);
  });

  it('searches skill names too, case-insensitively and by substring', async () => {
    expect(firstNames(await list({ q: 'cobol' }))).toEqual(['Grace']);
    expect(firstNames(await list({ q: 'PYTH' }))).toEqual(['Alan', 'Grace', 'Ada']);
    expect(firstNames(await list({ q: 'learning' }))).toEqual(['Alan']);
  });

  it('treats % and _ in the search text literally', async () => {
    expect(firstNames(await list({ q: '100%_' }))).toEqual(['Margaret']);
    expect(firstNames(await list({ q: '%' }))).toEqual(['Margaret']);
    expect(firstNames(await list({ q: '_' }))).toEqual(['Margaret']);
    expect((await list({ q: 'nobody-has-this' })).total).toBe(0);
  });

  it("searches an event's people the same way (a small event's are tested one by one, not through the trigram index)", async () => {
    const event = 'worlds-largest-hackathon-2025';
    expect(firstNames(await list({ q: 'PYTH', event }))).toEqual(['Grace', 'Ada']);
    expect(firstNames(await list({ q: 'amazing', event }))).toEqual(['Grace']);
    expect(firstNames(await list({ q: 'COMPILER pio', event }))).toEqual(['Grace']);
    expect(firstNames(await list({ q: '100%_', event }))).toEqual(['Margaret']);
    expect(firstNames(await list({ q: '_', event }))).toEqual(['Margaret']);
    expect((await list({ q: 'codebreaker', event })).total).toBe(0);
  });

  it('keeps only profiles with ALL selected skills, names compared case-insensitively', async () => {
    expect(firstNames(await list({ skills: 'python' }))).toEqual(['Alan', 'Grace', 'Ada']);
    expect(firstNames(await list({ skills: ['Python', 'RUST'] }))).toEqual(['Ada']);
    expect(firstNames(await list({ skills: ['Python', 'Machine Learning'] }))).toEqual(['Alan']);
    expect(firstNames(await list({ skills: ['Python', 'python'] }))).toEqual(['Alan', 'Grace', 'Ada']);
    expect((await list({ skills: ['Python', 'C'] })).total).toBe(0);
    expect((await list({ skills: 'Unknown' })).total).toBe(0);
  });

  it('filters on availability (equal) and on looking for a team', async () => {
    expect(firstNames(await list({ availability: 'Full Time' }))).toEqual(['Alan', 'Ada']);
    expect(firstNames(await list({ availability: 'Weekends' }))).toEqual(['Linus']);
    expect(firstNames(await list({ looking: true }))).toEqual(['Margaret', 'Linus', 'Ada']);
    expect(firstNames(await list({ looking: false }))).toHaveLength(5);
  });

  it('combines every active condition with AND', async () => {
    expect(firstNames(await list({ q: 'python', availability: 'Full Time' }))).toEqual(['Alan', 'Ada']);
    expect(firstNames(await list({ q: 'python', availability: 'Full Time', looking: true }))).toEqual(['Ada']);
    expect(firstNames(await list({ q: 'a', skills: 'git', looking: true }))).toEqual(['Linus']);
  });

  it('combines skills, availability and looking for a team (the combined filter, one index of its own)', async () => {
    // Ada: Python + Rust, Full Time, looking. Alan: Python, Full Time, not looking. Grace: Python, Part Time, not looking.
    expect(firstNames(await list({ skills: 'Python', availability: 'Full Time', looking: true }))).toEqual(['Ada']);
    expect(firstNames(await list({ skills: ['python', 'RUST'], availability: 'Full Time', looking: true }))).toEqual(['Ada']);
    expect(firstNames(await list({ skills: ['Python', 'Rust'], availability: 'Part Time', looking: true }))).toEqual([]);
    expect(firstNames(await list({ q: 'engine', skills: 'Python', availability: 'Full Time', looking: true }))).toEqual(['Ada']);
    expect(firstNames(await list({ q: 'compiler', skills: 'Python', availability: 'Full Time', looking: true }))).toEqual([]);
    expect(firstNames(await list({ skills: 'Python', availability: 'Full Time' }))).toEqual(['Alan', 'Ada']);
  });

  it('pages the results and counts all matches, not only the page', async () => {
    const first = await list({ pageSize: 2 });
    expect(firstNames(first)).toEqual(['Alan', 'Margaret']);
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(firstNames(await list({ pageSize: 2, page: 2 }))).toEqual(['Linus', 'Grace']);
    const last = await list({ pageSize: 2, page: 3 });
    expect(firstNames(last)).toEqual(['Ada']);
    expect(last.total).toBe(5);
    expect((await list({ pageSize: 2, page: 4 })).items).toEqual([]);
    const filtered = await list({ skills: 'python', pageSize: 1, page: 2 });
    expect(firstNames(filtered)).toEqual(['Grace']);
    expect(filtered.total).toBe(3);
  });

  it("caps the page size; paging outside its declared limits is refused with the field's message", async () => {
    expect((await list({ pageSize: MAX_PAGE_SIZE })).pageSize).toBe(MAX_PAGE_SIZE);
    const tooBig = await list({ pageSize: 100000 });
    expect(tooBig.pageSize).toBe(MAX_PAGE_SIZE);
    const junk = await h.api('GET /api/profiles', { query: { page: 'abc', pageSize: -3 } });
    expect(junk.status).toBe(400);
    expect(junk.body).toMatchObject({ code: 'invalid_query', fields: { page: expect.any(String), pageSize: expect.any(String) } });
  });
});

describe('GET /api/skills', () => {
  it('lists every skill name, sorted by name', async () => {
    const res = await h.api('GET /api/skills');
    expect(res.status).toBe(200);
    // Every skill, even one no profile lists any more (the issue: chips list every skill).
    expect(res.body).toEqual(['Assembly', 'C', 'COBOL', 'Git', 'Machine Learning', 'Orphaned Skill', 'Python', 'Rust']);
  });
});

describe('the skills a profile row keeps for its card', () => {
  const linus = async () => (await list({ q: 'torvalds' })).items[0];

  it('follow every change to profile_skills made by any statement: level, removal, a deleted skill', async () => {
    const before = await linus();
    expect(before.skills).toEqual([
      { name: 'C', level: 'Advanced' },
      { name: 'Git', level: 'Advanced' },
    ]);
    const [git] = await h.db.select({ id: skills.id }).from(skills).where(eq(skills.name, 'Git'));
    const [c] = await h.db.select({ id: skills.id }).from(skills).where(eq(skills.name, 'C'));

    await h.db.update(profileSkills).set({ level: 'Beginner' }).where(eq(profileSkills.skillId, git.id));
    expect((await linus()).skills).toEqual([
      { name: 'C', level: 'Advanced' },
      { name: 'Git', level: 'Beginner' },
    ]);

    await h.db.delete(profileSkills).where(and(eq(profileSkills.profileId, before.id), eq(profileSkills.skillId, c.id)));
    expect((await linus()).skills).toEqual([{ name: 'Git', level: 'Beginner' }]);
    expect((await list({ skills: 'c' })).total).toBe(0);

    // A renamed skill shows its new name (and is found by it).
    await h.db.update(skills).set({ name: 'GitOps' }).where(eq(skills.id, git.id));
    expect((await linus()).skills).toEqual([{ name: 'GitOps', level: 'Beginner' }]);
    expect((await list({ skills: 'gitops' })).items.map((p) => p.firstName)).toEqual(['Linus']);

    // Deleting a skill removes it from every profile (cascade), and the rows follow.
    await h.db.delete(skills).where(eq(skills.id, git.id));
    const after = await linus();
    expect(after.skills).toEqual([]);
    expect((await list({ q: 'git' })).total).toBe(0);
  });
});
