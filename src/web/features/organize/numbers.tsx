/** The dashboard's numbers, in labelled groups. */
import type { Dashboard } from '../../../shared/api/organize';
import { Card } from '../../components/ui/card';

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900">{value.toLocaleString('en')}</dd>
    </div>
  );
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="p-4">
      <h2 className="mb-2 text-base font-semibold text-slate-900">{title}</h2>
      <dl>{children}</dl>
    </Card>
  );
}

export function Numbers({ data }: { data: Dashboard }) {
  const { people, teams, positions, pending } = data;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Group title="People">
        <Stat label="Registrants" value={people.registrants} />
        <Stat label="Looking for a team" value={people.looking} />
        <Stat label="In a team" value={people.inTeam} />
        <Stat label="Without a team" value={people.withoutTeam} />
      </Group>
      <Group title="Teams">
        <Stat label="Teams" value={teams.total} />
        <Stat label="Open" value={teams.open} />
        <Stat label="Full" value={teams.full} />
        <Stat label="Closed" value={teams.closed} />
        {teams.bySize.map((s) => (
          <Stat key={s.members} label={`With ${s.members} ${s.members === 1 ? 'member' : 'members'}`} value={s.teams} />
        ))}
      </Group>
      <Group title="Open positions">
        <Stat label="Open positions" value={positions.open} />
        {positions.byAge.map((b) => (
          <Stat key={b.label} label={b.label} value={b.positions} />
        ))}
      </Group>
      <Group title="Waiting for an answer">
        <Stat label="Join requests" value={pending.joinRequests} />
        <Stat label="Join requests over 48 hours" value={pending.joinRequestsStale} />
        <Stat label="Invitations" value={pending.invitations} />
        <Stat label="Invitations over 48 hours" value={pending.invitationsStale} />
      </Group>
    </div>
  );
}
