import { defineConfig } from 'vitest/config';

/** Races that only PostgreSQL can run (`npm run test:races`, with DATABASE_URL), apart from `npm test`. */
export default defineConfig({
  test: {
    include: ['tests/races/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['src/server/testing/setup.ts'],
  },
});
