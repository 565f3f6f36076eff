import { useState } from 'react';
import { AVAILABILITIES, type Availability } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { Checkbox, Input } from '../../components/ui/field';
import { cn } from '../../lib/cn';

export interface ProfileFilterValues {
  skills: string[];
  availability: Availability | null;
  looking: boolean;
}

/** How many filter groups are active (skills, availability, team status): at most 3. */
export function activeFilterCount(f: ProfileFilterValues): number {
  return (f.skills.length > 0 ? 1 : 0) + (f.availability ? 1 : 0) + (f.looking ? 1 : 0);
}

const sameSkill = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** With more chips than this, a box to narrow them down is shown above them. */
const CHIPS_WITHOUT_FINDER = 20;

export function ProfileFiltersPanel({
  id,
  allSkills,
  values,
  onChange,
  onReset,
}: {
  id: string;
  allSkills: string[];
  values: ProfileFilterValues;
  onChange(next: Partial<ProfileFilterValues>): void;
  onReset(): void;
}) {
  // A skill from a shared link stays visible (and can be unselected) even if no one lists it now.
  const chips = [...allSkills, ...values.skills.filter((s) => !allSkills.some((a) => sameSkill(a, s)))];
  const finder = chips.length > CHIPS_WITHOUT_FINDER;
  const [find, setFind] = useState('');
  // Chips toggled while narrowing stay in view (and keep the focus), until the text changes.
  const [toggled, setToggled] = useState<string[]>([]);
  const wanted = finder ? find.trim().toLowerCase() : '';
  // Selected skills always stay in view, so they can be unselected while narrowing.
  const shown = wanted
    ? chips.filter((name) => name.toLowerCase().includes(wanted) || values.skills.some((s) => sameSkill(s, name)) || toggled.includes(name))
    : chips;
  const toggleSkill = (name: string) => {
    setToggled((list) => (list.includes(name) ? list : [...list, name]));
    const selected = values.skills.some((s) => sameSkill(s, name));
    onChange({ skills: selected ? values.skills.filter((s) => !sameSkill(s, name)) : [...values.skills, name] });
  };

  return (
    <section id={id} aria-label="Filters" className="mt-4 space-y-6 rounded-xl border border-slate-200 bg-surface p-5 shadow-sm">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Skills</legend>
        {finder && (
          <Input
            type="search"
            aria-label="Find a skill"
            placeholder="Find a skill..."
            value={find}
            onChange={(e) => {
              setFind(e.target.value);
              setToggled([]);
            }}
            className="mt-3 sm:max-w-xs"
          />
        )}
        {chips.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">No skills yet</p>
        ) : shown.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">No skill matches '{find.trim()}'</p>
        ) : (
          // Scrolls when long; the fading last line shows there is more below.
          <div className="mt-3 flex max-h-52 flex-wrap gap-2 overflow-y-auto pb-3 [mask-image:linear-gradient(to_bottom,black_calc(100%-1.5rem),transparent)]">
            {shown.map((name) => {
              const selected = values.skills.some((s) => sameSkill(s, name));
              return (
                <button
                  key={name}
                  type="button"
                  aria-pressed={selected}
                  onClick={() => toggleSkill(name)}
                  className={cn(
                    'min-h-9 cursor-pointer rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset transition-colors',
                    selected ? 'bg-brand-600 text-white ring-brand-600' : 'bg-surface text-slate-700 ring-slate-300 hover:bg-slate-50',
                  )}
                >
                  {name}
                </button>
              );
            })}
          </div>
        )}
      </fieldset>

      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Availability</legend>
        <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          {AVAILABILITIES.map((a) => (
            <label key={a} className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                name="availability"
                value={a}
                className="h-4 w-4 accent-brand-600"
                checked={values.availability === a}
                // Clicking the chosen option again clears it, which a plain radio cannot do.
                onClick={() => onChange({ availability: values.availability === a ? null : a })}
                // Space on the chosen option clears it too (browsers send no click for it).
                onKeyDown={(e) => {
                  // A held key repeats: only its first press counts.
                  if (e.key === ' ' && e.repeat) {
                    e.preventDefault();
                    return;
                  }
                  if (e.key === ' ' && values.availability === a) {
                    e.preventDefault();
                    onChange({ availability: null });
                  }
                }}
                onChange={() => {}}
              />
              {a}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Team Status</legend>
        <Checkbox
          className="mt-3"
          label="Only show people looking for a team"
          checked={values.looking}
          onChange={(e) => onChange({ looking: e.target.checked })}
        />
      </fieldset>

      <div className="flex justify-end border-t border-slate-100 pt-4">
        <Button variant="outline" size="sm" onClick={onReset}>
          Reset Filters
        </Button>
      </div>
    </section>
  );
}
