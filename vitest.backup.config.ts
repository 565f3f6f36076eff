import { defineConfig } from 'vitest/config';

/** Backup and restore through real server processes, on both databases (`npm run test:backup`), apart from `npm test`. */
export default defineConfig({
  test: { include: ['tests/backup/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 120_000 },
});
