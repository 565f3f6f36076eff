/**
 * The own profile's 'Please verify your email address' banner (docs/decisions/017): it names only the
 * sign-in providers this server offers as waiting for the link.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SocialProvider } from '../../../shared/constants';
import { answerFetch, renderScreen, serverConfig } from '../../testing/render';
import { VerifyEmailBanner } from './verify-email-banner';

function renderBanner(socialProviders: SocialProvider[]) {
  answerFetch({
    'GET /api/auth/account': { status: 200, body: { email: 'ada@example.com', emailVerified: false, hasPassword: true, providers: [] } },
    ...serverConfig({ socialProviders }),
  });
  renderScreen(<VerifyEmailBanner />, { path: '/profile' });
}

describe('the verify-email banner', () => {
  it('says nothing of GitHub or Discord when this server offers neither', async () => {
    renderBanner([]);
    const banner = (await screen.findByRole('heading', { name: 'Please verify your email address' })).closest('section')!;
    expect(banner).toHaveTextContent('Open the link we sent to ada@example.com.');
    expect(banner).not.toHaveTextContent(/GitHub|Discord/);
    expect(screen.getByRole('button', { name: 'Resend the link' })).toBeVisible();
  });

  it('names the providers it offers, which cannot sign in until then', async () => {
    renderBanner(['github']);
    expect(await screen.findByText(/Until then, GitHub cannot sign in to this account\./)).toBeVisible();
    expect(screen.queryByText(/Discord/)).toBeNull();
  });
});
