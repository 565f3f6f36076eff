/**
 * A partial team asks grouping for members (docs/product.md#find-me-a-team): its leaders say how many
 * more people, see that the team is asking, change it or stop; its other members see that it asks.
 * Grouping fills such teams first, with people whose roles the team lacks; only those who accept join.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { MAX_TEAM_WANTED } from '../../../shared/api/grouping';
import type { TeamDetail } from '../../../shared/api/teams';
import { isFull } from '../../../shared/teams';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorMessage } from '../../components/ui/feedback';
import { Field, Select } from '../../components/ui/field';
import { api, errorText } from '../../lib/api';
import { teamKeys } from '../../lib/query-keys';

const people = (n: number) => (n === 1 ? '1 more person' : `${n} more people`);

export function TeamGroupingCard({ team }: { team: TeamDetail }) {
  const key = [...teamKeys.detail(team.id), 'grouping'];
  const client = useQueryClient();
  const state = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api('GET /api/teams/{id}/grouping', { params: { id: team.id }, signal }),
  });
  const save = useMutation({
    mutationFn: (wanted: number) => api('PUT /api/teams/{id}/grouping', { params: { id: team.id }, body: { wanted } }),
    onSuccess: (data) => client.setQueryData(key, data),
  });
  const isLeader = team.viewer.isLeader;
  const locked = team.event.formationLocked;
  const room = Math.max(0, team.maxSize - team.memberCount);
  const wanted = state.data?.wanted ?? 0;
  // Members other than leaders only learn that the team is asking; nothing to show otherwise.
  if (!isLeader && (state.isPending || state.isError || wanted === 0)) return null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Members through grouping</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {state.isPending ? (
          <p role="status" className="text-slate-500">
            Loading...
          </p>
        ) : state.isError ? (
          <ErrorMessage>{errorText(state.error, 'Could not load whether the team asks grouping for members')}</ErrorMessage>
        ) : wanted > 0 ? (
          <p role="status" className="flex items-start gap-2 text-slate-700">
            <Users aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-link" />
            <span>
              This team asks grouping for {people(wanted)}. The next time the organizers run the grouping, it is filled first with people
              whose roles it lacks; only those who accept join.
            </span>
          </p>
        ) : (
          <p className="text-slate-600">
            When the organizers of {team.event.name} run the grouping, teams that ask for members are filled first, with people whose roles
            they lack. Only those who accept join your team.
          </p>
        )}
        {isLeader && state.isSuccess && (
          <LeaderControls
            key={wanted}
            wanted={wanted}
            room={room}
            full={isFull(team)}
            locked={locked}
            saving={save.isPending}
            onSave={(n) => save.mutate(n)}
          />
        )}
        {save.isError && <ErrorMessage>{errorText(save.error, 'Could not save')}</ErrorMessage>}
      </CardContent>
    </Card>
  );
}

function LeaderControls(props: {
  wanted: number;
  room: number;
  full: boolean;
  locked: boolean;
  saving: boolean;
  onSave: (wanted: number) => void;
}) {
  const { wanted, room, full, locked, saving, onSave } = props;
  const most = Math.min(MAX_TEAM_WANTED, Math.max(room, wanted));
  const [count, setCount] = useState(Math.max(1, Math.min(wanted || 1, most)));
  if (locked) return <p className="text-slate-600">Locked: the team formation deadline has passed.</p>;
  if (full && wanted === 0) return <p className="text-slate-600">Your team is full: there is no place to fill.</p>;
  return (
    <div className="space-y-3">
      <Field label="How many more people">
        {(field) => (
          <Select {...field} value={count} onChange={(e) => setCount(Number(e.target.value))} className="w-full sm:w-48">
            {Array.from({ length: Math.max(1, most) }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        {wanted === 0 ? (
          <Button disabled={saving} onClick={() => onSave(count)}>
            Fill our open places through grouping
          </Button>
        ) : (
          <>
            <Button variant="outline" disabled={saving || count === wanted} onClick={() => onSave(count)}>
              Save
            </Button>
            <Button variant="dangerOutline" disabled={saving} onClick={() => onSave(0)}>
              Stop asking grouping
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
