/** Grouping of solo participants (issue 32): the pure algorithm, its reasons and quality table, the routes and the job. */
export { formGroups, plannedSizes, type GroupingInput, type GroupingResult, type ProposedGroup } from './algorithm';
export { levelFromSkills, roleFromSkills, roleOfSkill, ROLES, rng, type PartialTeam, type Role, type Solo } from './people';
export { reasonsFor, type Reason } from './reasons';
export { measure, totalViolations, type Grouped, type Quality } from './quality';
export { forbiddenAmong, syntheticEvent, type SyntheticEvent } from './synthetic';
export { groupingRoutes } from './grouping.routes';
export { createGroupingJob, processGroupingRuns } from './runner';
export { forbiddenPairs, setTeamOptIn } from './optins.repo';
