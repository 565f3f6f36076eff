import { useState, type FormEvent } from 'react';
import type { OwnProfile } from '../../../shared/api-types';
import { BusyButton } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/field';
import { api } from '../../lib/api';
import { FormFeedback } from './form-feedback';
import { errorText, useProfileWrite } from './profile-queries';

export function SettingsPanel({ profile }: { profile: OwnProfile }) {
  const [looking, setLooking] = useState(profile.lookingForTeam);
  const [saved, setSaved] = useState(false);
  const save = useProfileWrite((lookingForTeam: boolean) =>
    api<OwnProfile>(`/api/profiles/${profile.id}/settings`, { method: 'PUT', body: { lookingForTeam } }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(looking, { onSuccess: () => setSaved(true) });
  };

  return (
    <Card>
      <CardHeader><CardTitle>Settings</CardTitle></CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-4">
          <div className="space-y-1">
            <Checkbox
              label="I am currently looking for a team"
              checked={looking}
              aria-describedby="looking-hint"
              onChange={(e) => {
                setLooking(e.target.checked);
                setSaved(false);
              }}
            />
            <p id="looking-hint" className="pl-6 text-xs text-slate-500">
              When checked, your profile will appear in the &apos;Looking for Team&apos; section
            </p>
          </div>
          <FormFeedback error={save.isError ? errorText(save.error, 'Failed to update settings') : null} success={saved ? 'Settings saved successfully' : null} />
          <BusyButton type="submit" busy={save.isPending} busyLabel="Saving...">Save Settings</BusyButton>
        </form>
      </CardContent>
    </Card>
  );
}
