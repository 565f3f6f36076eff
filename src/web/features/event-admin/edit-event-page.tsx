import { useParams } from 'react-router';
import { ExternalLink, Users } from 'lucide-react';
import { Page, PageFailed } from '../../components/page';
import { ButtonLink } from '../../components/ui/button';
import { Loading } from '../../components/ui/feedback';
import { ApiRequestError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/title';
import { useEvent } from '../../lib/events';
import { useUpdateEvent } from './event-admin-queries';
import { AdminCard, PublishCard, StateBadges } from './event-controls';
import { EventForm } from './event-form';
import { eventValues } from './event-form-schema';

/** /hackathons/:slug/edit: owners and organizers edit and publish; platform admins hide and feature (docs/product.md#event-staff). */
export default function EditEventPage() {
  const { slug = '' } = useParams();
  const event = useEvent(slug);
  const update = useUpdateEvent(slug);
  useDocumentTitle(event.data ? `Edit ${event.data.name}` : 'Edit Event');

  if (event.isPending) return <Loading>Loading event...</Loading>;
  if (event.isError) {
    const missing = event.error instanceof ApiRequestError && event.error.status === 404;
    return (
      <PageFailed message={missing ? 'Event not found' : 'Failed to load the event'} backTo="/hackathons" backLabel="Back to Hackathons" />
    );
  }
  const e = event.data;
  const role = e.viewer.staffRole;
  const organizes = role === 'owner' || role === 'organizer';
  if (!organizes && !e.viewer.isAdmin) {
    return <PageFailed message="Only the event's organizers can do this" backTo={`/hackathons/${e.slug}`} backLabel="Back to the event" />;
  }

  return (
    <Page narrow>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Edit {e.name}</h1>
          <div className="mt-2">
            <StateBadges event={e} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={`/hackathons/${e.slug}`} variant="outline" size="sm">
            <ExternalLink aria-hidden className="h-4 w-4" />
            View Event Page
          </ButtonLink>
          {role && (
            <ButtonLink to={`/hackathons/${e.slug}/staff`} variant="outline" size="sm">
              <Users aria-hidden className="h-4 w-4" />
              Staff
            </ButtonLink>
          )}
        </div>
      </div>

      <div className="mt-6 space-y-6">
        {organizes && <PublishCard event={e} />}
        {e.viewer.isAdmin && <AdminCard event={e} />}
        {organizes && (
          <EventForm
            key={e.slug}
            mode="edit"
            defaultValues={eventValues(e)}
            registrationNeverCloses={e.registrationNeverCloses}
            submit={({ slug: _slug, ...fields }) => update.mutateAsync(fields)}
          />
        )}
      </div>
    </Page>
  );
}
