import type { z } from 'zod';
import { fieldMessages } from '../../shared/schemas';

type Checked<T> = { data: T; errors?: undefined } | { data?: undefined; errors: Record<string, string> };

/** Checks form values with the schema the server uses: the parsed data, or the first message per field. */
export function validate<S extends z.ZodType>(schema: S, values: unknown): Checked<z.infer<S>> {
  const parsed = schema.safeParse(values);
  return parsed.success ? { data: parsed.data } : { errors: fieldMessages(parsed.error) };
}

/**
 * After a submit that failed validation: the keyboard (and a screen reader, which then reads the
 * field's message) goes to the first field marked invalid, once the messages are on screen.
 */
export function focusFirstInvalid(form: Element) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
