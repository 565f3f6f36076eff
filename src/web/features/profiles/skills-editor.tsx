import { useMemo, useState } from 'react';
import { Plus, X } from 'lucide-react';
import type { OwnProfile } from '../../../shared/api/profiles';
import { DEFAULT_SKILL_LEVEL, SKILL_LEVELS } from '../../../shared/constants';
import { SkillDraftSchema, type SkillInput } from '../../../shared/schemas';
import { Badge, skillBadgeVariant } from '../../components/ui/badge';
import { BusyButton, Button } from '../../components/ui/button';
import { ErrorMessage, SuccessMessage } from '../../components/ui/feedback';
import { Field, Input, Label } from '../../components/ui/field';
import { api, errorText } from '../../lib/api';
import { cn } from '../../lib/cn';
import { Form, useApiForm } from '../../lib/form';
import { useProfileWrite } from './profile-queries';
import { SavedEntries } from './saved-entries';

const DUPLICATE = 'This skill is already in your profile';

export function SkillsEditor({ profile }: { profile: OwnProfile }) {
  const [pending, setPending] = useState<SkillInput[]>([]);
  const [saved, setSaved] = useState(false);

  const save = useProfileWrite((skills: SkillInput[]) =>
    api('POST /api/profiles/{id}/skills', { params: { id: profile.id }, body: { skills } }),
  );
  const remove = useProfileWrite((skill: string) =>
    api('DELETE /api/profiles/{id}/skills', { params: { id: profile.id }, query: { name: skill } }),
  );

  // A name already saved or already in the list, compared case-insensitively, is refused.
  const schema = useMemo(() => {
    const taken = new Set([...profile.skills, ...pending].map((s) => s.name.toLowerCase()));
    return SkillDraftSchema.refine((s) => !taken.has(s.name.toLowerCase()), { message: DUPLICATE, path: ['name'] });
  }, [profile.skills, pending]);
  const form = useApiForm({
    schema,
    defaultValues: { name: '', level: DEFAULT_SKILL_LEVEL },
    // A blank name is ignored (docs/product.md#validation-skills).
    ignore: ({ name }) => !name,
    // The list is saved with 'Save All Skills'; adding to it sends nothing.
    submit: async (skill) => {
      setSaved(false);
      setPending((list) => [...list, skill]);
    },
    resetOnSuccess: true,
    errorFallback: 'Failed to save skills',
  });
  const level = form.watch('level');

  const saveAll = () => {
    setSaved(false);
    save.mutate(pending, {
      onSuccess: () => {
        setPending([]);
        setSaved(true);
      },
    });
  };

  return (
    <div className="space-y-6">
      <SavedEntries id="current-skills" title="Current Skills" count={profile.skills.length} empty="No skills listed" removal={remove}>
        <ul className="flex flex-wrap gap-2">
          {profile.skills.map((s) => (
            <li key={s.name}>
              <Badge variant={skillBadgeVariant(s.level)} className="gap-1 pr-1">
                {s.name} - {s.level}
                <RemoveChip
                  label={`Remove ${s.name}`}
                  disabled={remove.isPending}
                  onClick={() => {
                    setSaved(false);
                    remove.mutate(s.name);
                  }}
                />
              </Badge>
            </li>
          ))}
        </ul>
      </SavedEntries>

      <Form form={form} className="space-y-4 rounded-lg border border-slate-200 p-4">
        <Field label="Skill name" error={form.error('name')}>
          {(p) => <Input {...p} {...form.register('name')} placeholder="e.g., React, Python, UI Design" />}
        </Field>
        <div className="space-y-1.5">
          <Label id="skill-level-label">Level</Label>
          <div role="group" aria-labelledby="skill-level-label" className="flex flex-wrap gap-2">
            {SKILL_LEVELS.map((l) => (
              <button
                key={l}
                type="button"
                aria-pressed={level === l}
                onClick={() => form.setValue('level', l)}
                className={cn(
                  // A level never breaks inside its word: on a narrow phone the last one takes a row of its own.
                  'h-9 grow cursor-pointer whitespace-nowrap rounded-lg px-3 text-sm font-medium ring-1 ring-inset transition-colors sm:grow-0',
                  level === l ? 'bg-brand-600 text-white ring-brand-600' : 'bg-surface text-slate-700 ring-slate-300 hover:bg-slate-50',
                )}
              >
                {l}
              </button>
            ))}
          </div>
        </div>
        <Button type="submit" variant="outline">
          <Plus aria-hidden className="h-4 w-4" /> Add to List
        </Button>
      </Form>

      {pending.length > 0 && (
        <section aria-labelledby="skills-to-add" className="space-y-3">
          <h3 id="skills-to-add" className="text-sm font-semibold text-slate-900">
            Skills to Add
          </h3>
          <ul className="flex flex-wrap gap-2">
            {pending.map((s) => (
              <li key={s.name}>
                <Badge variant="outline" className="gap-1 pr-1">
                  {s.name} - {s.level}
                  <RemoveChip label={`Remove ${s.name} from the list`} onClick={() => setPending((list) => list.filter((x) => x !== s))} />
                </Badge>
              </li>
            ))}
          </ul>
        </section>
      )}

      {save.isError ? (
        <ErrorMessage>{errorText(save.error, 'Failed to save skills')}</ErrorMessage>
      ) : (
        saved && <SuccessMessage>Skills saved successfully</SuccessMessage>
      )}
      <BusyButton onClick={saveAll} busy={save.isPending} busyLabel="Saving..." disabled={pending.length === 0}>
        Save All Skills
      </BusyButton>
    </div>
  );
}

/** The small x inside a skill badge. */
function RemoveChip({ label, disabled, onClick }: { label: string; disabled?: boolean; onClick(): void }) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="cursor-pointer rounded-full p-0.5 opacity-70 hover:bg-black/10 hover:opacity-100"
    >
      <X aria-hidden className="h-3 w-3" />
    </button>
  );
}
