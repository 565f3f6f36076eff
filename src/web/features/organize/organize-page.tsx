/**
 * /hackathons/:slug/organize, the organizer's desk (docs/product.md#the-organizers-desk): the
 * event's numbers and chart for its staff, the people without a team with their filters, and for
 * owners and organizers the downloads and announcements; owners also see the record of both.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AVAILABILITIES } from '../../../shared/constants';
import { TIMEZONE_BANDS, TIMEZONE_BAND_KEYS, UNTEAMED_PAGE_SIZE, UnteamedQuerySchema } from '../../../shared/api/organize';
import { Page, PageFailed } from '../../components/page';
import { Pagination } from '../../components/pagination';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState, ErrorMessage, Loading } from '../../components/ui/feedback';
import { Checkbox, Field, Input, Select } from '../../components/ui/field';
import { errorText } from '../../lib/api';
import { useDocumentTitle } from '../../lib/title';
import { useListFilters } from '../../lib/use-list-filters';
import { ActivityChart } from './activity-chart';
import { AnnounceForm } from './announce-form';
import { Numbers } from './numbers';
import { DeskRecords } from './desk-records';
import { GroupingPanel } from './grouping-panel';
import { WebhooksPanel } from './webhooks-panel';
import { useEvent } from '../../lib/events';
import { exportHref, useDashboard, useUnteamed } from './organize-queries';

const downloadClass = 'text-sm font-medium text-link underline underline-offset-2';

export default function OrganizePage() {
  const { slug = '' } = useParams();
  const event = useEvent(slug);
  const dashboard = useDashboard(slug);
  useDocumentTitle(event.data ? `Organize ${event.data.name}` : 'Organize');
  const { filters, update } = useListFilters(UnteamedQuerySchema);
  const { page, pageSize: _, ...filter } = filters;
  const urlSkills = filter.skills.join(', ');
  const [skillText, setSkillText] = useState(urlSkills);
  const [seenSkills, setSeenSkills] = useState(urlSkills);
  if (urlSkills !== seenSkills) {
    // The address changed (Back, a link, a filter applied): the box shows its skills.
    setSeenSkills(urlSkills);
    setSkillText(urlSkills);
  }
  const unteamed = useUnteamed(slug, { ...filter, page, pageSize: UNTEAMED_PAGE_SIZE });
  /**
   * Another page of the list: it starts at the list's heading, not at the top of the desk above it,
   * and so does the keyboard (Next turns disabled on the last page).
   */
  const toPage = (to: number) => {
    update({ page: to }, { keepScroll: true });
    const heading = document.getElementById('unteamed-heading');
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
  };

  if (event.isPending || dashboard.isPending) return <Loading>Loading the desk...</Loading>;
  if (event.isError)
    return <PageFailed message={errorText(event.error, 'The event could not be loaded.')} backTo="/" backLabel="Back to Home" />;
  if (dashboard.isError) {
    return (
      <PageFailed
        message={errorText(dashboard.error, 'The desk could not be loaded.')}
        backTo={`/hackathons/${slug}`}
        backLabel="Back to the event"
      />
    );
  }
  const role = event.data.viewer.staffRole;
  const organizes = role === 'owner' || role === 'organizer';
  const total = unteamed.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / UNTEAMED_PAGE_SIZE));
  const filterParts = [
    filter.skills.length ? `skills ${filter.skills.join(', ')}` : '',
    filter.availability ?? '',
    filter.band ? TIMEZONE_BANDS[filter.band].label : '',
    filter.looking ? 'looking for a team' : '',
  ].filter(Boolean);
  const filtered = filterParts.length > 0;
  const filterText = filterParts.join('; ') || 'everyone without a team';
  // Every change takes the skills as the box shows them, applied or not: leaving the box and choosing
  // another filter are two changes in a row, and the second must not undo the first.
  const change = (next: Partial<typeof filters> = {}) =>
    update({
      skills: skillText
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      ...next,
    });

  return (
    <Page>
      <p className="text-sm text-slate-600">
        <Link to={`/hackathons/${slug}`} className="underline underline-offset-2">
          {event.data.name}
        </Link>
      </p>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Organizer's desk</h1>
      <p className="mt-1 text-sm text-slate-600">
        Updated {new Date(dashboard.data.asOf).toLocaleTimeString('en')}; refreshes every 15 seconds.
      </p>

      <section aria-label="Numbers" className="mt-6">
        <Numbers data={dashboard.data} />
      </section>

      <Card className="mt-6 p-4">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Day by day</h2>
        <ActivityChart days={dashboard.data.days} />
      </Card>

      <section aria-labelledby="unteamed-heading" className="mt-8">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="unteamed-heading" tabIndex={-1} className="text-2xl font-semibold text-slate-900">
            Without a team
          </h2>
          {organizes && (
            <a className={downloadClass} href={exportHref(slug, 'unteamed', filter)} download>
              Download this list (CSV)
            </a>
          )}
        </div>
        <form
          className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-start"
          onSubmit={(e) => {
            e.preventDefault();
            change();
          }}
        >
          <Field label="Skills" hint="Comma-separated; all of them" className="lg:col-span-2">
            {(props) => <Input {...props} value={skillText} onChange={(e) => setSkillText(e.target.value)} onBlur={() => change()} />}
          </Field>
          <Field label="Availability">
            {(props) => (
              <Select
                {...props}
                value={filter.availability ?? ''}
                onChange={(e) => change({ availability: (e.target.value || undefined) as never })}
              >
                <option value="">Any</option>
                {AVAILABILITIES.map((a) => (
                  <option key={a}>{a}</option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Time zone">
            {(props) => (
              <Select {...props} value={filter.band ?? ''} onChange={(e) => change({ band: (e.target.value || undefined) as never })}>
                <option value="">Any</option>
                {TIMEZONE_BAND_KEYS.map((b) => (
                  <option key={b} value={b}>
                    {TIMEZONE_BANDS[b].label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {/* Level with the controls beside it, below their labels (Field: a text-sm label and a 1.5 gap). */}
          <div className="flex items-center gap-3 lg:mt-[26px] lg:h-10">
            <Checkbox label="Looking for a team" checked={filter.looking} onChange={(e) => change({ looking: e.target.checked })} />
            <Button type="submit" variant="outline" size="sm">
              Filter
            </Button>
          </div>
        </form>
        <p className="mt-4 text-sm text-slate-700" aria-live="polite">
          {unteamed.isPending ? 'Loading...' : `${total.toLocaleString('en')} ${total === 1 ? 'person' : 'people'} without a team`}
        </p>
        {unteamed.isError && <ErrorMessage>{errorText(unteamed.error, 'The list could not be loaded.')}</ErrorMessage>}
        {unteamed.data && unteamed.data.items.length === 0 && (
          <UnteamedEmpty
            filtered={filtered}
            total={total}
            registrants={dashboard.data.people.registrants}
            onClear={() => {
              update({ skills: [], availability: undefined, band: undefined, looking: false });
              // 'Clear filters' goes with the empty list: the keyboard goes to the list's heading.
              document.getElementById('unteamed-heading')?.focus();
            }}
            onFirstPage={() => toPage(1)}
          />
        )}
        <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {unteamed.data?.items.map((p) => (
            <li key={p.person.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
              <Link to={`/profiles/${p.person.id}`} className="font-medium text-slate-900 underline-offset-2 hover:underline">
                {p.person.name}
              </Link>
              <span className="text-sm text-slate-600">{p.availability}</span>
              <span className="text-sm text-slate-600">{p.timezone ?? 'No time zone'}</span>
              {p.looking && <Badge variant="success">Looking</Badge>}
              <span className="text-sm text-slate-600">{p.skills.map((s) => s.name).join(', ')}</span>
            </li>
          ))}
        </ul>
        <Pagination page={page} pageCount={pages} onPrevious={() => toPage(page - 1)} onNext={() => toPage(page + 1)} />
      </section>

      <GroupingPanel slug={slug} organizes={organizes} />

      {organizes && (
        <div className="mt-8 grid gap-6 lg:grid-cols-2 lg:items-start">
          <Card className="p-4" role="region" aria-labelledby="announce-heading">
            <h2 id="announce-heading" className="mb-3 text-lg font-semibold text-slate-900">
              Announce
            </h2>
            <AnnounceForm slug={slug} filter={filter} filterText={filterText} />
          </Card>
          <Card className="p-4" role="region" aria-labelledby="downloads-heading">
            <h2 id="downloads-heading" className="mb-3 text-lg font-semibold text-slate-900">
              Downloads
            </h2>
            <ul className="space-y-2">
              <li>
                <a className={downloadClass} href={exportHref(slug, 'registrants')} download>
                  Registrants, with team and role (CSV)
                </a>
              </li>
              <li>
                <a className={downloadClass} href={exportHref(slug, 'teams')} download>
                  Teams, with members and open positions (CSV)
                </a>
              </li>
            </ul>
          </Card>
        </div>
      )}
      {organizes && <WebhooksPanel slug={slug} />}
      {role === 'owner' && <DeskRecords slug={slug} />}
    </Page>
  );
}

/**
 * An empty page of people without a team: past the list's last page, no match for the filters, no
 * one taking part yet, or everyone in a team.
 */
function UnteamedEmpty({
  filtered,
  total,
  registrants,
  onClear,
  onFirstPage,
}: {
  filtered: boolean;
  total: number;
  registrants: number;
  onClear: () => void;
  onFirstPage: () => void;
}) {
  // Past the last page, or filters that match no one: the way back is one press.
  const back =
    total > 0
      ? { title: 'No one on this page', label: 'First page', onClick: onFirstPage }
      : filtered
        ? { title: 'No one without a team matches these filters', label: 'Clear filters', onClick: onClear }
        : null;
  if (back)
    return (
      <EmptyState
        title={back.title}
        action={
          <Button variant="outline" size="sm" onClick={back.onClick}>
            {back.label}
          </Button>
        }
      />
    );
  return registrants === 0 ? (
    <EmptyState title="No one takes part yet" description="People show here once they take part and while they are in no team." />
  ) : (
    <EmptyState title="Everyone taking part is in a team" />
  );
}
