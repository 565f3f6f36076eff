import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** The stand-ins for GitHub and the mail server (tests/support/mock-services.ts): the next three ports. */
const MOCKS = PORT + 1;
/** GitHub goes to the local provider; Discord stays unconfigured, so its button says 'Coming soon!'. */
const ACCOUNTS_ENV = [
  'GITHUB_CLIENT_ID=e2e-github-client',
  'GITHUB_CLIENT_SECRET=e2e-github-secret',
  `GITHUB_URL=http://127.0.0.1:${MOCKS}`,
  `GITHUB_API_URL=http://127.0.0.1:${MOCKS}`,
  `SMTP_URL=smtp://127.0.0.1:${MOCKS + 1}`,
  "MAIL_FROM='HackTeams <teams@example.org>'",
  `PUBLIC_URL=http://localhost:${PORT}`,
  // A platform admin for the platform moderation page's checks (tests/e2e/a11y.spec.ts); nobody signs up with it otherwise.
  'ADMIN_EMAILS=e2e-admin@example.com',
].join(' ');
/**
 * Chromium's headless shell when installed (Debian's chromium-headless-shell): the full browser,
 * whose headless mode is now the whole browser, took about twice its CPU (decisions/028).
 */
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      // GitHub and the mail server, on this machine (no network is needed).
      command: `npx tsx tests/support/mock-services.ts ${MOCKS}`,
      url: `http://127.0.0.1:${MOCKS + 2}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // A fresh embedded database with the demo data (asked for: it is off by default with NODE_ENV=production), on its own port.
      // Data and build live in a folder per port, so runs on different ports never collide.
      // Shedding waits 5 s, not 0.5 s: a browser's paths are checked here, on a CI machine that may stall; overload has its own tests.
      // Passwords hash at the server's own priority (HASH_NICE=0): on CI the other lane's tests take the CPU a hash at the lowest would wait for.
      command: `rm -rf .e2e-${PORT} && npx vite build --outDir ../../.e2e-${PORT}/web --logLevel warn && DATA_DIR=.e2e-${PORT}/data WEB_ROOT=.e2e-${PORT}/web PORT=${PORT} DEMO_DATA=on AUTH_RATE_LIMIT=off MAX_QUEUE_WAIT_MS=5000 HASH_NICE=0 ${ACCOUNTS_ENV} npx tsx src/server/index.ts`,
      url: `http://localhost:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
