import { useRef, useState } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { PROFILES_PAGE_SIZE } from '../../../shared/constants';
import { ProfileListQuerySchema } from '../../../shared/schemas';
import { Page } from '../../components/page';
import { Pagination } from '../../components/pagination';
import { EventFilter } from '../../components/event-filter';
import { SearchInput } from '../../components/search-input';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyState, ErrorMessage, Loading, Spinner } from '../../components/ui/feedback';
import { useListFilters } from '../../lib/use-list-filters';
import { useProfiles, useSkills } from './profile-queries';
import { activeFilterCount, ProfileFiltersPanel, type ProfileFilterValues } from './profile-filters';
import { ProfileCardView } from './profile-card';
import { useDocumentTitle } from '../../lib/title';

export default function ProfilesPage() {
  useDocumentTitle('Browse Profiles');
  const { filters, update, searchText, setSearchText } = useListFilters(ProfileListQuerySchema);
  const [panelOpen, setPanelOpen] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const list = useProfiles({
    q: filters.q,
    skills: filters.skills,
    availability: filters.availability,
    looking: filters.looking,
    event: filters.event,
    page: filters.page,
    pageSize: PROFILES_PAGE_SIZE,
  });
  const allSkills = useSkills();
  const setFilters = (next: Partial<ProfileFilterValues> & { page?: number }) =>
    update({ ...next, availability: next.availability === null ? undefined : (next.availability ?? filters.availability) });

  const filterValues: ProfileFilterValues = {
    skills: filters.skills,
    availability: filters.availability ?? null,
    looking: filters.looking,
  };
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
        <EventFilter value={filters.event} onChange={(event) => update({ event })} />
        <Button
          ref={filtersButton}
          variant={panelOpen ? 'secondary' : 'outline'}
          aria-expanded={panelOpen}
          aria-controls="profile-filters"
          onClick={() => setPanelOpen((v) => !v)}
        >
          <SlidersHorizontal aria-hidden className="h-4 w-4" />
          Filters
          {activeCount > 0 && (
            <Badge variant="primary" aria-label={`${activeCount} active`}>
              {activeCount}
            </Badge>
          )}
        </Button>
      </div>

      {panelOpen && (
        <ProfileFiltersPanel
          id="profile-filters"
          allSkills={allSkills.data ?? []}
          values={filterValues}
          // Text typed but not yet applied goes with the filter, so a reload right after keeps both.
          onChange={setFilters}
          onReset={() => {
            setFilters({ skills: [], availability: null, looking: false });
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
