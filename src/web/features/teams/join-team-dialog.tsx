import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { UserPlus } from 'lucide-react';
import { isFull } from '../../../shared/teams';
import type { TeamDetail } from '../../../shared/api/teams';
import { JoinRequestSchema } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { ErrorMessage } from '../../components/ui/feedback';
import { Field, Select, Textarea } from '../../components/ui/field';
import { errorText } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { Form, FormActions, FormMessage, useApiForm } from '../../lib/form';
import { useCancelRequest, useRequestToJoin } from './team-queries';

/**
 * What a non-member sees: 'Join Team' on an open team with room (signed-out visitors go to sign
 * in first), 'Team is full' or 'Team Not Accepting Members' otherwise, and 'Request Pending' with
 * 'Cancel Request' once they asked.
 */
export function JoinTeamButton({ team }: { team: TeamDetail }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const cancel = useCancelRequest(team.id);
  // After 'Send Request' the dialog hands the keyboard to what the request can be done with now.
  const cancelButton = useRef<HTMLButtonElement>(null);
  const pendingId = team.viewer.pendingRequestId;

  if (pendingId) {
    return (
      <div className="flex flex-col items-start gap-1.5 sm:items-end">
        <div className="flex flex-wrap gap-2">
          <Button disabled>Request Pending</Button>
          <Button ref={cancelButton} variant="outline" disabled={cancel.isPending} onClick={() => cancel.mutate(pendingId)}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel Request'}
          </Button>
        </div>
        {cancel.isError && <ErrorMessage>{errorText(cancel.error, 'Failed to cancel the request')}</ErrorMessage>}
        <p role="status" className="max-w-64 text-xs text-slate-500 sm:text-right">
          The team leaders will answer; follow it in your{' '}
          <Link to="/profile?tab=notifications" className="font-medium text-link hover:underline">
            Notifications
          </Link>
          .
        </p>
      </div>
    );
  }
  if (isFull(team)) return <Button disabled>Team is full</Button>;
  if (!team.isOpen) return <Button disabled>Team Not Accepting Members</Button>;

  const start = () => {
    if (!user) navigate(`/login?redirectTo=${encodeURIComponent(location.pathname)}`);
    else setOpen(true);
  };
  return (
    <>
      <Button onClick={start}>
        <UserPlus aria-hidden className="h-4 w-4" />
        Join Team
      </Button>
      {open && <JoinTeamDialog team={team} onClose={() => setOpen(false)} returnFocus={() => cancelButton.current} />}
    </>
  );
}

/** The join dialog: a position (chosen already when a suggestion said which) and a message. */
export function JoinTeamDialog({
  team,
  position = '',
  onClose,
  returnFocus,
}: {
  team: Pick<TeamDetail, 'id' | 'name' | 'openPositions'>;
  position?: string;
  onClose(): void;
  returnFocus?: () => HTMLElement | null;
}) {
  const send = useRequestToJoin(team.id);
  const form = useApiForm({
    schema: JoinRequestSchema,
    defaultValues: { position, message: '' },
    submit: send.mutateAsync,
    onSuccess: onClose,
    errorFallback: 'Failed to submit join request',
  });

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={`Join ${team.name}`} returnFocus={returnFocus}>
      <Form form={form} className="space-y-4">
        <FormMessage />
        <Field
          label="Position"
          error={form.error('position')}
          hint={team.openPositions.length === 0 ? 'This team has no open positions right now' : undefined}
        >
          {(p) => (
            <Select {...p} {...form.register('position')}>
              <option value="">Select a position</option>
              {team.openPositions.map((op) => (
                <option key={op} value={op}>
                  {op}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Message to the Team" error={form.error('message')} hint="10 to 500 characters">
          {(p) => (
            <Textarea
              {...p}
              {...form.register('message')}
              rows={5}
              placeholder="Tell the team about yourself and why you want to join..."
            />
          )}
        </Field>
        <FormActions onCancel={onClose} busyLabel="Sending Request...">
          Send Request
        </FormActions>
      </Form>
    </Dialog>
  );
}
