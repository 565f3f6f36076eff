import type { z } from 'zod';
import type { OwnProfile } from '../../../shared/api/profiles';
import { TIMEZONES } from '../../../shared/constants';
import { ProfileContactSchema } from '../../../shared/schemas';
import { Field, Input, Select } from '../../components/ui/field';
import { api } from '../../lib/api';
import { Form, FormMessage, SubmitButton, useApiForm } from '../../lib/form';
import { useProfileWrite } from './profile-queries';

type TextField = 'discordUsername' | 'twitterUsername' | 'githubUrl' | 'linkedinUrl' | 'portfolioUrl';
const TEXT_FIELDS: { key: TextField; label: string; placeholder: string; type: 'text' | 'url' }[] = [
  { key: 'discordUsername', label: 'Discord username', placeholder: 'username', type: 'text' },
  { key: 'twitterUsername', label: 'Twitter username', placeholder: '@username', type: 'text' },
  { key: 'githubUrl', label: 'GitHub URL', placeholder: 'https://github.com/username', type: 'url' },
  { key: 'linkedinUrl', label: 'LinkedIn URL', placeholder: 'https://linkedin.com/in/username', type: 'url' },
  { key: 'portfolioUrl', label: 'Portfolio URL', placeholder: 'https://your-site.com', type: 'url' },
];

export function ContactInfoForm({ profile }: { profile: OwnProfile }) {
  const c = profile.contact;
  const save = useProfileWrite((body: z.output<typeof ProfileContactSchema>) =>
    api('PUT /api/profiles/{id}/contact', { params: { id: profile.id }, body }),
  );
  const form = useApiForm({
    schema: ProfileContactSchema,
    defaultValues: {
      discordUsername: c.discordUsername ?? '',
      twitterUsername: c.twitterUsername ?? '',
      timezone: c.timezone ?? '',
      githubUrl: c.githubUrl ?? '',
      linkedinUrl: c.linkedinUrl ?? '',
      portfolioUrl: c.portfolioUrl ?? '',
    },
    submit: save.mutateAsync,
    errorFallback: 'Failed to update profile',
  });

  const textField = (f: (typeof TEXT_FIELDS)[number]) => (
    <Field key={f.key} label={f.label} error={form.error(f.key)}>
      {(p) => <Input {...p} {...form.register(f.key)} type={f.type} placeholder={f.placeholder} />}
    </Field>
  );

  return (
    <Form form={form} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">{TEXT_FIELDS.slice(0, 2).map(textField)}</div>
      <Field label="Timezone" error={form.error('timezone')}>
        {(p) => (
          <Select {...p} {...form.register('timezone')}>
            <option value="">Select a timezone</option>
            {TIMEZONES.map((tz) => (
              <option key={tz} value={tz}>
                {tz}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {TEXT_FIELDS.slice(2).map(textField)}
      <FormMessage success="Contact information updated successfully" />
      <SubmitButton busyLabel="Saving...">Save Changes</SubmitButton>
    </Form>
  );
}
