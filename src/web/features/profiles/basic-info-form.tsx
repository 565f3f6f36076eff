import type { z } from 'zod';
import type { OwnProfile } from '../../../shared/api/profiles';
import { AVAILABILITIES } from '../../../shared/constants';
import { ProfileBasicSchema } from '../../../shared/schemas';
import { Field, Input, Select, Textarea } from '../../components/ui/field';
import { api } from '../../lib/api';
import { Form, FormMessage, SubmitButton, useApiForm } from '../../lib/form';
import { useProfileWrite } from './profile-queries';

export function BasicInfoForm({ profile }: { profile: OwnProfile }) {
  const save = useProfileWrite((body: z.output<typeof ProfileBasicSchema>) =>
    api('PUT /api/profiles/{id}/basic', { params: { id: profile.id }, body }),
  );
  const form = useApiForm({
    schema: ProfileBasicSchema,
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      preferredName: profile.preferredName ?? '',
      availability: profile.availability,
      bio: profile.bio ?? '',
    },
    submit: save.mutateAsync,
    errorFallback: 'Failed to update profile',
  });

  return (
    <Form form={form} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" error={form.error('firstName')}>
          {(p) => <Input {...p} {...form.register('firstName')} required autoComplete="given-name" />}
        </Field>
        <Field label="Last name" error={form.error('lastName')}>
          {(p) => <Input {...p} {...form.register('lastName')} required autoComplete="family-name" />}
        </Field>
      </div>
      <Field label="Preferred name (optional)" hint="Shown instead of your first and last name" error={form.error('preferredName')}>
        {(p) => <Input {...p} {...form.register('preferredName')} />}
      </Field>
      <Field label="Availability" error={form.error('availability')}>
        {(p) => (
          <Select {...p} {...form.register('availability')}>
            {AVAILABILITIES.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Bio" error={form.error('bio')}>
        {(p) => <Textarea {...p} {...form.register('bio')} rows={4} maxLength={1000} placeholder="Tell other builders about yourself..." />}
      </Field>
      <FormMessage success="Profile updated successfully" />
      <SubmitButton busyLabel="Saving...">Save Changes</SubmitButton>
    </Form>
  );
}
