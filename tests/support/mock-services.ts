/**
 * The outside world of an end-to-end run, on this machine (playwright.config.ts starts it before
 * the app): a GitHub stand-in on BASE, an SMTP server on BASE+1, and on BASE+2 an HTTP inbox
 * where tests read the mail that arrived (GET /messages?to=address) and a health check.
 *
 *   npx tsx tests/support/mock-services.ts 3311
 */
import { createServer } from 'node:http';
import { startMailCatcher } from './mail-catcher';
import { startMockProvider } from './oauth-provider';

const base = Number(process.argv[2] ?? 3311);
const github = await startMockProvider('github', base);
const mail = await startMailCatcher(base + 1);

const inbox = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://inbox');
  res.setHeader('content-type', 'application/json');
  if (url.pathname === '/health') return res.end(JSON.stringify({ github: github.url, smtp: mail.url }));
  if (url.pathname === '/messages') return res.end(JSON.stringify(mail.to(url.searchParams.get('to') ?? '')));
  res.statusCode = 404;
  res.end('{}');
});
inbox.listen(base + 2, '127.0.0.1');

const stop = async () => {
  inbox.close();
  await Promise.all([github.stop(), mail.stop()]);
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
