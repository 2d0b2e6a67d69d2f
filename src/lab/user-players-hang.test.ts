/**
 * A player module that never returns must not hang the run: module players play on worker threads
 * (even with threads: 1), a game past the time limit has its worker stopped and the run rejects with
 * a GameTimeoutError naming the game and its seed, and an abort (Ctrl-C) cancels a hung batch at
 * once. The CLI side (exit status, SIGINT) is tested on the built binary.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConnectFwar } from '../games/connect-fwar/connect-fwar.js';
import { CLI_PATH, runCli } from '../test-support/cli.js';
import { moduleFolder } from '../test-support/module-files.js';
import { compareStrategies, PlayerComparison } from './player-comparison.js';
import { LabTournament } from './round-robin.js';
import { GameTimeoutError, runExperiment } from './runner.js';
import { resolvePlayer } from './user-players.js';
import { gameById } from './registry.js';

const { write } = moduleFolder('tabletop-hang-');
// Hangs on the first King of Spades it is shown: some games finish, one never does.
const kingHater = write('king-hater.mjs', 'export default { nextMove(card) { if (card.getRankNum() === 13 && card.getSuitNum() === 1) for (;;) {} return 0; } };\n');
const hangingAI = write('hanging-ai.mjs', 'export default { getPlay() { for (;;) {} } };\n');

describe('a hanging player module', () => {
  it.each([1, 2])('is cut off past the game time limit (threads %i): the run rejects naming the game and its seed', async (threads) => {
    const started = performance.now();
    const run = PlayerComparison.compare({ players: ['basic', kingHater], games: 50, seed: 3, threads, gameTimeLimitMs: 300 });
    await expect(run).rejects.toThrow(GameTimeoutError);
    await expect(run).rejects.toThrow(/^Game 0 of king-hater \(seed (\d+)\) did not finish within the time limit of 300 ms: the player module 'king-hater' never returned/);
    expect(performance.now() - started).toBeLessThan(10_000);
    // The seed named replays the game: the assignment's ConnectFwar deals the King of Spades in it.
    const seed = Number(/seed (\d+)/.exec(((await run.catch((e: unknown) => e)) as Error).message)![1]);
    const dealt: string[] = [];
    ConnectFwar.play({ nextMove: (card) => (dealt.push(card.toString()), 0) }, { seed });
    expect(dealt).toContain('King of Spades');
  });

  it('in a tournament too (an UnoWar AI that never answers)', async () => {
    const run = new LabTournament('uno-war', { ais: ['random', hangingAI], games: 10, seed: 1, threads: 1, gameTimeLimitMs: 300 }).play();
    await expect(run).rejects.toThrow(/^Game 0 of (random vs hanging-ai|hanging-ai vs random|hanging-ai vs hanging-ai) \(seed \d+\) did not finish within the time limit of 300 ms/);
  });

  it('an abort cancels a hung batch at once, with threads 1', async () => {
    const game = gameById('connect-fwar');
    const id = await resolvePlayer(game, kingHater);
    const controller = new AbortController();
    setTimeout(() => {
      controller.abort();
    }, 500);
    const started = performance.now();
    const result = await runExperiment({ config: { game: 'connect-fwar', lineups: [[id]], seed: 3, paired: false }, ranges: [[0, 50]], threads: 1, signal: controller.signal });
    expect(result.aborted).toBe(true);
    expect(result.batches).toEqual([]);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('a player that is slow but within the limit is not cut off, and keeps its figures', async () => {
    const slow = write('slow.mjs', 'export default { nextMove(card, board) { const end = Date.now() + 1; while (Date.now() < end); for (let c = 0; c < 4; c++) if (board.canPlay(card, c)) return c; return -1; } };\n');
    const result = await compareStrategies(gameById('connect-fwar'), { players: [slow], games: 4, seed: 1, threads: 1, gameTimeLimitMs: 5_000 });
    expect(result.players[0]!.games).toBe(4);
  });

  it('the CLI: exit 1 with the message; Ctrl-C stops a hung run with --threads 1 (exit 130)', async () => {
    const path = fileURLToPath(kingHater);
    const timedOut = await runCli(['connect-fwar', 'compare', '--games', '50', '--seed', '3', '--threads', '1', '--players', path, '--game-time-limit', '0.3']);
    expect(timedOut.status).toBe(1);
    expect(timedOut.stderr).toMatch(/^Error: Game 0 of king-hater \(seed \d+\) did not finish within the time limit of 300 ms/m);
    const child = spawn(process.execPath, [CLI_PATH, 'connect-fwar', 'compare', '--games', '50', '--seed', '3', '--threads', '1', '--players', path], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const interrupted = performance.now();
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(130);
    expect(performance.now() - interrupted).toBeLessThan(3_000);
    expect(stderr).toMatch(/Interrupted before any batch completed\./);
  });
});
