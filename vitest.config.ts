import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'web/**/*.test.ts'],
    // CLI end-to-end tests spawn the built binary; a cold Node start on a loaded 2-core box can be slow.
    testTimeout: 60_000,
    // One retry: in one of three clean full runs, two CLI children died by a signal within a second
    // (status null, no output) on tests that pass alone and in 80 repeated runs beside a CPU hog.
    // The cause is not found yet; a retry keeps that from hiding the rest of the run, and a test
    // that fails twice still fails.
    retry: 1,
    hookTimeout: 60_000,
  },
});
