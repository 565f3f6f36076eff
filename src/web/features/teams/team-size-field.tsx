import { forwardRef, type InputHTMLAttributes } from 'react';
import { TEAM_SIZE_MAX, TEAM_SIZE_MIN } from '../../../shared/constants';
import { Field, Input } from '../../components/ui/field';

/**
 * 'Maximum team size' of the create and edit forms: a number from 2 to 10. Takes what
 * `form.register('maxSize', { valueAsNumber: true })` gives.
 */
export const TeamSizeField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { error?: string; hint?: string }>(
  function TeamSizeField({ error, hint = '2 to 10 people, you included', ...input }, ref) {
    return (
      <Field label="Maximum team size" hint={hint} error={error} className="max-w-56">
        {(p) => <Input {...p} {...input} ref={ref} type="number" min={TEAM_SIZE_MIN} max={TEAM_SIZE_MAX} step={1} inputMode="numeric" />}
      </Field>
    );
  },
);
