/** Every export and announcement of the event, for its owners. */
import {
  EXPORT_LABELS,
  SEGMENT_LABELS,
  TIMEZONE_BANDS,
  type ExportList,
  type SegmentKind,
  type TimezoneBand,
} from '../../../shared/api/organize';
import { RecordCard } from '../../components/record-card';
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
  return (
    <RecordCard
      id="records-heading"
      title="Downloads and announcements"
      lastColumn="How many"
      rows={(records.data ?? []).map((r, i) => ({
        key: String(i),
        at: r.at,
        by: r.by,
        what: (
          <>
            {r.kind === 'export'
              ? `Downloaded: ${EXPORT_LABELS[r.what as ExportList] ?? r.what}`
              : `Announced to: ${SEGMENT_LABELS[r.what as SegmentKind] ?? r.what}`}
            {filterWords(r.filter) && <span className="text-slate-600"> ({filterWords(r.filter)})</span>}
          </>
        ),
        last: r.count.toLocaleString('en'),
      }))}
    />
  );
}
