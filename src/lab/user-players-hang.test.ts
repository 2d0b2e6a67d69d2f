/**
 * A player module that never returns must not hang the run: module players play on worker threads
 * (even with threads: 1); a move past the time limit has its worker stopped, counts as a fault of
 * that player (played as the rules play a failed move: here the ConnectFwar card is discarded, the
 * UnoWar round lost), the player plays no more in that game, and the run goes on — with the same
 * results on any number of threads and in batches of any size. An abort (Ctrl-C) cancels a hung
 * batch at once. The CLI side (exit status, SIGINT) is tested on the built binary.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Player } from '../games/connect-fwar/player.js';
import type { Board } from '../games/connect-fwar/board.js';
import type { Card } from '../core/cards.js';
import { CLI_PATH, runCli } from '../test-support/cli.js';
import { moduleFolder } from '../test-support/module-files.js';
import { compareStrategies } from './player-comparison.js';
import { LabTournament } from './round-robin.js';
import { runExperiment } from './runner.js';
import { resolvePlayer } from './user-players.js';
import { gameById } from './registry.js';
import { BatchPlayer, type FailedMove } from './experiment.js';
import { gameAdapter } from './user-adapters.js';
import { registerUserAgent } from './user-agents.js';

const { write } = moduleFolder('tabletop-hang-');
// Hangs on the King of Spades (in every game: the whole deck is dealt); until then, column 0 (or the spec's discard).
const kingHater = write('king-hater.mjs', 'export default { nextMove(card) { if (card.getRankNum() === 13 && card.getSuitNum() === 1) for (;;) {} return 0; } };\n');
const hangingAI = write('hanging-ai.mjs', 'export default { getPlay() { for (;;) {} } };\n');

/** What the rules make of king-hater's games: every card from the King of Spades on is discarded. It never hangs. */
function kingQuitter(): Player & { readonly name: string } {
  let game: unknown;
  let quit = false;
  return {
    name: 'king-hater',
    nextMove(card: Card, board: Board) {
      // The lab shows a new board (view) in every game.
      if (board !== game) [game, quit] = [board, false];
      if (card.getRankNum() === 13 && card.getSuitNum() === 1) quit = true;
      return quit ? -1 : 0;
    },
  };
}

describe('a hanging player module', () => {
  it('has each hung move scored by the rules and counted as a fault, on 1 and 2 threads and in batches of any size alike', async () => {
    const game = gameById('connect-fwar');
    const config = { game: 'connect-fwar', lineups: [['basic'], [await resolvePlayer(game, kingHater)]], seed: 3, paired: true };
    // Three games, each with its hung move (a stopped worker and a fresh one): as many as fault examples are kept.
    const one = await runExperiment({ config, ranges: [[0, 3]], threads: 1, moveTimeLimitMs: 200 });
    const two = await runExperiment({ config, ranges: [[0, 3]], threads: 2, batchSize: 1, moveTimeLimitMs: 200 });
    expect(two.tally).toEqual(one.tally);
    const hater = one.tally.lineups[1]!.seats[0]!;
    expect(hater.faults).toBe(3);
    expect(hater.faultExamples!.map((f) => f.game)).toEqual([0, 1, 2]);
    for (const f of hater.faultExamples!) expect(f.message).toBe('nextMove(King of Spades) gave no answer within the time limit of 200 ms: it plays no more in this game');
    // The same figures as a player that discards every card from the King of Spades on, but with no fault.
    const quitter = await compareStrategies(gameById('connect-fwar'), { players: ['basic', kingQuitter()], games: 3, seed: 3, paired: true, threads: 1 });
    const hung = await compareStrategies(gameById('connect-fwar'), { players: ['basic', kingHater], games: 3, seed: 3, paired: true, threads: 2, moveTimeLimitMs: 200 });
    expect(hung.players[1]!.average).toBe(quitter.players[1]!.average);
    expect(hung.players[1]!.sd).toBe(quitter.players[1]!.sd);
    expect(quitter.players[1]!.faults).toBeUndefined();
    expect(hung.players[1]!.faults!.games).toBe(3);
  });

  it('in a tournament too: an UnoWar AI that never answers loses the round, then every round of that game', async () => {
    const report = await new LabTournament('uno-war', { ais: ['random', hangingAI], games: 2, seed: 1, threads: 1, moveTimeLimitMs: 200 }).play();
    const hanging = report.players.findIndex((p) => p.name === 'hanging-ai');
    const random = 1 - hanging;
    expect(report.matrix[hanging]![random]!.wins).toBe(0);
    expect(report.matrix[random]![hanging]!.wins).toBe(2);
    // Per seat: 2 games against random in each seat, and 2 against itself with both seats hanging.
    expect(report.faults!['hanging-ai']!.games).toBe(8);
    expect(report.faults!['hanging-ai']!.examples[0]!.message).toMatch(/^getPlay on .+ gave no answer within the time limit of 200 ms: it plays no more in this game$/);
  });

  it('a Klondike program that never returns: the deal ends there, as for any fault, with the cards it had on the foundations', async () => {
    const program = (fault: string): string =>
      `export const name = 'hang3'; export default { nextMove(game, moves) { if (game.getScore() >= 3) { ${fault} } ` +
      `return moves.find((m) => m.kind === 'moveToFoundation' || m.kind === 'moveDrawToFoundation') ?? moves.find((m) => m.kind === 'movePile') ?? moves[0]; } };\n`;
    const hanging = write('hang3.mjs', program('for (;;) {}'));
    // 2 s a move: generous, so that on a busy machine only the hung moves run out of time. Each hung
    // move spins a core for those 2 s: three deals, of which the first never reaches 3 cards on the
    // foundations and the other two do (checked against the answering twin below).
    const hung = await compareStrategies(gameById('klondike'), { players: [hanging], games: 3, seed: 2, threads: 2, moveTimeLimitMs: 2_000 });
    // The same program answering nonsense in place of hanging: the same deals, the same scores, the same faults.
    const illegal = (await import(write('illegal3.mjs', program('return 42;')).href)) as { default: object };
    const answered = await compareStrategies(gameById('klondike'), { players: [Object.assign(Object.create(illegal.default) as object, { name: 'hang3' })], games: 3, seed: 2, threads: 1 });
    const [h, a] = [hung.players[0]!, answered.players[0]!];
    expect(h.faults!.games).toBeGreaterThan(0);
    expect(h.faults!.games).toBeLessThan(3);
    expect(h.faults!.games).toBe(a.faults!.games);
    expect(h.faults!.examples.map((f) => f.game)).toEqual(a.faults!.examples.map((f) => f.game));
    expect(h.average).toBe(a.average);
    expect(h.faults!.examples[0]!.message).toMatch(/^nextMove \(move \d+\) gave no answer within the time limit of 2 s: it plays no more in this game$/);
  });

  it('a replayed hung move stops only its player, in that game only: the other user player of the lineup is asked as before', () => {
    // Two user players (the first playable slot), counting the moves they are asked per game.
    const asked = { a: [0, 0, 0], b: [0, 0, 0] };
    let gameNo = 0;
    const counter = (who: 'a' | 'b'): object => ({
      act(state: { playable: number }): number {
        asked[who][gameNo] = asked[who][gameNo]! + 1;
        return 31 - Math.clz32(state.playable & -state.playable);
      },
    });
    const adapt = gameAdapter(gameById('uno-war'))!.adapt;
    registerUserAgent('a@object', adapt(counter('a'), 'a')!);
    registerUserAgent('b@object', adapt(counter('b'), 'b')!);
    const batch = new BatchPlayer({ game: 'uno-war', lineups: [['a@object', 'b@object']], seed: 5, paired: false });
    const play = (hung: FailedMove[]): ReturnType<BatchPlayer['play']> => {
      for (const who of ['a', 'b'] as const) asked[who].fill(0);
      const tally = batch.play(0, 1, undefined, hung);
      gameNo = 1;
      batch.play(1, 2, undefined, hung);
      gameNo = 0;
      return tally;
    };
    play([]);
    const normal = { a: [...asked.a], b: [...asked.b] };
    expect(normal.a[0]).toBeGreaterThan(3);
    // a's 3rd move of game 0 hung (a moves first: calls 1 a, 2 b, 3 a, ... while both can play).
    const tally = play([{ lineup: 0, game: 0, call: 3, fault: 'gave no answer within the time limit of 50 ms' }]);
    expect(asked.a[0]).toBeGreaterThanOrEqual(1);
    expect(asked.a[0]).toBeLessThan(normal.a[0]!);
    // b is still asked after a stopped (a concedes every round from there on, b plays each round's first card).
    expect(asked.b[0]).toBeGreaterThan(2);
    const seats = tally.lineups[0]!.seats;
    expect(seats[0]!.faults).toBe(1);
    expect(seats[0]!.faultExamples![0]!.message).toMatch(/gave no answer within the time limit of 50 ms: it plays no more in this game$/);
    expect(seats[1]!.faults).toBeUndefined();
    expect(seats[1]!.wins).toBe(1);
    // The next game is played as ever: both asked as often as without the hang.
    expect(asked.a[1]).toBe(normal.a[1]);
    expect(asked.b[1]).toBe(normal.b[1]);
  });

  it('a time limit asked for a run with a player object is refused: only modules can be cut off', async () => {
    await expect(compareStrategies(gameById('connect-fwar'), { players: [kingQuitter()], games: 2, seed: 1, threads: 1, moveTimeLimitMs: 100 })).rejects.toThrow(
      /^A move time limit applies to player modules only: a player object plays in the calling thread/,
    );
    // A module beside an object plays in the calling thread too: it could not be cut off either.
    await expect(compareStrategies(gameById('connect-fwar'), { players: [kingHater, { name: 'zero', nextMove: () => 0 }], games: 2, seed: 1, threads: 2, moveTimeLimitMs: 100 })).rejects.toThrow(
      /^A move time limit applies to player modules only/,
    );
  });

  it('an abort cancels a hung batch at once, with threads 1', async () => {
    const game = gameById('connect-fwar');
    const id = await resolvePlayer(game, kingHater);
    const controller = new AbortController();
    setTimeout(() => {
      controller.abort();
    }, 500);
    // Unstopped, the hung player's 50 games would take minutes: the test's limit catches that.
    const result = await runExperiment({ config: { game: 'connect-fwar', lineups: [[id]], seed: 3, paired: false }, ranges: [[0, 50]], threads: 1, signal: controller.signal });
    expect(result.aborted).toBe(true);
    expect(result.batches).toEqual([]);
  });

  it('a player that is slow but within the limit is not cut off, and keeps its figures', async () => {
    const slow = write('slow.mjs', 'export default { nextMove(card, board) { const end = Date.now() + 1; while (Date.now() < end); for (let c = 0; c < 4; c++) if (board.canPlay(card, c)) return c; return -1; } };\n');
    const result = await compareStrategies(gameById('connect-fwar'), { players: [slow], games: 4, seed: 1, threads: 1, moveTimeLimitMs: 10_000 });
    expect(result.players[0]!.games).toBe(4);
    expect(result.players[0]!.faults).toBeUndefined();
  });

  it('the CLI: the run goes on and reports the faults (exit 0); Ctrl-C stops a hung run with --threads 1 (exit 130)', async () => {
    const path = fileURLToPath(kingHater);
    const timedOut = await runCli(['connect-fwar', 'compare', '--games', '3', '--seed', '3', '--threads', '1', '--players', path, '--move-time-limit', '0.2']);
    expect(timedOut.status).toBe(0);
    expect(timedOut.stdout).toMatch(/\nking-hater faulted in 3 games \(each fault was played as the rules read a bad answer: ConnectFwar discards the card\); the first:\n {2}game 0 \(seed \d+\): nextMove\(King of Spades\) gave no answer within the time limit of 200 ms: it plays no more in this game\n/);
    // The same player, saying on stderr when it starts to hang: Ctrl-C comes once the run is under way.
    const saying = fileURLToPath(write('saying-king-hater.mjs', "export const name = 'king-hater'; export default { nextMove(card) { if (card.getRankNum() === 13 && card.getSuitNum() === 1) { console.error('hanging'); for (;;) {} } return 0; } };\n"));
    const child = spawn(process.execPath, [CLI_PATH, 'connect-fwar', 'compare', '--games', '50', '--seed', '3', '--threads', '1', '--players', saying], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    const hanging = new Promise<void>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes('hanging')) resolve();
      });
    });
    await hanging;
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(130);
    expect(stderr).toMatch(/Interrupted before any batch completed\./);
  });
});
