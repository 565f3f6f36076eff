import { useState, type FormEvent } from 'react';
import { Plus, X } from 'lucide-react';
import type { OwnProfile } from '../../../shared/api-types';
import { DEFAULT_SKILL_LEVEL, SKILL_LEVELS, type SkillLevel } from '../../../shared/constants';
import { SkillInputSchema, type SkillInput } from '../../../shared/schemas';
import { Badge, skillBadgeVariant } from '../../components/ui/badge';
import { BusyButton, Button } from '../../components/ui/button';
import { Field, Input, Label } from '../../components/ui/field';
import { api } from '../../lib/api';
import { cn } from '../../lib/cn';
import { FormFeedback } from './form-feedback';
import { errorText, useProfileWrite } from './profile-queries';

const DUPLICATE = 'This skill is already in your profile';

export function SkillsEditor({ profile }: { profile: OwnProfile }) {
  const [name, setName] = useState('');
  const [level, setLevel] = useState<SkillLevel>(DEFAULT_SKILL_LEVEL);
  const [pending, setPending] = useState<SkillInput[]>([]);
  const [inputError, setInputError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const save = useProfileWrite((skills: SkillInput[]) =>
    api<OwnProfile>(`/api/profiles/${profile.id}/skills`, { method: 'POST', body: { skills } }));
  const remove = useProfileWrite((skill: string) =>
    api<OwnProfile>(`/api/profiles/${profile.id}/skills?name=${encodeURIComponent(skill)}`, { method: 'DELETE' }));

  const addToList = (e: FormEvent) => {
    e.preventDefault();
    setSuccess(null);
    const trimmed = name.trim();
    if (!trimmed) return; // blank entries are ignored
    const parsed = SkillInputSchema.safeParse({ name: trimmed, level });
    if (!parsed.success) {
      setInputError(parsed.error.issues[0].message);
      return;
    }
    const taken = [...profile.skills, ...pending].some((s) => s.name.toLowerCase() === trimmed.toLowerCase());
    if (taken) {
      setInputError(DUPLICATE);
      return;
    }
    setPending((list) => [...list, parsed.data]);
    setName('');
    setLevel(DEFAULT_SKILL_LEVEL);
    setInputError(null);
  };

  const saveAll = () => {
    setSuccess(null);
    save.mutate(pending, {
      onSuccess: () => {
        setPending([]);
        setSuccess('Skills saved successfully');
      },
    });
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby="current-skills" className="space-y-3">
        <h3 id="current-skills" className="text-sm font-semibold text-slate-900">Current Skills</h3>
        {profile.skills.length === 0 ? (
          <p className="text-sm text-slate-500">No skills listed</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {profile.skills.map((s) => (
              <li key={s.name}>
                <Badge variant={skillBadgeVariant(s.level)} className="gap-1 pr-1">
                  {s.name} - {s.level}
                  <RemoveChip
                    label={`Remove ${s.name}`}
                    disabled={remove.isPending}
                    onClick={() => {
                      setSuccess(null);
                      remove.mutate(s.name);
                    }}
                  />
                </Badge>
              </li>
            ))}
          </ul>
        )}
        {remove.isError && <FormFeedback error={errorText(remove.error, 'Failed to update profile')} />}
      </section>

      <form onSubmit={addToList} className="space-y-4 rounded-lg border border-slate-200 p-4">
        <Field label="Skill name" error={inputError ?? undefined}>
          {(p) => (
            <Input
              {...p}
              placeholder="e.g., React, Python, UI Design"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setInputError(null);
              }}
            />
          )}
        </Field>
        <div className="space-y-1.5">
          <Label id="skill-level-label">Level</Label>
          <div role="group" aria-labelledby="skill-level-label" className="flex flex-wrap gap-2">
            {SKILL_LEVELS.map((l) => (
              <button
                key={l}
                type="button"
                aria-pressed={level === l}
                onClick={() => setLevel(l)}
                className={cn(
                  'h-9 cursor-pointer rounded-lg px-3 text-sm font-medium ring-1 ring-inset transition-colors',
                  level === l ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
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
      </form>

      {pending.length > 0 && (
        <section aria-labelledby="skills-to-add" className="space-y-3">
          <h3 id="skills-to-add" className="text-sm font-semibold text-slate-900">Skills to Add</h3>
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

      <FormFeedback error={save.isError ? errorText(save.error, 'Failed to save skills') : null} success={success} />
      <BusyButton onClick={saveAll} busy={save.isPending} busyLabel="Saving..." disabled={pending.length === 0}>Save All Skills</BusyButton>
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
