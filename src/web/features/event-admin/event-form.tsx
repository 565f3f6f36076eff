/**
 * The event form, for a new event and for editing one (docs/product.md#event-data): every field
 * the API takes, grouped as the organizer thinks of them. Dates are typed on the event's own clock.
 */
import { useId } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Plus, X } from 'lucide-react';
import { TEAM_SIZE_MAX, TEAM_SIZE_MIN } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox, Field, Input, Textarea } from '../../components/ui/field';
import { Form, FormMessage, SubmitButton, useApiForm } from '../../lib/form';
import { EventFormSchema, PHASE_FIELDS, slugFor, type EventFormValues, type EventInput } from './event-form-schema';
import { allTimeZones, knownTimeZone } from './zoned-time';

const MAX_SCHEDULE = 30;
/** The closing date's hint where no closing date means never (registrationNeverCloses). */
const NEVER_CLOSES_HINT = 'Left empty: never closes';

export function EventForm({
  mode,
  defaultValues,
  registrationNeverCloses = false,
  submit,
  onSuccess,
}: {
  mode: 'create' | 'edit';
  defaultValues: EventFormValues;
  /** The 2025 event: without a closing date, its registration never closes (EventDetail). */
  registrationNeverCloses?: boolean;
  submit(values: EventInput): Promise<unknown>;
  onSuccess?(values: EventInput): void;
}) {
  const form = useApiForm({
    schema: EventFormSchema,
    defaultValues,
    submit,
    onSuccess: (_, values) => onSuccess?.(values),
    errorFallback: mode === 'create' ? 'Failed to create the event. Please try again.' : 'Failed to save the event. Please try again.',
  });
  const schedule = useFieldArray({ control: form.control, name: 'schedule' });
  const zone = form.watch('timezone').trim();
  const noTeamLimit = form.watch('noTeamLimit');
  const zones = useId();
  const inZone = knownTimeZone(zone) ? `In ${zone}` : 'In the time zone above';
  const name = form.register('name');

  return (
    <Form form={form} className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>About the event</CardTitle>
        </CardHeader>
        <CardContent className="space-y-5">
          <Field label="Event name" error={form.error('name')}>
            {(p) => (
              <Input
                {...p}
                {...name}
                onChange={(e) => {
                  void name.onChange(e);
                  // A new event's address follows its name until the organizer types one.
                  if (mode === 'create' && !form.getFieldState('slug').isDirty) form.setValue('slug', slugFor(e.target.value));
                }}
                placeholder="e.g., Spring Hack 2027"
                maxLength={100}
                aria-required
              />
            )}
          </Field>
          {mode === 'create' ? (
            <Field label="Address" hint="Its page: /hackathons/ followed by this; it cannot change later" error={form.error('slug')}>
              {(p) => (
                <div className="flex items-center rounded-lg">
                  <span className="mr-2 shrink-0 text-sm text-slate-500">/hackathons/</span>
                  <Input {...p} {...form.register('slug')} placeholder="spring-hack-2027" maxLength={60} aria-required />
                </div>
              )}
            </Field>
          ) : null}
          <Field label="Tagline (Optional)" error={form.error('tagline')}>
            {(p) => <Input {...p} {...form.register('tagline')} placeholder="One line on what it is about" maxLength={140} />}
          </Field>
          <Field label="Description (Optional)" error={form.error('description')}>
            {(p) => <Textarea {...p} {...form.register('description')} rows={5} maxLength={5000} />}
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Location" hint="A city or venue, or Online" error={form.error('location')}>
              {(p) => <Input {...p} {...form.register('location')} maxLength={100} aria-required />}
            </Field>
            <Field label="Event site (Optional)" hint="Where 'Register Now' goes" error={form.error('siteUrl')}>
              {(p) => <Input {...p} {...form.register('siteUrl')} type="url" placeholder="https://example.com" />}
            </Field>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Dates</CardTitle>
          <CardDescription>Typed on the event&apos;s own clock: people see them in this time zone and in their own.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <Field label="Time zone" hint="A name such as Europe/Berlin, America/New_York or UTC" error={form.error('timezone')}>
            {(p) => <Input {...p} {...form.register('timezone')} list={zones} autoComplete="off" className="sm:max-w-xs" aria-required />}
          </Field>
          <datalist id={zones}>
            {allTimeZones().map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
          <div className="grid gap-5 sm:grid-cols-2">
            {PHASE_FIELDS.map((phase) => (
              <Field
                key={phase.name}
                label={phase.label}
                hint={`${phase.name === 'registrationClosesAt' && registrationNeverCloses ? NEVER_CLOSES_HINT : phase.hint}. ${inZone}`}
                error={form.error(phase.name)}
              >
                {(p) => <Input {...p} {...form.register(phase.name)} type="datetime-local" aria-required={phase.required || undefined} />}
              </Field>
            ))}
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Teams</CardTitle>
        </CardHeader>
        <CardContent className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-3">
            <Field label="Smallest team" hint={`${TEAM_SIZE_MIN} to ${TEAM_SIZE_MAX} people`} error={form.error('teamSizeMin')}>
              {(p) => (
                <Input
                  {...p}
                  {...form.register('teamSizeMin', { valueAsNumber: true })}
                  type="number"
                  aria-required
                  min={TEAM_SIZE_MIN}
                  max={TEAM_SIZE_MAX}
                />
              )}
            </Field>
            <Field label="Largest team" hint={`${TEAM_SIZE_MIN} to ${TEAM_SIZE_MAX} people`} error={form.error('teamSizeMax')}>
              {(p) => (
                <Input
                  {...p}
                  {...form.register('teamSizeMax', { valueAsNumber: true })}
                  type="number"
                  aria-required
                  min={TEAM_SIZE_MIN}
                  max={TEAM_SIZE_MAX}
                />
              )}
            </Field>
            <Field label="Teams per person" hint="How many teams one person may be in" error={form.error('teamsPerPerson')}>
              {(p) => (
                <Input
                  {...p}
                  {...form.register('teamsPerPerson', { valueAsNumber: true })}
                  type="number"
                  min={1}
                  max={20}
                  disabled={noTeamLimit}
                  aria-required={!noTeamLimit}
                />
              )}
            </Field>
          </div>
          <Checkbox label="No limit on teams per person" {...form.register('noTeamLimit')} />
          <Field
            label="Days 'looking for a team' lasts"
            hint="Without the person saying so again, their looking flag lapses after this many days (1 to 365)"
            error={form.error('lookingLapseDays')}
          >
            {(p) => (
              <Input
                {...p}
                {...form.register('lookingLapseDays', { valueAsNumber: true })}
                type="number"
                aria-required
                min={1}
                max={365}
                className="sm:max-w-[10rem]"
              />
            )}
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Prizes and schedule</CardTitle>
        </CardHeader>
        <CardContent className="space-y-5">
          <Field label="Prize pool (Optional)" hint="As it should read, such as $10,000 or Swag and glory" error={form.error('prizePool')}>
            {(p) => <Input {...p} {...form.register('prizePool')} maxLength={100} className="sm:max-w-sm" />}
          </Field>
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-slate-700">Schedule</legend>
            {schedule.fields.length === 0 && <p className="text-sm text-slate-500">No schedule items yet.</p>}
            <ol className="space-y-3">
              {schedule.fields.map((item, i) => (
                <li key={item.id} className="rounded-lg border border-slate-200 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <p className="text-sm font-medium text-slate-900">Item {i + 1}</p>
                    <Button variant="ghost" size="sm" aria-label={`Remove schedule item ${i + 1}`} onClick={() => schedule.remove(i)}>
                      <X aria-hidden className="h-4 w-4" />
                      Remove
                    </Button>
                  </div>
                  <div className="mt-2 grid gap-4 sm:grid-cols-2">
                    <Field label="Title" error={form.error(`schedule.${i}.title`)}>
                      {(p) => (
                        <Input
                          {...p}
                          {...form.register(`schedule.${i}.title`)}
                          aria-label={`Title of item ${i + 1}`}
                          placeholder="e.g., Kickoff"
                          maxLength={100}
                        />
                      )}
                    </Field>
                    <Field label="Time" hint={inZone} error={form.error(`schedule.${i}.at`)}>
                      {(p) => (
                        <Input {...p} {...form.register(`schedule.${i}.at`)} aria-label={`Time of item ${i + 1}`} type="datetime-local" />
                      )}
                    </Field>
                    <Field label="Detail (Optional)" className="sm:col-span-2" error={form.error(`schedule.${i}.detail`)}>
                      {(p) => (
                        <Input
                          {...p}
                          {...form.register(`schedule.${i}.detail`)}
                          aria-label={`Detail of item ${i + 1} (Optional)`}
                          maxLength={200}
                        />
                      )}
                    </Field>
                  </div>
                </li>
              ))}
            </ol>
            <Button
              variant="outline"
              size="sm"
              disabled={schedule.fields.length >= MAX_SCHEDULE}
              onClick={() => schedule.append({ title: '', detail: '', at: '' })}
            >
              <Plus aria-hidden className="h-4 w-4" />
              Add Schedule Item
            </Button>
          </fieldset>
        </CardContent>
      </Card>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
        <FormMessage success={mode === 'edit' ? 'Event saved' : undefined} />
        {mode === 'create' ? (
          <SubmitButton className="w-full sm:w-auto" busyLabel="Creating Event...">
            Create Event
          </SubmitButton>
        ) : (
          <SubmitButton className="w-full sm:w-auto" busyLabel="Saving...">
            Save Changes
          </SubmitButton>
        )}
      </div>
    </Form>
  );
}
