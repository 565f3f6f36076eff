/**
 * Grouping on the organizer's desk (docs/product.md#find-me-a-team): run the grouping of the people
 * who asked for it, preview each group with its quality terms and the totals, rerun or send.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GROUPING_ROLE_LABELS, MIN_SHARED_HOURS, type GroupingRun } from '../../../shared/api/grouping';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ErrorMessage } from '../../components/ui/feedback';
import { api, errorText } from '../../lib/api';

const pct = (x: number) => `${Math.round(x * 100)}%`;
const STATUS = { queued: 'Queued', running: 'Running', preview: 'Preview: not sent yet', sent: 'Sent', discarded: 'Replaced' } as const;

export function GroupingPanel({ slug, organizes }: { slug: string; organizes: boolean }) {
  const client = useQueryClient();
  const key = ['grouping-run', slug];
  const latest = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api('GET /api/events/{slug}/grouping/runs/latest', { params: { slug }, signal }),
    refetchInterval: (q) => (q.state.data?.run && ['queued', 'running'].includes(q.state.data.run.status) ? 1500 : 15_000),
  });
  const onDone = () => client.invalidateQueries({ queryKey: key });
  const run = useMutation({ mutationFn: () => api('POST /api/events/{slug}/grouping/runs', { params: { slug } }), onSuccess: onDone });
  const send = useMutation({
    mutationFn: (id: string) => api('POST /api/events/{slug}/grouping/runs/{id}/send', { params: { slug, id } }),
    onSuccess: onDone,
  });
  const current = latest.data?.run ?? null;
  const busy = current && (current.status === 'queued' || current.status === 'running');
  return (
    <Card className="mt-8 p-4" role="region" aria-labelledby="grouping-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="grouping-heading" className="text-2xl font-semibold text-slate-900">
          Find me a team: grouping
        </h2>
        {current && <Badge>{STATUS[current.status]}</Badge>}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {current
          ? // The pool now (the API's optedIn): people in sent groups wait for answers outside it; the run's own count is 'Placed'.
            `People without a team who asked to be grouped and are not waiting on a sent group: ${current.optedIn.toLocaleString('en')} in the pool now.`
          : 'People without a team who asked to be grouped form its pool; the first run says how many.'}{' '}
        Each group is shown to its members with its reasons and trade-off; it becomes a team only of those who accept.
      </p>
      {organizes && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button disabled={!!busy || run.isPending} onClick={() => run.mutate()}>
            {current ? 'Run again' : 'Run grouping'}
          </Button>
          {current?.status === 'preview' && (
            <Button variant="outline" disabled={send.isPending} onClick={() => send.mutate(current.id)}>
              Send {current.groups.length} proposals
            </Button>
          )}
        </div>
      )}
      {(run.isError || send.isError || latest.isError) && (
        <ErrorMessage>{errorText(run.error ?? send.error ?? latest.error, 'Grouping failed')}</ErrorMessage>
      )}
      {current?.totals && <Totals run={current} />}
      {current && current.groups.length > 0 && (
        <ol className="mt-4 grid gap-3 md:grid-cols-2" aria-label="Proposed groups">
          {current.groups.map((g, i) => (
            <li key={g.id} className="rounded-lg border border-slate-200 p-3">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-900">
                {g.fillsTeam ? `Fills ${g.fillsTeam.name}` : `Group ${i + 1}`}
                {g.teamId && !g.fillsTeam && <span className="text-sm text-success">became a team</span>}
                {/* What the run could not avoid for this group (blocked pairs it never groups): worth a look before sending. */}
                {g.terms.sharedHours < MIN_SHARED_HOURS && (
                  <Badge variant="warning">{g.terms.sharedHours === 0 ? 'No shared waking hours' : 'Few shared waking hours'}</Badge>
                )}
              </p>
              <ul className="mt-1 text-sm text-slate-700">
                {g.members.map((m) => (
                  <li key={m.person.id}>
                    {m.person.name}, {GROUPING_ROLE_LABELS[m.role]}
                    {current.status === 'sent' && <span className="text-slate-500"> ({m.answer})</span>}
                  </li>
                ))}
              </ul>
              <p className="mt-1 text-xs text-slate-600">
                {g.terms.distinctRoles} roles, {g.terms.hasBuilder ? 'a builder' : 'no builder'}, {g.terms.sharedHours} h awake together,
                availability {spreadText(g.terms.availabilitySpread)}, {g.terms.forbiddenPairs} blocked pairs
              </p>
              <ul className="mt-1 list-disc pl-5 text-xs text-slate-600">
                {g.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
                <li>Trade-off: {g.tradeOff}</li>
              </ul>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function Totals({ run }: { run: GroupingRun }) {
  const t = run.totals!;
  const items: [string, string][] = [
    ['Placed', `${t.placed} of ${t.people}`],
    ['Groups', String(t.groups)],
    ['Roles covered (of those possible)', pct(t.coverage)],
    ['Groups without a builder', String(t.withoutBuilder)],
    [`Share ${MIN_SHARED_HOURS}+ waking hours`, pct(t.sharedHours)],
    ['Availability within a step', pct(t.availabilityWithinStep)],
    ['All-beginner groups', String(t.allBeginners)],
    ['Blocked pairs grouped', String(t.violations)],
  ];
  return (
    <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Totals">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg bg-slate-50 p-2">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="text-lg font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** How far apart a group's availabilities are, in steps of full time, flexible, part time, weekends. */
const spreadText = (steps: number) => (steps === 0 ? 'the same' : `${steps} ${steps === 1 ? 'step' : 'steps'} apart`);
