import type { z } from 'zod';
import type { OwnProfile } from '../../../shared/api/profiles';
import { SettingsSchema } from '../../../shared/schemas';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/field';
import { api } from '../../lib/api';
import { Form, FormMessage, SubmitButton, useApiForm } from '../../lib/form';
import { useProfileWrite } from './profile-queries';

export function SettingsPanel({ profile }: { profile: OwnProfile }) {
  const save = useProfileWrite((body: z.output<typeof SettingsSchema>) =>
    api('PUT /api/profiles/{id}/settings', { params: { id: profile.id }, body }),
  );
  const form = useApiForm({
    schema: SettingsSchema,
    defaultValues: { lookingForTeam: profile.lookingForTeam },
    values: { lookingForTeam: profile.lookingForTeam },
    submit: save.mutateAsync,
    errorFallback: 'Failed to update settings',
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Settings</CardTitle>
      </CardHeader>
      <CardContent>
        <Form form={form} className="space-y-4">
          <div className="space-y-1">
            <Checkbox
              label="I am currently looking for a team"
              aria-describedby="looking-hint"
              error={form.error('lookingForTeam')}
              {...form.register('lookingForTeam')}
            />
            <p id="looking-hint" className="pl-6 text-xs text-slate-500">
              When checked, your profile will appear in the &apos;Looking for Team&apos; section
            </p>
          </div>
          <FormMessage success="Settings saved successfully" />
          <SubmitButton busyLabel="Saving...">Save Settings</SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}
