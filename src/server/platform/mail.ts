/**
 * Email (docs/decisions/013-accounts.md): over SMTP when SMTP_URL and MAIL_FROM are set, else
 * written to the server log, so that a developer's two-command start can still reset a password.
 * Messages are plain text with one link; they leave in the background, so how long a send takes
 * never tells a caller whether an address has an account. Messages share a few open connections
 * (nodemailer's pool, unless SMTP_URL says `pool=false`): an announcement's copies to thousands of
 * people would otherwise open a connection, and log in, for each.
 */
import nodemailer from 'nodemailer';
import type { Logger } from './log';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** 'smtp', or 'log' when no SMTP server is configured. */
  kind: 'smtp' | 'log';
  /** Sends in the background; a failure is logged, never thrown. */
  send(mail: Mail): void;
  /** Sends now and resolves once the server took the message; rejects when it did not (announcement copies). */
  deliver(mail: Mail): Promise<void>;
  /** Resolves when every message sent so far has been handed over (tests, shutdown). */
  idle(): Promise<void>;
  /** Closes the open connections (after idle(), at shutdown). */
  close(): void;
}

/** The SMTP URL with `pool=true` unless it says how to pool (nodemailer reads its options from the URL's query). */
export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}

export function createMailer(opts: { smtpUrl?: string; from?: string; log: Logger }): Mailer {
  const { log } = opts;
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  const idle = async () => {
    while (pending.size) await Promise.allSettled([...pending]);
  };

  if (!opts.smtpUrl || !opts.from) {
    const send = (mail: Mail) =>
      // The whole message, link included: without SMTP this log is the only way to read it.
      log.warn({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, `Email not sent (SMTP_URL is not set): ${mail.subject}`);
    return { kind: 'log', send, deliver: async (mail) => send(mail), idle, close: () => {} };
  }
  const transport = nodemailer.createTransport(pooledSmtpUrl(opts.smtpUrl));
  const from = opts.from;
  return {
    kind: 'smtp',
    send(mail) {
      track(
        transport
          .sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text })
          .then(() => undefined)
          .catch((err: unknown) => log.error({ err, subject: mail.subject }, 'sending an email failed')),
      );
    },
    async deliver(mail) {
      const sent = transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      track(
        sent.then(
          () => undefined,
          () => undefined,
        ),
      );
      await sent;
    },
    idle,
    close: () => transport.close(),
  };
}
