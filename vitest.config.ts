import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { preactAliases } from './vite.config.js';

/**
 * With DATABASE_URL (the suite on PostgreSQL), what runs the same whatever the database is, is left
 * to the suite without it: the component tests (their API is answered in the test), the real server
 * process's tests (always on a new embedded database: testing/process.ts) and the architecture test.
 * Run a second time, they took about four minutes of CI's PostgreSQL lane (decisions/028).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const SAME_ON_EVERY_DATABASE = ['src/server/server.test.ts', 'src/architecture.test.ts'];

// Component tests of the web app, in a simulated browser, on Preact as the build ships it.
// Dependencies go through Vite too (inline), so React Router, Radix and Testing Library
// get the same aliases instead of loading React from node_modules.
const components: TestProjectInlineConfiguration = {
  extends: true,
  resolve: { alias: preactAliases, mainFields: ['module', 'main'], conditions: ['module', 'browser', 'development'] },
  test: {
    name: 'dom',
    include: ['src/web/**/*.test.tsx'],
    environment: 'jsdom',
    isolate: false,
    setupFiles: ['src/web/testing/setup.ts'],
    server: { deps: { inline: true } },
  },
};

export default defineConfig({
  test: {
    // Two files at a time, also on two cores (the default would be one): much of an API test waits
    // for its database, and files share their worker's loaded modules (isolate: false, below);
    // docs/decisions/028-ci-time.md.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // Server, API and logic tests.
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: onPostgres ? [...configDefaults.exclude, ...SAME_ON_EVERY_DATABASE] : configDefaults.exclude,
          environment: 'node',
          isolate: false,
          setupFiles: ['src/server/testing/setup.ts'],
        },
      },
      ...(onPostgres ? [] : [components]),
    ],
  },
});
