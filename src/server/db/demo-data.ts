/**
 * A small believable data set so a first visit shows a living site. Inserted once, into an
 * empty database only (no profiles and no teams yet), in one transaction.
 */
import { sql } from 'drizzle-orm';
import { displayName } from '../../shared/avatar';
import { DEFAULT_TEAM_SIZE, LEADER_ROLE, type Availability, type SkillLevel, type TIMEZONES } from '../../shared/constants';
import { positionSkillColumns, suggestedSkills } from '../../shared/matching';
import { hashPassword } from '../auth/password';
import type { Db } from './client';
import { seedDemoEvents } from './demo-events';
import { seedDemoGrouping } from './demo-grouping';
import {
  accounts,
  joinRequests,
  notifications,
  profileSkills,
  profiles,
  skills,
  teamInvitations,
  teamMembers,
  teams,
  users,
} from './schema';
import { LEGACY_EVENT_ID } from '../../shared/events';

export const DEMO_EMAIL = 'demo@example.com';
/** Public (README): one the sign-up rules accept, so the demo does not teach a password the product refuses. */
export const DEMO_PASSWORD = 'find-my-team';

type Links = string;
type Timezone = (typeof TIMEZONES)[number];
/**
 * One demo person. `links` says which contact details they filled in: g(itHub), l(inkedIn), p(ortfolio),
 * d(iscord), t(witter). Everyone has their own bio, skills that match it, and a 'looking for a team'
 * flag that agrees with it: people on a team are not looking (docs/product.md#joining), the rest mostly are.
 */
interface Person {
  first: string;
  last: string;
  /** A preferred name keeps the last name, so the avatar's initials (first and last name) match what is shown. */
  preferred?: string;
  availability: Availability;
  looking: boolean;
  timezone: Timezone;
  skills: [string, SkillLevel][];
  bio: string;
  experiences: string[];
  links: Links;
}

const A: SkillLevel = 'Advanced',
  I: SkillLevel = 'Intermediate',
  B: SkillLevel = 'Beginner';

/** Oldest first: the demo account is the oldest profile, the last three are the home page's newest. */
const PEOPLE: Person[] = [
  {
    first: 'Alex',
    last: 'Rivera',
    availability: 'Flexible',
    looking: true,
    timezone: 'UTC-5',
    links: 'gldp',
    skills: [
      ['React', A],
      ['TypeScript', A],
      ['Node.js', I],
      ['PostgreSQL', I],
      ['Figma', B],
    ],
    bio: 'Demo account: full-stack developer (React, TypeScript, Node.js) leading Pixel Pioneers and Green Route. Sign in as demo@example.com to see the leader screens.',
    experiences: ['Five years building web apps at a logistics startup', 'Won 2nd place at a regional AI hackathon'],
  },
  {
    first: 'Priya',
    last: 'Sharma',
    availability: 'Full Time',
    looking: false,
    timezone: 'UTC+5:30',
    links: 'gl',
    skills: [
      ['Python', A],
      ['PostgreSQL', A],
      ['Data Science', I],
      ['Go', B],
    ],
    bio: 'Data engineer who builds pipelines for city transit data. Co-leading Green Route: we turn open mobility data into greener trips.',
    experiences: ['Three years on the data platform team of a ride-sharing company'],
  },
  {
    first: 'Marcus',
    last: 'Chen',
    preferred: 'Marc Chen',
    availability: 'Part Time',
    looking: true,
    timezone: 'UTC-8',
    links: 'gdt',
    skills: [
      ['Go', A],
      ['Rust', I],
      ['Docker', I],
      ['AWS', I],
    ],
    bio: 'Backend engineer who likes Go, Rust and fast APIs. Looking for a team that needs someone to own the server side.',
    experiences: ['Maintainer of an open-source rate limiter for Go', 'Four years of backend work at a payments company'],
  },
  {
    first: 'Sofia',
    last: 'Rossi',
    availability: 'Weekends',
    looking: false,
    timezone: 'UTC+1',
    links: 'lp',
    skills: [
      ['Figma', A],
      ['UI/UX Design', A],
      ['Tailwind CSS', I],
    ],
    bio: 'Product designer with a soft spot for accessible interfaces and tidy design systems. Designing the screens of Pixel Pioneers.',
    experiences: ['Led the design system of an Italian online shop'],
  },
  {
    first: 'Kwame',
    last: 'Mensah',
    availability: 'Full Time',
    looking: false,
    timezone: 'UTC+0',
    links: 'gld',
    skills: [
      ['Node.js', A],
      ['TypeScript', A],
      ['PostgreSQL', I],
      ['GraphQL', I],
    ],
    bio: 'Backend developer from Accra who cares about privacy and clean APIs. Building the patient data side of MediMind.',
    experiences: ['Built the API of a telemedicine startup in Ghana'],
  },
  {
    first: 'Hannah',
    last: 'Schmidt',
    availability: 'Full Time',
    looking: false,
    timezone: 'UTC+1',
    links: 'gl',
    skills: [
      ['Machine Learning', A],
      ['Python', A],
      ['TensorFlow', I],
    ],
    bio: 'Machine learning engineer focused on medical language. Leading MediMind: we explain lab results in plain words.',
    experiences: ['Research assistant in clinical NLP at a university hospital', 'Published a paper on summarising medical reports'],
  },
  {
    first: 'Diego',
    last: 'Alvarez',
    availability: 'Flexible',
    looking: true,
    timezone: 'UTC-6',
    links: 'gd',
    skills: [
      ['React', I],
      ['JavaScript', I],
      ['Python', B],
    ],
    bio: 'Bootcamp graduate turned junior frontend developer. First hackathon: looking for a team to learn from while I ship my first real project.',
    experiences: ['Completed a 16-week web development bootcamp'],
  },
  {
    first: 'Yuki',
    last: 'Tanaka',
    availability: 'Part Time',
    looking: false,
    timezone: 'UTC+9',
    links: 'gt',
    skills: [
      ['Python', A],
      ['Machine Learning', I],
      ['Next.js', I],
    ],
    bio: 'Former maths teacher, now an ML developer. Leading StudyBuddy AI, which turns lecture notes into flashcards and quizzes.',
    experiences: ['Six years teaching maths at a high school in Osaka', 'Built a spaced-repetition app used by 2,000 students'],
  },
  {
    first: 'Fatima',
    last: 'Al-Sayed',
    availability: 'Full Time',
    looking: false,
    timezone: 'UTC+3',
    links: 'glp',
    skills: [
      ['Swift', A],
      ['Kotlin', A],
      ['Figma', B],
    ],
    bio: 'Mobile developer with three apps in the stores. Leading SafeSteps, a map of step-free routes for wheelchairs and strollers.',
    experiences: ['Shipped three iOS and Android apps as a freelancer'],
  },
  {
    first: 'Liam',
    last: "O'Connor",
    availability: 'Weekends',
    looking: false,
    timezone: 'UTC+0',
    links: 'gt',
    skills: [
      ['Unity', A],
      ['C#', A],
      ['Blender', I],
    ],
    bio: 'Game developer by night, backend developer by day. Leading Quest Forge, a story game with an AI game master.',
    experiences: ['Released two small games on itch.io'],
  },
  {
    first: 'Amara',
    last: 'Okafor',
    availability: 'Full Time',
    looking: false,
    timezone: 'UTC+1',
    links: 'gl',
    skills: [
      ['Python', A],
      ['Machine Learning', A],
      ['PyTorch', I],
    ],
    bio: 'Speech and audio ML engineer. Leading Voice of the Crowd: live captions and translation for community events.',
    experiences: ['Trained speech recognition models for Nigerian languages'],
  },
  {
    first: 'Noah',
    last: 'Fischer',
    availability: 'Full Time',
    looking: false,
    timezone: 'UTC+1',
    links: 'gl',
    skills: [
      ['Java', A],
      ['PostgreSQL', A],
      ['Docker', I],
    ],
    bio: 'Backend developer in fintech and volunteer treasurer of a sports club. Leading Open Ledger, budgeting for small non-profits.',
    experiences: ['Five years building banking backends in Java'],
  },
  {
    first: 'Isabela',
    last: 'Costa',
    preferred: 'Isa Costa',
    availability: 'Flexible',
    looking: true,
    timezone: 'UTC-3',
    links: 'gdt',
    skills: [
      ['React Native', A],
      ['TypeScript', I],
      ['Figma', I],
    ],
    bio: 'Mobile developer (React Native) from São Paulo. Looking for a team with a social-impact idea that needs an app.',
    experiences: ['Built the volunteer app of a food bank in São Paulo'],
  },
  {
    first: 'Mateo',
    last: 'Garcia',
    availability: 'Weekends',
    looking: false,
    timezone: 'UTC+1',
    links: 'g',
    skills: [
      ['React', I],
      ['TypeScript', I],
      ['JavaScript', A],
    ],
    bio: 'Frontend developer and part-time sound engineer. Building the live caption screen of Voice of the Crowd.',
    experiences: ['Built the website of a Madrid music festival'],
  },
  {
    first: 'Mei',
    last: 'Lin',
    availability: 'Weekends',
    looking: false,
    timezone: 'UTC+8',
    links: 'pt',
    skills: [
      ['Creative Writing', A],
      ['UI/UX Design', I],
    ],
    bio: 'Narrative designer and writer. On Quest Forge I write the worlds our AI game master improvises in.',
    experiences: ['Wrote the story of an indie visual novel'],
  },
  {
    first: 'Lucas',
    last: 'Silva',
    availability: 'Full Time',
    looking: false,
    timezone: 'UTC-3',
    links: 'gl',
    skills: [
      ['Node.js', A],
      ['PostgreSQL', I],
      ['Kotlin', I],
    ],
    bio: 'Backend developer who likes maps and geodata. Building the routing API of SafeSteps.',
    experiences: ['Built delivery routing for a grocery app in Brazil'],
  },
  {
    first: 'Aisha',
    last: 'Bello',
    availability: 'Flexible',
    looking: true,
    timezone: 'UTC+1',
    links: 'gl',
    skills: [
      ['Data Science', A],
      ['Python', A],
      ['PostgreSQL', I],
    ],
    bio: 'Data scientist who likes dashboards that tell a story. Looking for a climate or health team that needs its data to make sense.',
    experiences: ['Analyst at a public health NGO in Lagos'],
  },
  {
    first: 'Oliver',
    last: 'Novak',
    availability: 'Part Time',
    looking: false,
    timezone: 'UTC+1',
    links: 'l',
    skills: [
      ['Product Management', A],
      ['Marketing', I],
    ],
    bio: 'Product manager for civic tech. On Open Ledger I talk to non-profits and turn what they need into our backlog.',
    experiences: ['Ran the product side of a city participation platform'],
  },
  {
    first: 'Elena',
    last: 'Popescu',
    availability: 'Full Time',
    looking: false,
    timezone: 'UTC+2',
    links: 'gp',
    skills: [
      ['React', A],
      ['TypeScript', A],
      ['D3.js', I],
    ],
    bio: 'Frontend developer who draws charts for a living. Building the public reports of Open Ledger.',
    experiences: ['Data visualisation developer at a Bucharest newsroom'],
  },
  {
    first: 'Kenji',
    last: 'Watanabe',
    availability: 'Weekends',
    looking: false,
    timezone: 'UTC+9',
    links: 'gt',
    skills: [
      ['Arduino', A],
      ['C++', I],
      ['Python', I],
    ],
    bio: 'Hardware tinkerer from a family of rice farmers. Leading Farm Sense: cheap soil sensors that tell farmers when to water.',
    experiences: ['Built a greenhouse monitor with Arduino and LoRa radios'],
  },
  {
    first: 'Nadia',
    last: 'Haddad',
    availability: 'Part Time',
    looking: false,
    timezone: 'UTC+2',
    links: 'lp',
    skills: [
      ['UI/UX Design', A],
      ['Figma', A],
    ],
    bio: 'Interaction designer who tests with real users early. Designing SafeSteps together with wheelchair users in Beirut.',
    experiences: ['UX researcher at an accessibility consultancy'],
  },
  {
    first: 'Samuel',
    last: 'Adeyemi',
    preferred: 'Sam Adeyemi',
    availability: 'Full Time',
    looking: true,
    timezone: 'UTC+1',
    links: 'gld',
    skills: [
      ['Kotlin', A],
      ['Firebase', I],
      ['Swift', B],
    ],
    bio: 'Android developer with two apps on the Play Store. Looking for a team that needs a mobile app built fast and well.',
    experiences: ['Android developer at a Lagos fintech'],
  },
  {
    first: 'Freya',
    last: 'Lindqvist',
    availability: 'Flexible',
    looking: true,
    timezone: 'UTC+1',
    links: 'gt',
    skills: [
      ['Rust', A],
      ['Go', I],
      ['Docker', I],
      ['AWS', B],
    ],
    bio: 'Systems programmer who likes Rust, small binaries and fast builds. Looking for a team with a performance problem to solve.',
    experiences: ['Works on a database engine in Stockholm'],
  },
  {
    first: 'Ravi',
    last: 'Iyer',
    availability: 'Part Time',
    looking: true,
    timezone: 'UTC+5:30',
    links: 'g',
    skills: [
      ['Python', I],
      ['Machine Learning', B],
      ['React', B],
    ],
    bio: 'Computer science student in Bangalore, into NLP and chatbots. Looking for a team to learn from; I am quick with Python.',
    experiences: ['Teaching assistant for an intro to programming course'],
  },
  {
    first: 'Camila',
    last: 'Torres',
    availability: 'Weekends',
    looking: false,
    timezone: 'UTC-5',
    links: 'pt',
    skills: [
      ['Blender', A],
      ['Figma', I],
      ['Unity', B],
    ],
    bio: '3D artist and illustrator. On Quest Forge I draw the characters and the places the players visit.',
    experiences: ["Illustrated two children's books"],
  },
  {
    first: 'Jonas',
    last: 'Weber',
    availability: 'Full Time',
    looking: false,
    timezone: 'UTC+1',
    links: 'gl',
    skills: [
      ['React', I],
      ['Next.js', I],
      ['TypeScript', I],
    ],
    bio: 'Frontend developer and daily cyclist. Building the trip planner screens of Green Route.',
    experiences: ['Built the booking pages of a bike-sharing service'],
  },
  {
    first: 'Leila',
    last: 'Karimi',
    availability: 'Flexible',
    looking: true,
    timezone: 'UTC-5',
    links: 'gl',
    skills: [
      ['AWS', A],
      ['Docker', A],
      ['Kubernetes', I],
    ],
    bio: 'DevOps and cloud engineer: I can get your demo deployed before the judges arrive. Looking for a team that wants to ship early.',
    experiences: ['Site reliability engineer at a video streaming company'],
  },
  {
    first: 'Ines',
    last: 'Moreau',
    availability: 'Weekends',
    looking: true,
    timezone: 'UTC+1',
    links: 'lt',
    skills: [
      ['Marketing', A],
      ['Product Management', I],
    ],
    bio: 'Growth marketer who has launched products on Product Hunt. Looking for a team that wants users, not just a demo.',
    experiences: ['Launched three products into the top 5 of the day on Product Hunt'],
  },
  {
    first: 'Tomás',
    last: 'Herrera',
    availability: 'Flexible',
    looking: true,
    timezone: 'UTC-6',
    links: 'gl',
    skills: [
      ['Go', I],
      ['PostgreSQL', I],
      ['Python', I],
    ],
    bio: 'Backend developer from Mexico City who enjoys working with public data. Open to any team that needs an API and a database.',
    experiences: ['Built an open-data portal for a city government'],
  },
  {
    first: 'Grace',
    last: 'Wanjiru',
    availability: 'Full Time',
    looking: false,
    timezone: 'UTC+3',
    links: 'gl',
    skills: [
      ['Data Science', A],
      ['Python', A],
    ],
    bio: 'Agricultural data scientist from Nairobi. On Farm Sense I turn soil readings into watering advice farmers trust.',
    experiences: ['Worked with smallholder farmers on a crop-yield study'],
  },
  {
    first: 'Viktor',
    last: 'Ivanov',
    availability: 'Full Time',
    looking: false,
    timezone: 'UTC+2',
    links: 'gd',
    skills: [
      ['Docker', A],
      ['Kubernetes', A],
      ['Go', A],
      ['AWS', I],
    ],
    bio: 'DevOps engineer who reviews too many pull requests. Leading Code Review Copilot, a bot that explains changes and flags risky ones.',
    experiences: ['Platform engineer for a team of 200 developers'],
  },
  {
    first: 'Maya',
    last: 'Goldberg',
    availability: 'Flexible',
    looking: false,
    timezone: 'UTC-5',
    links: 'l',
    skills: [
      ['Product Management', A],
      ['UI/UX Design', I],
    ],
    bio: 'Mentor this year: I have run product at three startups and am happy to review your pitch. Not joining a team myself.',
    experiences: ['Head of product at three startups'],
  },
  {
    first: 'Hiro',
    last: 'Sato',
    availability: 'Part Time',
    looking: false,
    timezone: 'UTC+9',
    links: 'gt',
    skills: [
      ['Godot', A],
      ['C#', I],
      ['Unity', I],
    ],
    bio: 'Game programmer who prototypes in Godot. Writing the game loop of Quest Forge.',
    experiences: ['Won a 48-hour game jam in Tokyo'],
  },
  {
    first: 'Omar',
    last: 'Farouk',
    availability: 'Weekends',
    looking: false,
    timezone: 'UTC+2',
    links: '',
    skills: [
      ['Python', B],
      ['Data Science', B],
    ],
    bio: 'Student in Cairo exploring data science. Just browsing for now: I will decide after my exams whether to take part.',
    experiences: [],
  },
  {
    first: 'Ethan',
    last: 'Brooks',
    availability: 'Part Time',
    looking: true,
    timezone: 'UTC-5',
    links: 'gt',
    skills: [
      ['Solidity', I],
      ['TypeScript', I],
      ['Node.js', I],
    ],
    bio: 'Web3 developer curious about useful uses of blockchains, like public records. Happy to join any team with a solid idea.',
    experiences: ['Audited smart contracts for a small DAO'],
  },
  {
    first: 'Arjun',
    last: 'Patel',
    availability: 'Full Time',
    looking: true,
    timezone: 'UTC+5:30',
    links: 'gl',
    skills: [
      ['Computer Vision', A],
      ['PyTorch', A],
      ['Python', A],
      ['Machine Learning', I],
    ],
    bio: 'Computer vision engineer who has fine-tuned models on sketches and scanned documents. Looking for a team where vision models do the heavy lifting.',
    experiences: ['Two years on document recognition at a scanning startup', 'Kaggle competitions expert'],
  },
  {
    first: 'Chloe',
    last: 'Dubois',
    availability: 'Part Time',
    looking: true,
    timezone: 'UTC+1',
    links: 'glpt',
    skills: [
      ['React', A],
      ['TypeScript', A],
      ['Tailwind CSS', A],
      ['Next.js', I],
    ],
    bio: 'Frontend engineer obsessed with performance and accessible components. Looking for a team that cares about the details of its UI.',
    experiences: ['Frontend lead at a Paris web agency', 'Contributor to an accessible React component library'],
  },
  {
    first: 'Daniel',
    last: 'Kim',
    preferred: 'Dan Kim',
    availability: 'Part Time',
    looking: true,
    timezone: 'UTC-8',
    links: 'gtp',
    skills: [
      ['Next.js', A],
      ['React', A],
      ['GraphQL', I],
      ['Node.js', I],
    ],
    bio: 'Indie hacker with two small SaaS products, good at scoping an MVP for a weekend. Looking for a team with a big idea that needs cutting down to size.',
    experiences: ['Founder of two small SaaS products with paying customers'],
  },
  {
    first: 'Zara',
    last: 'Ahmed',
    availability: 'Flexible',
    looking: true,
    timezone: 'UTC+0',
    links: 'lt',
    skills: [
      ['Product Management', A],
      ['Marketing', I],
      ['Figma', B],
    ],
    bio: 'Product manager who writes user stories and pitch decks people want to read. Looking for a technical team that needs someone on product and the pitch.',
    experiences: ['Product manager at a London health-tech startup'],
  },
  {
    first: 'Olivia',
    last: 'Nguyen',
    availability: 'Full Time',
    looking: true,
    timezone: 'UTC+7',
    links: 'gldp',
    skills: [
      ['TypeScript', A],
      ['Node.js', A],
      ['React', I],
      ['PostgreSQL', I],
    ],
    bio: 'Full-stack developer from Ho Chi Minh City who ships fast prototypes. Looking for a team that wants to build something people actually use.',
    experiences: ['Built a fintech MVP at a 48-hour hackathon', 'Two years as a software engineer at a startup'],
  },
];

const fullName = (p: Pick<Person, 'first' | 'last'>) => `${p.first} ${p.last}`;
const DEMO_NAME = fullName(PEOPLE[0]);

/** A team, its leaders and members by full name, with roles that fit their skills; `full`: as many members as it takes. */
const TEAMS: {
  name: string;
  description: string;
  positions: string[];
  open: boolean;
  leaders: string[];
  members: [string, string][];
  full?: true;
}[] = [
  {
    name: 'Pixel Pioneers',
    description: 'A web app that turns sketches into accessible UI components using vision models.',
    positions: ['Frontend Developer', 'ML Engineer'],
    open: true,
    leaders: [DEMO_NAME],
    members: [['Sofia Rossi', 'Designer']],
  },
  {
    name: 'Green Route',
    description: 'Carbon-aware trip planner that suggests the greenest way to get anywhere in a city.',
    positions: ['Backend Developer', 'Data Scientist'],
    open: true,
    leaders: [DEMO_NAME, 'Priya Sharma'],
    members: [['Jonas Weber', 'Frontend Developer']],
  },
  {
    name: 'MediMind',
    description: 'An assistant that helps patients understand their lab results in plain language.',
    positions: ['Full Stack Developer', 'UI/UX Designer'],
    open: true,
    leaders: ['Hannah Schmidt'],
    members: [['Kwame Mensah', 'Backend Developer']],
  },
  {
    name: 'StudyBuddy AI',
    description: 'Personal tutor that builds flashcards and quizzes from your lecture notes.',
    positions: ['Mobile Developer', 'Frontend Developer'],
    open: true,
    leaders: ['Yuki Tanaka'],
    members: [],
  },
  {
    name: 'Open Ledger',
    description: 'Transparent budgeting tool for small non-profits, with shareable public reports.',
    positions: ['Full Stack Developer'],
    open: false,
    leaders: ['Noah Fischer'],
    members: [
      ['Elena Popescu', 'Frontend Developer'],
      ['Oliver Novak', 'Product Manager'],
    ],
  },
  {
    name: 'Voice of the Crowd',
    description: 'Real-time multilingual captions and translation for live community events.',
    positions: ['Audio/ML Engineer', 'Mobile Developer'],
    open: true,
    leaders: ['Amara Okafor'],
    members: [['Mateo Garcia', 'Frontend Developer']],
  },
  {
    name: 'Farm Sense',
    description: 'Low-cost soil sensors and a dashboard that tells small farmers when to water.',
    positions: ['Mobile Developer', 'Data Engineer'],
    open: true,
    leaders: ['Kenji Watanabe'],
    members: [['Grace Wanjiru', 'Data Scientist']],
  },
  {
    name: 'Quest Forge',
    description: 'A collaborative story game where an AI game master adapts to every player.',
    positions: ['Sound Designer'],
    open: true,
    full: true,
    leaders: ["Liam O'Connor"],
    members: [
      ['Mei Lin', 'Writer'],
      ['Hiro Sato', 'Game Developer'],
      ['Camila Torres', '3D Artist'],
    ],
  },
  {
    name: 'SafeSteps',
    description: 'Community-sourced map of accessible routes for wheelchair users and parents with strollers.',
    positions: ['QA Tester'],
    open: false,
    leaders: ['Fatima Al-Sayed'],
    members: [
      ['Lucas Silva', 'Backend Developer'],
      ['Nadia Haddad', 'Designer'],
    ],
  },
  {
    name: 'Code Review Copilot',
    description: 'Bot that explains pull requests to reviewers and flags risky changes early.',
    positions: ['Backend Developer', 'Frontend Developer'],
    open: true,
    leaders: ['Viktor Ivanov'],
    members: [],
  },
];

/** Pending join requests, newest last: [who, team, position, message, minutes ago]. The first two wait for the demo account. */
const JOIN_REQUESTS: [string, string, string, string, number][] = [
  ['Arjun Patel', 'Pixel Pioneers', 'ML Engineer', 'I have fine-tuned vision models before and can help with the ML side.', 95],
  [
    'Chloe Dubois',
    'Pixel Pioneers',
    'Frontend Developer',
    'I build React apps for a living and would love to make the sketch-to-UI flow shine.',
    4,
  ],
  [
    'Samuel Adeyemi',
    'StudyBuddy AI',
    'Mobile Developer',
    'I have shipped two Android apps and would like to build the StudyBuddy app.',
    240,
  ],
  ['Freya Lindqvist', 'Code Review Copilot', 'Backend Developer', 'Rust or Go, I can make the review bot fast. I would love to join.', 180],
  // The demo account's own request, so its Notifications tab shows one waiting for an answer.
  [
    DEMO_NAME,
    'Code Review Copilot',
    'Backend Developer',
    'I write Node.js and PostgreSQL every day and would enjoy building the API behind the review bot.',
    60,
  ],
];

/** Every skill a demo person has, plus a few more for the filter's chips. */
const SKILL_NAMES = [...new Set([...PEOPLE.flatMap((p) => p.skills.map(([name]) => name)), 'Swift', 'Unity', 'Solidity'])];

/** 'Tomás' -> 'tomas', "O'Connor" -> 'oconnor': for e-mail addresses and handles. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

export async function seedDemoData(db: Db): Promise<boolean> {
  const [existing] = await db
    .select({ n: sql<number>`(select count(*) from profiles) + (select count(*) from teams)` })
    .from(sql`(select 1) as one`);
  const count = existing.n;
  if (Number(count) > 0) return false;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  const minutesAgo = (m: number) => new Date(now - m * 60_000);

  await db.transaction(async (tx) => {
    const skillRows = await tx
      .insert(skills)
      .values(SKILL_NAMES.map((name) => ({ name })))
      .onConflictDoNothing()
      .returning();
    const skillId = new Map(skillRows.map((s) => [s.name, s.id]));
    /** Each person's profile by full name. */
    const people = new Map<string, { id: string; name: string }>();
    for (const [i, person] of PEOPLE.entries()) {
      const { first: firstName, last: lastName, preferred: preferredName = null, links } = person;
      const userId = crypto.randomUUID();
      const email = i === 0 ? DEMO_EMAIL : `${plain(firstName)}.${plain(lastName)}@demo.example.com`;
      // Older profiles first, so the demo account is the oldest and the list looks lived-in.
      const createdAt = new Date(now - (PEOPLE.length - i) * 3_600_000 * 7);
      await tx.insert(users).values({
        id: userId,
        name: `${firstName} ${lastName}`,
        email,
        firstName,
        lastName,
        emailVerified: true,
        createdAt,
        updatedAt: createdAt,
      });
      // Every demo person signs in with the demo password (one hash for all), so the other side of
      // a request, an invitation or a grouping proposal can be tried too.
      await tx
        .insert(accounts)
        .values({ id: crypto.randomUUID(), accountId: userId, providerId: 'credential', userId, password: passwordHash });
      const handle = plain(firstName) + plain(lastName);
      const [profile] = await tx
        .insert(profiles)
        .values({
          userId,
          firstName,
          lastName,
          preferredName,
          name: displayName({ firstName, lastName, preferredName }),
          bio: person.bio,
          availability: person.availability,
          lookingForTeam: person.looking,
          timezone: person.timezone,
          githubUrl: links.includes('g') ? `https://github.com/${handle}` : null,
          linkedinUrl: links.includes('l') ? `https://www.linkedin.com/in/${handle}` : null,
          portfolioUrl: links.includes('p') ? `https://${handle}.dev` : null,
          discordUsername: links.includes('d') ? handle : null,
          twitterUsername: links.includes('t') ? handle : null,
          experiences: person.experiences,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: profiles.id, name: profiles.name });
      people.set(fullName(person), profile);
      await tx
        .insert(profileSkills)
        .values(person.skills.map(([name, level]) => ({ profileId: profile.id, skillId: skillId.get(name)!, level })));
    }
    const who = (name: string) => {
      const found = people.get(name);
      if (!found) throw new Error(`No demo person called ${name}`);
      return found;
    };

    const teamRows = new Map<string, { id: string; leader: { id: string; name: string } }>();
    for (const [i, team] of TEAMS.entries()) {
      const createdAt = new Date(now - (TEAMS.length - i) * 3_600_000 * 11);
      const memberCount = team.leaders.length + team.members.length;
      const [row] = await tx
        .insert(teams)
        .values({
          eventId: LEGACY_EVENT_ID,
          name: team.name,
          description: team.description,
          isOpen: team.open,
          openPositions: team.positions,
          createdAt,
          updatedAt: createdAt,
          maxSize: team.full ? memberCount : DEFAULT_TEAM_SIZE,
          // Each position needs what its title suggests, so 'Suggested people' has something to show.
          ...positionSkillColumns(team.positions, Object.fromEntries(team.positions.map((p) => [p, suggestedSkills(p)]))),
        })
        .returning({ id: teams.id });
      teamRows.set(team.name, { id: row.id, leader: who(team.leaders[0]) });
      await tx.insert(teamMembers).values([
        ...team.leaders.map((name) => ({
          teamId: row.id,
          profileId: who(name).id,
          isLeader: true,
          role: LEADER_ROLE,
          joinedAt: createdAt,
        })),
        ...team.members.map(([name, role]) => ({ teamId: row.id, profileId: who(name).id, isLeader: false, role, joinedAt: createdAt })),
      ]);
    }

    // Something waiting for the demo account: two people asking to join its first team, and an
    // invitation from another team, each with the notification it would have had; other leaders
    // have requests too, one of them from the demo account.
    const ref = (p: { id: string; name: string }) => ({ id: p.id, name: p.name });
    // Inserted oldest first: the inbox is ordered by insertion (seq).
    const told: (typeof notifications.$inferInsert)[] = [];
    for (const [asker, teamName, position, message, ago] of JOIN_REQUESTS) {
      const team = teamRows.get(teamName)!;
      const by = who(asker);
      const createdAt = minutesAgo(ago);
      const [request] = await tx
        .insert(joinRequests)
        .values({ teamId: team.id, teamName, profileId: by.id, position, message, createdAt })
        .returning({ id: joinRequests.id });
      // Every leader hears of it (Green Route's two would both).
      for (const leader of TEAMS.find((t) => t.name === teamName)!.leaders) {
        told.push({
          profileId: who(leader).id,
          kind: 'join_request',
          createdAt,
          data: { teamId: team.id, teamName, by: ref(by), requestId: request.id, position },
        });
      }
    }
    const demo = who(DEMO_NAME);
    const inviting = teamRows.get('MediMind')!;
    const [invitation] = await tx
      .insert(teamInvitations)
      .values({
        teamId: inviting.id,
        profileId: demo.id,
        invitedBy: inviting.leader.id,
        role: 'Full Stack Developer',
        message: 'Your full-stack experience is exactly what we need for the patient app. Join us?',
        createdAt: minutesAgo(30),
      })
      .returning({ id: teamInvitations.id, role: teamInvitations.role });
    told.push({
      profileId: demo.id,
      kind: 'invitation',
      createdAt: minutesAgo(30),
      data: { teamId: inviting.id, teamName: 'MediMind', by: ref(inviting.leader), invitationId: invitation.id, role: invitation.role },
    });
    told.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
    for (const notification of told) await tx.insert(notifications).values(notification);

    await seedDemoEvents(tx, now, DEMO_NAME, who, PEOPLE.map(fullName));
    await seedDemoGrouping(tx, now);
  });
  return true;
}
