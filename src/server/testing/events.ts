/** Events for the API tests: a valid new event's body, field by field overridable. */
const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

let n = 0;
/** A valid new event, overridden field by field. */
export const newEvent = (over: Record<string, unknown> = {}) => ({
  slug: `spring-hack-${++n}`,
  name: 'Spring Hack',
  tagline: 'Build for spring',
  location: 'Online',
  timezone: 'Europe/Berlin',
  buildStartsAt: at(10),
  submissionDeadline: at(12),
  awardsAt: at(13),
  teamSizeMin: 2,
  teamSizeMax: 4,
  ...over,
});
