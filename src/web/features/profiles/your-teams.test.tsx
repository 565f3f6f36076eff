/** 'Your Teams' on /profile: each team with the person's role and the event it is in (a profile spans events). */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { membership } from '../../testing/events';
import { answerFetch, renderScreen } from '../../testing/render';
import { YourTeams } from './your-teams';

describe('your teams', () => {
  it('names the event of each team beside the role', async () => {
    answerFetch({});
    renderScreen(
      <YourTeams
        teams={[
          membership(),
          membership({
            teamId: '66666666-6666-4666-8666-666666666666',
            teamName: 'Byte Club',
            role: 'Designer',
            isLeader: false,
            soleLeader: false,
            event: { slug: 'worlds-largest-hackathon-2025', name: "World's Largest Hackathon" },
          }),
        ]}
      />,
    );
    const solar = (await screen.findByRole('link', { name: /Solar Sleuths/ })).closest('li')!;
    expect(within(solar).getByText('Team Leader · Climate Code Sprint')).toBeVisible();
    const byte = screen.getByRole('link', { name: /Byte Club/ }).closest('li')!;
    expect(within(byte).getByText("Designer · World's Largest Hackathon")).toBeVisible();
  });
});
