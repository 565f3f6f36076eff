import { useId, useRef, useState } from 'react';
import { Plus, SlidersHorizontal } from 'lucide-react';
import { TEAMS_PAGE_SIZE } from '../../../shared/constants';
import { Page } from '../../components/page';
import { Pagination } from '../../components/pagination';
import { EventFilter } from '../../components/event-filter';
import { SearchInput } from '../../components/search-input';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState, ErrorMessage, Loading } from '../../components/ui/feedback';
import { Checkbox } from '../../components/ui/field';
import { TeamsThatNeedYou } from './matching';
import { TeamCardView } from './team-card';
import { useTeams } from './team-queries';
import { useListFilters } from '../../lib/use-list-filters';
import { TeamListQuerySchema } from '../../../shared/schemas';
import { useDocumentTitle } from '../../lib/title';

export default function TeamsPage() {
  useDocumentTitle('Teams');
  const { filters, update, searchText, setSearchText } = useListFilters(TeamListQuerySchema);
  const { q, open, event, page } = filters;
  const [filtersShown, setFiltersShown] = useState(open);
  const setOpen = (value: boolean) => update({ open: value });
  const panelId = useId();
  const filtersButton = useRef<HTMLButtonElement>(null);
  const teams = useTeams({ q, open, event, page, pageSize: TEAMS_PAGE_SIZE });

  const activeFilters = open ? 1 : 0;
  const total = teams.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / TEAMS_PAGE_SIZE));

  return (
    <Page>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Teams</h1>
        <ButtonLink to={event ? `/create-team?event=${encodeURIComponent(event)}` : '/create-team'}>
          <Plus aria-hidden className="h-4 w-4" />
          Create Team
        </ButtonLink>
      </div>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <SearchInput label="Search teams" placeholder="Search by team name or description..." value={searchText} onChange={setSearchText} />
        <EventFilter value={event} onChange={(slug) => update({ event: slug })} />
        <Button
          ref={filtersButton}
          variant="outline"
          aria-expanded={filtersShown}
          aria-controls={panelId}
          onClick={() => setFiltersShown((v) => !v)}
        >
          <SlidersHorizontal aria-hidden className="h-4 w-4" />
          Filters{activeFilters > 0 && ` (${activeFilters})`}
        </Button>
      </div>

      {filtersShown && (
        <Card id={panelId} className="mt-3 flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:justify-between">
          <Checkbox label="Only show teams open to new members" checked={open} onChange={(e) => setOpen(e.target.checked)} />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setOpen(false);
              setFiltersShown(false);
              // The panel (and the focused button in it) is gone: the keyboard goes back to Filters.
              filtersButton.current?.focus();
            }}
          >
            Reset Filters
          </Button>
        </Card>
      )}

      <div className="mt-8">
        <TeamsThatNeedYou event={event} />
        {teams.isPending ? (
          <Loading>Loading teams...</Loading>
        ) : teams.isError ? (
          <ErrorMessage>Failed to load teams</ErrorMessage>
        ) : (
          <>
            <h2 className="text-lg font-semibold text-slate-900" aria-live="polite">
              {total === 1 ? '1 Team Found' : `${total} Teams Found`}
            </h2>
            {teams.data.items.length === 0 ? (
              <div className="mt-4">
                <EmptyState
                  title="No teams match your criteria"
                  description="Try adjusting your filters or search terms"
                  action={<ButtonLink to="/create-team">Create a New Team</ButtonLink>}
                />
              </div>
            ) : (
              <ul className={`mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 ${teams.isPlaceholderData ? 'opacity-60' : ''}`}>
                {teams.data.items.map((team) => (
                  <li key={team.id}>
                    <TeamCardView team={team} />
                  </li>
                ))}
              </ul>
            )}
            <Pagination
              page={page}
              pageCount={pages}
              onPrevious={() => update({ page: page - 1 })}
              onNext={() => update({ page: page + 1 })}
            />
          </>
        )}
      </div>
    </Page>
  );
}
