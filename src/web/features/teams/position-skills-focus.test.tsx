/** Removing a skill chip or taking a suggestion leaves the keyboard in the skill box, not on the page's body. */
import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { renderScreen } from '../../testing/render';
import { PositionSkillsEditor } from './position-skills-editor';

function Editor() {
  const [skills, setSkills] = useState(['React', 'Figma']);
  return <PositionSkillsEditor title="Frontend Developer" skills={skills} onChange={setSkills} />;
}

it('a removed chip and a taken suggestion hand the keyboard to the skill box', async () => {
  renderScreen(<Editor />);
  const box = screen.getByLabelText('Add a skill Frontend Developer needs');
  await userEvent.click(screen.getByRole('button', { name: 'Remove skill Figma from Frontend Developer' }));
  expect(screen.queryByText('Figma')).toBeNull();
  await waitFor(() => expect(box).toHaveFocus());
  await userEvent.click(screen.getByRole('button', { name: 'Add suggested skill TypeScript to Frontend Developer' }));
  expect(screen.getByRole('list', { name: 'Skills Frontend Developer needs' })).toHaveTextContent('TypeScript');
  await waitFor(() => expect(box).toHaveFocus());
});
