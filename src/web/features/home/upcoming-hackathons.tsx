import { CalendarDays, MapPin } from 'lucide-react';
import { UPCOMING_HACKATHONS } from '../../../shared/hackathon';
import { ButtonLink } from '../../components/ui/button';
import { Section } from './section';

const ACCENTS = ['from-brand-600 to-fuchsia-500', 'from-sky-500 to-brand-600', 'from-emerald-500 to-teal-600'];

export function UpcomingHackathons() {
  return (
    <Section title="Upcoming Hackathons" intro="Mark your calendar and start forming your team early.">
      <ul className="grid grid-cols-1 gap-5 md:grid-cols-3">
        {UPCOMING_HACKATHONS.map((h, i) => (
          <li key={h.name} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            <div aria-hidden className={`h-2 bg-gradient-to-r ${ACCENTS[i % ACCENTS.length]}`} />
            <div className="flex flex-1 flex-col p-5 sm:p-6">
              <h3 className="text-lg font-semibold text-slate-900">{h.name}</h3>
              <dl className="mt-3 space-y-2 text-sm text-slate-600">
                <div className="flex items-center gap-2">
                  <dt>
                    <span className="sr-only">Date</span>
                    <CalendarDays aria-hidden className="h-4 w-4 text-brand-600" />
                  </dt>
                  <dd>{h.date}</dd>
                </div>
                <div className="flex items-center gap-2">
                  <dt>
                    <span className="sr-only">Location</span>
                    <MapPin aria-hidden className="h-4 w-4 text-brand-600" />
                  </dt>
                  <dd>{h.location}</dd>
                </div>
              </dl>
              <ButtonLink to="/hackathon" variant="outline" className="mt-6 w-full" aria-label={`View Details: ${h.name}`}>
                View Details
              </ButtonLink>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
