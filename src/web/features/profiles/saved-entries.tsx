import type { ReactNode } from 'react';
import { ErrorMessage } from '../../components/ui/feedback';
import { errorText } from '../../lib/api';

/** What an editor of the own profile already holds (skills, experience), each entry removable. */
export function SavedEntries({
  id,
  title,
  count,
  empty,
  removal,
  children,
}: {
  id: string;
  title: string;
  count: number;
  empty: string;
  removal: { isError: boolean; error: unknown };
  /** The list, shown when there is something in it. */
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      {count === 0 ? <p className="text-sm text-slate-500">{empty}</p> : children}
      {removal.isError && <ErrorMessage>{errorText(removal.error, 'Failed to update profile')}</ErrorMessage>}
    </section>
  );
}
