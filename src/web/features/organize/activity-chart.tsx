/**
 * Registrations and teams formed, day by day: a small SVG bar chart with the same numbers as a
 * table for screen readers (docs/decisions/019-organizer-desk.md: why not a canvas chart library).
 * The bars stretch across the card whatever the number of days (the SVG scales to its box); the
 * scale and the days are HTML beside and below it, so their text keeps its size on a phone.
 */
import type { Dashboard } from '../../../shared/api/organize';

/** Each day is a slot of this many units: two bars and a gap. */
const SLOT = 10;
const BAR = 4;
/** At most this many day labels under the bars; past it, every n-th day is named. */
const MAX_LABELS = 8;

/** '2026-11-25' as 'Nov 25' (the day as the server counts it, without a time zone shift). */
function shortDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export function ActivityChart({ days }: { days: Dashboard['days'] }) {
  if (days.length === 0) return <p className="text-sm text-slate-600">No registrations yet.</p>;
  const max = Math.max(1, ...days.map((d) => d.registrations), ...days.map((d) => d.teamsFormed));
  const width = days.length * SLOT;
  const height = (n: number) => (n / max) * 100;
  const every = Math.ceil(days.length / MAX_LABELS);
  return (
    <figure>
      <div className="flex gap-2">
        {/* The scale: the highest day at the top, nought at the bars' foot. */}
        <div aria-hidden className="flex h-36 flex-col justify-between text-right text-xs tabular-nums text-slate-600">
          <span className="-mt-1.5">{max}</span>
          <span className="-mb-1.5">0</span>
        </div>
        <div className="min-w-0 flex-1">
          <svg
            role="img"
            aria-labelledby="activity-chart-title"
            viewBox={`0 0 ${width} 100`}
            preserveAspectRatio="none"
            className="block h-36 w-full border-b border-l border-slate-300"
          >
            <title id="activity-chart-title">Registrations and teams formed per day</title>
            {[25, 50, 75].map((line) => (
              <line key={line} x1="0" x2={width} y1={line} y2={line} className="stroke-slate-200" vectorEffect="non-scaling-stroke" />
            ))}
            {days.map((d, i) => {
              const x = i * SLOT + (SLOT - 2 * BAR) / 2;
              return (
                <g key={d.day}>
                  <rect x={x} y={100 - height(d.registrations)} width={BAR} height={height(d.registrations)} className="fill-brand-600" />
                  <rect x={x + BAR} y={100 - height(d.teamsFormed)} width={BAR} height={height(d.teamsFormed)} className="fill-amber-500" />
                </g>
              );
            })}
          </svg>
          {/* Each name centred under its day's bars; a name may be wider than its day (every n-th is named). */}
          <div aria-hidden className="relative mt-1 h-4 text-xs text-slate-600">
            {days.map((d, i) =>
              i % every === 0 ? (
                <span
                  key={d.day}
                  className="absolute -translate-x-1/2 whitespace-nowrap"
                  style={{ left: `${((i + 0.5) / days.length) * 100}%` }}
                >
                  {shortDay(d.day)}
                </span>
              ) : null,
            )}
          </div>
        </div>
      </div>
      <figcaption className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        <span>
          <span aria-hidden className="mr-1 inline-block h-3 w-3 bg-brand-600" />
          Registrations
        </span>
        <span>
          <span aria-hidden className="mr-1 inline-block h-3 w-3 bg-amber-500" />
          Teams formed
        </span>
      </figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-slate-700">The numbers, day by day</summary>
        <table className="mt-2 text-left">
          <thead>
            <tr>
              <th className="pr-4">Day</th>
              <th className="pr-4">Registrations</th>
              <th>Teams formed</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td className="pr-4">{d.day}</td>
                <td className="pr-4">{d.registrations}</td>
                <td>{d.teamsFormed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
