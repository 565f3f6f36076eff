/**
 * A record of what staff did, for an event's owners: the organizer's desk (downloads and
 * announcements) and moderation (actions). One row per entry: when, who, what, and a last column.
 */
import type { ReactNode } from 'react';
import { Card } from './ui/card';

export interface RecordRow {
  key: string;
  at: string;
  by: { name: string } | null;
  what: ReactNode;
  last: ReactNode;
}

export function RecordCard({ id, title, lastColumn, rows }: { id: string; title: string; lastColumn: string; rows: RecordRow[] }) {
  return (
    <Card className="mt-8 p-4" role="region" aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">None yet.</p>
      ) : (
        // On a phone the table scrolls sideways within the card rather than squeezing its columns a letter wide.
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead>
              <tr className="whitespace-nowrap text-slate-600">
                <th className="py-1 pr-4">When</th>
                <th className="py-1 pr-4">Who</th>
                <th className="py-1 pr-4">What</th>
                <th className="py-1">{lastColumn}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} className="border-t border-slate-200">
                  <td className="whitespace-nowrap py-1 pr-4">{new Date(r.at).toLocaleString('en')}</td>
                  <td className="py-1 pr-4">{r.by?.name ?? 'Someone'}</td>
                  <td className="py-1 pr-4">{r.what}</td>
                  <td className="py-1">{r.last}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
