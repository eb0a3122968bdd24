import { defineConfig } from 'vitest/config';

/** Browser journeys: one real server and one Chromium per file, files one after another (2 cores here). */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
