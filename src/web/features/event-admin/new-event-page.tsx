import { useNavigate } from 'react-router';
import { Page } from '../../components/page';
import { useDocumentTitle } from '../../lib/title';
import { useCreateEvent } from './event-admin-queries';
import { EventForm } from './event-form';
import { newEventValues } from './event-form-schema';

/** /hackathons/new: anyone signed in creates an event; it starts as a draft, and they own it (docs/product.md#event-staff). */
export default function NewEventPage() {
  useDocumentTitle('Create an Event');
  const navigate = useNavigate();
  const create = useCreateEvent();
  return (
    <Page narrow>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Create an Event</h1>
      <p className="mt-2 text-slate-600">
        It starts as a draft that only you and the staff you add can see. Publish it from its edit page when it is ready.
      </p>
      <div className="mt-6">
        <EventForm
          mode="create"
          defaultValues={newEventValues()}
          submit={create.mutateAsync}
          onSuccess={(values) => navigate(`/hackathons/${values.slug}/edit`, { replace: true })}
        />
      </div>
    </Page>
  );
}
