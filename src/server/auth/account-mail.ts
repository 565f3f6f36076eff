/** The emails about an account (docs/decisions/013-accounts.md, 017): what each says, with its one link. */
import { RESET_LINK_HOURS } from '../../shared/constants';
import type { Mail } from '../platform/mail';

/** A link to a page of this site, from a path (auth.ts builds it on PUBLIC_URL). */
export type LinkTo = (path: string) => string;

const hours = `${RESET_LINK_HOURS} hour`;

export function resetPasswordMail(to: string, token: string, linkTo: LinkTo): Mail {
  return {
    to,
    subject: 'Reset your HackTeams password',
    text: [
      'Someone (hopefully you) asked to reset the password of your HackTeams account.',
      '',
      `Choose a new password here (the link works for ${hours}, once):`,
      linkTo(`/reset-password?token=${encodeURIComponent(token)}`),
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

export function verifyAddressMail(to: string, token: string, linkTo: LinkTo): Mail {
  return {
    to,
    subject: 'Verify your HackTeams email address',
    text: [
      'Welcome to HackTeams! Confirm that this address is yours:',
      linkTo(`/api/auth/verify-email?token=${encodeURIComponent(token)}`),
      '',
      `The link works for ${hours}; your profile page can send a new one. Until then your account works, but GitHub and Discord cannot sign in to it.`,
      'If you did not create a HackTeams account, do not open the link: ignore this email.',
    ].join('\n'),
  };
}

export function newAddressMail(to: string, token: string, linkTo: LinkTo): Mail {
  return {
    to,
    subject: 'Confirm your new HackTeams email address',
    text: [
      'Confirm that this is the new email address of your HackTeams account:',
      linkTo(`/api/auth/verify-email?token=${encodeURIComponent(token)}`),
      '',
      `The link works for ${hours}. If you did not ask for this, ignore this email.`,
    ].join('\n'),
  };
}

/** To the owner of an address someone tried to sign up with again (docs/decisions/017). */
export function existingAccountMail(to: string, linkTo: LinkTo): Mail {
  return {
    to,
    subject: 'You already have a HackTeams account',
    text: [
      'Someone (hopefully you) tried to create a HackTeams account with this email address, which already has one.',
      '',
      `Sign in: ${linkTo('/login')}`,
      `Forgot your password? Choose a new one: ${linkTo('/forgot-password')}`,
      '',
      'If it was not you, ignore this email: nothing was changed.',
    ].join('\n'),
  };
}

/** What a verification token (a JWT better-auth signs) says: whose, and for a change of email the new address. Not checked here: better-auth checks it. */
export function verificationClaims(token: string): { userId?: string; updateTo?: string } {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    return {
      userId: typeof payload.userId === 'string' ? payload.userId : undefined,
      updateTo: typeof payload.updateTo === 'string' ? payload.updateTo : undefined,
    };
  } catch {
    return {};
  }
}
