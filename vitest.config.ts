import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'web/**/*.test.ts'],
    // One test file per core, at least two. Vitest's default (cores − 1) runs one file at a time on a
    // 2-core machine, while most files spend their time waiting: on the CLI processes they spawn,
    // on the browser, on worker threads. Two files at once keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism()),
    // CLI end-to-end tests spawn the built binary; a cold Node start on a loaded 2-core box can be slow.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits for the page or a process to reach a state; on a loaded machine that can take
    // far longer than vitest's default second, and a poll that is right only sooner races the clock.
    expect: { poll: { timeout: 30_000 } },
  },
});
