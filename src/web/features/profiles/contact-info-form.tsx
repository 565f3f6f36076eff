import type { ContactInfo, OwnProfile } from '../../../shared/api-types';
import { TIMEZONES } from '../../../shared/constants';
import { ProfileContactSchema } from '../../../shared/schemas';
import { BusyButton } from '../../components/ui/button';
import { Field, Input, Select } from '../../components/ui/field';
import { FormFeedback } from './form-feedback';
import { errorText, useProfileSectionForm } from './profile-queries';

type ContactForm = { [K in keyof ContactInfo]: string };

const TEXT_FIELDS: { key: keyof ContactForm; label: string; placeholder: string; type: 'text' | 'url' }[] = [
  { key: 'discordUsername', label: 'Discord username', placeholder: 'username', type: 'text' },
  { key: 'twitterUsername', label: 'Twitter username', placeholder: '@username', type: 'text' },
  { key: 'githubUrl', label: 'GitHub URL', placeholder: 'https://github.com/username', type: 'url' },
  { key: 'linkedinUrl', label: 'LinkedIn URL', placeholder: 'https://linkedin.com/in/username', type: 'url' },
  { key: 'portfolioUrl', label: 'Portfolio URL', placeholder: 'https://your-site.com', type: 'url' },
];

export function ContactInfoForm({ profile }: { profile: OwnProfile }) {
  const c = profile.contact;
  const { values, set, errors, saved, save, submit } = useProfileSectionForm<ContactForm>(profile.id, 'contact', ProfileContactSchema, {
    discordUsername: c.discordUsername ?? '',
    twitterUsername: c.twitterUsername ?? '',
    timezone: c.timezone ?? '',
    githubUrl: c.githubUrl ?? '',
    linkedinUrl: c.linkedinUrl ?? '',
    portfolioUrl: c.portfolioUrl ?? '',
  });

  const textField = (f: (typeof TEXT_FIELDS)[number]) => (
    <Field key={f.key} label={f.label} error={errors[f.key]}>
      {(p) => <Input {...p} type={f.type} placeholder={f.placeholder} value={values[f.key]} onChange={(e) => set({ [f.key]: e.target.value })} />}
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.slice(0, 2).map(textField)}
      </div>
      <Field label="Timezone" error={errors.timezone}>
        {(p) => (
          <Select {...p} value={values.timezone} onChange={(e) => set({ timezone: e.target.value })}>
            <option value="">Select a timezone</option>
            {TIMEZONES.map((tz) => <option key={tz} value={tz}>{tz}</option>)}
          </Select>
        )}
      </Field>
      {TEXT_FIELDS.slice(2).map(textField)}
      <FormFeedback error={save.isError ? errorText(save.error, 'Failed to update profile') : null} success={saved ? 'Contact information updated successfully' : null} />
      <BusyButton type="submit" busy={save.isPending} busyLabel="Saving...">Save Changes</BusyButton>
    </form>
  );
}
