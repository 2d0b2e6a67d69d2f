/**
 * `node dist/bench/coach-terminal.js [--think MS] [--cli PATH] [POSITION ...]`: the wait a person
 * sees in the terminal, end to end. For each position (moves as `--pos` takes them; by default
 * the six positions of bench:coach whose ratings take the most CPU), a fresh `tabletop
 * connect-four play --coach` with two people at that position; the person types column 4 `--think`
 * ms (default 1,000) after their prompt shows, and the wall time from the typed line to the
 * coach's line is measured. `--cli` runs another build's CLI (`/other/checkout/dist/cli/main.js`),
 * for an A/B. Wall time: on a shared machine it includes whatever else runs.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { option, usageFailure, wholeOption } from './test-set-args.js';
import { checkBenchArgs } from './args.js';

checkBenchArgs(
  'bench:coach-terminal',
  'usage: npm run bench:coach-terminal -- [--think MS] [--cli PATH] [POSITION ...]\n' +
    'The wait a person sees in the terminal from a typed move to the Connect Four coach\'s line.',
  { valued: ['--think', '--cli'], positionals: true },
);

const fail: (message: string) => never = usageFailure('bench:coach-terminal');
const think = wholeOption('--think', 1000, 0, fail);
const cli = option('--cli') ?? fileURLToPath(new URL('../cli/main.js', import.meta.url));
/** The positions whose ratings took the most CPU in bench:coach --game connect-four --latency-only (seed 1); column 4 is open in each. */
const SLOWEST = ['4435421456', '43445476', '44444323', '44443542', '43445415', '47434447'];
const given = process.argv.slice(2).filter((arg, i, all) => !arg.startsWith('--') && !['--think', '--cli'].includes(all[i - 1] ?? ''));
const positions = given.length > 0 ? given : SLOWEST;
for (const moves of positions) if (!/^[1-7]+$/.test(moves)) fail(`a position is column digits 1-7, got '${moves}'`);

const PROMPT = /your column 1-7 \(u undo, h hint, q quit\): $/;

/** The wall time (ms) from typing column 4 to the coach's line, in a game started at `moves`. */
function waitSeen(moves: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'connect-four', 'play', '--coach', '--red', 'human', '--yellow', 'human', '--pos', moves, '--no-color']);
    let out = '';
    let typedAt: number | undefined;
    let asked = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (!asked && PROMPT.test(out)) {
        asked = true;
        setTimeout(() => {
          typedAt = performance.now();
          child.stdin.write('4\n');
        }, think);
      } else if (typedAt !== undefined && /\nCoach: [^\n]*\n/.test(out.slice(out.lastIndexOf('plays column')))) {
        const seen = performance.now() - typedAt;
        typedAt = undefined;
        child.stdin.end('q\n');
        resolve(seen);
      }
    });
    child.on('error', reject);
    child.on('exit', () => reject(new Error(`the game at ${moves} ended without a rating:\n${out}`)));
  });
}

const seen: number[] = [];
for (const moves of positions) seen.push(await waitSeen(moves));
const sorted = [...seen].sort((a, b) => a - b);
process.stdout.write(
  `connect-four play --coach, column 4 typed ${String(think)} ms after the prompt: the coach's line ${seen.map((ms) => ms.toFixed(0)).join(', ')} ms after it ` +
    `(median ${sorted[sorted.length >> 1]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms; ${String(seen.filter((ms) => ms > 100).length)} of ${String(seen.length)} over 100 ms)\n`,
);
