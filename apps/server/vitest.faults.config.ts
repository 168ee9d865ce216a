import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: the slow fault and load tests (test/faults/*.faults.test.ts) against the
 * built server in its own process. They are skipped by the normal run (`vitest run`), which
 * does not set COUNTERPRINT_FAULTS. The global setup builds dist/ when it is missing or stale.
 */
export default defineConfig({
  resolve: {
    alias: {
      '@counterprint/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['test/faults/*.faults.test.ts'],
    env: { COUNTERPRINT_FAULTS: '1' },
    globalSetup: ['test/faults/global-setup.ts'],
    testTimeout: 600_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // One at a time: they measure timing and memory of a server process, and mount filesystems.
    fileParallelism: false,
    maxWorkers: 1,
  },
});
