/**
 * An owner adds someone to the staff (docs/product.md#event-staff): by the email of someone taking
 * part in the event, or by a profile (its address, as the browser shows it on their profile page).
 */
import { z } from 'zod';
import { EVENT_ROLES } from '../../../shared/constants';
import { email } from '../../../shared/schemas';
import { Field, Input, Select } from '../../components/ui/field';
import { Form, FormMessage, SubmitButton, useApiForm } from '../../lib/form';
import { useAddStaff } from './event-admin-queries';
import { ROLE_NAMES } from './staff-roles';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const WHO_MESSAGE = "Give the email of someone taking part, or a profile's address (…/profiles/…)";

/** Who: an email (it has an @), or a profile id or address that has one. */
export const AddStaffFormSchema = z
  .object({ who: z.string().trim().min(1, WHO_MESSAGE), role: z.enum(EVENT_ROLES) })
  .transform(({ who, role }, ctx) => {
    if (who.includes('@')) {
      const parsed = email.safeParse(who);
      if (parsed.success) return { email: parsed.data, role };
      ctx.addIssue({ code: 'custom', path: ['who'], message: parsed.error.issues[0].message });
      return z.NEVER;
    }
    const id = UUID.exec(who)?.[0];
    if (id) return { profileId: id.toLowerCase(), role };
    ctx.addIssue({ code: 'custom', path: ['who'], message: WHO_MESSAGE });
    return z.NEVER;
  });

export function AddStaffForm({ slug }: { slug: string }) {
  const add = useAddStaff(slug);
  const form = useApiForm({
    schema: AddStaffFormSchema,
    defaultValues: { who: '', role: 'organizer' },
    submit: add.mutateAsync,
    resetOnSuccess: true,
    // The server names the email or the profile; here both are typed in one box.
    fieldFor: (field) => (field === 'email' || field === 'profileId' ? 'who' : field),
    errorFallback: 'Failed to add to the staff. Please try again.',
  });
  return (
    <Form form={form} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <Field
          label="Email or profile"
          hint="The email of someone taking part in this event, or the address of their profile page"
          error={form.error('who')}
        >
          {(p) => <Input {...p} {...form.register('who')} autoComplete="off" placeholder="name@example.com" />}
        </Field>
        <Field label="Role" error={form.error('role')}>
          {(p) => (
            <Select {...p} {...form.register('role')}>
              {EVENT_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_NAMES[r]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
        <FormMessage success="Added to the staff" />
        <SubmitButton busyLabel="Adding...">Add to Staff</SubmitButton>
      </div>
    </Form>
  );
}
