import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'web/**/*.test.ts'],
    // CLI end-to-end tests spawn the built binary; a cold Node start on a loaded 2-core box can be slow.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits for the page or a process to reach a state; on a loaded machine that can take
    // far longer than vitest's default second, and a poll that is right only sooner races the clock.
    expect: { poll: { timeout: 30_000 } },
  },
});
