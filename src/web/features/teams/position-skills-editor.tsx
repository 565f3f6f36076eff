/**
 * The skills one open position needs (up to 8; docs/decisions/011-matching.md): chips to remove, a
 * box to add one, and the skills its title suggests ('Frontend Developer': React, TypeScript, CSS).
 */
import { useId, useState } from 'react';
import { Plus, X } from 'lucide-react';
import { MAX_POSITION_SKILLS, suggestedSkills } from '../../../shared/matching';
import { dedupe } from '../../../shared/schemas';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/field';
import { focusFirstOf } from '../../lib/focus';

export function PositionSkillsEditor({
  title,
  skills,
  onChange,
  disabled,
}: {
  title: string;
  skills: string[];
  onChange(next: string[]): void;
  disabled?: boolean;
}) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const name = title.trim() || 'this position';
  const full = skills.length >= MAX_POSITION_SKILLS;
  const has = (s: string) => skills.some((k) => k.toLowerCase() === s.toLowerCase());
  const suggestions = suggestedSkills(title).filter((s) => !has(s));
  // A chip removed or a suggestion taken leaves with the button that had the keyboard: it goes on in the box.
  const keepFocus = () => focusFirstOf(inputId);
  const add = (skill: string) => {
    if (!skill.trim() || full) return;
    onChange(dedupe([...skills, skill]).slice(0, MAX_POSITION_SKILLS));
    setDraft('');
  };
  return (
    <div className="space-y-2">
      {skills.length > 0 && (
        <ul aria-label={`Skills ${name} needs`} className="flex flex-wrap gap-1.5">
          {skills.map((s) => (
            <li key={s}>
              <Badge variant="secondary" className="gap-1 pr-1">
                {s}
                <button
                  type="button"
                  className="cursor-pointer rounded-full p-0.5 hover:bg-brand-100 disabled:opacity-50"
                  aria-label={`Remove skill ${s} from ${name}`}
                  disabled={disabled}
                  onClick={() => {
                    onChange(skills.filter((k) => k !== s));
                    keepFocus();
                  }}
                >
                  <X aria-hidden className="h-3 w-3" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <div className="flex gap-2">
          <label htmlFor={inputId} className="sr-only">
            Add a skill {name} needs
          </label>
          <Input
            id={inputId}
            value={draft}
            maxLength={50}
            placeholder="A skill, e.g., React"
            // Read-only, not disabled, while saving: a disabled field drops the keyboard's focus.
            readOnly={disabled}
            className="h-9"
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              // Enter adds the skill here rather than submitting the whole form.
              e.preventDefault();
              if (!disabled) add(draft);
            }}
          />
          <Button variant="outline" size="sm" className="h-9 shrink-0" disabled={disabled || !draft.trim()} onClick={() => add(draft)}>
            Add Skill
          </Button>
        </div>
      )}
      {!full && suggestions.length > 0 && (
        <p className="flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
          Suggested:
          {suggestions.map((s) => (
            <button
              key={s}
              type="button"
              disabled={disabled}
              aria-label={`Add suggested skill ${s} to ${name}`}
              className="inline-flex cursor-pointer items-center gap-0.5 rounded-full border border-dashed border-slate-300 px-2 py-0.5 text-slate-700 hover:bg-slate-100 disabled:opacity-50"
              onClick={() => {
                add(s);
                keepFocus();
              }}
            >
              <Plus aria-hidden className="h-3 w-3" />
              {s}
            </button>
          ))}
        </p>
      )}
    </div>
  );
}
