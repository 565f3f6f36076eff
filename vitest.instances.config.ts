import { defineConfig } from 'vitest/config';

/** The multi-process tests over PostgreSQL (`npm run test:instances`), apart from `npm test`. */
export default defineConfig({
  test: { include: ['tests/instances/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 },
});
