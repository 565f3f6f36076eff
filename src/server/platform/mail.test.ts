/**
 * Email over SMTP (platform/mail.ts): messages share a few pooled connections, so an
 * announcement's copies to many people do not open (and log in on) one connection each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../../tests/support/mail-catcher';
import { createMailer, pooledSmtpUrl } from './mail';
import { silentLogger } from './log';

let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail?.stop();
});

describe('email over SMTP', () => {
  it('sends forty messages at once over at most five connections, each message delivered', async () => {
    const mailer = createMailer({ smtpUrl: mail.url, from: 'HackTeams <teams@example.org>', log: silentLogger });
    try {
      const before = mail.connections();
      const to = Array.from({ length: 40 }, (_, i) => `pooled-${i}@example.com`);
      await Promise.all(to.map((address, i) => mailer.deliver({ to: address, subject: `Copy ${i}`, text: 'Hello' })));
      for (const [i, address] of to.entries()) expect(mail.to(address).map((m) => m.subject)).toEqual([`Copy ${i}`]);
      expect(mail.connections() - before).toBeGreaterThan(0);
      expect(mail.connections() - before).toBeLessThanOrEqual(5);
    } finally {
      await mailer.idle();
      mailer.close();
    }
  });

  it('pools unless SMTP_URL says how', () => {
    expect(pooledSmtpUrl('smtps://user:secret@smtp.example.org:465')).toBe('smtps://user:secret@smtp.example.org:465?pool=true');
    expect(pooledSmtpUrl('smtp://smtp.example.org/?pool=false')).toBe('smtp://smtp.example.org/?pool=false');
    expect(pooledSmtpUrl('smtp://smtp.example.org/?maxConnections=2')).toBe('smtp://smtp.example.org/?maxConnections=2&pool=true');
  });
});
