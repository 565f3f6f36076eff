import { forwardRef, type InputHTMLAttributes } from 'react';
import { TEAM_SIZE_MAX, TEAM_SIZE_MIN } from '../../../shared/constants';
import type { TeamSizeBounds } from '../../../shared/events';
import { Field, Input } from '../../components/ui/field';

/** Any size a team may have anywhere, before an event is known. */
const ANY_EVENT: TeamSizeBounds = { teamSizeMin: TEAM_SIZE_MIN, teamSizeMax: TEAM_SIZE_MAX };

/**
 * 'Maximum team size' of the create and edit forms: a number within the team's event's bounds (2 to
 * 10 where the event says nothing narrower). Takes what `form.register('maxSize', { valueAsNumber: true })` gives.
 */
export const TeamSizeField = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { error?: string; hint?: string; bounds?: TeamSizeBounds }
>(function TeamSizeField(
  { error, bounds = ANY_EVENT, hint = `${bounds.teamSizeMin} to ${bounds.teamSizeMax} people, you included`, ...input },
  ref,
) {
  return (
    <Field label="Maximum team size" hint={hint} error={error}>
      {(p) => (
        <Input
          {...p}
          {...input}
          ref={ref}
          className="max-w-56"
          type="number"
          min={bounds.teamSizeMin}
          max={bounds.teamSizeMax}
          step={1}
          inputMode="numeric"
        />
      )}
    </Field>
  );
});
