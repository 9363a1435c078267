import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // `*.pg.test.ts` need a database server to lose (the outage case): they join the PostgreSQL run only,
    // rather than showing as skipped on PGlite (scripts/test-all.sh runs the suite on both).
    exclude: ['**/node_modules/**', ...(process.env.TEST_DATABASE_URL ? [] : ['src/**/*.pg.test.ts'])],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
