import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorMessage, Spinner } from '../../components/ui/feedback';

/** A leader's card of what waits on the team (join requests, invitations): loading, failed, empty, or the list. */
export function LeaderListCard<T>({
  title,
  titleId,
  query,
  failure,
  loading,
  failed,
  empty,
  note,
  notice,
  children,
}: {
  title: string;
  /** The heading's id: focus goes there when an answered entry leaves the list. */
  titleId?: string;
  query: UseQueryResult<T[]>;
  /** Why the last action on an entry failed, if it did. */
  failure: string | null;
  loading: string;
  failed: string;
  empty: string;
  /** A line on what can and cannot be done here now. */
  note?: string;
  /** What the last action did, with what may follow from it. */
  notice?: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId} tabIndex={titleId ? -1 : undefined}>
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {note && <p className="text-sm text-slate-500">{note}</p>}
        {failure && <ErrorMessage>{failure}</ErrorMessage>}
        {notice}
        {query.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-500">
            <Spinner /> {loading}
          </p>
        ) : query.isError ? (
          <ErrorMessage>{failed}</ErrorMessage>
        ) : query.data.length === 0 ? (
          <p className="text-sm text-slate-500">{empty}</p>
        ) : (
          children(query.data)
        )}
      </CardContent>
    </Card>
  );
}
