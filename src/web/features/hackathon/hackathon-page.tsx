import type { ReactNode } from 'react';
import { CalendarDays, CheckCircle2, ExternalLink, Flag, PartyPopper, Rocket, Trophy, Users } from 'lucide-react';
import {
  AWARD_CEREMONY,
  canRegister,
  COUNTDOWN_TARGET,
  EVENT_NAME,
  eventPhase,
  PRIZE_POOL,
  SCHEDULE,
  SUBMISSION_DEADLINE,
  type EventPhase,
  type ScheduleEvent,
} from '../../../shared/hackathon';
import { Page } from '../../components/page';
import { buttonClass, ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { countdown } from './countdown';
import { CountdownDisplay } from './countdown-display';
import { dateAndTimeInZone, longDateTimeUtc, longDateUtc, timeZoneLabel, viewerTimeZone } from './schedule-time';
import { useEventUrl } from './hackathon-queries';
import { useNow } from './use-now';
import { useDocumentTitle } from '../../lib/title';

const SCHEDULE_ICONS = [PartyPopper, Rocket, Flag, Trophy];

const PITCH = 'A month of building with makers from all over the world, and a prize pool of more than a million dollars.';

/** What the page says in each phase of the event (docs/product.md#hackathon-page). */
const PHASE_TEXT: Record<EventPhase, { pitch: string; prizes: string }> = {
  before: {
    pitch: `${PITCH} Find your team, ship something great, and compete for a share.`,
    prizes: 'Prize details will be announced before May 30th.',
  },
  building: {
    pitch: `${PITCH} Find your team, ship something great, and compete for a share.`,
    prizes: `Winners will be announced at the Award Ceremony on ${longDateUtc(AWARD_CEREMONY)}.`,
  },
  judging: {
    pitch: `${PITCH} The build is over: the judges are reviewing what the teams shipped.`,
    prizes: `Winners will be announced at the Award Ceremony on ${longDateUtc(AWARD_CEREMONY)}.`,
  },
  ended: {
    pitch: `${PITCH} This edition is over; your profile and your team stay here for the next one.`,
    prizes: `The prizes were awarded at the Award Ceremony on ${longDateUtc(AWARD_CEREMONY)}.`,
  },
};

export default function HackathonPage() {
  useDocumentTitle('$1M Hackathon');
  const eventUrl = useEventUrl();
  // Every second, for the countdowns and the moment a phase ends; once the event is over nothing changes.
  const now = useNow(1000, (t) => eventPhase(t) === 'ended');
  const phase = eventPhase(now);
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
            <p className="mt-4 max-w-2xl text-base text-indigo-100 sm:text-lg">{PHASE_TEXT[phase].pitch}</p>
            <div className="mt-8">
              <PhaseStatus phase={phase} now={now} />
            </div>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <ExternalButton href={eventUrl}>{canRegister(phase) ? 'Register Now' : 'Visit the Event Site'}</ExternalButton>
              <ButtonLink to="/teams" size="lg" variant="inverseOutline">
                <Users aria-hidden className="h-4 w-4" />
                {canRegister(phase) ? 'Find a Team' : 'Browse Teams'}
              </ButtonLink>
            </div>
          </div>
          <TrophyArt />
        </div>
      </section>

      <Page>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <PrizesCard note={PHASE_TEXT[phase].prizes} />
          <ScheduleCard now={now} />
        </div>
      </Page>
    </>
  );
}

function ExternalButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClass({ size: 'lg', variant: 'inverse' })}>
      {children}
      <ExternalLink aria-hidden className="h-4 w-4" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/** Before the start a countdown; afterwards where the event stands, with the time left to submit while teams build. */
function PhaseStatus({ phase, now }: { phase: EventPhase; now: number }) {
  if (phase === 'before') {
    const left = countdown(COUNTDOWN_TARGET, now);
    return (
      <div>
        <p className="mb-3 text-sm font-medium uppercase tracking-wider text-indigo-100">The build starts in</p>
        {!left.started && <CountdownDisplay remaining={left.remaining} label="Time until the build starts" />}
      </div>
    );
  }
  if (phase === 'building') {
    const left = countdown(SUBMISSION_DEADLINE, now);
    return (
      <div className="space-y-5">
        <StatusBox Icon={Rocket} tone="emerald" title="The build has started!">
          Teams are building now. Submissions close on {longDateTimeUtc(SUBMISSION_DEADLINE)}.
        </StatusBox>
        {!left.started && (
          <div>
            <p className="mb-3 text-sm font-medium uppercase tracking-wider text-indigo-100">Time left to submit</p>
            <CountdownDisplay remaining={left.remaining} label="Time left until the submission deadline" />
          </div>
        )}
      </div>
    );
  }
  if (phase === 'judging') {
    return (
      <StatusBox Icon={Flag} tone="sky" title="Submissions are closed">
        The judges are reviewing the projects. Awards on {longDateTimeUtc(AWARD_CEREMONY)}.
      </StatusBox>
    );
  }
  return (
    <StatusBox Icon={Trophy} tone="amber" title="The event has ended">
      The awards were presented on {longDateUtc(AWARD_CEREMONY)}. Thank you to every builder who took part.
    </StatusBox>
  );
}

const TONES = {
  emerald: 'bg-emerald-400/20 text-emerald-300',
  sky: 'bg-sky-400/20 text-sky-300',
  amber: 'bg-amber-400/20 text-amber-300',
} as const;

function StatusBox({ Icon, tone, title, children }: { Icon: typeof Trophy; tone: keyof typeof TONES; title: string; children: ReactNode }) {
  return (
    <div
      role="status"
      className="inline-flex max-w-xl items-start gap-3 rounded-2xl bg-white/10 px-5 py-4 ring-1 ring-white/20 backdrop-blur"
    >
      <span className={cn('flex h-10 w-10 shrink-0 items-center justify-center rounded-full', TONES[tone])}>
        <Icon aria-hidden className="h-5 w-5" />
      </span>
      <div className="text-left">
        <p className="text-lg font-semibold text-white">{title}</p>
        <p className="text-sm text-indigo-100">{children}</p>
      </div>
    </div>
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

function PrizesCard({ note }: { note: string }) {
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
          <p className="mt-1 whitespace-nowrap text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl lg:text-3xl xl:text-4xl">
            {PRIZE_POOL}
          </p>
        </div>
        <p className="mt-4 text-sm text-slate-600">{note}</p>
      </CardContent>
    </Card>
  );
}

function ScheduleCard({ now }: { now: number }) {
  const zone = viewerTimeZone();
  // The first event still ahead is the next one; those before it are done.
  const next = SCHEDULE.findIndex((e) => Date.parse(e.at) > now);
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarDays aria-hidden className="h-5 w-5 text-link" />
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
            <ScheduleItem
              key={event.at}
              event={event}
              zone={zone}
              Icon={SCHEDULE_ICONS[i % SCHEDULE_ICONS.length]}
              state={next === -1 || i < next ? 'done' : i === next ? 'next' : 'later'}
            />
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

function ScheduleItem({
  event,
  zone,
  Icon,
  state,
}: {
  event: ScheduleEvent;
  zone: string;
  Icon: typeof Trophy;
  state: 'done' | 'next' | 'later';
}) {
  return (
    <li className="relative">
      <span
        className={cn(
          'absolute -left-[2.45rem] top-0 flex h-8 w-8 items-center justify-center rounded-full ring-4 ring-surface',
          state === 'done' ? 'bg-slate-100 text-slate-500' : 'bg-brand-50 text-link',
        )}
      >
        <Icon aria-hidden className="h-4 w-4" />
      </span>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <h3 className="font-semibold text-slate-900">{event.title}</h3>
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
      {event.detail && <p className="text-sm font-medium text-link">{event.detail}</p>}
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
