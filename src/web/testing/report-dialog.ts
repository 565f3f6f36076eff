/** Reporting through the Report dialog (features/moderation/report-button.tsx), for the screens that offer it. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { answerFetch } from './render';

/** The server's answer to a report. */
export const REPORT_RECEIVED = { 'POST /api/reports': { status: 201 as const, body: { received: true as const } } };

/** Opens a Report dialog by its button's name, sends 'Harassment or bullying', and returns what was posted. */
export async function sendReport(calls: ReturnType<typeof answerFetch>, buttonName: string, dialogTitle: string) {
  await userEvent.click(await screen.findByRole('button', { name: buttonName }));
  const dialog = await screen.findByRole('dialog', { name: dialogTitle });
  await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'Harassment or bullying');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send Report' }));
  expect(await within(dialog).findByText('Report received. Thank you: the moderators will look at it.')).toBeVisible();
  return calls.find((c) => c.key === 'POST /api/reports')?.body;
}
