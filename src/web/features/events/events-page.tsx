/**
 * /hackathons: every published event, in three groups (docs/product.md#events): running now, upcoming
 * (soonest first) and past (latest first), each a page at a time; above them, for a signed-in person
 * with any, 'Your events': those they take part in or work on, drafts included.
 */
import { Plus } from 'lucide-react';
import type { EventListPhase } from '../../../shared/events';
import { Page } from '../../components/page';
import { Button, ButtonLink } from '../../components/ui/button';
import { EmptyState, ErrorMessage, Loading, Spinner } from '../../components/ui/feedback';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/title';
import { EventCardView } from './event-card';
import { useEventsByPhase, useMyEvents } from './event-queries';

const GROUPS: { phase: EventListPhase; title: string; empty: string }[] = [
  { phase: 'running', title: 'Happening now', empty: 'No hackathon is running right now.' },
  { phase: 'upcoming', title: 'Upcoming', empty: 'No upcoming hackathons yet.' },
  { phase: 'past', title: 'Past', empty: 'No past hackathons.' },
];

export default function EventsPage() {
  useDocumentTitle('Hackathons');
  const { user } = useAuth();
  const lists = {
    running: useEventsByPhase('running'),
    upcoming: useEventsByPhase('upcoming'),
    past: useEventsByPhase('past'),
  };
  // Their own events first (a draft is found nowhere else), when they have any.
  const mine = useMyEvents(Boolean(user));
  const all = Object.values(lists);
  // Theirs come in the same first paint, so the groups below do not move down when they arrive.
  const loading = all.some((l) => l.isPending) || (Boolean(user) && mine.isPending);
  const failed = all.every((l) => l.isError);
  const none = !loading && all.every((l) => l.isSuccess && l.data.pages[0].total === 0) && !mine.data?.pages[0].total;

  return (
    <Page>
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Hackathons</h1>
          <p className="mt-2 text-slate-600">Find an event, take part, and build your team there.</p>
        </div>
        {user && (
          <ButtonLink to="/hackathons/new" variant="outline">
            <Plus aria-hidden className="h-4 w-4" />
            Create an Event
          </ButtonLink>
        )}
      </div>
      {loading ? (
        <Loading>Loading hackathons...</Loading>
      ) : failed ? (
        <ErrorMessage>Failed to load hackathons</ErrorMessage>
      ) : none ? (
        <EmptyState title="No hackathons yet" description="Events appear here once their organizers publish them." />
      ) : (
        <div className="space-y-12">
          {user && mine.isSuccess && mine.data.pages[0].total > 0 && <EventGroup id="my-events" title="Your events" empty="" list={mine} />}
          {GROUPS.map((g) => (
            <EventGroup key={g.phase} id={`${g.phase}-events`} title={g.title} empty={g.empty} list={lists[g.phase]} />
          ))}
        </div>
      )}
    </Page>
  );
}

function EventGroup({
  id: headingId,
  title,
  empty,
  list,
}: {
  id: string;
  title: string;
  empty: string;
  list: ReturnType<typeof useEventsByPhase>;
}) {
  const events = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0].total ?? 0;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-4 flex items-baseline gap-2 text-xl font-semibold text-slate-900">
        {title}
        {total > 0 && <span className="text-sm font-normal text-slate-500">({total})</span>}
      </h2>
      {list.isError ? (
        <ErrorMessage>Failed to load hackathons</ErrorMessage>
      ) : events.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">{empty}</p>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3">
            {events.map((e) => (
              <li key={e.slug}>
                <EventCardView event={e} />
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <Button
              variant="outline"
              className="mt-4 w-full sm:w-auto"
              aria-label={`Show more: ${title}`}
              disabled={list.isFetchingNextPage}
              onClick={() => list.fetchNextPage()}
            >
              {list.isFetchingNextPage && <Spinner />}
              Show more
            </Button>
          )}
        </>
      )}
    </section>
  );
}
