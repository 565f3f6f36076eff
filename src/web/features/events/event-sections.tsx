/** The cards of an event's page: prizes, the schedule, and the dates and rules teams follow. */
import { CalendarClock, CalendarDays, CheckCircle2, Flag, Lock, PartyPopper, Rocket, Trophy, Users } from 'lucide-react';
import type { EventDetail } from '../../../shared/api/events';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { dateAndTimeInZone, longDateTime, timeZoneLabel, viewerTimeZone } from './schedule-time';

const SCHEDULE_ICONS = [PartyPopper, Rocket, Flag, Trophy];

export function PrizesCard({ prizePool, note }: { prizePool: string; note: string }) {
  return (
    <Card className="h-fit overflow-hidden">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Trophy aria-hidden className="h-5 w-5 text-amber-500" />
          Prizes
        </CardTitle>
      </CardHeader>
      <CardContent>
        <div className="rounded-xl bg-gradient-to-br from-amber-50 to-orange-50 p-5 ring-1 ring-amber-100">
          <p className="text-sm font-medium text-warning">Total Prize Pool</p>
          <p className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-4xl lg:text-3xl xl:text-4xl">
            {prizePool}
          </p>
        </div>
        <p className="mt-4 text-sm text-slate-600">{note}</p>
      </CardContent>
    </Card>
  );
}

/** 'UTC' for UTC, otherwise the zone's name in words ('Central European Time'). */
const zoneName = (zone: string) => (zone === 'UTC' || zone === 'Etc/UTC' ? 'UTC' : timeZoneLabel(zone));

export function ScheduleCard({ event, now, className }: { event: EventDetail; now: number; className?: string }) {
  const zone = viewerTimeZone();
  const eventZone = zoneName(event.timezone);
  // The first item still ahead is the next one; those before it are done.
  const next = event.schedule.findIndex((e) => Date.parse(e.at) > now);
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarDays aria-hidden className="h-5 w-5 text-link" />
          Event Schedule
        </CardTitle>
        <p className="text-sm text-slate-500">
          Times in {eventZone} and in your time zone (
          <span title={zone} className="font-medium text-slate-700">
            {timeZoneLabel(zone)}
          </span>
          ).
        </p>
      </CardHeader>
      <CardContent>
        <ol aria-label="Event Schedule" className="relative space-y-6 border-l border-slate-200 pl-6 sm:ml-2">
          {event.schedule.map((item, i) => {
            const Icon = SCHEDULE_ICONS[i % SCHEDULE_ICONS.length];
            const state = next === -1 || i < next ? 'done' : i === next ? 'next' : 'later';
            return (
              <li key={`${item.at}-${i}`} className="relative">
                <span
                  className={cn(
                    'absolute -left-[2.45rem] top-0 flex h-8 w-8 items-center justify-center rounded-full ring-4 ring-surface',
                    state === 'done' ? 'bg-slate-100 text-slate-500' : 'bg-brand-50 text-link',
                  )}
                >
                  <Icon aria-hidden className="h-4 w-4" />
                </span>
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <h3 className="font-semibold text-slate-900">{item.title}</h3>
                  {state === 'done' && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
                      <CheckCircle2 aria-hidden className="h-3.5 w-3.5" />
                      Done
                    </span>
                  )}
                  {state === 'next' && (
                    <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-link ring-1 ring-inset ring-brand-100">
                      Up next
                    </span>
                  )}
                </div>
                {item.detail && <p className="text-sm font-medium text-link">{item.detail}</p>}
                <dl className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-slate-500">{eventZone === 'UTC' ? 'UTC' : 'Event time'}</dt>
                  <dd className="text-slate-800">
                    <time dateTime={item.at}>
                      <When iso={item.at} zone={event.timezone} />
                    </time>
                  </dd>
                  <dt className="text-slate-500">Your time</dt>
                  <dd className="text-slate-800">
                    <When iso={item.at} zone={zone} />
                  </dd>
                </dl>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}

/** Wraps between the date and the time, never inside either, on a narrow phone. */
function When({ iso, zone }: { iso: string; zone: string }) {
  const [date, time] = dateAndTimeInZone(iso, zone);
  return (
    <>
      <span className="whitespace-nowrap">{date},</span> <span className="whitespace-nowrap">{time}</span>
    </>
  );
}

/** The dates that decide what people can do, and the rules for teams (docs/product.md#event-data). */
export function RulesCard({ event }: { event: EventDetail }) {
  const zone = event.timezone;
  // A date left out says what it means (docs/product.md#event-data).
  const dates: [string, string | null, string | null][] = [
    ['Registration opens', event.registrationOpensAt, null],
    ['Registration closes', event.registrationClosesAt, event.registrationNeverCloses ? 'Never' : 'When the event is over'],
    ['Team formation deadline', event.formationDeadline, 'None: teams never lock'],
    ['Build starts', event.buildStartsAt, null],
    ['Submission deadline', event.submissionDeadline, null],
    ['Awards', event.awardsAt, null],
  ];
  const size =
    event.teamSizeMin === event.teamSizeMax ? `${event.teamSizeMax} people` : `${event.teamSizeMin} to ${event.teamSizeMax} people`;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock aria-hidden className="h-5 w-5 text-link" />
          Dates and rules
        </CardTitle>
        <p className="text-sm text-slate-500">Times in {zoneName(zone)}.</p>
      </CardHeader>
      <CardContent className="space-y-4">
        {event.formationLocked && (
          <p role="status" className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-warning ring-1 ring-amber-200">
            <Lock aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            Team membership is locked: the team formation deadline has passed. Only organizers move people between teams now.
          </p>
        )}
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          {dates
            .filter(([, at, unset]) => at !== null || unset !== null)
            .map(([label, at, unset]) => (
              <div key={label}>
                <dt className="font-medium text-slate-700">{label}</dt>
                <dd className="text-slate-600">{at === null ? unset : <time dateTime={at}>{longDateTime(at, zone)}</time>}</dd>
              </div>
            ))}
          <div>
            <dt className="font-medium text-slate-700">Team size</dt>
            <dd className="flex items-center gap-1.5 text-slate-600">
              <Users aria-hidden className="h-4 w-4" />
              {size}
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-700">Teams per person</dt>
            <dd className="text-slate-600">
              {event.teamsPerPerson === null ? 'No limit' : event.teamsPerPerson === 1 ? 'One team' : `Up to ${event.teamsPerPerson} teams`}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
