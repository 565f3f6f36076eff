import type { OwnProfile } from '../../../shared/api-types';
import { AVAILABILITIES, type Availability } from '../../../shared/constants';
import { ProfileBasicSchema } from '../../../shared/schemas';
import { BusyButton } from '../../components/ui/button';
import { Field, Input, Select, Textarea } from '../../components/ui/field';
import { FormFeedback } from './form-feedback';
import { errorText, useProfileSectionForm } from './profile-queries';

interface BasicForm {
  firstName: string;
  lastName: string;
  preferredName: string;
  availability: Availability;
  bio: string;
}

export function BasicInfoForm({ profile }: { profile: OwnProfile }) {
  const { values, set, errors, saved, save, submit } = useProfileSectionForm<BasicForm>(profile.id, 'basic', ProfileBasicSchema, {
    firstName: profile.firstName,
    lastName: profile.lastName,
    preferredName: profile.preferredName ?? '',
    availability: profile.availability,
    bio: profile.bio ?? '',
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" error={errors.firstName}>
          {(p) => <Input {...p} required autoComplete="given-name" value={values.firstName} onChange={(e) => set({ firstName: e.target.value })} />}
        </Field>
        <Field label="Last name" error={errors.lastName}>
          {(p) => <Input {...p} required autoComplete="family-name" value={values.lastName} onChange={(e) => set({ lastName: e.target.value })} />}
        </Field>
      </div>
      <Field label="Preferred name (optional)" hint="Shown instead of your first and last name" error={errors.preferredName}>
        {(p) => <Input {...p} value={values.preferredName} onChange={(e) => set({ preferredName: e.target.value })} />}
      </Field>
      <Field label="Availability" error={errors.availability}>
        {(p) => (
          <Select {...p} value={values.availability} onChange={(e) => set({ availability: e.target.value as Availability })}>
            {AVAILABILITIES.map((a) => <option key={a} value={a}>{a}</option>)}
          </Select>
        )}
      </Field>
      <Field label="Bio" error={errors.bio}>
        {(p) => (
          <Textarea {...p} rows={4} maxLength={1000} placeholder="Tell other builders about yourself..." value={values.bio} onChange={(e) => set({ bio: e.target.value })} />
        )}
      </Field>
      <FormFeedback error={save.isError ? errorText(save.error, 'Failed to update profile') : null} success={saved ? 'Profile updated successfully' : null} />
      <BusyButton type="submit" busy={save.isPending} busyLabel="Saving...">Save Changes</BusyButton>
    </form>
  );
}
