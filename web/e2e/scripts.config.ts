/**
 * Runs the browser scripts that are not tests (`npm run bench:web`, `npm run screenshots`): they
 * share the tests' harness, so they are written for vitest, which runs TypeScript on Node 20.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['web/e2e/*.script.ts'],
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
