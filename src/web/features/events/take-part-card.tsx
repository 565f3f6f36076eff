/**
 * Taking part in an event (docs/product.md#taking-part): 'Take part' with a per-event looking flag
 * and a short line while registration is open; once in, the flag and line can change, and the
 * person can leave the event (and with it its teams).
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, LogOut, UserPlus } from 'lucide-react';
import type { EventDetail, RegistrationView } from '../../../shared/api/events';
import { RegistrationSchema } from '../../../shared/event-schemas';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ErrorMessage } from '../../components/ui/feedback';
import { Checkbox, Field, Input } from '../../components/ui/field';
import { errorText } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { Form, FormActions, FormMessage, SubmitButton, useApiForm } from '../../lib/form';
import { useLeaveEvent, useMyEventTeams, useTakePart } from './event-queries';
import { longDateTime } from './schedule-time';

export function TakePartCard({ event }: { event: EventDetail }) {
  const { user, loading } = useAuth();
  const registration = event.viewer.registration;
  // Taking part swaps the form for what was saved: the keyboard goes there, not to the page's start.
  const [joined, setJoined] = useState(false);
  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserPlus aria-hidden className="h-5 w-5 text-link" />
          Take part
        </CardTitle>
      </CardHeader>
      <CardContent>
        {loading ? null : !user ? (
          <SignInToTakePart event={event} />
        ) : registration ? (
          <TakingPart event={event} registration={registration} focusOnArrival={joined} />
        ) : event.registrationOpen ? (
          <TakePartForm event={event} onJoined={() => setJoined(true)} />
        ) : (
          <RegistrationClosed event={event} />
        )}
      </CardContent>
    </Card>
  );
}

function SignInToTakePart({ event }: { event: EventDetail }) {
  const back = encodeURIComponent(`/hackathons/${event.slug}`);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        {event.registrationOpen
          ? `Sign up or log in to take part in ${event.name} and find your team.`
          : `Registration for ${event.name} is closed.`}
      </p>
      {event.registrationOpen && (
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={`/signup?redirectTo=${back}`}>Sign up to take part</ButtonLink>
          <ButtonLink to={`/login?redirectTo=${back}`} variant="outline">
            Log in to take part
          </ButtonLink>
        </div>
      )}
    </div>
  );
}

function RegistrationClosed({ event }: { event: EventDetail }) {
  const opens = event.registrationOpensAt;
  const notYet = opens !== null && Date.parse(opens) > Date.now();
  // Only its staff and admins see a draft or a hidden event: they are told why no one can take part.
  const text = event.hidden
    ? `${event.name} is hidden by a platform admin: no one can take part in it.`
    : event.state === 'draft'
      ? `People can take part once ${event.name} is published.`
      : notYet
        ? `Registration opens on ${longDateTime(opens, event.timezone)}.`
        : `Registration for ${event.name} is closed.`;
  return <p className="text-sm text-slate-600">{text}</p>;
}

/** The looking flag and the line, for taking part and for changing how. */
function RegistrationForm({
  event,
  registration,
  onDone,
  onCancel,
}: {
  event: EventDetail;
  registration: RegistrationView | null;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const save = useTakePart(event);
  const form = useApiForm({
    schema: RegistrationSchema,
    defaultValues: { looking: registration?.looking ?? true, intent: registration?.intent ?? '' },
    submit: save.mutateAsync,
    onSuccess: onDone,
    errorFallback: registration ? 'Failed to save' : 'Failed to take part',
  });
  return (
    <Form form={form} className="space-y-4">
      <FormMessage />
      <Checkbox label="I am looking for a team here" error={form.error('looking')} {...form.register('looking')} />
      <Field
        label="What you want to do here (optional)"
        error={form.error('intent')}
        hint="Up to 140 characters, shown to other participants"
      >
        {(p) => <Input {...p} {...form.register('intent')} maxLength={140} placeholder="e.g., Frontend for a climate dashboard" />}
      </Field>
      {onCancel ? (
        <FormActions onCancel={onCancel} busyLabel="Saving...">
          Save
        </FormActions>
      ) : (
        <SubmitButton busyLabel="Taking part..." className="w-full sm:w-auto">
          Take part
        </SubmitButton>
      )}
    </Form>
  );
}

function TakePartForm({ event, onJoined }: { event: EventDetail; onJoined: () => void }) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">Join {event.name} to create a team, ask to join one or be invited.</p>
      <RegistrationForm event={event} registration={null} onDone={onJoined} />
    </div>
  );
}

function TakingPart({
  event,
  registration,
  focusOnArrival,
}: {
  event: EventDetail;
  registration: RegistrationView;
  focusOnArrival: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // After taking part (which is done only once every list has refreshed: the registration may show
  // before that), and after 'Change' is saved or cancelled, the form is gone: focus goes to the status.
  const [focusStatus, setFocusStatus] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);
  const leave = useLeaveEvent(event);
  const mine = useMyEventTeams(event.slug);
  const teams = mine.data ?? [];
  useEffect(() => {
    if ((focusOnArrival || focusStatus) && !editing) {
      status.current?.focus();
      setFocusStatus(false);
    }
  }, [focusOnArrival, focusStatus, editing]);
  const doneEditing = () => {
    setEditing(false);
    setFocusStatus(true);
  };
  if (editing) return <RegistrationForm event={event} registration={registration} onDone={doneEditing} onCancel={doneEditing} />;
  return (
    <div className="space-y-4">
      <p ref={status} tabIndex={-1} role="status" className="flex items-center gap-2 font-medium text-success outline-none">
        <CheckCircle2 aria-hidden className="h-5 w-5" />
        You take part in this event
      </p>
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="sr-only">Team status</dt>
          <dd className="text-slate-700">{registration.looking ? 'Looking for a team here' : 'Not looking for a team here'}</dd>
        </div>
        {teams.length > 0 && (
          <div>
            <dt className="font-medium text-slate-700">{teams.length === 1 ? 'Your team' : 'Your teams'}</dt>
            <dd>
              <ul className="flex flex-wrap gap-x-3 gap-y-1">
                {teams.map((t) => (
                  <li key={t.teamId}>
                    <Link to={`/teams/${t.teamId}`} className="font-medium text-link underline underline-offset-2">
                      {t.teamName}
                    </Link>
                    {t.isLeader && <span className="text-slate-600"> (you lead it)</span>}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        {registration.intent && (
          <div>
            <dt className="font-medium text-slate-700">What you want to do here</dt>
            <dd className="text-slate-600">{registration.intent}</dd>
          </div>
        )}
      </dl>
      {registration.looking && !event.hidden && mine.isSuccess && teams.length === 0 && (
        <p className="text-sm text-slate-600">
          No team yet? Ask us to group you with others: you see why, and you decide.{' '}
          <Link to={`/hackathons/${event.slug}/group`} className="font-medium text-link underline underline-offset-2">
            Find me a team
          </Link>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {/* In an event an admin hid, one can only leave. */}
        {!event.hidden && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Change
          </Button>
        )}
        <Button variant="ghost" size="sm" disabled={leave.isPending} onClick={() => setConfirming(true)}>
          <LogOut aria-hidden className="h-3.5 w-3.5" />
          {leave.isPending ? 'Leaving...' : 'Leave Event'}
        </Button>
      </div>
      {leave.isError && <ErrorMessage>{errorText(leave.error, 'Failed to leave the event')}</ErrorMessage>}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Leave ${event.name}`}
        question="Are you sure you want to leave this event? You also leave its teams, and your requests to join them are withdrawn."
        confirmLabel="Leave Event"
        onConfirm={() => leave.mutate()}
      />
    </div>
  );
}
