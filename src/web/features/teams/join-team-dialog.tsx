import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import type { TeamDetail } from '../../../shared/api-types';
import { JoinRequestSchema } from '../../../shared/schemas';
import { BusyButton, Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { ErrorMessage } from '../../components/ui/feedback';
import { Field, Select, Textarea } from '../../components/ui/field';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { focusFirstInvalid, validate } from '../../lib/validate';
import { errorText, notificationsKey, teamKeys } from './team-queries';

/**
 * What a non-member sees: 'Join Team' on an open team (signed-out visitors go to sign in first),
 * 'Request Pending' once they asked.
 */
export function JoinTeamButton({ team }: { team: TeamDetail }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);

  if (team.viewer.hasPendingRequest) {
    return (
      <div className="flex flex-col items-start gap-1.5 sm:items-end">
        <Button disabled>Request Pending</Button>
        <p role="status" className="max-w-56 text-xs text-slate-500 sm:text-right">
          The team leaders will answer; follow it in your{' '}
          <Link to="/profile?tab=notifications" className="font-medium text-brand-700 hover:underline">Notifications</Link>.
        </p>
      </div>
    );
  }
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
      {open && <JoinTeamDialog team={team} onClose={() => setOpen(false)} />}
    </>
  );
}

function JoinTeamDialog({ team, onClose }: { team: TeamDetail; onClose(): void }) {
  const queryClient = useQueryClient();
  const [position, setPosition] = useState('');
  const [message, setMessage] = useState('');
  const [fields, setFields] = useState<{ position?: string; message?: string }>({});
  const send = useMutation({
    mutationFn: (body: unknown) => api(`/api/teams/${team.id}/join-requests`, { method: 'POST', body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.detail(team.id) }),
        queryClient.invalidateQueries({ queryKey: notificationsKey }),
      ]);
      onClose();
    },
    onError: (err) => setFields((err as { fields?: typeof fields }).fields ?? {}),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { data, errors } = validate(JoinRequestSchema, { position, message });
    setFields(errors ?? {});
    if (errors) focusFirstInvalid(e.currentTarget);
    if (data) send.mutate(data);
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={`Join ${team.name}`}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {send.isError && !fields.position && !fields.message && (
          <ErrorMessage>{errorText(send.error, 'Failed to submit join request')}</ErrorMessage>
        )}
        <Field label="Position" error={fields.position} hint={team.openPositions.length === 0 ? 'This team has no open positions right now' : undefined}>
          {(p) => (
            <Select {...p} value={position} onChange={(e) => setPosition(e.target.value)}>
              <option value="">Select a position</option>
              {team.openPositions.map((op) => <option key={op} value={op}>{op}</option>)}
            </Select>
          )}
        </Field>
        <Field label="Message to the Team" error={fields.message} hint="10 to 500 characters">
          {(p) => (
            <Textarea
              {...p}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              rows={5}
              placeholder="Tell the team about yourself and why you want to join..."
            />
          )}
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={send.isPending}>Cancel</Button>
          <BusyButton type="submit" busy={send.isPending} busyLabel="Sending Request...">Send Request</BusyButton>
        </div>
      </form>
    </Dialog>
  );
}
