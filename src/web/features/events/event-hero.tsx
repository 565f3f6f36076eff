/**
 * The top of an event's page (docs/product.md#hackathon-page): its name and tagline, the pitch, where
 * the event stands (a countdown before the build, the time left to submit during it), its own site
 * and its teams, and for its staff the way to edit it.
 */
import type { ReactNode } from 'react';
import { ExternalLink, Flag, LayoutDashboard, MapPin, Pencil, Rocket, ShieldCheck, Trophy, Users } from 'lucide-react';
import type { EventDetail } from '../../../shared/api/events';
import type { EventPhase } from '../../../shared/events';
import { buttonClass, ButtonLink } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { countdown } from './countdown';
import { CountdownDisplay } from './countdown-display';
import { pitchEnding, statusText } from './event-text';

/** People can still sign up while the build is on (docs/product.md#hackathon-page). */
const canRegister = (phase: EventPhase) => phase === 'before' || phase === 'building';

const PHASE_LABEL: Record<EventPhase, string> = { before: 'Upcoming', building: 'Happening now', judging: 'Happening now', ended: 'Past' };

export function EventHero({ event, phase, now }: { event: EventDetail; phase: EventPhase; now: number }) {
  return (
    <section className="on-dark relative overflow-hidden bg-gradient-to-br from-slate-950 via-indigo-950 to-brand-700 text-white">
      <div aria-hidden className="pointer-events-none absolute -right-24 -top-24 h-72 w-72 rounded-full bg-brand-500/30 blur-3xl" />
      <div aria-hidden className="pointer-events-none absolute -bottom-32 left-1/3 h-72 w-72 rounded-full bg-fuchsia-500/20 blur-3xl" />
      <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1fr_auto]">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-indigo-100">
            <span className="inline-flex items-center gap-1.5 rounded-full bg-white/10 px-3 py-1 ring-1 ring-white/20">
              <Trophy aria-hidden className="h-4 w-4 text-amber-300" />
              {PHASE_LABEL[phase]}
            </span>
            <span className="inline-flex items-center gap-1.5 rounded-full bg-white/10 px-3 py-1 ring-1 ring-white/20">
              <MapPin aria-hidden className="h-4 w-4" />
              <span className="sr-only">Location:</span>
              {event.location}
            </span>
          </p>
          <h1 className="mt-5 max-w-3xl text-4xl font-extrabold tracking-tight [overflow-wrap:anywhere] sm:text-5xl">{event.name}</h1>
          {event.tagline && (
            <p className="mt-3 max-w-3xl bg-gradient-to-r from-amber-200 to-amber-400 bg-clip-text text-2xl font-bold text-transparent sm:text-3xl">
              {event.tagline}
            </p>
          )}
          <p className="mt-4 max-w-2xl whitespace-pre-line text-base text-indigo-100 sm:text-lg">
            {event.description ? `${event.description} ` : ''}
            {pitchEnding(event, phase)}
          </p>
          <div className="mt-8">
            <PhaseStatus event={event} phase={phase} now={now} />
          </div>
          <HeroActions event={event} phase={phase} />
          <StaffLinks event={event} />
        </div>
        <TrophyArt />
      </div>
    </section>
  );
}

/**
 * The event's own site and its teams. An event an admin hid takes no one and lists its teams to no
 * one: those still taking part (there only to leave) get neither link, its staff its site alone.
 */
function HeroActions({ event, phase }: { event: EventDetail; phase: EventPhase }) {
  const { staffRole, isAdmin } = event.viewer;
  const hidden = event.hidden;
  const site = event.siteUrl && (!hidden || staffRole !== null || isAdmin) ? event.siteUrl : null;
  const registering = canRegister(phase) && !hidden;
  if (!site && hidden) return null;
  return (
    <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
      {site && <ExternalButton href={site}>{registering ? 'Register Now' : 'Visit the Event Site'}</ExternalButton>}
      {!hidden && (
        <ButtonLink to={`/teams?event=${encodeURIComponent(event.slug)}`} size="lg" variant="inverseOutline">
          <Users aria-hidden className="h-4 w-4" />
          {registering ? 'Find a Team' : 'Browse Teams'}
        </ButtonLink>
      )}
    </div>
  );
}

const STAFF_ROLE = { owner: 'an owner', organizer: 'an organizer', moderator: 'a moderator' } as const;

/** Owners and organizers edit the event; every staff member (and a platform admin) sees its staff. */
function StaffLinks({ event }: { event: EventDetail }) {
  const { staffRole, isAdmin } = event.viewer;
  if (!staffRole && !isAdmin) return null;
  const edits = staffRole === 'owner' || staffRole === 'organizer' || isAdmin;
  const base = `/hackathons/${encodeURIComponent(event.slug)}`;
  return (
    <div className="mt-6 flex flex-wrap items-center gap-2 border-t border-white/15 pt-5 text-sm text-indigo-100">
      <span>{staffRole ? `You are ${STAFF_ROLE[staffRole]} of this event.` : 'You are a platform admin.'}</span>
      {edits && (
        <ButtonLink to={`${base}/edit`} size="sm" variant="inverseOutline">
          <Pencil aria-hidden className="h-3.5 w-3.5" />
          Edit Event
        </ButtonLink>
      )}
      <ButtonLink to={`${base}/staff`} size="sm" variant="inverseOutline">
        <ShieldCheck aria-hidden className="h-3.5 w-3.5" />
        Staff
      </ButtonLink>
      {staffRole && (
        <ButtonLink to={`${base}/organize`} size="sm" variant="inverseOutline">
          <LayoutDashboard aria-hidden className="h-3.5 w-3.5" />
          Organizer's Desk
        </ButtonLink>
      )}
      <ButtonLink to={`${base}/moderate`} size="sm" variant="inverseOutline">
        <Flag aria-hidden className="h-3.5 w-3.5" />
        Moderation
      </ButtonLink>
    </div>
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
function PhaseStatus({ event, phase, now }: { event: EventDetail; phase: EventPhase; now: number }) {
  if (phase === 'before') {
    const left = countdown(event.buildStartsAt, now);
    return (
      <div>
        <p className="mb-3 text-sm font-medium uppercase tracking-wider text-indigo-100">The build starts in</p>
        {!left.started && <CountdownDisplay remaining={left.remaining} label="Time until the build starts" />}
      </div>
    );
  }
  const { title, text } = statusText(event, phase);
  if (phase === 'building') {
    const left = countdown(event.submissionDeadline, now);
    return (
      <div className="space-y-5">
        <StatusBox Icon={Rocket} tone="emerald" title={title}>
          {text}
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
  return (
    <StatusBox Icon={phase === 'judging' ? Flag : Trophy} tone={phase === 'judging' ? 'sky' : 'amber'} title={title}>
      {text}
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
