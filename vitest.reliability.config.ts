import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Runs the suite's files one at a time, in the order of their numbered names, so figures are stable. */
class ByName extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

// The reliability suite (npm run test:reliability, via reliability/run.mjs): every file prints
// figures; the global setup collects them into one table at the end.
export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src/client'),
      '@shared': path.resolve(import.meta.dirname, 'src/shared'),
    },
  },
  test: {
    include: ['reliability/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['reliability/support/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
    sequence: { sequencer: ByName },
  },
});
