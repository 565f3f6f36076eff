/**
 * An event's teams, memberships, join requests and invitations as sources other features' reports
 * select from (the organizer's desk, docs/product.md#the-organizers-desk): subqueries with named
 * columns over this feature's indexes, so a report over 130,000 registrants is one statement.
 */
import { sql, type SQL } from 'drizzle-orm';
import { joinRequests, teamInvitations, teamMembers, teams } from '../../db/schema';

/** The event's teams: id, name, is_open, open_positions, max_size, member_count, created_at, updated_at. */
export const eventTeams = (eventId: string): SQL =>
  sql`(select id, name, is_open, open_positions, max_size, member_count, created_at, updated_at from ${teams} where event_id = ${eventId})`;

/** Who is in which of the event's teams: team_id, profile_id, role, is_leader, joined_at. */
export const eventMemberships = (eventId: string): SQL =>
  sql`(select m.team_id, m.profile_id, m.role, m.is_leader, m.joined_at from ${teamMembers} m join ${teams} t on t.id = m.team_id where t.event_id = ${eventId})`;

/** Pending join requests to the event's teams: id, team_id, profile_id, created_at. */
export const eventPendingRequests = (eventId: string): SQL =>
  sql`(select r.id, r.team_id, r.profile_id, r.created_at from ${joinRequests} r join ${teams} t on t.id = r.team_id where t.event_id = ${eventId} and r.status = 'pending')`;

/** Pending invitations to the event's teams: id, team_id, profile_id, created_at. */
export const eventPendingInvitations = (eventId: string): SQL =>
  sql`(select i.id, i.team_id, i.profile_id, i.created_at from ${teamInvitations} i join ${teams} t on t.id = i.team_id where t.event_id = ${eventId} and i.status = 'pending')`;
