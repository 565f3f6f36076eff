/** What other features (and the app) may use of the events feature. */
export { eventsRoutes } from './events.routes';
export { eventById, eventBySlug, featuredEvent, joinableEventIdsOf, visibleEvent, type EventViewer } from './events.repo';
export {
  eventFactsById,
  eventIdBySlug,
  eventRefOf,
  eventRefsById,
  followEventSaves,
  formationDeadlineOf,
  listedEventIdBySlug,
  unlistedEventsWithTeams,
} from './lookups.repo';
export { eventViewerOf, inEvent, ORGANIZERS, STAFF, type EventEnv } from './guards';
export {
  commonEvent,
  deregister,
  ensureRegistered,
  eventsLookingIn,
  looksInSomeEvent,
  mayBeMovedIn,
  newestRegistrants,
  registrationsIn,
  shareAnEvent,
  stopLookingIn,
  takesPart,
  takesPartIn,
} from './registration.repo';
export { eventCounts, eventRegistrations, lockEventsOf, registrantCount } from './roster.repo';
export { formingEventIds, lapseLooking, type Lapsed } from './freshness.repo';
export { defaultTeamSize, isFormationLocked, isRegistrationOpen, sizeAllowed } from './rules';
export { handOverEventsOf, staffAmong, staffEventsOf, staffRoleOf } from './staff.repo';
