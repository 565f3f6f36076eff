import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus, SlidersHorizontal } from 'lucide-react';
import type { Paged, TeamCard } from '../../../shared/api-types';
import { TEAMS_PAGE_SIZE } from '../../../shared/constants';
import { Page } from '../../components/layout';
import { Pagination } from '../../components/pagination';
import { SearchInput } from '../../components/search-input';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState, ErrorMessage, Loading } from '../../components/ui/feedback';
import { Checkbox } from '../../components/ui/field';
import { api, toQuery } from '../../lib/api';
import { TeamCardView } from './team-card';
import { teamKeys } from './team-queries';
import { useDocumentTitle } from '../../lib/title';

const SEARCH_DEBOUNCE_MS = 300;

/** Search, filter and page live in the URL, so a view can be shared and survives reload and back. */
function useTeamFilters() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const open = params.get('open') === 'true';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  // Merges into the live URL, not this render's copy, so a late debounced search keeps a newer filter.
  const update = (next: { q?: string; open?: boolean; page?: number }, replace = false) => {
    const current = new URLSearchParams(window.location.search);
    const merged = { q: current.get('q') ?? '', open: current.get('open') === 'true', page: 1, ...next };
    setParams(toQuery({ q: merged.q.trim(), open: merged.open, page: merged.page > 1 ? merged.page : undefined }), { replace });
  };
  return { q, open, page, update };
}

export default function TeamsPage() {
  useDocumentTitle('Teams');
  const { q, open, page, update } = useTeamFilters();
  const [searchText, setSearchText] = useState(q);
  const [filtersShown, setFiltersShown] = useState(open);
  // The router applies URL changes asynchronously; the checkbox shows the click at once.
  const [openChecked, setOpenChecked] = useState(open);
  useEffect(() => setOpenChecked(open), [open]);
  const setOpen = (value: boolean) => {
    setOpenChecked(value);
    // Text typed but not yet applied goes with the filter, so a reload right after keeps both.
    update({ open: value, q: searchText });
  };
  const panelId = useId();
  const filtersButton = useRef<HTMLButtonElement>(null);

  // The box follows the URL when it changes from outside (back button), keeping a trailing space being typed.
  useEffect(() => setSearchText((current) => (current.trim() === q.trim() ? current : q)), [q]);
  useEffect(() => {
    if (searchText.trim() === q.trim()) return;
    const timer = setTimeout(() => update({ q: searchText }, true), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only typing should schedule an update
  }, [searchText]);

  const teams = useQuery({
    queryKey: teamKeys.list({ q: q.trim(), open, page }),
    queryFn: ({ signal }) => api<Paged<TeamCard>>(`/api/teams${toQuery({ q: q.trim(), open, page, pageSize: TEAMS_PAGE_SIZE })}`, { signal }),
    placeholderData: keepPreviousData,
  });

  const activeFilters = openChecked ? 1 : 0;
  const total = teams.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / TEAMS_PAGE_SIZE));

  return (
    <Page>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Teams</h1>
        <ButtonLink to="/create-team">
          <Plus aria-hidden className="h-4 w-4" />
          Create Team
        </ButtonLink>
      </div>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <SearchInput label="Search teams" placeholder="Search by team name or description..." value={searchText} onChange={setSearchText} />
        <Button ref={filtersButton} variant="outline" aria-expanded={filtersShown} aria-controls={panelId} onClick={() => setFiltersShown((v) => !v)}>
          <SlidersHorizontal aria-hidden className="h-4 w-4" />
          Filters{activeFilters > 0 && ` (${activeFilters})`}
        </Button>
      </div>

      {filtersShown && (
        <Card id={panelId} className="mt-3 flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:justify-between">
          <Checkbox
            label="Only show teams open to new members"
            checked={openChecked}
            onChange={(e) => setOpen(e.target.checked)}
          />
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
            <Pagination page={page} pageCount={pages} onPrevious={() => update({ page: page - 1 })} onNext={() => update({ page: page + 1 })} />
          </>
        )}
      </div>
    </Page>
  );
}
