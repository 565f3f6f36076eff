import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import type { TeamDetail } from '../../../shared/api-types';
import { dedupe } from '../../../shared/schemas';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorMessage } from '../../components/ui/feedback';
import { Input } from '../../components/ui/field';
import { api } from '../../lib/api';
import { errorText, teamKeys } from './team-queries';

/** Tags for everyone; leaders add (text + Add) and remove. */
export function OpenPositionsCard({ team }: { team: TeamDetail }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const update = useMutation({
    mutationFn: (openPositions: string[]) => api(`/api/teams/${team.id}/positions`, { method: 'PUT', body: { openPositions } }),
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.detail(team.id) }),
      queryClient.invalidateQueries({ queryKey: teamKeys.lists }),
    ]),
  });
  const isLeader = team.viewer.isLeader;

  const add = (e: FormEvent) => {
    e.preventDefault();
    // Blank entries are ignored (SPEC 5), and so are duplicates.
    if (!draft.trim()) return;
    update.mutate(dedupe([...team.openPositions, draft]), { onSuccess: () => setDraft('') });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Open Positions</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {team.openPositions.length === 0 ? (
          <p className="text-sm text-slate-500">No open positions</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {team.openPositions.map((position) => (
              <li key={position}>
                <Badge variant="secondary" className="gap-1 py-1 text-sm">
                  {position}
                  {isLeader && (
                    <button
                      type="button"
                      className="-mr-1 cursor-pointer rounded-full p-0.5 hover:bg-brand-100 disabled:opacity-50"
                      aria-label={`Remove position ${position}`}
                      disabled={update.isPending}
                      onClick={() => update.mutate(team.openPositions.filter((p) => p !== position))}
                    >
                      <X aria-hidden className="h-3.5 w-3.5" />
                    </button>
                  )}
                </Badge>
              </li>
            ))}
          </ul>
        )}
        {update.isError && <ErrorMessage>{errorText(update.error, 'Failed to update positions')}</ErrorMessage>}
        {isLeader && (
          <form onSubmit={add} className="flex gap-2">
            <Input
              aria-label="New position"
              placeholder="e.g., Backend Developer"
              value={draft}
              maxLength={100}
              onChange={(e) => setDraft(e.target.value)}
            />
            <Button type="submit" variant="outline" disabled={update.isPending}>Add</Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
