import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button';
import { EmptyState, ErrorMessage } from '../../components/ui/feedback';
import { ProfileCardView, useProfiles } from '../profiles';
import { TeamCardView, useTeams } from '../teams';
import { Section } from './section';

/** The home page previews the 3 newest of each (docs/product.md#home). */
const PREVIEW_SIZE = 3;

export function ProfilesPreview() {
  const query = useProfiles({ pageSize: PREVIEW_SIZE });
  return (
    <Section
      title="View Profiles and Connect With Other Hackers"
      intro="The newest builders on HackTeams. Find people whose skills complement yours."
      action={<SeeAll to="/profiles">View all profiles</SeeAll>}
    >
      <PreviewGrid
        query={query}
        what="profiles"
        empty={
          <EmptyState
            title="No profiles yet"
            description="Be the first: create a profile and let teams find you."
            action={<ButtonLink to="/signup">Sign up</ButtonLink>}
          />
        }
        render={(p) => <ProfileCardView key={p.id} profile={p} />}
      />
    </Section>
  );
}

export function TeamsPreview() {
  const query = useTeams({ pageSize: PREVIEW_SIZE });
  return (
    <Section
      title="Explore Projects and Apply to Teams"
      intro="Fresh teams with open positions. Ask to join the one that fits you."
      action={<SeeAll to="/teams">View all teams</SeeAll>}
      className="bg-surface"
    >
      <PreviewGrid
        query={query}
        what="teams"
        empty={
          <EmptyState
            title="No teams yet"
            description="Start one and list the positions you need."
            action={<ButtonLink to="/create-team">Create a team</ButtonLink>}
          />
        }
        render={(t) => <TeamCardView key={t.id} team={t} />}
      />
    </Section>
  );
}

function SeeAll({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-link hover:text-link">
      {children}
      <ArrowRight aria-hidden className="h-4 w-4" />
    </Link>
  );
}

function PreviewGrid<T>({
  query,
  what,
  empty,
  render,
}: {
  query: UseQueryResult<{ items: T[] }>;
  what: string;
  empty: ReactNode;
  render: (item: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div role="status" aria-label={`Loading ${what}...`} className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: PREVIEW_SIZE }, (_, i) => (
          <div key={i} className="h-44 animate-pulse rounded-xl border border-slate-200 bg-surface p-5">
            <div className="flex items-center gap-3">
              <div className="h-12 w-12 rounded-full bg-slate-200" />
              <div className="h-4 w-1/2 rounded bg-slate-200" />
            </div>
            <div className="mt-5 h-3 w-full rounded bg-slate-100" />
            <div className="mt-2 h-3 w-4/5 rounded bg-slate-100" />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorMessage>
        Could not load the newest {what}: {query.error.message}{' '}
        <Button variant="link" size="sm" className="h-auto" onClick={() => query.refetch()}>
          Try again
        </Button>
      </ErrorMessage>
    );
  }
  if (query.data.items.length === 0) return <>{empty}</>;
  return <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">{query.data.items.map(render)}</div>;
}
