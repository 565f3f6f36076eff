/**
 * Above the event form: publishing (owners and organizers) and, for platform admins only, hiding
 * the event and making it the featured one (docs/product.md#event-data).
 */
import { useState } from 'react';
import type { EventDetail } from '../../../shared/api/events';
import { Badge } from '../../components/ui/badge';
import { BusyButton } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorMessage } from '../../components/ui/feedback';
import { errorText } from '../../lib/api';
import { useFeaturedEventSlug } from '../../lib/events';
import { useSetFeatured, useUpdateEvent } from './event-admin-queries';

/** A button's failure, under it. */
function useFailure() {
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>, fallback: string) => {
    setFailure(null);
    try {
      await action();
    } catch (err) {
      setFailure(errorText(err, fallback));
    }
  };
  return { failure, run };
}

export function StateBadges({ event }: { event: Pick<EventDetail, 'state' | 'hidden'> }) {
  return (
    <span className="flex flex-wrap gap-2">
      {event.state === 'draft' ? <Badge variant="warning">Draft</Badge> : <Badge variant="success">Published</Badge>}
      {event.hidden && <Badge variant="danger">Hidden by an admin</Badge>}
    </span>
  );
}

export function PublishCard({ event }: { event: EventDetail }) {
  const update = useUpdateEvent(event.slug);
  const { failure, run } = useFailure();
  const draft = event.state === 'draft';
  // An event people take part in stays published (the server refuses it too): a draft's people and teams would vanish.
  const settled = !draft && event.registrantCount > 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Visibility</CardTitle>
        <CardDescription>
          {draft
            ? 'A draft: only its staff can see it. Publish it so everyone can find it, take part and make teams.'
            : settled
              ? 'Published: everyone can see it, take part and make teams. People take part in it, so it cannot go back to a draft.'
              : 'Published: everyone can see it, take part and make teams. Unpublish to make it a draft again.'}
        </CardDescription>
      </CardHeader>
      {!settled && (
        <CardContent className="space-y-3">
          <BusyButton
            variant={draft ? 'primary' : 'outline'}
            busy={update.isPending}
            busyLabel={draft ? 'Publishing...' : 'Unpublishing...'}
            onClick={() =>
              run(() => update.mutateAsync({ state: draft ? 'published' : 'draft' }), 'Failed to save the event. Please try again.')
            }
          >
            {draft ? 'Publish' : 'Unpublish'}
          </BusyButton>
          {failure && <ErrorMessage>{failure}</ErrorMessage>}
        </CardContent>
      )}
    </Card>
  );
}

export function AdminCard({ event }: { event: EventDetail }) {
  const update = useUpdateEvent(event.slug);
  const featured = useFeaturedEventSlug();
  const setFeatured = useSetFeatured();
  const { failure, run } = useFailure();
  const isFeatured = featured.data === event.slug;
  const canFeature = event.state === 'published' && !event.hidden;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Platform admin</CardTitle>
        <CardDescription>Only platform admins (ADMIN_EMAILS) see this.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700">
            {event.hidden
              ? 'Hidden: only its staff and admins can see it; its teams and people are listed to no one.'
              : 'Not hidden: seen as its state says.'}
          </p>
          <BusyButton
            variant={event.hidden ? 'outline' : 'dangerOutline'}
            busy={update.isPending}
            busyLabel="Saving..."
            onClick={() => run(() => update.mutateAsync({ hidden: !event.hidden }), 'Failed to save the event. Please try again.')}
          >
            {event.hidden ? 'Unhide Event' : 'Hide Event'}
          </BusyButton>
        </div>
        <div className="flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700">
            {isFeatured
              ? 'The featured event: /hackathon shows it.'
              : canFeature
                ? 'The featured event is what /hackathon shows.'
                : 'Only a published event that is not hidden can be featured.'}
          </p>
          {isFeatured ? (
            <Badge variant="primary">Featured</Badge>
          ) : (
            <BusyButton
              variant="outline"
              busy={setFeatured.isPending}
              busyLabel="Saving..."
              disabled={!canFeature || featured.isPending}
              onClick={() => run(() => setFeatured.mutateAsync(event.slug), 'Failed to choose the featured event. Please try again.')}
            >
              Make Featured
            </BusyButton>
          )}
        </div>
        {failure && <ErrorMessage>{failure}</ErrorMessage>}
      </CardContent>
    </Card>
  );
}
