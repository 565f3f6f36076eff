/**
 * The one form mechanism: react-hook-form checked by the shared zod schema (the server checks the
 * same one). On submit it validates, sends, and when the server answers with field messages puts
 * each on its field; a message for no field on screen shows above the form. Either way the
 * keyboard moves to the first invalid field, and submit is disabled while the form is sending.
 *
 *   const form = useApiForm({ schema, defaultValues, submit: create.mutateAsync, errorFallback: '...' });
 *   <Form form={form}>
 *     <Field label="Team Name" error={form.error('name')}>{(p) => <Input {...p} {...form.register('name')} />}</Field>
 *     <FormMessage />
 *     <SubmitButton busyLabel="Creating Team...">Create Team</SubmitButton>
 *   </Form>
 */
import { createContext, useContext, useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  FormProvider,
  get,
  useForm,
  useFormContext,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { BusyButton, Button } from '../components/ui/button';
import { ErrorMessage, SuccessMessage } from '../components/ui/feedback';
import { ApiRequestError, errorText } from './api';

/** Moves the keyboard (and a screen reader, which then reads its message) to the first invalid field. */
export function focusFirstInvalid(form: Element | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

interface ApiFormOptions<S extends z.ZodType<FieldValues, FieldValues>, R> {
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  /**
   * The server's current values, for a form that shows a record other screens change too (joining
   * a team switches 'looking for a team' off while Settings may already be open, or opens before
   * the refetch lands): the fields follow them until the person changes one.
   */
  values?: z.input<S>;
  /** Sends the checked values, usually a mutation's `mutateAsync`. */
  submit: (values: z.output<S>) => Promise<R>;
  onSuccess?: (result: R, values: z.output<S>) => void | Promise<void>;
  /** Empty the fields after a success (forms that add an item to a list). */
  resetOnSuccess?: boolean;
  /** Values the form lets pass without a word (a blank entry where blanks are ignored): nothing is sent. */
  ignore?: (values: z.output<S>) => boolean;
  /** The form's field for a field the server names, when the two differ ('openPositions.3' -> 'position'). */
  fieldFor?: (serverField: string) => string | undefined;
  /** The message above the form when a failure names no field on screen (the product's text for it). */
  errorFallback: string;
}

export type ApiForm<S extends z.ZodType<FieldValues, FieldValues>> = UseFormReturn<z.input<S>, unknown, z.output<S>> & {
  onSubmit: (e?: React.BaseSyntheticEvent) => Promise<void>;
  /** The message on a field, from the schema or from the server. */
  error: (name: Path<z.input<S>>) => string | undefined;
  /** True after a successful submit, until the next change. */
  saved: boolean;
  formRef: React.RefObject<HTMLFormElement | null>;
};

export function useApiForm<S extends z.ZodType<FieldValues, FieldValues>, R>(options: ApiFormOptions<S, R>): ApiForm<S> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    // The resolver's types cannot follow a schema left generic here; useForm's own are exact.
    resolver: zodResolver(options.schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    defaultValues: options.defaultValues,
    values: options.values,
    // Following the server's values keeps what the person changed; only then (react-hook-form
    // merges resetOptions into every reset, so a form cleared after a success would keep its text).
    resetOptions: options.values ? { keepDirtyValues: true } : undefined,
    // Focus follows the page's order, also for messages the server sends (see focusFirstInvalid).
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [saved, setSaved] = useState(false);
  // A change after a save: the success line goes (not when the fields follow the server's values).
  useEffect(() => {
    const subscription = form.watch((_, { name }) => name !== undefined && setSaved(false));
    return () => subscription.unsubscribe();
  }, [form]);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setSaved(false);
      if (options.ignore?.(values)) return;
      try {
        const result = await options.submit(values);
        // Cleared, whatever the person typed: a message sent twice by a second press is worse than retyping.
        if (options.resetOnSuccess) form.reset(undefined, { keepDirtyValues: false });
        setSaved(true);
        await options.onSuccess?.(result, values);
      } catch (err) {
        const fields = Object.entries(err instanceof ApiRequestError ? err.fields : {}).map(
          ([name, message]) => [options.fieldFor?.(name) ?? name, message] as const,
        );
        // A message goes on its field when that field is on screen; any other shows above the form.
        const onScreen = fields.filter(([name]) => formRef.current?.elements.namedItem(name));
        for (const [name, message] of onScreen) form.setError(name as Path<z.input<S>>, { type: 'server', message });
        if (onScreen.length === 0) form.setError('root.server', { type: 'server', message: errorText(err, options.errorFallback) });
        focusFirstInvalid(formRef.current);
      }
    },
    () => focusFirstInvalid(formRef.current),
  );

  return Object.assign(form, {
    onSubmit,
    error: (name: Path<z.input<S>>) => {
      const found: { message?: string; root?: { message?: string } } | undefined = get(form.formState.errors, name);
      return found?.message ?? found?.root?.message;
    },
    saved,
    formRef,
  });
}

const SavedContext = createContext(false);

/** The <form> of a `useApiForm`: no browser validation (the schema's messages are shown instead). */
export function Form<S extends z.ZodType<FieldValues, FieldValues>>({
  form,
  className,
  children,
}: {
  form: ApiForm<S>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <SavedContext.Provider value={form.saved}>
        <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className={className}>
          {children}
        </form>
      </SavedContext.Provider>
    </FormProvider>
  );
}

/** The form's outcome: the failure that names no field, or `success` after a save until the next change. */
export function FormMessage({ success }: { success?: string }) {
  const { formState } = useFormContext();
  const saved = useContext(SavedContext);
  const failure = formState.errors.root?.server?.message;
  if (failure) return <ErrorMessage>{failure}</ErrorMessage>;
  if (success && saved) return <SuccessMessage>{success}</SuccessMessage>;
  return null;
}

/** Submit, disabled and showing `busyLabel` while the form is sending. */
export function SubmitButton({ busyLabel, ...props }: Omit<ComponentProps<typeof BusyButton>, 'busy' | 'type'>) {
  const { formState } = useFormContext();
  return <BusyButton type="submit" busy={formState.isSubmitting} busyLabel={busyLabel} {...props} />;
}

/** Cancel and submit at the foot of a dialog or inline form: side by side, or stacked (submit on top) on a phone. */
export function FormActions({ onCancel, busyLabel, children }: { onCancel(): void; busyLabel: string; children: ReactNode }) {
  const { formState } = useFormContext();
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel} disabled={formState.isSubmitting}>
        Cancel
      </Button>
      <SubmitButton busyLabel={busyLabel}>{children}</SubmitButton>
    </div>
  );
}
