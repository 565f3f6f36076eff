import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SlidersHorizontal } from 'lucide-react';
import type { Paged, ProfileCard } from '../../../shared/api-types';
import { AVAILABILITIES, PROFILES_PAGE_SIZE, type Availability } from '../../../shared/constants';
import { Page } from '../../components/layout';
import { Pagination } from '../../components/pagination';
import { SearchInput } from '../../components/search-input';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyState, ErrorMessage, Loading, Spinner } from '../../components/ui/feedback';
import { api, toQuery } from '../../lib/api';
import { activeFilterCount, ProfileFiltersPanel, type ProfileFilterValues } from './profile-filters';
import { ProfileCardView } from './profile-card';
import { useDocumentTitle } from '../../lib/title';

const SEARCH_DELAY_MS = 300;

interface ListState {
  q: string;
  skills: string[];
  availability: Availability | null;
  looking: boolean;
  page: number;
}

function fromParams(params: URLSearchParams): ListState {
  const availability = params.get('availability');
  return {
    q: params.get('q') ?? '',
    skills: (params.get('skills') ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    availability: AVAILABILITIES.includes(availability as Availability) ? (availability as Availability) : null,
    looking: params.get('looking') === 'true',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

/**
 * Every filter lives in the URL query, so a filtered view survives reload and can be shared.
 * The router applies URL changes in a transition; until it has, the new values are shown
 * straight away so a clicked control never flips back for a moment.
 */
function useProfileListParams() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const [pending, setPending] = useState<{ from: string; state: ListState } | null>(null);
  const state = pending && pending.from === search ? pending.state : fromParams(params);
  // Once the URL has moved on, it is the truth again, also when Back returns to where we started.
  useEffect(() => setPending(null), [search]);
  // Choosing a filter or a page is a step Back returns from; typing in the search box is not.
  const update = (next: Partial<ListState>, { replace = false } = {}) => {
    const merged = { ...state, page: 1, ...next };
    setPending({ from: search, state: merged });
    const query = toQuery({
      // Kept as typed (not trimmed), so the search box and the URL never disagree mid-word.
      q: merged.q.trim() ? merged.q : undefined,
      skills: merged.skills,
      availability: merged.availability,
      looking: merged.looking,
      page: merged.page > 1 ? merged.page : undefined,
    });
    // Nothing changes (say, Reset Filters with no filter set): no history entry that does nothing.
    if (query.replace(/^\?/, '') === search) {
      setPending(null);
      return;
    }
    setParams(new URLSearchParams(query), { replace });
  };
  return [state, update] as const;
}

export default function ProfilesPage() {
  useDocumentTitle('Browse Profiles');
  const [filters, setFilters] = useProfileListParams();
  const [searchText, setSearchText] = useState(filters.q);
  const [urlQ, setUrlQ] = useState(filters.q);
  const [panelOpen, setPanelOpen] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);

  // The URL changed on its own (back button, a link): the search box follows it.
  if (filters.q !== urlQ) {
    setUrlQ(filters.q);
    setSearchText(filters.q);
  }

  // Typing updates the URL (and so the query) once the user pauses.
  const setFiltersRef = useRef(setFilters);
  useEffect(() => {
    setFiltersRef.current = setFilters;
  });
  useEffect(() => {
    if (searchText === filters.q) return;
    const timer = setTimeout(() => setFiltersRef.current({ q: searchText }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, filters.q]);

  const queryString = toQuery({
    q: filters.q.trim(),
    skills: filters.skills,
    availability: filters.availability,
    looking: filters.looking,
    page: filters.page,
    pageSize: PROFILES_PAGE_SIZE,
  });
  const list = useQuery({
    queryKey: ['profiles', queryString],
    queryFn: ({ signal }) => api<Paged<ProfileCard>>(`/api/profiles${queryString}`, { signal }),
    // Keep showing the previous results while the next ones load, so typing does not flash.
    placeholderData: keepPreviousData,
  });
  // A failure here is silent, as the spec says: the chips just stay empty.
  const allSkills = useQuery({ queryKey: ['skills'], queryFn: () => api<string[]>('/api/skills'), staleTime: 60_000 });

  const filterValues: ProfileFilterValues = { skills: filters.skills, availability: filters.availability, looking: filters.looking };
  const activeCount = activeFilterCount(filterValues);
  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PROFILES_PAGE_SIZE));

  const goToPage = (page: number) => {
    setFilters({ page });
    window.scrollTo({ top: 0 });
  };

  return (
    <Page>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Browse Profiles</h1>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <SearchInput label="Search profiles" placeholder="Search by name, skills, or bio..." value={searchText} onChange={setSearchText} />
        <Button
          ref={filtersButton}
          variant={panelOpen ? 'secondary' : 'outline'}
          aria-expanded={panelOpen}
          aria-controls="profile-filters"
          onClick={() => setPanelOpen((v) => !v)}
        >
          <SlidersHorizontal aria-hidden className="h-4 w-4" />
          Filters
          {activeCount > 0 && <Badge variant="primary" aria-label={`${activeCount} active`}>{activeCount}</Badge>}
        </Button>
      </div>

      {panelOpen && (
        <ProfileFiltersPanel
          id="profile-filters"
          allSkills={allSkills.data ?? []}
          values={filterValues}
          // Text typed but not yet applied goes with the filter, so a reload right after keeps both.
          onChange={(next) => setFilters({ q: searchText, ...next })}
          onReset={() => {
            setFilters({ q: searchText, skills: [], availability: null, looking: false });
            setPanelOpen(false);
            // The panel (and the focused button in it) is gone: the keyboard goes back to Filters.
            filtersButton.current?.focus();
          }}
        />
      )}

      <div className="mt-8">
        {list.isPending ? (
          <Loading>Loading profiles...</Loading>
        ) : list.isError && !list.data ? (
          <ErrorMessage>Failed to load profiles</ErrorMessage>
        ) : (
          <>
            <div className="mb-4 flex items-center gap-3">
              <h2 className="text-lg font-semibold text-slate-900">
                {total} {total === 1 ? 'Profile' : 'Profiles'} Found
              </h2>
              {list.isFetching && <Spinner className="text-slate-400" />}
            </div>
            {list.isError && <ErrorMessage className="mb-4">Failed to load profiles</ErrorMessage>}
            {list.data.items.length === 0 ? (
              <EmptyState title="No profiles match your criteria" description="Try adjusting your filters or search terms" />
            ) : (
              <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {list.data.items.map((p) => (
                  <li key={p.id}>
                    <ProfileCardView profile={p} />
                  </li>
                ))}
              </ul>
            )}
            <Pagination
              page={Math.min(filters.page, pageCount)}
              pageCount={pageCount}
              onPrevious={() => goToPage(filters.page - 1)}
              onNext={() => goToPage(filters.page + 1)}
            />
          </>
        )}
      </div>
    </Page>
  );
}
