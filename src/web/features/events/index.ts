/** What other features may use of the events feature: its card and the list of events by phase (the home page). */
export { EventCardView } from './event-card';
export { useEventsByPhase } from './event-queries';
