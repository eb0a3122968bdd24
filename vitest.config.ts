import { defineConfig } from 'vitest/config';

export default defineConfig({
  // What vite.config.ts defines for the app's build, for the client code the tests render.
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
