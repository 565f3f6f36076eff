import { useEffect, useRef, useState } from 'react';
import { ChevronDown, Search, UserPlus } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { startParticles } from './particles';

/** docs/product.md#home: the cue appears after 1 s and hides beyond 100 px of scrolling. */
const CUE_DELAY_MS = 1000;
const CUE_HIDE_AFTER_PX = 100;

export function Hero({ scrollTargetId }: { scrollTargetId: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => (canvas.current ? startParticles(canvas.current) : undefined), []);

  return (
    <section className="on-dark relative isolate flex min-h-[calc(100svh-4rem)] items-center overflow-hidden bg-gradient-to-b from-slate-950 via-indigo-950 to-brand-700 text-white">
      <canvas ref={canvas} aria-hidden data-testid="particles" className="absolute inset-0 -z-10 h-full w-full" />
      <div
        aria-hidden
        className="pointer-events-none absolute left-1/2 top-1/3 -z-10 h-80 w-80 -translate-x-1/2 rounded-full bg-brand-500/30 blur-3xl"
      />
      <div className="mx-auto w-full max-w-4xl px-4 py-20 text-center sm:px-6">
        <p className="inline-flex items-center rounded-full bg-white/10 px-4 py-1.5 text-sm font-medium text-indigo-100 ring-1 ring-white/20 backdrop-blur">
          The place for people looking for a group
        </p>
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight sm:text-6xl lg:text-7xl">
          Find your perfect{' '}
          <span className="bg-gradient-to-r from-indigo-200 via-fuchsia-200 to-amber-200 bg-clip-text text-transparent">
            hackathon team
          </span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-base text-indigo-100 sm:text-xl">
          Show what you can build, meet people whose skills complement yours, and team up before the clock starts.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/signup" size="lg" variant="inverse" className="shadow-lg">
            <UserPlus aria-hidden className="h-5 w-5" />
            Create Your Profile
          </ButtonLink>
          <ButtonLink to="/profiles" size="lg" variant="inverseOutline">
            <Search aria-hidden className="h-5 w-5" />
            Find Teammates
          </ButtonLink>
        </div>
      </div>
      <ScrollCue targetId={scrollTargetId} />
    </section>
  );
}

function ScrollCue({ targetId }: { targetId: string }) {
  const [delayPassed, setDelayPassed] = useState(false);
  const [scrolledPast, setScrolledPast] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setDelayPassed(true), CUE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    const onScroll = () => setScrolledPast(window.scrollY > CUE_HIDE_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const shown = delayPassed && !scrolledPast;
  return (
    <button
      type="button"
      aria-label="Scroll down"
      onClick={() => document.getElementById(targetId)?.scrollIntoView({ behavior: 'smooth' })}
      className={cn(
        'absolute bottom-6 left-1/2 flex -translate-x-1/2 cursor-pointer flex-col items-center gap-1 rounded-full px-3 py-2 text-xs font-medium uppercase tracking-widest text-indigo-100 transition-[opacity,visibility] duration-500 hover:text-white',
        shown ? 'visible opacity-100' : 'invisible opacity-0',
      )}
    >
      Scroll
      <ChevronDown aria-hidden className="h-6 w-6 animate-bounce" />
    </button>
  );
}
