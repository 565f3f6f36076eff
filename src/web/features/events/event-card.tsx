/** An event as lists show it (/hackathons, the home page): name, tagline, dates in its zone, location, phase. */
import type { ReactNode } from 'react';
import { CalendarDays, MapPin, Users, type LucideIcon } from 'lucide-react';
import type { EventCard as EventCardData } from '../../../shared/api/events';
import type { EventListPhase } from '../../../shared/events';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { ButtonLink } from '../../components/ui/button';
import { dateRange } from './schedule-time';

const ACCENTS = ['from-brand-600 to-fuchsia-500', 'from-sky-500 to-brand-600', 'from-emerald-500 to-teal-600'];
/** Each event keeps its colour wherever it is listed. */
const accent = (slug: string) => ACCENTS[[...slug].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % ACCENTS.length];

export const PHASE_BADGE: Record<EventListPhase, { label: string; variant: BadgeVariant }> = {
  upcoming: { label: 'Upcoming', variant: 'secondary' },
  running: { label: 'Happening now', variant: 'success' },
  past: { label: 'Ended', variant: 'default' },
};

/** A line of a card: the icon stands for the label, which screen readers read instead. */
function Fact({ label, icon: Icon, children }: { label: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <dt className="pt-0.5">
        <span className="sr-only">{label}</span>
        <Icon aria-hidden className="h-4 w-4 text-link" />
      </dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** The build's days in the event's own time zone ('May 30 – June 30, 2025'). */
export const eventDates = (event: EventCardData) => dateRange(event.buildStartsAt, event.submissionDeadline, event.timezone);

export function EventCardView({ event, headingLevel = 3 }: { event: EventCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const badge = PHASE_BADGE[event.phase];
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-surface shadow-sm">
      <div aria-hidden className={`h-2 bg-gradient-to-r ${accent(event.slug)}`} />
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        {/* The phase under the name on every card (beside it, it went under only the longer names). */}
        <div className="flex flex-col items-start gap-1.5">
          <Heading className="min-w-0 max-w-full text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">{event.name}</Heading>
          <Badge variant={badge.variant}>{badge.label}</Badge>
        </div>
        {event.tagline && <p className="mt-2 line-clamp-2 text-sm text-slate-600">{event.tagline}</p>}
        <dl className="mt-4 space-y-2 text-sm text-slate-600">
          <Fact label="Date" icon={CalendarDays}>
            {eventDates(event)}
          </Fact>
          <Fact label="Location" icon={MapPin}>
            {event.location}
          </Fact>
          <Fact label="Taking part" icon={Users}>
            {event.registrantCount === 1 ? '1 person' : `${event.registrantCount} people`},{' '}
            {event.teamCount === 1 ? '1 team' : `${event.teamCount} teams`}
          </Fact>
        </dl>
        {(event.state === 'draft' || event.hidden) && (
          <p className="mt-3">
            <Badge variant="warning">{event.hidden ? 'Hidden' : 'Draft'}</Badge>
          </p>
        )}
        <div className="mt-auto pt-6">
          <ButtonLink
            to={`/hackathons/${encodeURIComponent(event.slug)}`}
            variant="outline"
            className="w-full"
            aria-label={`View Details: ${event.name}`}
          >
            View Details
          </ButtonLink>
        </div>
      </div>
    </article>
  );
}
