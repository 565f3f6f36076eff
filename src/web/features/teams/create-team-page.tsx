import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Plus, X } from 'lucide-react';
import { DEFAULT_TEAM_SIZE } from '../../../shared/constants';
import { defaultTeamSize } from '../../../shared/events';
import { CreateTeamSchema } from '../../../shared/schemas';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox, Field, Input, Select, Textarea } from '../../components/ui/field';
import { useEvent, useEventChoices, useFeaturedEventSlug } from '../../lib/events';
import { Form, FormMessage, SubmitButton, useApiForm } from '../../lib/form';
import { useDocumentTitle } from '../../lib/title';
import { useCreateTeam } from './team-queries';
import { PositionSkillsEditor } from './position-skills-editor';
import { TeamSizeField } from './team-size-field';

const MAX_POSITIONS = 30;

export default function CreateTeamPage() {
  useDocumentTitle('Create Team');
  const navigate = useNavigate();
  const create = useCreateTeam();
  // The event, among those a team can be made in now: the one the link named (an event page's 'Create a team'), else
  // one the person takes part in that is not over (the featured one first), else the featured one.
  const asked = useSearchParams()[0].get('event')?.toLowerCase() ?? '';
  const events = useEventChoices({ joinable: true });
  const own = useEventChoices({ joinable: true, mine: true });
  const featured = useFeaturedEventSlug();
  const choices = events.data ?? [];
  const ownCurrent = (own.data ?? []).filter((e) => e.phase !== 'past' && choices.some((c) => c.slug === e.slug));
  // The skills each position row needs, by row (a title may still change as it is typed).
  const [needs, setNeeds] = useState<string[][]>([[]]);
  // What the rows say as typed (the submitted values are trimmed and deduplicated, so rows shift).
  const rows = useRef<string[]>(['']);
  const form = useApiForm({
    schema: CreateTeamSchema,
    defaultValues: { name: '', description: '', logoUrl: '', openPositions: [''], isOpen: true, maxSize: DEFAULT_TEAM_SIZE, event: '' },
    submit: (values) =>
      create.mutateAsync({
        ...values,
        event: values.event || undefined,
        positionSkills: Object.fromEntries(rows.current.map((title, i) => [title.trim(), needs[i] ?? []])),
      }),
    // The form was a step on the way: Back from the new team goes where the person came from, not to an emptied form.
    onSuccess: ({ id }) => navigate(`/teams/${id}`, { replace: true }),
    errorFallback: 'Failed to create team. Please try again.',
  });

  const { setValue, getFieldState } = form;
  const fallback =
    choices.find((e) => e.slug === asked)?.slug ??
    (ownCurrent.find((e) => e.slug === featured.data) ?? ownCurrent[0])?.slug ??
    choices.find((e) => e.slug === featured.data)?.slug ??
    '';
  useEffect(() => {
    if (!getFieldState('event').isDirty) setValue('event', fallback);
  }, [fallback, setValue, getFieldState]);
  const askedUnavailable = asked !== '' && events.isSuccess && !choices.some((e) => e.slug === asked);
  // The chosen event's bounds for the team's size: the field says them, and starts at the event's default until it is edited.
  const chosen = form.watch('event') ?? '';
  const rules = useEvent(chosen, { enabled: chosen !== '' }).data;
  useEffect(() => {
    if (rules && !getFieldState('maxSize').isDirty) setValue('maxSize', defaultTeamSize(rules));
  }, [rules, setValue, getFieldState]);

  const positions = form.watch('openPositions');
  rows.current = positions;
  const setPositions = (next: string[]) => form.setValue('openPositions', next, { shouldDirty: true });
  const removePosition = (index: number) => {
    setPositions(positions.filter((_, i) => i !== index));
    setNeeds(needs.filter((_, i) => i !== index));
  };
  const allBlank = positions.every((p) => p.trim() === '');
  const positionsError = form.error('openPositions');

  return (
    <Page narrow>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Create a New Team</h1>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Team Details</CardTitle>
        </CardHeader>
        <CardContent>
          <Form form={form} className="space-y-5">
            <FormMessage />
            <Field
              label="Event"
              hint={
                askedUnavailable
                  ? `New teams cannot be made in '${asked}' now: its teams are locked, its registration is closed, or it is not published`
                  : 'The hackathon this team takes part in'
              }
              error={form.error('event')}
            >
              {(p) => (
                <Select {...p} {...form.register('event')}>
                  {choices.length === 0 && (
                    <option value="">{events.isPending ? 'Loading events...' : 'No event takes new teams now'}</option>
                  )}
                  {choices.length > 0 && fallback === '' && <option value="">Choose an event</option>}
                  {choices.map((e) => (
                    <option key={e.slug} value={e.slug}>
                      {/* An event over that still takes teams (the 2025 one) says so: a new team there is for the record. */}
                      {e.phase === 'past' ? `${e.name} (ended)` : e.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Team Name" error={form.error('name')}>
              {(p) => <Input {...p} {...form.register('name')} placeholder="e.g., Pixel Pioneers" maxLength={100} />}
            </Field>
            <Field label="Description" error={form.error('description')}>
              {(p) => (
                <Textarea
                  {...p}
                  {...form.register('description')}
                  placeholder="What are you building, and who are you looking for?"
                  rows={4}
                  maxLength={2000}
                />
              )}
            </Field>
            <Field label="Team Logo URL (Optional)" error={form.error('logoUrl')}>
              {(p) => <Input {...p} {...form.register('logoUrl')} type="url" placeholder="https://example.com/logo.png" />}
            </Field>

            <fieldset className="space-y-2">
              <legend className="mb-1.5 text-sm font-medium text-slate-700">Open Positions</legend>
              {positions.map((position, index) => {
                const error = form.error(`openPositions.${index}`);
                return (
                  <div key={index}>
                    <div className="flex gap-2">
                      <Input
                        name={`openPositions.${index}`}
                        aria-label={`Open position ${index + 1}`}
                        aria-invalid={Boolean(error)}
                        value={position}
                        onChange={(e) => setPositions(positions.map((p, i) => (i === index ? e.target.value : p)))}
                        placeholder="e.g., Frontend Developer"
                        maxLength={100}
                      />
                      <Button
                        variant="outline"
                        size="icon"
                        className="h-10 w-10 shrink-0"
                        aria-label={`Remove position ${index + 1}`}
                        disabled={positions.length === 1}
                        onClick={() => removePosition(index)}
                      >
                        <X aria-hidden className="h-4 w-4" />
                      </Button>
                    </div>
                    {error && <p className="mt-1 text-sm text-danger">{error}</p>}
                    {position.trim() && (
                      <div className="mt-2 border-l-2 border-slate-200 pl-3">
                        <PositionSkillsEditor
                          title={position}
                          skills={needs[index] ?? []}
                          onChange={(next) => setNeeds(positions.map((_, i) => (i === index ? next : (needs[i] ?? []))))}
                        />
                      </div>
                    )}
                  </div>
                );
              })}
              {positionsError ? (
                <p className="text-sm text-danger">{positionsError}</p>
              ) : (
                allBlank && <p className="text-xs text-slate-500">Add at least one open position</p>
              )}
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  setPositions([...positions, '']);
                  setNeeds([...needs, []]);
                }}
                disabled={positions.length >= MAX_POSITIONS}
              >
                <Plus aria-hidden className="h-4 w-4" />
                Add Position
              </Button>
            </fieldset>

            <TeamSizeField
              {...form.register('maxSize', { valueAsNumber: true })}
              error={form.error('maxSize')}
              bounds={rules}
              hint={rules && `${rules.teamSizeMin} to ${rules.teamSizeMax} people at ${rules.name}, you included`}
            />

            <Checkbox label="Open to new members" error={form.error('isOpen')} {...form.register('isOpen')} />

            <div className="flex justify-end border-t border-slate-100 pt-5">
              <SubmitButton className="w-full sm:w-auto" busyLabel="Creating Team..." disabled={allBlank}>
                Create Team
              </SubmitButton>
            </div>
          </Form>
        </CardContent>
      </Card>
    </Page>
  );
}
