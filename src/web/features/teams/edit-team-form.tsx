import type { TeamDetail } from '../../../shared/api/teams';
import { UpdateTeamSchema } from '../../../shared/schemas';
import { Checkbox, Field, Input, Textarea } from '../../components/ui/field';
import { Form, FormActions, FormMessage, useApiForm } from '../../lib/form';
import { useUpdateTeam } from './team-queries';
import { TeamSizeField } from './team-size-field';

/** The leader's inline edit of name, description and openness. */
export function EditTeamForm({ team, onDone }: { team: TeamDetail; onDone(): void }) {
  const save = useUpdateTeam(team.id);
  const form = useApiForm({
    schema: UpdateTeamSchema,
    defaultValues: { name: team.name, description: team.description ?? '', isOpen: team.isOpen, maxSize: team.maxSize },
    submit: save.mutateAsync,
    onSuccess: onDone,
    errorFallback: 'Failed to update team',
  });

  return (
    <Form form={form} className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">Edit Team</h1>
      <FormMessage />
      <Field label="Team Name" error={form.error('name')}>
        {(p) => <Input {...p} {...form.register('name')} maxLength={100} autoFocus />}
      </Field>
      <Field label="Description" error={form.error('description')}>
        {(p) => <Textarea {...p} {...form.register('description')} rows={4} maxLength={2000} />}
      </Field>
      <TeamSizeField
        {...form.register('maxSize', { valueAsNumber: true })}
        error={form.error('maxSize')}
        bounds={team.event}
        hint={`${team.event.teamSizeMin} to ${team.event.teamSizeMax}, you included; it has ${team.memberCount} now`}
      />
      <Checkbox label="Open to new members" error={form.error('isOpen')} {...form.register('isOpen')} />
      <FormActions onCancel={onDone} busyLabel="Saving...">
        Save Changes
      </FormActions>
    </Form>
  );
}
