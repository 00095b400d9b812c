import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Unit tests (src/shared, src/client) and API tests (src/server, through app.inject against a
// real PostgreSQL: TEST_DATABASE_URL when set, otherwise an embedded cluster for the run).
export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src/client'),
      '@shared': path.resolve(import.meta.dirname, 'src/shared'),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
