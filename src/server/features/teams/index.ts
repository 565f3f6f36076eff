/** What other features may use of the teams feature. */
export { pendingCountFor, pendingInvitationIds, pendingInvitationsFor, pendingRequestIds, requestsOf } from './requests.repo';
export { matchingTeams, membershipsOf } from './teams.repo';
export { leaveAllTeams, teamDataOf } from './leaving.repo';
