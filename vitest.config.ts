import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // Server, API and logic tests.
      { extends: true, test: { name: 'node', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node' } },
      // Component tests of the web app, in a simulated browser.
      { extends: true, test: { name: 'dom', include: ['src/web/**/*.test.tsx'], environment: 'jsdom', setupFiles: ['src/web/test-setup.ts'] } },
    ],
  },
});
