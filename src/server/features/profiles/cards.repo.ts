/**
 * A profile's card as lists and details read it: its columns (over all events, or in one event,
 * where 'looking' means looking there) and the card made from a row.
 */
import { sql, type Placeholder } from 'drizzle-orm';
import type { ProfileCard, SkillBadge } from '../../../shared/api/profiles';
import type { Availability } from '../../../shared/constants';
import { HIDDEN_TEXT } from '../../../shared/safety';
import { profiles, type Profile } from '../../db/schema';
import { isoInstant, isoOfTimestamptz } from '../../db/instants';

export const cardColumns = {
  id: profiles.id,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  preferredName: profiles.preferredName,
  name: profiles.name,
  bio: profiles.bio,
  avatarUrl: profiles.avatarUrl,
  availability: profiles.availability,
  lookingForTeam: profiles.lookingForTeam,
  // As ISO 8601 text: a card shows them as that, and a Date would only be written back out (db/instants.ts).
  createdAt: isoInstant(profiles.createdAt),
  changedAt: isoInstant(profiles.changedAt),
  skills: profiles.skillBadges,
  /** A moderator or a platform ban hid the bio (kept by migration 0029's trigger). */
  bioHidden: profiles.bioHidden,
};
export type CardRow = Pick<Profile, Exclude<keyof typeof cardColumns, 'skills' | 'lookingForTeam' | 'createdAt' | 'changedAt'>> & {
  createdAt: string;
  changedAt: string;
  skills: SkillBadge[];
  /** Outside an event's list: the profile's own flag. */
  lookingForTeam?: boolean;
  /**
   * In an event's list (cardColumnsIn), since when the person is looking there, null if they are
   * not: every looking registration has its time (registrations.looking_since is not null).
   */
  lookingSince?: string | null;
};

/**
 * A card from its row, field by field (a list maps a page of them on every request, and spreading
 * each row cost more than reading it), with the bio hidden when a moderator hid it.
 */
export function toCard(row: CardRow): ProfileCard {
  const card: ProfileCard = {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    preferredName: row.preferredName,
    name: row.name,
    bio: row.bioHidden ? HIDDEN_TEXT : row.bio,
    avatarUrl: row.avatarUrl,
    availability: row.availability as Availability,
    lookingForTeam: row.lookingSince === undefined ? row.lookingForTeam === true : row.lookingSince !== null,
    createdAt: row.createdAt,
    skills: row.skills,
    updatedAt: row.changedAt,
  };
  // JSON's form of the instant ('2026-11-28T13:15:16.123456+00:00'), read without a Date.
  if (row.lookingSince) card.lookingSince = isoOfTimestamptz(row.lookingSince);
  return card;
}

/**
 * In an event, a card says whether the person is looking for a team there and since when, both
 * from one column of their row: the time they look there since, kept for each event they look in
 * (profiles.looking_since, migration 0024), and none where they do not.
 */
const { lookingForTeam: _flag, ...cardColumnsAnyEvent } = cardColumns;
export const cardColumnsIn = (eventId: string | Placeholder) => ({
  ...cardColumnsAnyEvent,
  lookingSince: sql<string | null>`${profiles.lookingSince} ->> ${eventId}::text`.as('looking_since_in_event'),
});
