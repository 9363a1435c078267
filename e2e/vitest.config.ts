import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['specs/**/*.e2e.test.ts'],
    globalSetup: ['./global-setup.ts'],
    environment: 'node',
    // Two cores: one server, one Chromium, one spec file at a time.
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // Default timeout/interval for expect.poll in the mail helpers.
    expect: { poll: { timeout: 20_000, interval: 250 } },
    reporters: ['default'],
  },
});
