import { defineConfig } from 'vitest/config';

/** nginx (TLS) in front of two real instances over PostgreSQL (`npm run test:proxy`), apart from `npm test`. */
export default defineConfig({
  test: { include: ['tests/proxy/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false },
});
