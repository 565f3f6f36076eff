import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { CreateTeamSchema } from '../../../shared/schemas';
import { Page } from '../../components/layout';
import { BusyButton, Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorMessage } from '../../components/ui/feedback';
import { Checkbox, Field, Input, Textarea } from '../../components/ui/field';
import { api } from '../../lib/api';
import { focusFirstInvalid, validate } from '../../lib/validate';
import { errorText, teamKeys } from './team-queries';
import { useDocumentTitle } from '../../lib/title';

type Fields = Partial<Record<'name' | 'description' | 'logoUrl' | 'openPositions', string>>;

export default function CreateTeamPage() {
  useDocumentTitle('Create Team');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [logoUrl, setLogoUrl] = useState('');
  const [positions, setPositions] = useState<string[]>(['']);
  const [isOpen, setIsOpen] = useState(true);
  const [fields, setFields] = useState<Fields>({});

  const create = useMutation({
    mutationFn: (body: unknown) => api<{ id: string }>('/api/teams', { method: 'POST', body }),
    onSuccess: async ({ id }) => {
      await queryClient.invalidateQueries({ queryKey: teamKeys.lists });
      navigate(`/teams/${id}`);
    },
    onError: (err) => setFields((err as { fields?: Fields }).fields ?? {}),
  });

  const allBlank = positions.every((p) => p.trim() === '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { data, errors } = validate(CreateTeamSchema, { name, description, logoUrl, openPositions: positions, isOpen });
    setFields(errors ?? {});
    if (errors) focusFirstInvalid(e.currentTarget);
    if (data) create.mutate(data);
  };

  const setPosition = (index: number, value: string) => setPositions((list) => list.map((p, i) => (i === index ? value : p)));

  return (
    <Page narrow>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Create a New Team</h1>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Team Details</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="space-y-5" noValidate>
            {create.isError && <ErrorMessage>{errorText(create.error, 'Failed to create team. Please try again.')}</ErrorMessage>}
            <Field label="Team Name" error={fields.name}>
              {(p) => <Input {...p} value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g., Pixel Pioneers" maxLength={100} />}
            </Field>
            <Field label="Description" error={fields.description}>
              {(p) => (
                <Textarea
                  {...p}
                  value={description}
                  onChange={(e) => setDescription(e.target.value)}
                  placeholder="What are you building, and who are you looking for?"
                  rows={4}
                  maxLength={2000}
                />
              )}
            </Field>
            <Field label="Team Logo URL (Optional)" error={fields.logoUrl}>
              {(p) => <Input {...p} type="url" value={logoUrl} onChange={(e) => setLogoUrl(e.target.value)} placeholder="https://example.com/logo.png" />}
            </Field>

            <fieldset className="space-y-2">
              <legend className="mb-1.5 text-sm font-medium text-slate-700">Open Positions</legend>
              {positions.map((position, index) => (
                <div key={index} className="flex gap-2">
                  <Input
                    aria-label={`Open position ${index + 1}`}
                    value={position}
                    onChange={(e) => setPosition(index, e.target.value)}
                    placeholder="e.g., Frontend Developer"
                    maxLength={100}
                  />
                  <Button
                    variant="outline"
                    size="icon"
                    className="h-10 w-10 shrink-0"
                    aria-label={`Remove position ${index + 1}`}
                    disabled={positions.length === 1}
                    onClick={() => setPositions((list) => list.filter((_, i) => i !== index))}
                  >
                    <X aria-hidden className="h-4 w-4" />
                  </Button>
                </div>
              ))}
              {fields.openPositions ? (
                <p className="text-sm text-red-600">{fields.openPositions}</p>
              ) : (
                allBlank && <p className="text-xs text-slate-500">Add at least one open position</p>
              )}
              <Button variant="outline" size="sm" onClick={() => setPositions((list) => [...list, ''])} disabled={positions.length >= 30}>
                <Plus aria-hidden className="h-4 w-4" />
                Add Position
              </Button>
            </fieldset>

            <Checkbox label="Open to new members" checked={isOpen} onChange={(e) => setIsOpen(e.target.checked)} />

            <div className="flex justify-end border-t border-slate-100 pt-5">
              <BusyButton type="submit" className="w-full sm:w-auto" busy={create.isPending} busyLabel="Creating Team..." disabled={allBlank}>Create Team</BusyButton>
            </div>
          </form>
        </CardContent>
      </Card>
    </Page>
  );
}
