import { useState, type FormEvent } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { OwnProfile } from '../../../shared/api-types';
import { ExperienceSchema } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/feedback';
import { Field, Textarea } from '../../components/ui/field';
import { api } from '../../lib/api';
import { FormFeedback } from './form-feedback';
import { errorText, useProfileWrite } from './profile-queries';

export function ExperienceEditor({ profile }: { profile: OwnProfile }) {
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const add = useProfileWrite((experience: string) =>
    api<OwnProfile>(`/api/profiles/${profile.id}/experiences`, { method: 'POST', body: { experience } }));
  // The text goes along so the server removes nothing if another edit has moved this entry.
  const remove = useProfileWrite(({ index, text: entry }: { index: number; text: string }) =>
    api<OwnProfile>(`/api/profiles/${profile.id}/experiences/${index}?text=${encodeURIComponent(entry)}`, { method: 'DELETE' }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSuccess(null);
    if (!text.trim()) return; // blank entries are ignored
    const parsed = ExperienceSchema.safeParse({ experience: text });
    if (!parsed.success) {
      setInputError(parsed.error.issues[0].message);
      return;
    }
    add.mutate(parsed.data.experience, {
      onSuccess: () => {
        setText('');
        setSuccess('Experience added successfully');
      },
    });
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby="current-experience" className="space-y-3">
        <h3 id="current-experience" className="text-sm font-semibold text-slate-900">Current Experience</h3>
        {profile.experiences.length === 0 ? (
          <p className="text-sm text-slate-500">No experience listed</p>
        ) : (
          <ul className="space-y-2">
            {profile.experiences.map((exp, i) => (
              <li key={`${i}-${exp}`} className="flex items-start justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
                <span className="min-w-0 whitespace-pre-line">{exp}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  className="h-7 w-7 shrink-0"
                  aria-label={`Remove experience ${i + 1}`}
                  disabled={remove.isPending}
                  onClick={() => {
                    setSuccess(null);
                    remove.mutate({ index: i, text: exp });
                  }}
                >
                  <Trash2 aria-hidden className="h-4 w-4" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {remove.isError && <FormFeedback error={errorText(remove.error, 'Failed to update profile')} />}
      </section>

      <form onSubmit={submit} className="space-y-4">
        <Field label="New experience" error={inputError ?? undefined}>
          {(p) => (
            <Textarea
              {...p}
              rows={3}
              maxLength={1000}
              placeholder="e.g., Built a climate dashboard at HackZurich 2024 (2nd place)"
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setInputError(null);
              }}
            />
          )}
        </Field>
        <FormFeedback error={add.isError ? errorText(add.error, 'Failed to add experience') : null} success={success} />
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? <Spinner /> : <Plus aria-hidden className="h-4 w-4" />}
          {add.isPending ? 'Adding...' : 'Add Experience'}
        </Button>
      </form>
    </div>
  );
}
