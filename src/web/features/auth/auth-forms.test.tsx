/** The sign-up and sign-in forms put a message the server sends for a field on that field. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerFetch, invalid, renderScreen, serverConfig, SIGNED_OUT } from '../../testing/render';
import LoginPage from './login-page';
import SignupPage from './signup-page';

/** Fills in the sign-up form as Ada, with a decent password, and sends it. */
async function signUpAsAda() {
  await userEvent.type(await screen.findByLabelText('First name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText(/^Password/), 'engine-1843');
  await userEvent.click(screen.getByRole('button', { name: 'Sign up with Email' }));
}

describe("account forms show the server's field messages on their fields", () => {
  it('Sign up: on Email', async () => {
    answerFetch({ ...SIGNED_OUT, 'POST /api/auth/sign-up/email': invalid({ email: 'Invalid email address' }) });
    renderScreen(<SignupPage />, { path: '/signup' });
    await signUpAsAda();
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email address'));
  });

  it('Sign up: a password of only spaces is refused before sending; a too common one, by the server, on Password', async () => {
    const common = 'This password is too common. Choose one that is harder to guess.';
    const calls = answerFetch({ ...SIGNED_OUT, 'POST /api/auth/sign-up/email': invalid({ password: common }) });
    renderScreen(<SignupPage />, { path: '/signup' });
    await userEvent.type(await screen.findByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    const password = screen.getByLabelText(/^Password/);
    await userEvent.type(password, '      ');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up with Email' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(expect.stringContaining('Password must not be only spaces')));
    expect(calls.some((c) => c.key === 'POST /api/auth/sign-up/email')).toBe(false);

    await userEvent.clear(password);
    await userEvent.type(password, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up with Email' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(expect.stringContaining(common)));
    expect(calls.find((c) => c.key === 'POST /api/auth/sign-up/email')?.body).toMatchObject({ password: '123456' });
  });

  it('Sign up that did not sign in (the email has an account): says to check that email, no error', async () => {
    answerFetch({
      ...SIGNED_OUT,
      'POST /api/auth/sign-up/email': { status: 200, body: { user: { id: 'x', email: 'ada@example.com', name: 'Ada Lovelace' } } },
    });
    renderScreen(<SignupPage />, { path: '/signup' });
    await signUpAsAda();
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Sign in: on Email; a wrong password says so above the form', async () => {
    const calls = answerFetch({ ...SIGNED_OUT, 'POST /api/auth/sign-in/email': invalid({ email: 'Email is required' }) });
    renderScreen(<LoginPage />, { path: '/login' });
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Email' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required'));
    expect(calls.find((c) => c.key === 'POST /api/auth/sign-in/email')?.body).toEqual({ email: 'ada@example.com', password: 'wrong' });

    answerFetch({ ...SIGNED_OUT, 'POST /api/auth/sign-in/email': { status: 401, body: { error: 'Invalid email or password' } } });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('Sign in: when too many people sign in at once, says to try again in a few seconds', async () => {
    const busy = 'Too many people are signing in right now. Please try again in a few seconds.';
    answerFetch({ ...SIGNED_OUT, 'POST /api/auth/sign-in/email': { status: 503, body: { error: busy } } });
    renderScreen(<LoginPage />, { path: '/login' });
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'engine-1843');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(busy);
  });
});

describe('social sign-in buttons (docs/decisions/013-accounts.md)', () => {
  it("say 'Coming soon!' on themselves, disabled, for providers the server has not configured", async () => {
    answerFetch({
      ...SIGNED_OUT,
      ...serverConfig(),
    });
    renderScreen(<LoginPage />, { path: '/login' });
    expect(await screen.findByRole('button', { name: /Continue with GitHub\s*Coming soon!/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Continue with Discord\s*Coming soon!/ })).toBeDisabled();
  });

  it('start the sign-in with a configured provider, with where to go afterwards', async () => {
    const calls = answerFetch({
      ...SIGNED_OUT,
      ...serverConfig({ socialProviders: ['github'] }),
      'POST /api/auth/sign-in/social': { status: 400, body: { error: 'GitHub sign-in is not configured on this server' } },
    });
    renderScreen(<SignupPage />, { path: '/signup?redirectTo=%2Fteams' });
    const github = await screen.findByRole('button', { name: 'Continue with GitHub' });
    expect(screen.getByRole('button', { name: /Continue with Discord\s*Coming soon!/ })).toBeDisabled();
    await userEvent.click(github);
    expect(calls.find((c) => c.key === 'POST /api/auth/sign-in/social')?.body).toEqual({ provider: 'github', redirectTo: '/teams' });
    // A refusal is said, and the button works again.
    expect(await screen.findByRole('alert')).toHaveTextContent('GitHub sign-in is not configured on this server');
    expect(screen.getByRole('button', { name: 'Continue with GitHub' })).toBeEnabled();
  });

  it("show the spec's text and the provider's reason after a failed GitHub sign-in", async () => {
    answerFetch(SIGNED_OUT);
    renderScreen(<LoginPage />, {
      path: '/login?provider=github&error=access_denied&error_description=The%20user%20has%20denied%20your%20application%20access.',
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An error occurred during GitHub login. Please try again.');
    expect(alert).toHaveTextContent('The user has denied your application access.');
  });
});
