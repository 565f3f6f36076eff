/** Profiles: browse, the public page, the signed-in user's own profile and its edits, avatars. */
import { z } from 'zod';
import { AVAILABILITIES, SKILL_LEVELS, TIMEZONES } from '../constants';
import {
  AddSkillsSchema,
  ExperienceSchema,
  ProfileBasicSchema,
  ProfileContactSchema,
  ProfileListQuerySchema,
  eventFilter,
  SettingsSchema,
} from '../schemas';
import { EventRefSchema } from './refs';
import {
  DateTime,
  defineRoute,
  errors,
  idParam,
  json,
  jsonBody,
  jsonBodyErrors,
  NullableText,
  paged,
  signedIn,
  Uuid,
  optionalSession,
} from './contract';

export const SkillBadgeSchema = z
  .strictObject({ name: z.string(), level: z.enum(SKILL_LEVELS) })
  .meta({ id: 'SkillBadge', example: { name: 'TypeScript', level: 'Advanced' } });
export type SkillBadge = z.infer<typeof SkillBadgeSchema>;

export const ProfileCardSchema = z
  .strictObject({
    id: Uuid,
    firstName: z.string().meta({ example: 'Ada' }),
    lastName: z.string().meta({ example: 'Lovelace' }),
    preferredName: NullableText,
    name: z.string().meta({ description: 'The display name: the preferred name, or first and last name', example: 'Ada Lovelace' }),
    bio: NullableText,
    avatarUrl: NullableText.meta({ description: 'Null: show the initials on a colour chosen from the id' }),
    availability: z.enum(AVAILABILITIES),
    lookingForTeam: z.boolean(),
    skills: z.array(SkillBadgeSchema).meta({ description: 'In the order they were added' }),
    createdAt: DateTime,
    updatedAt: DateTime.meta({ description: 'When anything shown here last changed (sync: updatedSince)' }),
    lookingSince: DateTime.optional().meta({
      description:
        "In a list of one event's people, for those looking there: when they last said so (freshness; the flag lapses after the event's lookingLapseDays)",
    }),
  })
  .meta({ id: 'ProfileCard', description: 'What a profile card shows (lists, home preview)' });
export type ProfileCard = z.infer<typeof ProfileCardSchema>;

export const ContactInfoSchema = z
  .strictObject({
    discordUsername: NullableText,
    twitterUsername: NullableText,
    timezone: z.enum(TIMEZONES).nullable(),
    githubUrl: NullableText,
    linkedinUrl: NullableText,
    portfolioUrl: NullableText,
  })
  .meta({ id: 'ContactInfo' });
export type ContactInfo = z.infer<typeof ContactInfoSchema>;

export const ProfileDetailSchema = ProfileCardSchema.extend({
  experiences: z.array(z.string()),
  contact: ContactInfoSchema.nullable().meta({
    description: 'Null for anonymous viewers, and between two people one of whom blocked the other',
  }),
  blockedByViewer: z.literal(true).optional().meta({ description: 'Present when the signed-in viewer blocked this person' }),
}).meta({ id: 'ProfileDetail', description: 'The public profile page' });
export type ProfileDetail = z.infer<typeof ProfileDetailSchema>;

export const MembershipSchema = z
  .strictObject({
    teamId: Uuid,
    teamName: z.string(),
    description: NullableText,
    logoUrl: NullableText,
    isOpen: z.boolean(),
    role: z.string(),
    isLeader: z.boolean(),
    soleLeader: z.boolean().meta({ description: 'The only leader of the team: must hand it over before leaving' }),
    event: EventRefSchema,
  })
  .meta({ id: 'Membership', description: 'A team the user belongs to, with their role in it' });
export type Membership = z.infer<typeof MembershipSchema>;

export const MyTeamsQuerySchema = z.object({ event: eventFilter('Only the teams of this event (its slug)') });

export const OwnProfileSchema = ProfileCardSchema.extend({
  experiences: z.array(z.string()),
  contact: ContactInfoSchema,
  bioHidden: z
    .string()
    .optional()
    .meta({ description: "Present when a moderator hid the bio: their reason. Others read 'Hidden by a moderator'" }),
  teams: z.array(MembershipSchema).meta({ description: 'Led teams first, then by date joined' }),
}).meta({ id: 'OwnProfile', description: "The signed-in user's own profile (/profile)" });
export type OwnProfile = z.infer<typeof OwnProfileSchema>;

export const ProfileListSchema = paged(ProfileCardSchema).meta({ id: 'ProfileList' });
export type ProfileList = z.infer<typeof ProfileListSchema>;

const profileId = z.object({ id: idParam('Profile not found', 'The profile id') });
const ownerErrors = errors(401, 403, 404);
const ownProfile = json(OwnProfileSchema, 'The updated own profile, so the page can show it at once');

const PROFILES = 'Profiles';
const OWN = 'Own profile';

export const profilesApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/profiles',
    tags: [PROFILES],
    summary: 'Browse profiles',
    description:
      'Newest first, 24 per page. Search (`q`) matches first, last and preferred name, bio and skill names, case-insensitively; ' +
      '`skills` keeps profiles with all of them; every condition combines with AND. Nonsense in the query falls back to the default.',
    request: { query: ProfileListQuerySchema },
    responses: { 200: json(ProfileListSchema, 'One page of profiles and the number of all matches'), ...errors(400) },
  }),
  skills: defineRoute({
    method: 'get',
    path: '/api/skills',
    tags: [PROFILES],
    summary: 'All skill names',
    description: 'Every skill any profile has listed, by name: the filter chips of /profiles.',
    responses: { 200: json(z.array(z.string()).meta({ example: ['Go', 'PostgreSQL', 'React'] }), 'Skill names, A to Z') },
  }),
  get: defineRoute({
    method: 'get',
    path: '/api/profiles/{id}',
    security: optionalSession,
    tags: [PROFILES],
    summary: 'A public profile',
    description: 'Skills, experience and links. Contact details only for signed-in viewers (`contact` is null otherwise).',
    request: { params: profileId },
    responses: { 200: json(ProfileDetailSchema, 'The profile'), ...errors(404) },
  }),
  own: defineRoute({
    method: 'get',
    path: '/api/profile',
    tags: [OWN],
    summary: 'Your own profile',
    description: "The signed-in person's whole profile, contact details included, as the edit page shows it.",
    security: signedIn,
    responses: { 200: json(OwnProfileSchema, 'Your profile, with contact details and teams'), ...errors(401, 404) },
  }),
  myTeams: defineRoute({
    method: 'get',
    path: '/api/me/teams',
    tags: [OWN],
    summary: 'Your teams',
    description: 'The teams you are in, led ones first, then by date joined; with `event`, only those of that event.',
    security: signedIn,
    request: { query: MyTeamsQuerySchema },
    responses: { 200: json(z.array(MembershipSchema), 'Your teams'), ...errors(400, 401) },
  }),
  updateBasic: defineRoute({
    method: 'put',
    path: '/api/profiles/{id}/basic',
    tags: [OWN],
    summary: 'Edit basic information',
    description: 'First and last name (required), preferred name, availability and bio. Blank optional fields are saved as null.',
    security: signedIn,
    request: { params: profileId, body: jsonBody(ProfileBasicSchema) },
    responses: { 200: ownProfile, ...ownerErrors, ...errors(...jsonBodyErrors) },
  }),
  updateContact: defineRoute({
    method: 'put',
    path: '/api/profiles/{id}/contact',
    tags: [OWN],
    summary: 'Edit contact information',
    description: 'Owner only. Replaces the contact fields (email shown on the profile, links); the sign-in email does not change.',
    security: signedIn,
    request: { params: profileId, body: jsonBody(ProfileContactSchema) },
    responses: { 200: ownProfile, ...ownerErrors, ...errors(...jsonBodyErrors) },
  }),
  updateSettings: defineRoute({
    method: 'put',
    path: '/api/profiles/{id}/settings',
    tags: [OWN],
    summary: 'Looking for a team, or not',
    description: 'Owner only. Whether you are looking for a team, which puts you in the lists and suggestions leaders see.',
    security: signedIn,
    request: { params: profileId, body: jsonBody(SettingsSchema) },
    responses: { 200: ownProfile, ...ownerErrors, ...errors(...jsonBodyErrors) },
  }),
  addSkills: defineRoute({
    method: 'post',
    path: '/api/profiles/{id}/skills',
    tags: [OWN],
    summary: 'Add skills',
    description: 'All or nothing: a name already in the profile (compared case-insensitively) adds none of the batch (409).',
    security: signedIn,
    request: { params: profileId, body: jsonBody(AddSkillsSchema) },
    responses: { 200: ownProfile, ...ownerErrors, ...errors(409, ...jsonBodyErrors) },
  }),
  removeSkill: defineRoute({
    method: 'delete',
    path: '/api/profiles/{id}/skills',
    tags: [OWN],
    summary: 'Remove a skill',
    description: 'Owner only. Removes the named skill (compared case-insensitively); 404 when the profile does not list it.',
    security: signedIn,
    request: {
      params: profileId,
      query: z.object({
        name: z
          .string()
          .catch('')
          // A name no skill can have (holding NUL, which text cannot store) is no name: 404.
          .transform((name) => (name.includes('\u0000') ? '' : name))
          .meta({ type: 'string', description: 'The skill name (case-insensitive)', example: 'React' }),
      }),
    },
    responses: { 200: ownProfile, ...ownerErrors, ...errors(400) },
  }),
  addExperience: defineRoute({
    method: 'post',
    path: '/api/profiles/{id}/experiences',
    tags: [OWN],
    summary: 'Add an experience',
    description: "Owner only. Adds one entry at the end of the list of experiences, up to the profile's limit (400 past it).",
    security: signedIn,
    request: { params: profileId, body: jsonBody(ExperienceSchema) },
    responses: { 200: ownProfile, ...ownerErrors, ...errors(...jsonBodyErrors) },
  }),
  removeExperience: defineRoute({
    method: 'delete',
    path: '/api/profiles/{id}/experiences/{index}',
    tags: [OWN],
    summary: 'Remove an experience',
    description:
      'Removes the entry at `index` (from 0). With `text`, only if that entry still reads so: if another edit moved it, nothing is removed (409).',
    security: signedIn,
    request: {
      params: profileId.extend({ index: z.string().meta({ description: 'Position in the list, from 0', example: '0' }) }),
      query: z.object({
        text: z.string().optional().catch(undefined).meta({ type: 'string', description: 'The text of the entry being removed' }),
      }),
    },
    responses: { 200: ownProfile, ...ownerErrors, ...errors(400, 409) },
  }),
  uploadAvatar: defineRoute({
    method: 'post',
    path: '/api/profiles/{id}/avatar',
    tags: [OWN],
    summary: 'Upload an avatar',
    description:
      'Any image up to 5 MB, as the form field `file`. It is stored as a 200x200 WebP; anything that is not an image is refused (415).',
    security: signedIn,
    request: {
      params: profileId,
      body: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
          },
        },
      },
    },
    responses: { 200: ownProfile, ...ownerErrors, ...errors(400, 413, 415) },
  }),
  avatar: defineRoute({
    method: 'get',
    path: '/api/profiles/{id}/avatar',
    tags: [PROFILES],
    summary: 'An avatar image',
    description: 'The URL in `avatarUrl` carries a version, so each one may be cached for ever.',
    request: { params: z.object({ id: idParam('Avatar not found', 'The profile id') }) },
    responses: {
      200: { description: 'The image', content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } } },
      ...errors(404),
    },
  }),
};
