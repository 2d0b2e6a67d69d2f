/**
 * The command line at the edges of its resources: thread and job counts beyond the machine's cores
 * are lowered, with a note, and give the same results. Runs the built CLI (`npm test` builds first).
 */
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.js';

const cores = availableParallelism();

describe('thread counts beyond the cores', () => {
  it('uno-war tournament --threads 1000: lowered to the cores, said so, same results', async () => {
    const args = ['uno-war', 'tournament', '--games', '100', '--seed', '3', '--ais', 'biggest,random'];
    const many = await runCli([...args, '--threads', '1000']);
    expect(many.status).toBe(0);
    expect(many.stderr).toBe(`Note: --threads 1000 lowered to ${String(cores)}, the number of CPU cores here (more would only compete for them).\n`);
    const one = await runCli([...args, '--threads', '1']);
    expect(one.stderr).toBe('');
    expect(many.stdout).toBe(one.stdout);
  });

  it('connect-four tournament --jobs 1000: lowered to the cores, said so', async () => {
    const result = await runCli(['connect-four', 'tournament', '--bots', 'random,alphabeta-1', '--games', '2', '--time', '10', '--seed', '1', '--jobs', '1000']);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe(`Note: --jobs 1000 lowered to ${String(cores)}, the number of CPU cores here (more would only compete for them).\n`);
    expect(result.stdout).toContain('2 bots, 2 games per pair from 1 of the 14 balanced openings, 2 games (');
  });
});
