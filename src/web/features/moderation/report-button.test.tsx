/** 'Send Report' stays reachable by keyboard: pressed without a reason, it says one is needed and sends nothing. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { answerFetch, renderScreen } from '../../testing/render';
import { REPORT_RECEIVED } from '../../testing/report-dialog';
import { ReportButton } from './report-button';

it('asks for a reason instead of keeping Send Report out of reach', async () => {
  const calls = answerFetch(REPORT_RECEIVED);
  renderScreen(<ReportButton targetKind="team" targetId="22222222-2222-4222-8222-222222222222" />);
  await userEvent.click(screen.getByRole('button', { name: 'Report' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report this team' });
  const send = within(dialog).getByRole('button', { name: 'Send Report' });
  expect(send).toBeEnabled();
  await userEvent.click(send);
  expect(within(dialog).getByText('Choose a reason', { selector: 'p' })).toBeVisible();
  await waitFor(() => expect(within(dialog).getByLabelText('Reason')).toHaveFocus());
  expect(calls.some((c) => c.key.startsWith('POST '))).toBe(false);
  await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'Spam or scam');
  expect(within(dialog).queryByText('Choose a reason', { selector: 'p' })).toBeNull();
  await userEvent.click(send);
  expect(await within(dialog).findByText('Report received. Thank you: the moderators will look at it.')).toBeVisible();
});
