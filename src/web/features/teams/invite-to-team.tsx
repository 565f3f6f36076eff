import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Send } from 'lucide-react';
import type { LedTeam } from '../../../shared/api-types';
import { InvitationSchema } from '../../../shared/schemas';
import { BusyButton, Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { ErrorMessage } from '../../components/ui/feedback';
import { Field, Input, Textarea } from '../../components/ui/field';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { focusFirstInvalid, validate } from '../../lib/validate';
import { errorText, teamKeys } from './team-queries';

interface Invitee {
  id: string;
  name: string;
  lookingForTeam: boolean;
}

/**
 * On /profiles/{id}: one 'Invite to {team}' button per team the signed-in viewer leads, each
 * opening the invite dialog. Disabled when the person is not looking for a team; teams they are
 * already in are left out.
 */
export function InviteToTeamButtons({ profile }: { profile: Invitee }) {
  const { user, profile: me } = useAuth();
  const isSelf = me?.id === profile.id;
  const led = useQuery({
    queryKey: teamKeys.ledTeams(profile.id),
    queryFn: ({ signal }) => api<LedTeam[]>(`/api/me/led-teams?candidate=${encodeURIComponent(profile.id)}`, { signal }),
    enabled: Boolean(user && me && !isSelf),
  });
  const [inviting, setInviting] = useState<LedTeam | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const teams = (led.data ?? []).filter((t) => !t.candidateIsMember);
  if (!user || isSelf || teams.length === 0) return null;

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {teams.map((team) => (
          <Button
            key={team.id}
            // A long team name wraps inside the button instead of widening the page (! beats the
            // button's own height and nowrap).
            className="h-auto! min-h-10 max-w-full whitespace-normal! py-2"
            disabled={!profile.lookingForTeam || team.candidateInvited}
            onClick={() => {
              setSentTo(null);
              setInviting(team);
            }}
          >
            <Send aria-hidden className="h-4 w-4 shrink-0" />
            Invite to {team.name}
          </Button>
        ))}
      </div>
      {!profile.lookingForTeam && <p className="text-sm text-slate-500">{profile.name} is not looking for a team right now.</p>}
      {profile.lookingForTeam && !sentTo && teams.some((t) => t.candidateInvited) && (
        <p className="text-sm text-slate-500">
          Invitation pending: {teams.filter((t) => t.candidateInvited).map((t) => t.name).join(', ')}
        </p>
      )}
      {sentTo && (
        <p role="status" className="flex items-center gap-1.5 text-sm text-emerald-700">
          <CheckCircle2 aria-hidden className="h-4 w-4" />
          Invitation sent to {profile.name} for {sentTo}
        </p>
      )}
      {inviting && (
        <InviteDialog
          team={inviting}
          invitee={profile}
          onClose={() => setInviting(null)}
          onSent={() => {
            setSentTo(inviting.name);
            setInviting(null);
          }}
        />
      )}
    </div>
  );
}

function InviteDialog({ team, invitee, onClose, onSent }: { team: LedTeam; invitee: Invitee; onClose(): void; onSent(): void }) {
  const queryClient = useQueryClient();
  const [role, setRole] = useState('');
  const [message, setMessage] = useState('');
  const [fields, setFields] = useState<{ role?: string; message?: string }>({});
  const send = useMutation({
    mutationFn: (body: unknown) => api('/api/invitations', { method: 'POST', body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: teamKeys.ledTeams(invitee.id) });
      onSent();
    },
    onError: (err) => setFields((err as { fields?: typeof fields }).fields ?? {}),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { data, errors } = validate(InvitationSchema, { teamId: team.id, profileId: invitee.id, role, message });
    setFields(errors ?? {});
    if (errors) focusFirstInvalid(e.currentTarget);
    if (data) send.mutate(data);
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={`Invite to ${team.name}`}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {send.isError && !fields.role && !fields.message && (
          <ErrorMessage>{errorText(send.error, 'Failed to send invitation')}</ErrorMessage>
        )}
        <Field label="Role" error={fields.role}>
          {(p) => <Input {...p} value={role} onChange={(e) => setRole(e.target.value)} placeholder="e.g., Frontend Developer" maxLength={100} />}
        </Field>
        <Field label="Invitation Message" error={fields.message} hint="10 to 500 characters">
          {(p) => (
            <Textarea
              {...p}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              rows={5}
              placeholder={`Tell ${invitee.name} why they would be a great fit...`}
            />
          )}
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={send.isPending}>Cancel</Button>
          <BusyButton type="submit" busy={send.isPending} busyLabel="Sending Invite...">Send Invite</BusyButton>
        </div>
      </form>
    </Dialog>
  );
}
