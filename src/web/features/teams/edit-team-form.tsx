import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamDetail } from '../../../shared/api-types';
import { UpdateTeamSchema } from '../../../shared/schemas';
import { BusyButton, Button } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/feedback';
import { Checkbox, Field, Input, Textarea } from '../../components/ui/field';
import { api } from '../../lib/api';
import { focusFirstInvalid, validate } from '../../lib/validate';
import { errorText, teamKeys } from './team-queries';

/** The leader's inline edit of name, description and openness. */
export function EditTeamForm({ team, onDone }: { team: TeamDetail; onDone(): void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(team.name);
  const [description, setDescription] = useState(team.description ?? '');
  const [isOpen, setIsOpen] = useState(team.isOpen);
  const [nameError, setNameError] = useState<string>();

  const save = useMutation({
    mutationFn: (body: unknown) => api(`/api/teams/${team.id}`, { method: 'PATCH', body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.detail(team.id) }),
        queryClient.invalidateQueries({ queryKey: teamKeys.lists }),
      ]);
      onDone();
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { data, errors } = validate(UpdateTeamSchema, { name, description, isOpen });
    setNameError(errors?.name);
    if (errors) focusFirstInvalid(e.currentTarget);
    if (data) save.mutate(data);
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <h1 className="text-xl font-semibold text-slate-900">Edit Team</h1>
      {save.isError && <ErrorMessage>{errorText(save.error, 'Failed to update team')}</ErrorMessage>}
      <Field label="Team Name" error={nameError}>
        {(p) => <Input {...p} value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoFocus />}
      </Field>
      <Field label="Description">
        {(p) => <Textarea {...p} value={description} onChange={(e) => setDescription(e.target.value)} rows={4} maxLength={2000} />}
      </Field>
      <Checkbox label="Open to new members" checked={isOpen} onChange={(e) => setIsOpen(e.target.checked)} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>Cancel</Button>
        <BusyButton type="submit" busy={save.isPending} busyLabel="Saving...">Save Changes</BusyButton>
      </div>
    </form>
  );
}
