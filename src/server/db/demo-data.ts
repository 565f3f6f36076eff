/**
 * A small believable data set so a first visit shows a living site. Inserted once, into an
 * empty database only (no profiles and no teams yet), in one transaction.
 */
import { sql } from 'drizzle-orm';
import { displayName } from '../../shared/avatar';
import { AVAILABILITIES, DEFAULT_TEAM_SIZE, LEADER_ROLE, SKILL_LEVELS, TIMEZONES, type SkillLevel } from '../../shared/constants';
import { hashPassword } from '../auth/password';
import type { Db } from './client';
import { accounts, joinRequests, notifications, profileSkills, profiles, skills, teamInvitations, teamMembers, teams, users } from './schema';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'hackathon';

const PEOPLE: [string, string, string | null][] = [
  ['Alex', 'Rivera', null], ['Priya', 'Sharma', null], ['Marcus', 'Chen', 'Marc'], ['Sofia', 'Rossi', null],
  ['Kwame', 'Mensah', null], ['Hannah', 'Schmidt', null], ['Diego', 'Alvarez', null], ['Yuki', 'Tanaka', null],
  ['Fatima', 'Al-Sayed', null], ['Liam', "O'Connor", null], ['Amara', 'Okafor', null], ['Noah', 'Fischer', null],
  ['Isabela', 'Costa', 'Bela'], ['Arjun', 'Patel', null], ['Chloe', 'Dubois', null], ['Mateo', 'Garcia', null],
  ['Zara', 'Ahmed', null], ['Ethan', 'Brooks', null], ['Mei', 'Lin', null], ['Lucas', 'Silva', null],
  ['Aisha', 'Bello', null], ['Oliver', 'Novak', null], ['Elena', 'Popescu', null], ['Kenji', 'Watanabe', null],
  ['Nadia', 'Haddad', null], ['Samuel', 'Adeyemi', 'Sam'], ['Freya', 'Lindqvist', null], ['Ravi', 'Iyer', null],
  ['Camila', 'Torres', null], ['Jonas', 'Weber', null], ['Leila', 'Karimi', null], ['Daniel', 'Kim', 'Dan'],
  ['Ines', 'Moreau', null], ['Tomás', 'Herrera', null], ['Grace', 'Wanjiru', null], ['Viktor', 'Ivanov', null],
  ['Maya', 'Goldberg', null], ['Hiro', 'Sato', null], ['Olivia', 'Nguyen', null], ['Omar', 'Farouk', null],
];

const BIOS = [
  'Full-stack developer who loves shipping fast prototypes. Looking for a team that wants to build something people actually use.',
  'Machine learning engineer focused on NLP and retrieval. I enjoy turning messy data into useful products.',
  'Product designer with a soft spot for accessible interfaces and clean design systems.',
  'Backend engineer: APIs, databases and the boring bits that keep things running at scale.',
  'Mobile developer (React Native and Swift). Shipped three apps to the stores, always up for a weekend build.',
  'Data scientist who likes dashboards that tell a story. Curious about climate and health tech.',
  'First-time hackathon participant, strong in Python, eager to learn and contribute wherever needed.',
  'DevOps and cloud person. I can get your demo deployed before the judges arrive.',
  'Frontend engineer obsessed with performance and delightful micro-interactions.',
  'Indie hacker and founder of two small SaaS products. Good at scoping an MVP in a weekend.',
  'Student in computer science, into computer vision and robotics.',
  'Game developer using Unity and Godot; I like playful ideas with a serious twist.',
  null,
];

const SKILL_NAMES = [
  'React', 'TypeScript', 'Python', 'Node.js', 'Figma', 'UI/UX Design', 'Machine Learning', 'PostgreSQL',
  'Go', 'Rust', 'Swift', 'Kotlin', 'Docker', 'AWS', 'Data Science', 'TensorFlow', 'Next.js', 'GraphQL',
  'Product Management', 'Marketing', 'Unity', 'Solidity', 'Tailwind CSS', 'Java',
];

const DEMO_SKILLS: [string, SkillLevel][] = [
  ['React', 'Advanced'], ['TypeScript', 'Advanced'], ['Node.js', 'Intermediate'], ['PostgreSQL', 'Intermediate'], ['Figma', 'Beginner'],
];

/** `coLeader`: a second member leads too; `full`: the team has as many members as its size takes. */
const TEAMS: { name: string; description: string; positions: string[]; open: boolean; coLeader?: true; full?: true }[] = [
  { name: 'Pixel Pioneers', description: 'A web app that turns sketches into accessible UI components using vision models.', positions: ['Frontend Developer', 'ML Engineer'], open: true },
  { name: 'Green Route', description: 'Carbon-aware trip planner that suggests the greenest way to get anywhere in a city.', positions: ['Backend Developer', 'Data Scientist'], open: true, coLeader: true },
  { name: 'MediMind', description: 'An assistant that helps patients understand their lab results in plain language.', positions: ['ML Engineer', 'UI/UX Designer'], open: true },
  { name: 'StudyBuddy AI', description: 'Personal tutor that builds flashcards and quizzes from your lecture notes.', positions: ['Mobile Developer'], open: true },
  { name: 'Open Ledger', description: 'Transparent budgeting tool for small non-profits, with shareable public reports.', positions: ['Full Stack Developer', 'Product Manager'], open: false },
  { name: 'Voice of the Crowd', description: 'Real-time multilingual captions and translation for live community events.', positions: ['Audio/ML Engineer', 'Frontend Developer'], open: true },
  { name: 'Farm Sense', description: 'Low-cost soil sensors and a dashboard that tells small farmers when to water.', positions: ['Hardware Hacker', 'Data Engineer'], open: true },
  { name: 'Quest Forge', description: 'A collaborative story game where an AI game master adapts to every player.', positions: ['Game Developer', 'Writer'], open: true, full: true },
  { name: 'SafeSteps', description: 'Community-sourced map of accessible routes for wheelchair users and parents with strollers.', positions: ['Mobile Developer', 'Designer'], open: false },
  { name: 'Code Review Copilot', description: 'Bot that explains pull requests to reviewers and flags risky changes early.', positions: ['Backend Developer', 'DevOps Engineer'], open: true },
];

/** Deterministic pseudo-random numbers, so the demo looks the same on every install. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

export async function seedDemoData(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: sql<number>`(select count(*) from profiles) + (select count(*) from teams)` }).from(sql`(select 1) as one`);
  const count = existing.n;
  if (Number(count) > 0) return false;

  const rand = rng(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();

  await db.transaction(async (tx) => {
    const skillRows = await tx.insert(skills).values(SKILL_NAMES.map((name) => ({ name }))).onConflictDoNothing().returning();
    const profileIds: string[] = [];
    const people: { id: string; name: string; lookingForTeam: boolean }[] = [];
    for (const [i, [firstName, lastName, preferredName]] of PEOPLE.entries()) {
      const userId = crypto.randomUUID();
      const email = i === 0 ? DEMO_EMAIL : `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + '@demo.example.com';
      // Older profiles first, so the demo account is the oldest and the list looks lived-in.
      const createdAt = new Date(now - (PEOPLE.length - i) * 3_600_000 * 7);
      await tx.insert(users).values({ id: userId, name: `${firstName} ${lastName}`, email, firstName, lastName, emailVerified: true, createdAt, updatedAt: createdAt });
      if (i === 0) {
        await tx.insert(accounts).values({ id: crypto.randomUUID(), accountId: userId, providerId: 'credential', userId, password: passwordHash });
      }
      const handle = `${firstName}${lastName}`.toLowerCase().replace(/[^a-z]/g, '');
      const [profile] = await tx.insert(profiles).values({
        userId, firstName, lastName, preferredName,
        name: displayName({ firstName, lastName, preferredName }),
        bio: i === 0 ? 'Demo account: full-stack developer leading two teams. Sign in as demo@example.com to see the leader screens.' : pick(BIOS),
        availability: i === 0 ? 'Flexible' : pick(AVAILABILITIES),
        lookingForTeam: i === 0 ? true : rand() > 0.25,
        timezone: pick(TIMEZONES),
        githubUrl: rand() > 0.3 ? `https://github.com/${handle}` : null,
        linkedinUrl: rand() > 0.5 ? `https://www.linkedin.com/in/${handle}` : null,
        portfolioUrl: rand() > 0.7 ? `https://${handle}.dev` : null,
        discordUsername: rand() > 0.4 ? handle : null,
        twitterUsername: rand() > 0.6 ? handle : null,
        experiences: rand() > 0.3 ? [pick(['Built a fintech MVP at a 48-hour hackathon', 'Two years as a software engineer at a startup', 'Open-source maintainer of a popular CLI tool', 'Won 2nd place at a regional AI hackathon', 'Teaching assistant for an intro to programming course'])] : [],
        createdAt, updatedAt: createdAt,
      }).returning({ id: profiles.id, name: profiles.name, lookingForTeam: profiles.lookingForTeam });
      profileIds.push(profile.id);
      people.push(profile);
      if (i === 0) {
        // The demo account looks like the full-stack developer its bio says it is.
        const byName = new Map(skillRows.map((s) => [s.name, s.id]));
        await tx.insert(profileSkills).values(DEMO_SKILLS.map(([name, level]) => ({ profileId: profile.id, skillId: byName.get(name)!, level })));
        continue;
      }
      const count = 1 + Math.floor(rand() * 5);
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(Math.floor(rand() * skillRows.length));
      await tx.insert(profileSkills).values([...chosen].map((s) => ({ profileId: profile.id, skillId: skillRows[s].id, level: pick(SKILL_LEVELS) })));
    }

    const teamRows: { id: string; name: string; members: Set<string>; leader: string; positions: string[] }[] = [];
    for (const [i, team] of TEAMS.entries()) {
      const createdAt = new Date(now - (TEAMS.length - i) * 3_600_000 * 11);
      // The demo account leads the first two teams; other leaders come from the rest.
      const leader = i < 2 ? profileIds[0] : profileIds[1 + ((i * 3) % (profileIds.length - 1))];
      const members = new Set<string>([leader]);
      // Besides the leader: 1 to 3 members; a full team has the 3 its default size of 4 leaves room for.
      const size = team.full ? DEFAULT_TEAM_SIZE - 1 : 1 + Math.floor(rand() * 3);
      while (members.size < size + 1) members.add(profileIds[1 + Math.floor(rand() * (profileIds.length - 1))]);
      const [row] = await tx.insert(teams).values({
        name: team.name, description: team.description, isOpen: team.open, openPositions: team.positions, createdAt, updatedAt: createdAt,
        maxSize: team.full ? members.size : DEFAULT_TEAM_SIZE + 1,
      }).returning({ id: teams.id });
      teamRows.push({ id: row.id, name: team.name, members, leader, positions: team.positions });
      const leaders = team.coLeader ? [...members].slice(0, 2) : [leader];
      await tx.insert(teamMembers).values([...members].map((profileId) => ({
        teamId: row.id, profileId, isLeader: leaders.includes(profileId),
        role: leaders.includes(profileId) ? LEADER_ROLE : pick(['Frontend Developer', 'Backend Developer', 'Designer', 'ML Engineer', 'Team Member']),
      })));
    }

    // Something waiting for the demo account: two people asking to join its first team, and an
    // invitation from another team, each with the notification it would have had.
    const demo = people[0];
    const minutesAgo = (m: number) => new Date(now - m * 60_000);
    const ref = (p: { id: string; name: string }) => ({ id: p.id, name: p.name });
    const [own, inviting] = [teamRows[0], teamRows[2]];
    // Inserted oldest first: the inbox is ordered by insertion (seq).
    const told: (typeof notifications.$inferInsert)[] = [];
    const askers = people.filter((p) => p.id !== demo.id && p.lookingForTeam && !own.members.has(p.id)).slice(0, 2);
    for (const [n, asker] of askers.entries()) {
      const position = own.positions[n % own.positions.length];
      const createdAt = minutesAgo(n === 0 ? 4 : 95);
      const [request] = await tx.insert(joinRequests).values({
        teamId: own.id, teamName: own.name, profileId: asker.id, position, createdAt,
        message: n === 0 ? 'I build React apps for a living and would love to make the sketch-to-UI flow shine.' : 'I have fine-tuned vision models before and can help with the ML side.',
      }).returning({ id: joinRequests.id });
      told.push({
        profileId: demo.id, kind: 'join_request', createdAt,
        data: { teamId: own.id, teamName: own.name, by: ref(asker), requestId: request.id, position },
      });
    }
    const inviter = people.find((p) => p.id === inviting.leader)!;
    const [invitation] = await tx.insert(teamInvitations).values({
      teamId: inviting.id, profileId: demo.id, invitedBy: inviter.id, role: inviting.positions[1] ?? inviting.positions[0],
      message: 'Your full-stack experience is exactly what we need for the patient app. Join us?', createdAt: minutesAgo(30),
    }).returning({ id: teamInvitations.id, role: teamInvitations.role });
    told.push({
      profileId: demo.id, kind: 'invitation', createdAt: minutesAgo(30),
      data: { teamId: inviting.id, teamName: inviting.name, by: ref(inviter), invitationId: invitation.id, role: invitation.role },
    });
    told.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
    for (const notification of told) await tx.insert(notifications).values(notification);
  });
  return true;
}
