/**
 * The demo's events (docs/product.md#events), so every phase shows on a first start: the ended 2025
 * hackathon the product was built for (made by migration 0013, with the demo's hand-written teams),
 * one running now with its team formation deadline ahead, organized by the demo account, one
 * upcoming, and two past ones. Dates are counted from the moment the demo data is inserted.
 */
import { LEADER_ROLE } from '../../shared/constants';
import { positionSkillColumns, suggestedSkills } from '../../shared/matching';
import type { Db } from './client';
import { eventStaff, events, registrations, teamMembers, teams } from './schema';
import type { StoredScheduleItem } from './schema/events';
import { LEGACY_EVENT_ID } from '../../shared/events';

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface DemoEvent {
  slug: string;
  name: string;
  tagline: string;
  description: string;
  location: string;
  timezone: string;
  /** Days from now (negative: ago). */
  registration: [opens: number, closes: number];
  formation: number;
  build: [starts: number, submissions: number];
  awards: number;
  teamSize: [min: number, max: number];
  prizePool: string;
  siteUrl: string;
  schedule: [title: string, detail: string | null, days: number][];
  staff: [name: string, role: 'owner' | 'organizer' | 'moderator'][];
  /** Who takes part, by full name, and whether they look for a team here (null: as their profile says). */
  registrants: [name: string, looking: boolean | null, intent: string | null][];
  teams: { name: string; description: string; positions: string[]; leader: string; members: [string, string][] }[];
}

const ONE_TEAM_EACH = 1;

export function demoEvents(demoName: string): DemoEvent[] {
  return [
    {
      slug: 'climate-code-sprint',
      name: 'Climate Code Sprint',
      tagline: 'A week of building open tools for the energy transition',
      description:
        'Teams of two to five build open-source tools that help cities, grids and households cut emissions. Mentors from climate labs are around the whole week.',
      location: 'Online',
      timezone: 'Europe/Berlin',
      registration: [-20, 2],
      formation: 2,
      build: [-2, 5],
      awards: 7,
      teamSize: [2, 5],
      prizePool: '$25,000 in prizes',
      siteUrl: 'https://example.org/climate-code-sprint',
      schedule: [
        ['Kickoff', 'Opening talks and team matching', -2],
        ['Team formation deadline', 'Teams are locked after this', 2],
        ['Submissions close', null, 5],
        ['Awards', 'Winners announced live', 7],
      ],
      staff: [
        [demoName, 'owner'],
        ['Elena Popescu', 'moderator'],
      ],
      registrants: [
        [demoName, false, 'Organizing, and happy to mentor'],
        ['Mei Lin', true, 'Frontend for a grid dashboard'],
        ['Lucas Silva', true, 'Backend and data pipelines'],
        ['Aisha Bello', true, 'Data science on energy use'],
        ['Oliver Novak', null, null],
        ['Nadia Haddad', true, 'Design and user research'],
        ['Samuel Adeyemi', true, 'Anything with maps'],
        ['Freya Lindqvist', true, 'Product and the pitch'],
        ['Ravi Iyer', true, 'ML for forecasting'],
        ['Camila Torres', true, null],
        ['Leila Karimi', true, 'Mobile apps'],
        ['Ines Moreau', true, 'Hardware sensors'],
        ['Tomás Herrera', true, null],
        ['Maya Goldberg', true, 'Frontend'],
        ['Hiro Sato', true, 'Backend in Go'],
        ['Omar Farouk', null, 'DevOps'],
        ['Ethan Brooks', true, null],
        ['Arjun Patel', true, 'Data engineering'],
        ['Chloe Dubois', true, 'UX writing'],
        ['Daniel Kim', true, null],
        ['Zara Ahmed', true, 'Climate science background'],
        ['Olivia Nguyen', true, 'Full stack'],
      ],
      teams: [
        {
          name: 'Grid Whisperers',
          description: 'A dashboard that shows when the local grid is greenest, so people can shift their energy use.',
          positions: ['Frontend Developer', 'Data Scientist'],
          leader: 'Lucas Silva',
          members: [['Aisha Bello', 'Data Scientist']],
        },
        {
          name: 'Heat Map Heroes',
          description: 'Street-level heat maps from open satellite data, for cities planning where to plant trees.',
          positions: ['ML Engineer', 'Designer'],
          leader: 'Samuel Adeyemi',
          members: [],
        },
        {
          name: 'Commute Carbon',
          description: 'A browser extension that shows the carbon cost of each way to get to work, and a greener one.',
          positions: ['Backend Developer'],
          leader: 'Freya Lindqvist',
          members: [['Maya Goldberg', 'Frontend Developer']],
        },
      ],
    },
    {
      slug: 'health-hack-berlin',
      name: 'Health Hack Berlin',
      tagline: 'A weekend of building for better care',
      description: 'Clinicians, patients and builders meet for a weekend in Berlin to prototype tools for everyday care.',
      location: 'Berlin, Germany',
      timezone: 'Europe/Berlin',
      registration: [-5, 28],
      formation: 29,
      build: [30, 32],
      awards: 32.5,
      teamSize: [3, 4],
      prizePool: '€10,000',
      siteUrl: 'https://example.org/health-hack-berlin',
      schedule: [
        ['Doors open', 'Breakfast and team matching', 30],
        ['Submissions close', null, 32],
        ['Demos and awards', null, 32.5],
      ],
      staff: [
        ['Hannah Schmidt', 'owner'],
        [demoName, 'organizer'],
      ],
      registrants: [
        ['Hannah Schmidt', false, 'Organizing'],
        ['Kwame Mensah', true, 'Backend'],
        ['Nadia Haddad', true, 'Design'],
        ['Jonas Weber', true, 'Frontend'],
        ['Zara Ahmed', true, null],
        ['Viktor Ivanov', true, 'Mobile'],
      ],
      teams: [],
    },
    {
      slug: 'sf-ai-builders-2025',
      name: 'SF AI Builders Hackathon',
      tagline: 'Three days of building with AI in San Francisco',
      description: 'An in-person weekend for builders shipping products on top of language and vision models.',
      location: 'San Francisco, CA',
      timezone: 'America/Los_Angeles',
      registration: [0, 0],
      formation: 0,
      build: [0, 0],
      awards: 0,
      teamSize: [2, 4],
      prizePool: '$50,000',
      siteUrl: 'https://example.org/sf-ai-builders',
      schedule: [],
      staff: [['Marcus Chen', 'owner']],
      registrants: [],
      teams: [],
    },
    {
      slug: 'boston-climate-tech-2025',
      name: 'Boston Climate Tech Hack',
      tagline: 'Climate tech, built in three days',
      description: 'Teams tackled energy, transport and food challenges set by Boston climate startups.',
      location: 'Boston, MA',
      timezone: 'America/New_York',
      registration: [0, 0],
      formation: 0,
      build: [0, 0],
      awards: 0,
      teamSize: [2, 5],
      prizePool: '$30,000',
      siteUrl: 'https://example.org/boston-climate-tech',
      schedule: [],
      staff: [['Marcus Chen', 'owner']],
      registrants: [],
      teams: [],
    },
  ];
}

/** The past events keep the spec's dates (August and September 2025, local midnight to midnight). */
const FIXED_DATES: Record<string, { buildStartsAt: Date; submissionDeadline: Date; awardsAt: Date }> = {
  'sf-ai-builders-2025': {
    buildStartsAt: new Date('2025-08-05T07:00:00Z'),
    submissionDeadline: new Date('2025-08-08T07:00:00Z'),
    awardsAt: new Date('2025-08-08T07:00:00Z'),
  },
  'boston-climate-tech-2025': {
    buildStartsAt: new Date('2025-09-10T04:00:00Z'),
    submissionDeadline: new Date('2025-09-13T04:00:00Z'),
    awardsAt: new Date('2025-09-13T04:00:00Z'),
  },
};

/**
 * Inserts the demo's events with their staff, registrants and teams, and makes every demo person a
 * registrant of the 2025 hackathon (their teams are there).
 */
export async function seedDemoEvents(
  tx: Db,
  now: number,
  demoName: string,
  who: (name: string) => { id: string; name: string },
  everyone: string[],
) {
  await tx
    .insert(registrations)
    .values(everyone.map((name) => ({ eventId: LEGACY_EVENT_ID, profileId: who(name).id })))
    .onConflictDoNothing();
  const at = (days: number) => new Date(now + days * DAY);
  for (const e of demoEvents(demoName)) {
    const fixed = FIXED_DATES[e.slug];
    const schedule: StoredScheduleItem[] = e.schedule.map(([title, detail, days]) => ({ title, detail, at: at(days).toISOString() }));
    const [event] = await tx
      .insert(events)
      .values({
        slug: e.slug,
        name: e.name,
        tagline: e.tagline,
        description: e.description,
        location: e.location,
        timezone: e.timezone,
        registrationOpensAt: fixed ? null : at(e.registration[0]),
        registrationClosesAt: fixed ? fixed.buildStartsAt : at(e.registration[1]),
        formationDeadline: fixed ? fixed.buildStartsAt : at(e.formation),
        buildStartsAt: fixed?.buildStartsAt ?? at(e.build[0]),
        submissionDeadline: fixed?.submissionDeadline ?? at(e.build[1]),
        awardsAt: fixed?.awardsAt ?? at(e.awards),
        teamSizeMin: e.teamSize[0],
        teamSizeMax: e.teamSize[1],
        teamsPerPerson: ONE_TEAM_EACH,
        prizePool: e.prizePool,
        schedule,
        siteUrl: e.siteUrl,
        state: 'published',
        createdAt: new Date(now - 40 * DAY),
      })
      .returning({ id: events.id });
    await tx.insert(eventStaff).values(e.staff.map(([name, role]) => ({ eventId: event.id, profileId: who(name).id, role })));
    if (e.registrants.length) {
      await tx.insert(registrations).values(
        e.registrants.map(([name, looking, intent], i) => ({
          eventId: event.id,
          profileId: who(name).id,
          looking,
          intent,
          createdAt: new Date(now - (e.registrants.length - i) * 5 * HOUR),
        })),
      );
    }
    for (const [i, team] of e.teams.entries()) {
      const createdAt = new Date(now - (e.teams.length - i) * 9 * HOUR);
      const [row] = await tx
        .insert(teams)
        .values({
          eventId: event.id,
          name: team.name,
          description: team.description,
          openPositions: team.positions,
          maxSize: e.teamSize[1],
          createdAt,
          updatedAt: createdAt,
          ...positionSkillColumns(team.positions, Object.fromEntries(team.positions.map((p) => [p, suggestedSkills(p)]))),
        })
        .returning({ id: teams.id });
      await tx
        .insert(teamMembers)
        .values([
          { teamId: row.id, profileId: who(team.leader).id, role: LEADER_ROLE, isLeader: true, joinedAt: createdAt },
          ...team.members.map(([name, role]) => ({ teamId: row.id, profileId: who(name).id, role, isLeader: false, joinedAt: createdAt })),
        ]);
      // People in a team are not looking for one there.
      for (const name of [team.leader, ...team.members.map(([n]) => n)]) {
        await tx
          .insert(registrations)
          .values({ eventId: event.id, profileId: who(name).id, looking: false })
          .onConflictDoUpdate({ target: [registrations.eventId, registrations.profileId], set: { looking: false } });
      }
    }
  }
}
