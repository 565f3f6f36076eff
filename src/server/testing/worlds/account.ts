/**
 * The account tests' world (auth/account*.test.ts): a fresh harness whose mail goes to a local
 * SMTP server the tests read, with links on PUBLIC_URL. A test file calls `useAccountWorld()`
 * once at its top.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../../../tests/support/mail-catcher';
import { createMailer } from '../../platform/mail';
import { silentLogger } from '../../platform/log';
import { createHarness, type Harness } from '../harness';

export let h: Harness;
export let mail: MailCatcher;

export function useAccountWorld() {
  beforeAll(async () => {
    mail = await startMailCatcher();
    h = await createHarness({
      mailer: createMailer({ smtpUrl: mail.url, from: 'HackTeams <teams@example.org>', log: silentLogger }),
      social: { publicUrl: 'http://teams.example.org' },
    });
  });
  afterAll(async () => {
    await h?.close();
    await mail?.stop();
  });
}

export const PASSWORD = 'team-finder-1';
export const email = () => `person-${randomUUID().slice(0, 8)}@example.com`;
export const signIn = (address: string, password: string) => h.api('POST /api/auth/sign-in/email', { body: { email: address, password } });
export const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
