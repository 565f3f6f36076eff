/**
 * One source for every rule of docs/product.md#validation-rules and its messages: the server validates
 * requests with these schemas and the forms show the same messages.
 */
import { z } from 'zod';
import { MAX_POSITION_SKILLS } from './matching';
import {
  AVAILABILITIES,
  DELETE_ACCOUNT_PHRASE,
  DELETE_PHRASE_MISMATCH,
  MAX_PAGE_SIZE,
  MESSAGE_MAX,
  MESSAGE_MIN,
  PASSWORD_MIN,
  PROFILES_PAGE_SIZE,
  SKILL_LEVELS,
  SKILL_NAME_MAX,
  SOCIAL_PROVIDERS,
  TEAM_DESCRIPTION_MIN,
  TEAM_NAME_MIN,
  TEAM_SIZE_MAX,
  TEAM_SIZE_MIN,
  TEAMS_PAGE_SIZE,
  TIMEZONES,
} from './constants';

export const trimmed = (max: number, label: string) => z.string().trim().max(max, `${label} must not exceed ${max} characters`);

/** Optional text: blank becomes null, as the spec saves empty optional fields. */
export const optionalText = (max: number, label: string) =>
  z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), trimmed(max, label).nullable().optional())
    .transform((v) => v ?? null);

/** A URL's scheme as parsed ('https:'), or null when it is no URL. */
export function urlScheme(v: string): string | null {
  try {
    return new URL(v).protocol;
  } catch {
    return null;
  }
}

const httpUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(500, 'URL must not exceed 500 characters')
    .refine((v) => ['http:', 'https:'].includes(urlScheme(v) ?? ''), message);

export const optionalUrl = (message: string) =>
  z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), httpUrl(message).nullable().optional())
    .transform((v) => v ?? null);

/**
 * The first message per field of a failed parse, keyed by the dotted path ('skills.0.name'; '_' for
 * the input as a whole): the server answers with it as `fields` and the forms read the same keys.
 */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    // Own keys only: a path may be a person's words ('constructor').
    if (!Object.hasOwn(fields, key)) fields[key] = issue.message;
  }
  return fields;
}

export const messageSchema = z
  .string()
  .trim()
  .min(MESSAGE_MIN, `Message must be at least ${MESSAGE_MIN} characters`)
  .max(MESSAGE_MAX, `Message must not exceed ${MESSAGE_MAX} characters`);

// ---------- accounts ----------
export const PASSWORD_BLANK_MESSAGE = 'Password must not be only spaces';

/**
 * A password being chosen: length, and not only whitespace. The server also refuses the most
 * common passwords (src/server/auth/common-passwords.ts), a list too large for the browser.
 */
export const newPassword = z
  .string()
  .min(PASSWORD_MIN, `Must be at least ${PASSWORD_MIN} characters`)
  .max(128, 'Password must not exceed 128 characters')
  .refine((v) => v.trim() !== '', PASSWORD_BLANK_MESSAGE);

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .email('Invalid email address');

export const SignUpSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(50, 'First name must not exceed 50 characters'),
  lastName: z.string().trim().min(1, 'Last name is required').max(50, 'Last name must not exceed 50 characters'),
  email,
  password: newPassword,
});
export type SignUpInput = z.input<typeof SignUpSchema>;

export const SignInSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
});

/** Where to go after a social sign-in: a path of this site (the web app checks it again). */
const redirectPath = z
  .string()
  .max(2000)
  .refine((v) => v.startsWith('/') && !v.startsWith('//') && !v.includes('\\'), 'Must be a path of this site');

export const SocialSignInSchema = z.object({
  provider: z.enum(SOCIAL_PROVIDERS, { message: 'Unknown sign-in provider' }),
  redirectTo: redirectPath.optional(),
});

export const ForgotPasswordSchema = z.object({ email });

export const ResetPasswordSchema = z.object({
  token: z
    .string()
    .trim()
    .min(1, 'This reset link is incomplete. Ask for a new one.')
    .max(200, 'This reset link is invalid. Ask for a new one.'),
  newPassword,
});

export const ChangePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(128, 'Password must not exceed 128 characters'),
  newPassword,
});

export const ChangeEmailSchema = z.object({ newEmail: email });

export const DeleteAccountSchema = z.object({
  /** Required for an account with a password; one signed in only with a provider signs in again instead. */
  password: z.string().max(128, 'Password must not exceed 128 characters').optional(),
  confirm: z
    .string()
    .max(100, DELETE_PHRASE_MISMATCH)
    .refine((v) => v.trim().toLowerCase() === DELETE_ACCOUNT_PHRASE, DELETE_PHRASE_MISMATCH)
    .meta({ description: `Exactly '${DELETE_ACCOUNT_PHRASE}'` }),
});

// ---------- profiles ----------
export const ProfileBasicSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(50, 'First name must not exceed 50 characters'),
  lastName: z.string().trim().min(1, 'Last name is required').max(50, 'Last name must not exceed 50 characters'),
  preferredName: optionalText(50, 'Preferred name'),
  availability: z.enum(AVAILABILITIES, { message: 'Choose an availability' }),
  bio: optionalText(1000, 'Bio'),
});
export type ProfileBasicInput = z.input<typeof ProfileBasicSchema>;

export const ProfileContactSchema = z.object({
  discordUsername: optionalText(50, 'Discord username'),
  twitterUsername: optionalText(50, 'Twitter username'),
  timezone: z
    .preprocess((v) => (v === '' ? null : v), z.enum(TIMEZONES, { message: 'Choose a timezone' }).nullable().optional())
    .transform((v) => v ?? null),
  githubUrl: optionalUrl('Invalid GitHub URL'),
  linkedinUrl: optionalUrl('Invalid LinkedIn URL'),
  portfolioUrl: optionalUrl('Invalid portfolio URL'),
});
export type ProfileContactInput = z.input<typeof ProfileContactSchema>;

const skillName = z.string().trim().max(SKILL_NAME_MAX, `Skill name must not exceed ${SKILL_NAME_MAX} characters`);
const skillLevel = z.enum(SKILL_LEVELS, { message: 'Level must be Beginner, Intermediate or Advanced' });
export const SkillInputSchema = z.object({ name: skillName.min(1, 'Skill name is required'), level: skillLevel });
/** The add-skill form: a blank name is ignored rather than refused (docs/product.md#validation-skills). */
export const SkillDraftSchema = z.object({ name: skillName, level: skillLevel });
export const AddSkillsSchema = z.object({
  skills: z.array(SkillInputSchema).min(1, 'Add at least one skill').max(50, 'At most 50 skills at once'),
});
export type SkillInput = z.infer<typeof SkillInputSchema>;

const experienceText = z.string().trim().max(1000, 'Experience must not exceed 1000 characters');
export const ExperienceSchema = z.object({ experience: experienceText.min(1, 'Experience is required') });
/** The add-experience form: a blank entry is ignored rather than refused (docs/product.md#validation-experience). */
export const ExperienceInputSchema = z.object({ experience: experienceText });

export const SettingsSchema = z.object({ lookingForTeam: z.boolean() });

// List queries: a value outside the limits the document declares (a page past 10,000, a search
// longer than 100 characters, a page size under 1) is refused with the field's message (400,
// code `invalid_query`); a filter that is nonsense (an unknown availability) falls back to its
// default, as each says. The `.meta` on each field describes it as the query string carries it.
export const flag = z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean());
/** A query value left out, or left empty (`?page=`): the field's default. */
const orDefault = (def: unknown) => (v: unknown) => (v === undefined || v === '' ? def : v);
export const PAGE_MAX = 10_000;
export const PAGE_MESSAGE = 'Page must be a whole number from 1 to 10,000';
export const page = z
  .preprocess(orDefault(1), z.coerce.number({ message: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(PAGE_MAX, PAGE_MESSAGE))
  .meta({ type: 'integer', minimum: 1, maximum: PAGE_MAX, default: 1, description: 'Page number, from 1 (400 outside 1 to 10,000)' });
export const UPDATED_SINCE_MESSAGE = 'Updated since must be a date and time (ISO 8601), such as 2026-11-26T08:00:00Z';
/**
 * Sync (docs/decisions/027-sync.md): only items changed at or after this instant, oldest change
 * first (updatedAt ascending, then id), so a script keeps the last updatedAt it saw as its next cursor.
 */
export const updatedSince = z
  .preprocess(orDefault(undefined), z.iso.datetime({ offset: true, message: UPDATED_SINCE_MESSAGE }).optional())
  .meta({
    type: 'string',
    format: 'date-time',
    description:
      'Only items changed at or after this instant (400 if not an ISO 8601 date and time), ordered by updatedAt ascending, then id: keep the last updatedAt seen as the next cursor (items changed at that instant come again)',
    example: '2026-11-26T08:00:00Z',
  });
export const PAGE_SIZE_MESSAGE = 'Page size must be a whole number, at least 1';
/** A page size above the maximum is served at the maximum (declared); under 1 or not a number is refused. */
export const pageSize = (def: number) =>
  z
    .preprocess(orDefault(def), z.coerce.number({ message: PAGE_SIZE_MESSAGE }).int(PAGE_SIZE_MESSAGE).min(1, PAGE_SIZE_MESSAGE))
    .meta({
      type: 'integer',
      minimum: 1,
      default: def,
      description: `Items per page (default ${def}; more than ${MAX_PAGE_SIZE} is served as ${MAX_PAGE_SIZE})`,
    })
    .transform((n) => Math.min(n, MAX_PAGE_SIZE));
/** A comma-separated list in a query (`?skills=React,Go`), or the same as repeated values: up to 20 skill names. */
export const skillNameList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : Array.isArray(v)
        ? v
        : [],
  z.array(z.string().max(SKILL_NAME_MAX)).max(20),
);
/** An event's slug to filter a list by; left out or empty: every event; past 100 characters: 400, never every event. */
export const eventFilter = (description: string) =>
  z
    .string({ message: "Event must be one event's address" })
    .trim()
    .toLowerCase()
    .max(100, "Event must be an event's address of at most 100 characters")
    .optional()
    .meta({ type: 'string', maxLength: 100, description: `${description}; 400 past 100 characters`, example: 'spring-hack-2027' });
export const SEARCH_MAX = 100;
export const SEARCH_MESSAGE = `Search must not exceed ${SEARCH_MAX} characters`;
/** Search text: longer than the limit is refused (400), never served as the unfiltered list. */
const searchText = (description: string) =>
  z
    .string({ message: 'Search must be text' })
    .trim()
    .max(SEARCH_MAX, SEARCH_MESSAGE)
    .optional()
    .meta({
      type: 'string',
      maxLength: SEARCH_MAX,
      description: `${description}; at most ${SEARCH_MAX} characters (400 past it)`,
      example: 'python',
    });

export const ProfileListQuerySchema = z.object({
  q: searchText('Search over first, last and preferred name, bio and skill names (case-insensitive)'),
  skills: skillNameList
    .catch([])
    .meta({ type: 'string', description: 'Comma-separated skill names; a profile must have all of them', example: 'React,TypeScript' }),
  availability: z
    .enum(AVAILABILITIES)
    .optional()
    .catch(undefined)
    .meta({ type: 'string', enum: [...AVAILABILITIES] }),
  looking: flag.catch(false).meta({ type: 'boolean', description: 'Only people looking for a team (in the event, with `event`)' }),
  event: eventFilter('Only people taking part in this event (its slug)'),
  updatedSince,
  page,
  pageSize: pageSize(PROFILES_PAGE_SIZE),
});
export type ProfileListQuery = z.infer<typeof ProfileListQuerySchema>;

// ---------- teams ----------
const TEAM_SIZE_MESSAGE = `Maximum team size must be between ${TEAM_SIZE_MIN} and ${TEAM_SIZE_MAX}`;
/** Maximum team size: a whole number from 2 to 10. */
const teamSize = z
  .number({ message: TEAM_SIZE_MESSAGE })
  .int(TEAM_SIZE_MESSAGE)
  .min(TEAM_SIZE_MIN, TEAM_SIZE_MESSAGE)
  .max(TEAM_SIZE_MAX, TEAM_SIZE_MESSAGE);
const RESERVED_TITLE = '__proto__';
const RESERVED_TITLE_MESSAGE = 'A position cannot be called __proto__';
/** An open position's title: the team's own words, used as a key of what positions need. */
const positionTitle = z
  .string()
  .max(100, 'Position must not exceed 100 characters')
  .refine((title) => title.trim() !== RESERVED_TITLE, RESERVED_TITLE_MESSAGE);
/** What each open position needs: its title -> up to 8 skill names (docs/decisions/011-matching.md). */
export const PositionSkillsSchema = z.preprocess(
  (value, ctx) => {
    // A JSON object may carry a key '__proto__', which no JavaScript object keeps as its own: say so rather than drop it.
    if (value !== null && typeof value === 'object' && Object.hasOwn(value, RESERVED_TITLE)) {
      ctx.addIssue({ code: 'custom', message: RESERVED_TITLE_MESSAGE, path: [RESERVED_TITLE], input: value });
    }
    return value;
  },
  z.record(
    positionTitle,
    z
      .array(skillName)
      .max(MAX_POSITION_SKILLS, `A position needs at most ${MAX_POSITION_SKILLS} skills`)
      .transform((list) => dedupe(list)),
  ),
);

export const CreateTeamSchema = z.object({
  name: z
    .string()
    .trim()
    .min(TEAM_NAME_MIN, `Team name must be at least ${TEAM_NAME_MIN} characters`)
    .max(100, 'Team name must not exceed 100 characters'),
  description: z
    .string()
    .trim()
    .min(TEAM_DESCRIPTION_MIN, `Description must be at least ${TEAM_DESCRIPTION_MIN} characters`)
    .max(2000, 'Description must not exceed 2000 characters'),
  logoUrl: optionalUrl('Invalid logo URL'),
  openPositions: z
    .array(positionTitle)
    .max(30, 'At most 30 open positions')
    .transform((list) => dedupe(list))
    .refine((list) => list.length > 0, 'At least one open position is required'),
  isOpen: z.boolean().default(true),
  /** Left out: 4, or the nearest size the event allows. */
  maxSize: teamSize.optional(),
  /** The event the team takes part in (its slug); left out: the featured event. */
  event: z.string().trim().toLowerCase().max(100).optional(),
  /** Skills of positions not in openPositions are ignored. */
  positionSkills: PositionSkillsSchema.optional(),
});
export type CreateTeamInput = z.input<typeof CreateTeamSchema>;

export const UpdateTeamSchema = z.object({
  name: z.string().trim().min(1, 'Team name is required').max(100, 'Team name must not exceed 100 characters'),
  description: optionalText(2000, 'Description'),
  isOpen: z.boolean(),
  /** Left out: the size stays as it is. */
  maxSize: teamSize.optional(),
});

/** A leader makes a member a leader, or a leader a member again. */
export const MemberRoleSchema = z.object({ isLeader: z.boolean({ message: 'Say whether the member leads the team' }) });

export const PositionsSchema = z.object({
  openPositions: z
    .array(positionTitle)
    .max(30, 'At most 30 open positions')
    .transform((list) => dedupe(list)),
  /** Left out: each position that stays keeps its skills. */
  positionSkills: PositionSkillsSchema.optional(),
});

/** One position added on the team page; a blank one adds nothing. */
export const PositionInputSchema = z.object({
  position: positionTitle.transform((title) => title.trim()),
});

export const JoinRequestSchema = z.object({
  position: z.string().trim().min(1, 'Please select a position').max(100),
  message: messageSchema,
});

export const InvitationSchema = z.object({
  teamId: z.string().uuid('Team not found'),
  profileId: z.string().uuid('Profile not found'),
  role: z.string().trim().min(1, 'Please specify a role').max(100, 'Role must not exceed 100 characters'),
  message: messageSchema,
});

export const TeamListQuerySchema = z.object({
  q: searchText('Search over team name and description (case-insensitive)'),
  open: flag.catch(false).meta({ type: 'boolean', description: 'Only teams open to new members' }),
  event: eventFilter("Only this event's teams (its slug)"),
  updatedSince,
  page,
  pageSize: pageSize(TEAMS_PAGE_SIZE),
});
export type TeamListQuery = z.infer<typeof TeamListQuerySchema>;

/** Trimmed, blanks dropped, duplicates (case-insensitive) dropped, order kept. */
export function dedupe(list: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const v = raw.trim();
    if (!v || seen.has(v.toLowerCase())) continue;
    seen.add(v.toLowerCase());
    out.push(v);
  }
  return out;
}
