/**
 * Registrations and teams formed, day by day: a small SVG bar chart with the same numbers as a
 * table for screen readers (docs/decisions/019-organizer-desk.md: why not a canvas chart library).
 */
import type { Dashboard } from '../../../shared/api/organize';

const HEIGHT = 140;
const GAP = 4;
/** Each day's pair of bars: wider when there are few days, so a week does not look like a sliver. */
const slotWidth = (days: number) => Math.max(2 * 5 + GAP, Math.min(48, Math.floor(640 / days)));

export function ActivityChart({ days }: { days: Dashboard['days'] }) {
  if (days.length === 0) return <p className="text-sm text-slate-600">No registrations yet.</p>;
  const max = Math.max(1, ...days.map((d) => d.registrations));
  const slot = slotWidth(days.length);
  const BAR = (slot - GAP) / 2;
  const width = days.length * slot + GAP;
  const y = (n: number) => Math.round((n / max) * (HEIGHT - 20));
  return (
    <figure>
      <div className="overflow-x-auto">
        <svg
          role="img"
          aria-labelledby="activity-chart-title"
          width={Math.max(width, 200)}
          height={HEIGHT + 20}
          viewBox={`0 0 ${Math.max(width, 200)} ${HEIGHT + 20}`}
          className="text-slate-700"
        >
          <title id="activity-chart-title">Registrations and teams formed per day</title>
          {days.map((d, i) => {
            const x = GAP + i * slot;
            return (
              <g key={d.day}>
                <rect x={x} y={HEIGHT - y(d.registrations)} width={BAR} height={y(d.registrations)} className="fill-brand-600" />
                <rect x={x + BAR} y={HEIGHT - y(d.teamsFormed)} width={BAR} height={y(d.teamsFormed)} className="fill-amber-500" />
              </g>
            );
          })}
          <line x1="0" x2={Math.max(width, 200)} y1={HEIGHT} y2={HEIGHT} className="stroke-slate-300" />
          <text x={GAP} y={HEIGHT + 15} className="fill-current text-[10px]">
            {days[0].day}
          </text>
          <text x={Math.max(width, 200) - GAP} y={HEIGHT + 15} textAnchor="end" className="fill-current text-[10px]">
            {days[days.length - 1].day}
          </text>
        </svg>
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        <span>
          <span aria-hidden className="mr-1 inline-block h-3 w-3 bg-brand-600" />
          Registrations (highest: {max})
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
