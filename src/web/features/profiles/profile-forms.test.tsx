/** Every form of the own profile puts a message the server sends for a field on that field. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OwnProfile } from '../../../shared/api/profiles';
import { profileKeys } from '../../lib/query-keys';
import { answerFetch, invalid, renderScreen, SIGNED_IN } from '../../testing/render';
import { BasicInfoForm } from './basic-info-form';
import { ContactInfoForm } from './contact-info-form';
import { ExperienceEditor } from './experience-editor';
import { useOwnProfile } from './profile-queries';
import { SettingsPanel } from './settings-panel';
import { SkillsEditor } from './skills-editor';

const ID = SIGNED_IN.profile.id;
const profile: OwnProfile = {
  id: ID,
  firstName: 'Ada',
  lastName: 'Lovelace',
  preferredName: null,
  name: 'Ada Lovelace',
  bio: null,
  avatarUrl: null,
  availability: 'Flexible',
  lookingForTeam: true,
  skills: [{ name: 'Python', level: 'Advanced' }],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  experiences: [],
  teams: [],
  contact: { discordUsername: null, twitterUsername: null, timezone: null, githubUrl: null, linkedinUrl: null, portfolioUrl: null },
};

describe("profile forms show the server's field messages on their fields", () => {
  it('Basic information: on Last name', async () => {
    const calls = answerFetch({ 'PUT /api/profiles/{id}/basic': invalid({ lastName: 'Last name must not exceed 50 characters' }) });
    renderScreen(<BasicInfoForm profile={profile} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Last name must not exceed 50 characters'));
    await waitFor(() => expect(screen.getByLabelText('Last name')).toHaveFocus());
    expect(calls.map((c) => c.key)).toContain(`PUT /api/profiles/${ID}/basic`);
  });

  it('Contact information: on GitHub URL', async () => {
    const calls = answerFetch({ 'PUT /api/profiles/{id}/contact': invalid({ githubUrl: 'Invalid GitHub URL' }) });
    renderScreen(<ContactInfoForm profile={profile} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByLabelText('GitHub URL')).toHaveAccessibleDescription('Invalid GitHub URL'));
    expect(calls.map((c) => c.key)).toContain(`PUT /api/profiles/${ID}/contact`);
  });

  it('Settings: on the looking-for-a-team checkbox', async () => {
    const calls = answerFetch({ 'PUT /api/profiles/{id}/settings': invalid({ lookingForTeam: 'Choose yes or no' }) });
    renderScreen(<SettingsPanel profile={profile} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(screen.getByLabelText('I am currently looking for a team')).toHaveAccessibleDescription(/Choose yes or no/));
    expect(calls.map((c) => c.key)).toContain(`PUT /api/profiles/${ID}/settings`);
  });

  it('Experience: on the new experience', async () => {
    const calls = answerFetch({
      'POST /api/profiles/{id}/experiences': invalid({ experience: 'Experience must not exceed 1000 characters' }),
    });
    renderScreen(<ExperienceEditor profile={profile} />);
    await userEvent.type(await screen.findByLabelText('New experience'), 'Won a hackathon');
    await userEvent.click(screen.getByRole('button', { name: 'Add Experience' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New experience')).toHaveAccessibleDescription('Experience must not exceed 1000 characters'),
    );
    expect(calls.map((c) => c.key)).toContain(`POST /api/profiles/${ID}/experiences`);
  });

  it('Skills: the add form refuses a skill already in the profile on its field; a refused save says why', async () => {
    const calls = answerFetch({
      'POST /api/profiles/{id}/skills': { status: 409, body: { error: 'This skill is already in your profile' } },
    });
    renderScreen(<SkillsEditor profile={profile} />);
    // Adding to the list sends nothing: the check is the form's own.
    await userEvent.type(await screen.findByLabelText('Skill name'), 'python');
    await userEvent.click(screen.getByRole('button', { name: 'Add to List' }));
    await waitFor(() => expect(screen.getByLabelText('Skill name')).toHaveAccessibleDescription('This skill is already in your profile'));
    await userEvent.clear(screen.getByLabelText('Skill name'));
    await userEvent.type(screen.getByLabelText('Skill name'), 'Go');
    await userEvent.click(screen.getByRole('button', { name: 'Add to List' }));
    // Added: the field is empty for the next skill.
    await waitFor(() => expect(screen.getByLabelText('Skill name')).toHaveValue(''));
    await userEvent.click(screen.getByRole('button', { name: 'Save All Skills' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This skill is already in your profile');
    expect(calls.map((c) => c.key)).toContain(`POST /api/profiles/${ID}/skills`);
  });
});

/** Settings the way the Profile page shows it: from the own profile's query, which other screens refresh. */
function OwnSettings() {
  const own = useOwnProfile().data;
  return own ? <SettingsPanel profile={own} /> : null;
}

describe('Settings shows the profile as the server last sent it', () => {
  it('a refetch that lands after Settings opened (joining a team switched looking off) unchecks the box', async () => {
    answerFetch({ 'GET /api/profile': { status: 200, body: profile } });
    const { queryClient } = renderScreen(<OwnSettings />);
    const looking = await screen.findByLabelText('I am currently looking for a team');
    expect(looking).toBeChecked();
    queryClient.setQueryData(profileKeys.own, { ...profile, lookingForTeam: false });
    await waitFor(() => expect(looking).not.toBeChecked());
  });

  it('a box the person changed keeps their choice; after saving, the success line stays', async () => {
    answerFetch({
      'GET /api/profile': { status: 200, body: profile },
      'PUT /api/profiles/{id}/settings': (body) => ({ status: 200, body: { ...profile, ...(body as { lookingForTeam: boolean }) } }),
    });
    const { queryClient } = renderScreen(<OwnSettings />);
    const looking = await screen.findByLabelText('I am currently looking for a team');
    await userEvent.click(looking);
    queryClient.setQueryData(profileKeys.own, { ...profile, bio: 'Changed elsewhere' });
    await waitFor(() => expect(queryClient.getQueryData<OwnProfile>(profileKeys.own)?.bio).toBe('Changed elsewhere'));
    expect(looking).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully')).toBeVisible();
    expect(queryClient.getQueryData<OwnProfile>(profileKeys.own)?.lookingForTeam).toBe(false);
    expect(looking).not.toBeChecked();
    expect(screen.getByText('Settings saved successfully')).toBeVisible();
  });
});
