import { useEffect, useState } from 'react';
import { Rocket } from 'lucide-react';
import { countdown, type Remaining } from './countdown';

const UNITS: { key: keyof Remaining; label: string }[] = [
  { key: 'days', label: 'Days' },
  { key: 'hours', label: 'Hours' },
  { key: 'minutes', label: 'Minutes' },
  { key: 'seconds', label: 'Seconds' },
];

/** Re-reads the clock every second until the target is reached. */
function useCountdown(target: string) {
  const [now, setNow] = useState(() => Date.now());
  const state = countdown(target, now);
  useEffect(() => {
    if (state.started) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [state.started]);
  return state;
}

export function CountdownDisplay({ target }: { target: string }) {
  const state = useCountdown(target);

  if (state.started) {
    return (
      <div role="status" className="inline-flex items-center gap-3 rounded-2xl bg-white/10 px-5 py-4 ring-1 ring-white/20 backdrop-blur">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-emerald-400/20 text-emerald-300">
          <Rocket aria-hidden className="h-5 w-5" />
        </span>
        <div className="text-left">
          <p className="text-lg font-semibold text-white">The build has started!</p>
          <p className="text-sm text-indigo-100">The countdown is over: teams are building now.</p>
        </div>
      </div>
    );
  }

  return (
    // role=timer is not announced on every tick, unlike a live region.
    <div role="timer" aria-label="Time until the build starts" className="grid max-w-md grid-cols-4 gap-2 sm:gap-3">
      {UNITS.map(({ key, label }) => (
        <div key={key} className="whitespace-nowrap rounded-xl bg-white/10 px-2 py-3 text-center ring-1 ring-white/20 backdrop-blur">
          <div className="text-2xl font-bold tabular-nums text-white sm:text-4xl">{String(state.remaining[key]).padStart(2, '0')}</div>
          <div className="mt-1 text-[11px] font-medium uppercase tracking-wider text-indigo-100 sm:text-xs">{label}</div>
        </div>
      ))}
    </div>
  );
}
