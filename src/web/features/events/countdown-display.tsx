import type { Remaining } from './countdown';

const UNITS: { key: keyof Remaining; label: string }[] = [
  { key: 'days', label: 'Days' },
  { key: 'hours', label: 'Hours' },
  { key: 'minutes', label: 'Minutes' },
  { key: 'seconds', label: 'Seconds' },
];

/** Days, hours, minutes and seconds left, two digits each. `label` names what the time is left until. */
export function CountdownDisplay({ remaining, label }: { remaining: Remaining; label: string }) {
  return (
    // role=timer is not announced on every tick, unlike a live region.
    <div role="timer" aria-label={label} className="grid max-w-md grid-cols-4 gap-2 sm:gap-3">
      {UNITS.map(({ key, label: unit }) => (
        <div key={key} className="whitespace-nowrap rounded-xl bg-white/10 px-2 py-3 text-center ring-1 ring-white/20 backdrop-blur">
          <div className="text-2xl font-bold tabular-nums text-white sm:text-4xl">{String(remaining[key]).padStart(2, '0')}</div>
          <div className="mt-1 text-[11px] font-medium uppercase tracking-wider text-indigo-100 sm:text-xs">{unit}</div>
        </div>
      ))}
    </div>
  );
}
