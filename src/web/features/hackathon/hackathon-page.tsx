import { CalendarDays, ExternalLink, Flag, PartyPopper, Rocket, Trophy, Users } from 'lucide-react';
import { COUNTDOWN_TARGET, EVENT_NAME, PRIZE_POOL, SCHEDULE, type ScheduleEvent } from '../../../shared/hackathon';
import { Page } from '../../components/layout';
import { buttonClass, ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { CountdownDisplay } from './countdown-display';
import { dateAndTimeInZone, timeZoneLabel, viewerTimeZone } from './schedule-time';
import { useEventUrl } from './hackathon-queries';
import { useDocumentTitle } from '../../lib/title';

const SCHEDULE_ICONS = [PartyPopper, Rocket, Flag, Trophy];

export default function HackathonPage() {
  useDocumentTitle('$1M Hackathon');
  const eventUrl = useEventUrl();
  return (
    <>
      <section className="on-dark relative overflow-hidden bg-gradient-to-br from-slate-950 via-indigo-950 to-brand-700 text-white">
        <div aria-hidden className="pointer-events-none absolute -right-24 -top-24 h-72 w-72 rounded-full bg-brand-500/30 blur-3xl" />
        <div aria-hidden className="pointer-events-none absolute -bottom-32 left-1/3 h-72 w-72 rounded-full bg-fuchsia-500/20 blur-3xl" />
        <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1fr_auto]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-indigo-100 ring-1 ring-white/20">
              <Trophy aria-hidden className="h-4 w-4 text-amber-300" />
              {EVENT_NAME}
            </p>
            <h1 className="mt-5 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
              The <span className="bg-gradient-to-r from-amber-200 to-amber-400 bg-clip-text text-transparent">$1M+</span> Hackathon
            </h1>
            <p className="mt-4 max-w-2xl text-base text-indigo-100 sm:text-lg">
              A month of building with makers from all over the world, and a prize pool of more than a million dollars. Find your
              team, ship something great, and compete for a share.
            </p>
            <div className="mt-8">
              <CountdownDisplay target={COUNTDOWN_TARGET} />
            </div>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <a
                href={eventUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass({ size: 'lg', variant: 'inverse' })}
              >
                Register Now
                <ExternalLink aria-hidden className="h-4 w-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
              <ButtonLink to="/teams" size="lg" variant="inverseOutline">
                <Users aria-hidden className="h-4 w-4" />
                Find a Team
              </ButtonLink>
            </div>
          </div>
          <TrophyArt />
        </div>
      </section>

      <Page>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <PrizesCard />
          <ScheduleCard />
        </div>
      </Page>
    </>
  );
}

function TrophyArt() {
  return (
    <div aria-hidden className="relative hidden h-72 w-72 items-center justify-center lg:flex">
      <div className="absolute inset-0 rounded-full border border-white/10" />
      <div className="absolute inset-8 rounded-full border border-white/15" />
      <div className="absolute inset-16 rounded-full bg-white/10 ring-1 ring-white/20 backdrop-blur" />
      <Trophy strokeWidth={1.25} className="relative h-28 w-28 text-amber-300 drop-shadow-[0_0_30px_rgba(252,211,77,0.45)]" />
    </div>
  );
}

function PrizesCard() {
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
          <p className="text-sm font-medium text-amber-800">Total Prize Pool</p>
          <p className="mt-1 whitespace-nowrap text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl lg:text-3xl xl:text-4xl">{PRIZE_POOL}</p>
        </div>
        <p className="mt-4 text-sm text-slate-600">Prize details will be announced before May 30th.</p>
      </CardContent>
    </Card>
  );
}

function ScheduleCard() {
  const zone = viewerTimeZone();
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarDays aria-hidden className="h-5 w-5 text-brand-600" />
          Event Schedule
        </CardTitle>
        <p className="text-sm text-slate-500">
          Times in UTC and in your time zone (
          <span title={zone} className="font-medium text-slate-700">
            {timeZoneLabel(zone)}
          </span>
          ).
        </p>
      </CardHeader>
      <CardContent>
        <ol aria-label="Event Schedule" className="relative space-y-6 border-l border-slate-200 pl-6 sm:ml-2">
          {SCHEDULE.map((event, i) => (
            <ScheduleItem key={event.at} event={event} zone={zone} Icon={SCHEDULE_ICONS[i % SCHEDULE_ICONS.length]} />
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

function ScheduleItem({ event, zone, Icon }: { event: ScheduleEvent; zone: string; Icon: typeof Trophy }) {
  return (
    <li className="relative">
      <span className="absolute -left-[2.45rem] top-0 flex h-8 w-8 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-4 ring-white">
        <Icon aria-hidden className="h-4 w-4" />
      </span>
      <h3 className="font-semibold text-slate-900">{event.title}</h3>
      {event.detail && <p className="text-sm font-medium text-brand-700">{event.detail}</p>}
      <dl className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">UTC</dt>
        <dd className="text-slate-800">
          <time dateTime={event.at}>
            <When iso={event.at} zone="UTC" />
          </time>
        </dd>
        <dt className="text-slate-500">Your time</dt>
        <dd className="text-slate-800">
          <When iso={event.at} zone={zone} />
        </dd>
      </dl>
    </li>
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
