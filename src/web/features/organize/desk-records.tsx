/** Every export and announcement of the event, for its owners. */
import { SEGMENT_LABELS, TIMEZONE_BANDS, type SegmentKind, type TimezoneBand } from '../../../shared/api/organize';
import { Card } from '../../components/ui/card';
import { useDeskRecords } from './organize-queries';

/** A record's filters in words: 'skills React, Python; Full-time; looking'. */
function filterWords(filter: Record<string, unknown>): string {
  const words: string[] = [];
  if (Array.isArray(filter.skills) && filter.skills.length) words.push(`skills ${filter.skills.join(', ')}`);
  if (typeof filter.availability === 'string') words.push(filter.availability);
  if (typeof filter.band === 'string' && filter.band in TIMEZONE_BANDS) words.push(TIMEZONE_BANDS[filter.band as TimezoneBand].label);
  if (filter.looking === true) words.push('looking');
  if (typeof filter.teamId === 'string') words.push('one team');
  return words.join('; ');
}

export function DeskRecords({ slug }: { slug: string }) {
  const records = useDeskRecords(slug, true);
  const rows = records.data ?? [];
  return (
    <Card className="mt-8 p-4" role="region" aria-labelledby="records-heading">
      <h2 id="records-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Downloads and announcements
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">None yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="text-slate-600">
                <th className="py-1 pr-4">When</th>
                <th className="py-1 pr-4">Who</th>
                <th className="py-1 pr-4">What</th>
                <th className="py-1">How many</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i} className="border-t border-slate-200">
                  <td className="py-1 pr-4">{new Date(r.at).toLocaleString('en')}</td>
                  <td className="py-1 pr-4">{r.by?.name ?? 'Someone'}</td>
                  <td className="py-1 pr-4">
                    {r.kind === 'export' ? `Downloaded ${r.what}` : `Announced to: ${SEGMENT_LABELS[r.what as SegmentKind] ?? r.what}`}
                    {filterWords(r.filter) && <span className="text-slate-600"> ({filterWords(r.filter)})</span>}
                  </td>
                  <td className="py-1">{r.count.toLocaleString('en')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
