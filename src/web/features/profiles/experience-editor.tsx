import { Plus, Trash2 } from 'lucide-react';
import type { OwnProfile } from '../../../shared/api/profiles';
import { ExperienceInputSchema } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Field, Textarea } from '../../components/ui/field';
import { api } from '../../lib/api';
import { Form, FormMessage, SubmitButton, useApiForm } from '../../lib/form';
import { useProfileWrite } from './profile-queries';
import { SavedEntries } from './saved-entries';

export function ExperienceEditor({ profile }: { profile: OwnProfile }) {
  const add = useProfileWrite((experience: string) =>
    api('POST /api/profiles/{id}/experiences', { params: { id: profile.id }, body: { experience } }),
  );
  // The text goes along so the server removes nothing if another edit has moved this entry.
  const remove = useProfileWrite(({ index, text: entry }: { index: number; text: string }) =>
    api('DELETE /api/profiles/{id}/experiences/{index}', { params: { id: profile.id, index: String(index) }, query: { text: entry } }),
  );
  const form = useApiForm({
    schema: ExperienceInputSchema,
    defaultValues: { experience: '' },
    // A blank entry is ignored (docs/product.md#validation-experience).
    ignore: ({ experience }) => !experience,
    submit: ({ experience }) => add.mutateAsync(experience),
    resetOnSuccess: true,
    errorFallback: 'Failed to add experience',
  });

  return (
    <div className="space-y-6">
      <SavedEntries
        id="current-experience"
        title="Current Experience"
        count={profile.experiences.length}
        empty="No experience listed"
        removal={remove}
      >
        <ul className="space-y-2">
          {profile.experiences.map((exp, i) => (
            <li
              key={`${i}-${exp}`}
              className="flex items-start justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700"
            >
              <span className="min-w-0 whitespace-pre-line">{exp}</span>
              <Button
                variant="ghost"
                size="icon"
                className="h-7 w-7 shrink-0"
                aria-label={`Remove experience ${i + 1}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate({ index: i, text: exp })}
              >
                <Trash2 aria-hidden className="h-4 w-4" />
              </Button>
            </li>
          ))}
        </ul>
      </SavedEntries>

      <Form form={form} className="space-y-4">
        <Field label="New experience" error={form.error('experience')}>
          {(p) => (
            <Textarea
              {...p}
              {...form.register('experience')}
              rows={3}
              maxLength={1000}
              placeholder="e.g., Built a climate dashboard at HackZurich 2024 (2nd place)"
            />
          )}
        </Field>
        <FormMessage success="Experience added successfully" />
        <SubmitButton busyLabel="Adding...">
          <Plus aria-hidden className="h-4 w-4" /> Add Experience
        </SubmitButton>
      </Form>
    </div>
  );
}
