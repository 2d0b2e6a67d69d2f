/**
 * Your own Connect Four players in the lab's `LabTournament`: the assignment's `Player`
 * (init/move/inform) or a lab agent, as a module (imported by each worker thread) or an object
 * (played in this thread), with identical results for the same seed on 1 and 2 threads; a throw, an
 * illegal column, a Promise for an answer and a move past the time limit each lose the game and
 * count as a fault; an unusable module is one clear error before any game.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleFolder, runModuleThreeWays } from '../test-support/module-files.js';
import type { TournamentReport } from './report.js';
import { LabTournament, type TournamentPlayer } from './round-robin.js';
import { PlayerModuleError, resolvePlayer } from './user-players.js';
import { gameById } from './registry.js';
import { runExperiment } from './runner.js';

const example = (file: string): URL => new URL(`../../examples/connect-four/${file}`, import.meta.url);
const { dir, write } = moduleFolder('tabletop-user-c4-');

const play = (ais: readonly TournamentPlayer[], threads: number, games = 10, extra: { moveTimeLimitMs?: number } = {}): Promise<TournamentReport> =>
  new LabTournament('connect-four', { ais, games, seed: 5, threads, ...extra }).play();


/** The report with each player id (a module's path and hash, or `@object`) cut to its name: what the two forms share. */
const named = (report: TournamentReport): unknown =>
  JSON.parse(JSON.stringify(report, (key, value: unknown) => (key === 'id' && typeof value === 'string' ? value.replace(/@.*$/s, '') : value)));

/** The row player's wins against the column player, by name. */
function wins(report: TournamentReport, row: string, column: string): number {
  const i = report.players.findIndex((p) => p.name === row);
  const j = report.players.findIndex((p) => p.name === column);
  return report.matrix[i]![j]!.wins;
}

/** A Player that plays the lowest free column it knows of, and `fault` at its `at`-th move of a game. */
const faulting = (fault: string, at = 2): string => `
  export default class {
    init(color) { this.moves = 0; this.heights = [0, 0, 0, 0, 0, 0, 0]; }
    inform(column) { this.heights[column]++; }
    move() {
      if (++this.moves === ${String(at)}) { ${fault} }
      const column = this.heights.findIndex((h) => h < 6);
      this.heights[column]++;
      return column;
    }
  }
`;

describe('user players in a Connect Four LabTournament', () => {
  it.each(['win-block-centre.mjs', 'win-first-agent.mjs'])('%s: the module on 1 and 2 threads and the object give identical results', async (file) => {
    const { one, object } = await runModuleThreeWays(example(file), (player, threads) => play(['random', player], threads));
    expect(named(object)).toEqual(named(one));
    const name = file === 'win-first-agent.mjs' ? 'win-first' : 'win-block-centre';
    expect(one.players.map((p) => p.name)).toEqual(['random', name]);
    expect(one.faults).toBeUndefined();
    // Both take a win in one when they have it: as red, they beat random far more often than random beats them.
    expect(wins(one, name, 'random')).toBeGreaterThan(wins(one, 'random', name) + 4);
  });

  it('a player that throws, answers an illegal column or a Promise loses each game it does so in, and the faults are counted', async () => {
    const cases = [
      { file: 'thrower.mjs', fault: 'throw new Error("no idea");', message: /^move \(move [1-9]\d*\) threw Error: no idea$/ },
      { file: 'off-board.mjs', fault: 'return 7;', message: /^move \(move [1-9]\d*\) answered 7, not a column 0\.\.6$/ },
      { file: 'promiser.mjs', fault: 'return Promise.resolve(3);', message: /^move \(move [1-9]\d*\) answered a Promise: the lab asks for a move synchronously/ },
    ];
    for (const { file, fault, message } of cases) {
      const url = write(file, faulting(fault));
      const one = await play(['random', url], 1);
      expect(await play(['random', url], 2)).toEqual(one);
      const name = file.replace('.mjs', '');
      // Its second move faults: it can never have won by then.
      expect(wins(one, name, 'random')).toBe(0);
      expect(wins(one, 'random', name)).toBe(10);
      // Per seat: 10 games in each seat against random, and 10 against itself in which only the red seat, first to fault, faults.
      expect(one.faults![name]!.games).toBe(30);
      expect(one.faults![name]!.examples[0]!.message).toMatch(message);
    }
  });

  it('a full column is a fault too, and an object faults exactly as its module does', async () => {
    const url = write('stubborn.mjs', 'export const name = "stubborn"; export default { init() {}, inform() {}, move() { return 0; } };\n');
    const one = await play(['random', url], 1);
    const object = await play(['random', { name: 'stubborn', init: () => undefined, inform: () => undefined, move: () => 0 }], 1);
    expect(named(object)).toEqual(named(one));
    expect(one.faults!.stubborn!.examples[0]!.message).toMatch(/^move \(move \d+\) answered column 0, which is full$/);
  });

  it('a lab agent answering an illegal column loses the game', async () => {
    const report = await play(['random', { name: 'seven', act: () => 7 }], 1, 5);
    expect(wins(report, 'seven', 'random')).toBe(0);
    expect(wins(report, 'random', 'seven')).toBe(5);
    expect(report.faults!.seven!.examples[0]!.message).toBe('act answered 7: not a playable column');
  });

  it('a module whose move never returns loses the game, past the time limit, and the tournament goes on', async () => {
    const url = write('sleeper.mjs', faulting('for (;;) {}'));
    const report = await play(['random', url], 2, 2, { moveTimeLimitMs: 200 });
    expect(wins(report, 'sleeper', 'random')).toBe(0);
    expect(wins(report, 'random', 'sleeper')).toBe(2);
    expect(report.faults!.sleeper!.games).toBe(6);
    expect(report.faults!.sleeper!.examples[0]!.message).toMatch(/^move \(move \d+\) gave no answer within the time limit of 200 ms: it plays no more in this game$/);
  });

  it("a slow built-in opponent's thinking is not counted in the module's move time", async () => {
    // alphabeta5 thinks for about 0.1 s to 0.4 s a move; win-first answers in microseconds.
    const id = await resolvePlayer(gameById('connect-four'), example('win-first-agent.mjs'));
    const { tally } = await runExperiment({ config: { game: 'connect-four', lineups: [['alphabeta5', id]], seed: 1, paired: false }, ranges: [[0, 1]], threads: 1, moveTimeLimitMs: 80 });
    expect(tally.lineups[0]!.games).toBe(1);
    expect(tally.lineups[0]!.seats[1]!.faults).toBeUndefined();
  });

  it('a module that cannot be used is one PlayerModuleError naming the file and what was expected', async () => {
    await expect(play(['random', pathToFileURL(join(dir, 'missing.mjs'))], 1)).rejects.toThrow(new PlayerModuleError(`Cannot load the player module ${join(dir, 'missing.mjs')}: no such file`));
    const moveOnly = write('move-only.mjs', 'export default { move() { return 3; } };\n');
    await expect(play(['random', moveOnly], 2)).rejects.toThrow(
      /^The player module .*move-only\.mjs exports nothing usable: expected a default export that is a Connect Four Player class or object with init\(color\), move\(\) and inform\(column\), or a lab agent with act\(state, rng\); its default export is an object$/,
    );
  });
});
