/**
 * A local SMTP server for tests: it accepts every message (no TLS, no login) and keeps it, so a
 * test can read the link it carries, as a person reads their mail.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface MailCatcher {
  /** smtp://127.0.0.1:<port> */
  url: string;
  messages: CaughtMail[];
  /** How many SMTP connections were opened to it so far. */
  connections(): number;
  /** The messages to an address, oldest first. */
  to(address: string): CaughtMail[];
  /** Waits for a message to `address` matching `subject`, beyond the first `after` ones. */
  next(address: string, subject: RegExp, after?: number): Promise<CaughtMail>;
  stop(): Promise<void>;
}

/** The first link of a message's text. */
export const linkIn = (mail: Pick<CaughtMail, 'text'>): string => {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in: ${mail.text}`);
  return match[0];
};

export async function startMailCatcher(port = 0): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Stopping closes connections a pooled sender still holds open at once, not after 30 s.
    closeTimeout: 100,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const address = server.server.address() as AddressInfo;
  const to = (who: string) => messages.filter((m) => m.to.includes(who.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    connections: () => connections,
    to,
    async next(who, subject, after = 0) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = to(who).filter((m) => subject.test(m.subject));
        if (found.length > after) return found[after];
        if (Date.now() > deadline)
          throw new Error(`no mail to ${who} matching ${subject} (got: ${JSON.stringify(messages.map((m) => [m.to, m.subject]))})`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
