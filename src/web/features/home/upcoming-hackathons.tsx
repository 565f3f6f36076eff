import { useState, type ReactNode } from 'react';
import { CalendarDays, MapPin, type LucideIcon } from 'lucide-react';
import { UPCOMING_HACKATHONS, upcomingHackathons } from '../../../shared/hackathon';
import { Badge } from '../../components/ui/badge';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/feedback';
import { Section } from './section';

const ACCENTS = ['from-brand-600 to-fuchsia-500', 'from-sky-500 to-brand-600', 'from-emerald-500 to-teal-600'];
/** Each event keeps its colour when the ones before it drop off the list. */
const accent = (name: string) =>
  ACCENTS[
    Math.max(
      0,
      UPCOMING_HACKATHONS.findIndex((h) => h.name === name),
    ) % ACCENTS.length
  ];

/** A line of an event's card: the icon stands for the label, which screen readers read instead. */
function Fact({ label, icon: Icon, children }: { label: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="flex items-center gap-2">
      <dt>
        <span className="sr-only">{label}</span>
        <Icon aria-hidden className="h-4 w-4 text-link" />
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Only hackathons that have not ended (docs/product.md#home); the clock is read once, when the page opens. */
export function UpcomingHackathons() {
  const [now] = useState(() => Date.now());
  const events = upcomingHackathons(now);
  if (events.length === 0) {
    return (
      <Section title="Upcoming Hackathons">
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
    <Section title="Upcoming Hackathons" intro="Mark your calendar and start forming your team early.">
      <ul className="grid grid-cols-1 gap-5 md:grid-cols-3">
        {events.map((h) => (
          <li key={h.name} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-surface shadow-sm">
            <div aria-hidden className={`h-2 bg-gradient-to-r ${accent(h.name)}`} />
            <div className="flex flex-1 flex-col p-5 sm:p-6">
              <h3 className="text-lg font-semibold text-slate-900">{h.name}</h3>
              {h.happeningNow && (
                <p className="mt-2">
                  <Badge variant="success">Happening now</Badge>
                </p>
              )}
              <dl className="mt-3 space-y-2 text-sm text-slate-600">
                <Fact label="Date" icon={CalendarDays}>
                  {h.date}
                </Fact>
                <Fact label="Location" icon={MapPin}>
                  {h.location}
                </Fact>
              </dl>
              {/* Only an event with a page here gets a link: no button leads to another event's page. */}
              {h.detailsPath && (
                <div className="mt-auto pt-6">
                  <ButtonLink to={h.detailsPath} variant="outline" className="w-full" aria-label={`View Details: ${h.name}`}>
                    View Details
                  </ButtonLink>
                </div>
              )}
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
