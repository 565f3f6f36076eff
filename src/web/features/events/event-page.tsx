/**
 * An event's page, /hackathons/{slug} (docs/product.md#hackathon-page): what /hackathon showed for
 * the one hackathon, now for any event from its data, following its phases by the viewer's clock,
 * with taking part, its teams and its people. A draft or hidden event is not found for others.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EyeOff, FilePenLine } from 'lucide-react';
import type { EventDetail } from '../../../shared/api/events';
import { eventPhase } from '../../../shared/events';
import { Page, PageFailed } from '../../components/page';
import { ErrorMessage, Loading } from '../../components/ui/feedback';
import { useDocumentTitle } from '../../lib/title';
import { EventPeopleCard, EventTeamsCard } from './event-community';
import { EventHero } from './event-hero';
import { useEvent } from '../../lib/events';
import { isMissing } from './event-queries';
import { PrizesCard, RulesCard, ScheduleCard } from './event-sections';
import { prizeNote } from './event-text';
import { TakePartCard } from './take-part-card';
import { useNow } from './use-now';

export default function EventPage() {
  const { slug = '' } = useParams();
  const event = useEvent(slug);
  return <EventScreen query={event} notFound="Event not found" />;
}

/** Loading, not found, failed, or the event (a failed reload keeps showing it). */
export function EventScreen({ query, notFound }: { query: UseQueryResult<EventDetail>; notFound: string }) {
  useDocumentTitle(query.data?.name ?? 'Hackathon');
  if (query.isPending) return <Loading>Loading event...</Loading>;
  if (query.isError && (isMissing(query.error) || !query.data)) {
    return (
      <PageFailed message={isMissing(query.error) ? notFound : 'Failed to load event'} backTo="/hackathons" backLabel="Browse Hackathons" />
    );
  }
  return (
    <>
      {query.isError && (
        <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
          <ErrorMessage>Failed to fetch updated event data</ErrorMessage>
        </div>
      )}
      <EventView event={query.data} />
    </>
  );
}

export function EventView({ event }: { event: EventDetail }) {
  // Every second, for the countdowns and the moment a phase ends; once the event is over nothing changes.
  const now = useNow(1000, (t) => eventPhase(event, t) === 'ended');
  const phase = eventPhase(event, now);
  return (
    <>
      <StateNotice event={event} />
      <EventHero event={event} phase={phase} now={now} />
      <Page>
        {/* Taking part first on a phone; beside the schedule on a laptop. */}
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-start-3 lg:row-start-1">
            <TakePartCard event={event} />
            {event.prizePool && <PrizesCard prizePool={event.prizePool} note={prizeNote(event, phase)} />}
          </div>
          <div className="space-y-6 lg:col-span-2 lg:col-start-1 lg:row-start-1">
            {event.schedule.length > 0 && <ScheduleCard event={event} now={now} />}
            <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
              <EventTeamsCard event={event} />
              <EventPeopleCard event={event} />
            </div>
            <RulesCard event={event} />
          </div>
        </div>
      </Page>
    </>
  );
}

/**
 * Staff (and admins) see events others cannot: say so, so nobody shares a link that leads nowhere. Those
 * taking part in an event an admin hid see it too, to leave it.
 */
function StateNotice({ event }: { event: EventDetail }) {
  if (event.state === 'published' && !event.hidden) return null;
  const Icon = event.hidden ? EyeOff : FilePenLine;
  const staff = event.viewer.staffRole !== null || event.viewer.isAdmin;
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-warning sm:px-6">
      <p className="mx-auto flex max-w-6xl items-center gap-2">
        <Icon aria-hidden className="h-4 w-4 shrink-0" />
        {event.hidden && !staff
          ? 'Hidden by a platform admin: no one can take part in this event any more. You can still leave it.'
          : event.hidden
            ? 'Hidden by a platform admin: only its staff and admins see this event.'
            : 'Draft: only its staff see this event until it is published.'}
      </p>
    </div>
  );
}
