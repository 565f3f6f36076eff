import { ArrowRight } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState, ErrorMessage, Loading } from '../../components/ui/feedback';
import { EventCardView, useEventsByPhase } from '../events';
import { Section } from './section';

/** The home page lists this many: those running now first, then the soonest to start. */
const SHOWN = 3;

/** The events that have not ended, from the events data (docs/product.md#home). */
export function UpcomingHackathons() {
  const running = useEventsByPhase('running', SHOWN);
  const upcoming = useEventsByPhase('upcoming', SHOWN);
  const action = (
    <ButtonLink to="/hackathons" variant="outline">
      All Hackathons
      <ArrowRight aria-hidden className="h-4 w-4" />
    </ButtonLink>
  );
  if (running.isPending || upcoming.isPending) {
    return (
      <Section title="Upcoming Hackathons">
        <Loading>Loading hackathons...</Loading>
      </Section>
    );
  }
  if (running.isError && upcoming.isError) {
    return (
      <Section title="Upcoming Hackathons" action={action}>
        <ErrorMessage>Failed to load hackathons</ErrorMessage>
      </Section>
    );
  }
  const events = [...(running.data?.pages[0].items ?? []), ...(upcoming.data?.pages[0].items ?? [])].slice(0, SHOWN);
  if (events.length === 0) {
    return (
      <Section title="Upcoming Hackathons" action={action}>
        <EmptyState
          title="No upcoming hackathons"
          description="New events will be listed here. Meanwhile, keep your profile up to date and get to know the teams that are still looking for members."
          action={
            <ButtonLink to="/teams" variant="outline">
              Browse Teams
            </ButtonLink>
          }
        />
      </Section>
    );
  }
  return (
    <Section title="Upcoming Hackathons" intro="Mark your calendar and start forming your team early." action={action}>
      <ul className="grid grid-cols-1 gap-5 md:grid-cols-3">
        {events.map((e) => (
          <li key={e.slug}>
            <EventCardView event={e} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
