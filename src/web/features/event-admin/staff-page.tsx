import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Pencil } from 'lucide-react';
import type { StaffMember } from '../../../shared/api/events';
import { EVENT_ROLES, type EventRole } from '../../../shared/constants';
import { Page, PageFailed } from '../../components/page';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ErrorMessage, Loading } from '../../components/ui/feedback';
import { Select } from '../../components/ui/field';
import { ApiRequestError, errorText } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/title';
import { AddStaffForm } from './add-staff-form';
import { useEvent } from '../../lib/events';
import { useRemoveStaff, useSetStaffRole, useStaff } from './event-admin-queries';
import { ROLE_NAMES, ROLE_RULES } from './staff-roles';

/** /hackathons/:slug/staff: the staff see who works on the event; owners add, change and remove (docs/product.md#event-staff). */
export default function StaffPage() {
  const { slug = '' } = useParams();
  const event = useEvent(slug);
  const role = event.data?.viewer.staffRole ?? null;
  const staff = useStaff(slug, role !== null);
  useDocumentTitle(event.data ? `Staff of ${event.data.name}` : 'Staff');

  if (event.isPending || (role && staff.isPending)) return <Loading>Loading staff...</Loading>;
  if (event.isError) {
    const missing = event.error instanceof ApiRequestError && event.error.status === 404;
    return (
      <PageFailed message={missing ? 'Event not found' : 'Failed to load the event'} backTo="/hackathons" backLabel="Back to Hackathons" />
    );
  }
  const e = event.data;
  if (!role)
    return <PageFailed message="Only the event's staff can see this" backTo={`/hackathons/${e.slug}`} backLabel="Back to the event" />;
  const isOwner = role === 'owner';

  return (
    <Page narrow>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Staff</h1>
          <p className="mt-1 text-slate-600">
            <Link to={`/hackathons/${e.slug}`} className="text-link hover:underline">
              {e.name}
            </Link>
            {' · '}you are {isOwner ? 'an owner' : `a ${role}`}
          </p>
        </div>
        {(isOwner || role === 'organizer') && (
          <ButtonLink to={`/hackathons/${e.slug}/edit`} variant="outline" size="sm">
            <Pencil aria-hidden className="h-4 w-4" />
            Edit Event
          </ButtonLink>
        )}
      </div>

      <div className="mt-6 space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Who does what</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="space-y-1.5 text-sm text-slate-700">
              {ROLE_RULES.map((r) => (
                <li key={r.role}>
                  <span className="font-medium text-slate-900">{ROLE_NAMES[r.role]}s</span> {r.can}.
                </li>
              ))}
              <li>An event always keeps an owner: make someone else an owner before you step down. Anyone may leave the staff.</li>
            </ul>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>People on the staff</CardTitle>
          </CardHeader>
          <CardContent>
            {staff.isError ? (
              <ErrorMessage>{errorText(staff.error, 'Failed to load the staff')}</ErrorMessage>
            ) : (
              <StaffList slug={e.slug} staff={staff.data ?? []} isOwner={isOwner} />
            )}
          </CardContent>
        </Card>

        {isOwner && (
          <Card>
            <CardHeader>
              <CardTitle>Add to the staff</CardTitle>
              <CardDescription>
                By email you find only people taking part in this event; anyone else, by the address of their profile.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <AddStaffForm slug={e.slug} />
            </CardContent>
          </Card>
        )}
      </div>
    </Page>
  );
}

function StaffList({ slug, staff, isOwner }: { slug: string; staff: StaffMember[]; isOwner: boolean }) {
  const { profile: me } = useAuth();
  const setRole = useSetStaffRole(slug);
  const remove = useRemoveStaff(slug);
  const [toRemove, setToRemove] = useState<StaffMember | null>(null);
  const failure = setRole.isError
    ? errorText(setRole.error, 'Failed to change the role')
    : remove.isError
      ? errorText(remove.error, 'Failed to remove from the staff')
      : null;
  const busy = setRole.isPending || remove.isPending;
  const leaving = toRemove?.person.id === me?.id;
  // An event keeps an owner (the server refuses otherwise): the only one's role and 'Leave' wait for another.
  const owners = staff.filter((m) => m.role === 'owner').length;
  const soleOwnerNote = useId();

  return (
    <div className="space-y-3">
      {failure && <ErrorMessage>{failure}</ErrorMessage>}
      <ul className="divide-y divide-slate-100" aria-label="Staff">
        {staff.map((m) => {
          const isMe = m.person.id === me?.id;
          const soleOwner = m.role === 'owner' && owners === 1;
          return (
            <li key={m.person.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0">
              <Avatar person={m.person} size={40} />
              <div className="min-w-[10rem] flex-1">
                <Link to={`/profiles/${m.person.id}`} className="block truncate font-medium text-slate-900 hover:text-link hover:underline">
                  {m.person.name}
                  {isMe && <span className="font-normal text-slate-500"> (you)</span>}
                </Link>
                {m.email && <p className="truncate text-sm text-slate-500">{m.email}</p>}
              </div>
              <div className="flex items-center gap-2">
                {isOwner ? (
                  <Select
                    aria-label={`Role of ${m.person.name}`}
                    className="w-36"
                    value={m.role}
                    disabled={busy || soleOwner}
                    aria-describedby={soleOwner ? soleOwnerNote : undefined}
                    onChange={(e) => {
                      remove.reset();
                      setRole.mutate({ profileId: m.person.id, role: e.target.value as EventRole });
                    }}
                  >
                    {EVENT_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {ROLE_NAMES[r]}
                      </option>
                    ))}
                  </Select>
                ) : (
                  <Badge variant={m.role === 'owner' ? 'primary' : 'secondary'}>{ROLE_NAMES[m.role]}</Badge>
                )}
                {(isOwner || isMe) && !soleOwner && (
                  <Button
                    variant="dangerOutline"
                    size="sm"
                    className="h-10 min-w-20"
                    disabled={busy}
                    aria-label={isMe ? 'Leave the staff' : `Remove ${m.person.name}`}
                    onClick={() => {
                      setRole.reset();
                      setToRemove(m);
                    }}
                  >
                    {isMe ? 'Leave' : 'Remove'}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {isOwner && owners === 1 && (
        <p id={soleOwnerNote} className="text-sm text-slate-600">
          You are its only owner: make someone else an owner before you change your role or leave the staff.
        </p>
      )}
      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => !open && setToRemove(null)}
        title={leaving ? 'Leave the staff?' : `Remove ${toRemove?.person.name ?? ''}?`}
        question={
          leaving
            ? 'You will no longer see or change this event unless an owner adds you again.'
            : `${toRemove?.person.name ?? ''} will no longer work on this event.`
        }
        confirmLabel={leaving ? 'Leave' : 'Remove'}
        onConfirm={() => toRemove && remove.mutate(toRemove.person.id)}
      />
    </div>
  );
}
