import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    // Setup hooks start servers and compile fixtures; on a loaded 2-core machine 10 s (the default) is not enough.
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
