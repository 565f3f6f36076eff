/** What other features may use of the teams feature. */
export { leaderOf, leaderOnly, memberOnly } from './guards';
export { answerInvitation, pendingInvitationIds, pendingInvitationsFor } from './invitations.repo';
export { remindOpenPositions } from './freshness.repo';
export { leaveAllTeams, teamDataOf } from './leaving.repo';
export { leaveEvent, membershipsOf } from './members.repo';
export { pendingCountFor, pendingRequestIds, requestsOf } from './requests.repo';
export { eventMemberships, eventPendingInvitations, eventPendingRequests, eventTeams } from './roster.repo';
export { matchingTeams, personForSuggestions, teamForSuggestions } from './suggestions.repo';
export { formGroupedTeam, joinGroupedTeam, lockForJoining, memberIdsOf, whoMayJoin } from './grouped.repo';
export { withdrawBetween } from './contact-rules.repo';
export { reportableInvitation, reportableRequest, reportableTeam, writtenBy } from './reportable.repo';
export { unlistedFor } from './visibility';
