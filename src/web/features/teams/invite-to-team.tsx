import { useState } from 'react';
import { CheckCircle2, Send } from 'lucide-react';
import type { LedTeam } from '../../../shared/api/teams';
import { InvitationSchema } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, Textarea } from '../../components/ui/field';
import { useAuth } from '../../lib/auth';
import { Form, FormActions, FormMessage, useApiForm } from '../../lib/form';
import { useInvite, useLedTeams } from './team-queries';

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
  const led = useLedTeams(profile.id, Boolean(user && me && !isSelf));
  const [inviting, setInviting] = useState<LedTeam | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const teams = (led.data ?? []).filter((t) => !t.candidateIsMember);
  if (!user || isSelf || teams.length === 0) return null;

  return (
    <div className="w-full space-y-2 sm:w-auto">
      {/* On a phone: one full-width button per team, under the centred header; side by side above. */}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {teams.map((team) => (
          <Button
            key={team.id}
            // A long team name wraps inside the button instead of widening the page (! beats the
            // button's own height and nowrap).
            className="h-auto! min-h-10 w-full max-w-full whitespace-normal! py-2 sm:w-auto"
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
          Invitation pending:{' '}
          {teams
            .filter((t) => t.candidateInvited)
            .map((t) => t.name)
            .join(', ')}
        </p>
      )}
      {sentTo && (
        <p role="status" className="flex items-center gap-1.5 text-sm text-success">
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

/** The invite dialog: a role (the suggested position, when there is one) and a message. */
export function InviteDialog({
  team,
  invitee,
  role = '',
  onClose,
  onSent,
}: {
  team: Pick<LedTeam, 'id' | 'name'>;
  invitee: Pick<Invitee, 'id' | 'name'>;
  role?: string;
  onClose(): void;
  onSent(): void;
}) {
  const send = useInvite(invitee.id);
  const form = useApiForm({
    schema: InvitationSchema,
    defaultValues: { teamId: team.id, profileId: invitee.id, role, message: '' },
    submit: send.mutateAsync,
    onSuccess: onSent,
    errorFallback: 'Failed to send invitation',
  });

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={`Invite to ${team.name}`}>
      <Form form={form} className="space-y-4">
        <FormMessage />
        <Field label="Role" error={form.error('role')}>
          {(p) => <Input {...p} {...form.register('role')} placeholder="e.g., Frontend Developer" maxLength={100} />}
        </Field>
        <Field label="Invitation Message" error={form.error('message')} hint="10 to 500 characters">
          {(p) => (
            <Textarea {...p} {...form.register('message')} rows={5} placeholder={`Tell ${invitee.name} why they would be a great fit...`} />
          )}
        </Field>
        <FormActions onCancel={onClose} busyLabel="Sending Invite...">
          Send Invite
        </FormActions>
      </Form>
    </Dialog>
  );
}
