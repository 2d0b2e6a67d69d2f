/**
 * `tabletop klondike compare` and the lab's comparison of Klondike (`compareKlondike`'s), with the user's own programs: the example runs
 * through the CLI (1 and 2 threads) and the library with the same figures, module and object forms
 * agree, a program or lab agent that throws or answers an illegal move stops playing in that deal
 * (the deal ends, scoring its cards on the foundations) with the fault counted, an unusable module is exit 2, and a changed program is refused
 * by --resume.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { klondikeGame } from '../../games/klondike/definition.js';
import { compareStrategies } from '../../lab/player-comparison.js';
import { createGreedyAgent } from '../../games/klondike/agents.js';
import type { KlondikeState } from '../../games/klondike/engine.js';
import type { Rng } from '../../core/random.js';
import { runCli } from '../../test-support/cli.js';
import { runInProcess } from '../../test-support/cli-in-process.js';
import { moduleFolder } from '../../test-support/module-files.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const example = join(root, 'examples/klondike/foundations-first.mjs');
const { dir, write } = moduleFolder('tabletop-klondike-compare-');

interface StrategyJson {
  games: number;
  mean: number;
  topShare: number;
  topShareCiLow: number;
  topShareCiHigh: number;
  faults?: { games: number; examples: { game: number; seed: number; message: string }[] };
}

/** `klondike compare --json` on 120 deals of seed 8, through the binary or, for a run compared with one, in this process. */
async function compareJson(args: readonly string[], run: typeof runCli | typeof runInProcess = runCli): Promise<Record<string, StrategyJson>> {
  const result = await run(['klondike', 'compare', '--json', '--games', '120', '--seed', '8', ...args]);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as Record<string, StrategyJson>;
}

describe('tabletop klondike compare', () => {
  it('prints the mean cards to the foundations and the share of won deals with their CIs, and the differences', async () => {
    const result = await runCli(['klondike', 'compare', '--games', '200', '--seed', '1', '--threads', '2', '--paired']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Klondike: 200 games per strategy, seed 1, paired/);
    expect(result.stdout).toMatch(/^strategy +games +mean +95% CI +sd +0-score +won +won 95% CI$/m);
    expect(result.stdout).toMatch(/^greedy +200 +\d+\.\d{4} +\[\d+\.\d{4}, \d+\.\d{4}\] +[\d.]+ +[\d.]+% +[\d.]+% +\[[\d.]+%, [\d.]+%\]$/m);
    expect(result.stdout).toMatch(/^random - greedy +-\d/m);
  });

  it('--help names every strategy, those of the standard rules too', async () => {
    const result = await runInProcess(['klondike', 'compare', '--help']);
    expect(result.status).toBe(0);
    const help = result.stdout.replace(/\s+/g, ' ');
    expect(help).toContain('comma-separated strategies (random, greedy, sampler, solver; with --rules standard also planner)');
  });

  it('a strategy of the standard rules asked for under the assignment rules is exit 2 saying which option it needs', async () => {
    const result = await runInProcess(['klondike', 'compare', '--players', 'greedy,planner', '--games', '2']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--players: planner is not a strategy of Klondike: it plays with --rules standard (strategies here: random, greedy, sampler, solver).');
    expect(result.stdout).toBe('');
  });

  it('the example program gives the same figures on 1 and 2 threads, through the CLI and the library, as a module and as an object', async () => {
    const one = await compareJson(['--players', `greedy,${example}`, '--threads', '1']);
    const two = await compareJson(['--players', `greedy,${example}`, '--threads', '2'], runInProcess);
    expect(two).toEqual(one);
    const library = await compareStrategies(klondikeGame, { games: 120, seed: 8, threads: 2, players: ['greedy', pathToFileURL(example)] });
    expect(library.players[1]!.average).toBe(one['foundations-first']!.mean);
    expect(library.players[1]!.topShare).toBe(one['foundations-first']!.topShare);
    const { default: Program } = (await import(pathToFileURL(example).href)) as { default: new () => object };
    const object = await compareStrategies(klondikeGame, { games: 120, seed: 8, threads: 1, players: ['greedy', Object.assign(new Program(), { name: 'foundations-first' })] });
    expect(object).toEqual(library);
    expect(one['foundations-first']!.faults).toBeUndefined();
    // It plays much like greedy, far above random's 23 cards.
    expect(one['foundations-first']!.mean).toBeGreaterThan(20);
  });

  it('the TypeScript example, compiled with tsc, plays exactly like its JavaScript twin on the same deals', async () => {
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'examples/klondike/ts')], { stdio: 'pipe' });
    const json = await compareJson(['--players', `${example},${join(root, 'examples/klondike/ts/dist/foundations-first.js')}`, '--paired', '--threads', '2']);
    expect(json['foundations-first-ts']!.mean).toBe(json['foundations-first']!.mean);
    expect(json['foundations-first-ts']!.topShare).toBe(json['foundations-first']!.topShare);
  });

  it('a program that throws or answers an illegal move stops playing in that deal, its score as it was; the faults are counted', async () => {
    // Throws at its 5th move of every deal, before which it only turns the stock: no card ever reaches a foundation.
    const quitter = write('quitter.mjs', 'let n = 0; export default { nextMove(game, moves) { if (game.getScore() === 0 && ++n % 5 === 0) throw new Error("tired"); return moves.find((m) => m.kind === "discardDraw") ?? moves[0]; } };\n');
    const json = await compareJson(['--players', fileURLToPath(quitter), '--threads', '2']);
    expect(json.quitter!.faults!.games).toBeGreaterThan(0);
    expect(json.quitter!.faults!.examples[0]!.message).toBe('nextMove (move 5) threw Error: tired');
    const liar = await compareStrategies(klondikeGame, { games: 30, seed: 2, threads: 1, players: [{ name: 'liar', nextMove: () => ({ kind: 'movePile', src: 0, count: 1, dest: 0 }) }] });
    // Its first answer is illegal: it never plays, and no card reaches a foundation.
    expect(liar.players[0]!.average).toBe(0);
    expect(liar.players[0]!.faults!.games).toBe(30);
    expect(liar.players[0]!.faults!.examples[0]!.message).toBe('nextMove (move 1) answered {"kind":"movePile","src":0,"count":1,"dest":0}, not one of the legal moves');
  });

  it('a lab agent that faults is not asked again in that deal either: the deal ends with the cards it had on the foundations', async () => {
    // Greedy until it has 3 cards on the foundations, then an illegal action (or a throw).
    const tired = (name: string, fault: () => number) => {
      const greedy = createGreedyAgent();
      const seen = { lastMoves: -1, faulted: false, askedAgain: 0, faults: 0 };
      const agent = {
        name,
        act(state: KlondikeState, rng: Rng): number {
          const moves = state.getMoves().length;
          if (moves < seen.lastMoves) seen.faulted = false; // a new deal
          seen.lastMoves = moves;
          if (seen.faulted) seen.askedAgain++;
          if (state.returns(0) >= 3) {
            seen.faulted = true;
            seen.faults++;
            return fault();
          }
          return greedy.act(state, rng);
        },
      };
      return { agent, seen };
    };
    for (const [name, fault] of [['illegal', () => -1], ['thrower', () => { throw new Error('tired'); }]] as const) {
      const { agent, seen } = tired(name, fault);
      const result = await compareStrategies(klondikeGame, { games: 60, seed: 4, threads: 1, players: [agent] });
      const { average, faults } = result.players[0]!;
      expect(seen.askedAgain).toBe(0);
      expect(faults!.games).toBe(seen.faults);
      expect(faults!.games).toBeGreaterThan(10);
      // A deal it faulted in scores exactly the 3 cards it had; the others (greedy stuck below 3) fewer.
      expect(average).toBeLessThanOrEqual(3);
      expect(average).toBeGreaterThan((3 * faults!.games) / 60 - 1e-9);
      expect(faults!.examples[0]!.message).toMatch(name === 'illegal' ? /^act answered -1: not a legal action$/ : /^act threw Error: tired$/);
    }
  });

  it('an unusable module is exit 2 before any game; --resume refuses a changed program', async () => {
    const empty = fileURLToPath(write('empty.mjs', 'export const name = "empty";\n'));
    const bad = await runCli(['klondike', 'compare', '--players', `greedy,${empty}`]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^tabletop: --players: The player module .*empty\.mjs exports nothing usable: expected a default export that is a program class or object with nextMove\(game, moves\) returning one of the moves, or a lab agent with act\(state, rng\); its default export is undefined\n$/);
    const mine = join(dir, 'mine.mjs');
    writeFileSync(mine, 'export default { nextMove: (game, moves) => moves[0] };\n');
    const out = join(dir, 'mine.jsonl');
    expect((await runCli(['klondike', 'compare', '--games', '100', '--seed', '3', '--batch-size', '25', '--threads', '1', '--players', mine, '--out', out])).status).toBe(0);
    writeFileSync(out, `${readFileSync(out, 'utf8').split('\n')[0]!}\n`);
    copyFileSync(mine, `${mine}.bak`);
    writeFileSync(mine, `${readFileSync(mine, 'utf8')}// changed\n`);
    const resumed = await runCli(['klondike', 'compare', '--resume', out, '--threads', '1']);
    expect(resumed.status).toBe(2);
    expect(resumed.stderr).toMatch(/^tabletop: Cannot resume: The player module .*mine\.mjs has changed since these results were played/);
  });

  it('--resume takes the rules from the saved run; rules given that differ from it are refused', async () => {
    const out = join(dir, 'standard.jsonl');
    const args = ['--players', 'greedy', '--games', '40', '--seed', '5', '--batch-size', '10', '--threads', '1', '--json'];
    const whole = await runCli(['klondike', 'compare', '--rules', 'standard', '--draw', '1', '--passes', '3', ...args, '--out', out]);
    expect(whole.status).toBe(0);
    // The run cut to its first batch, as a stopped run leaves it, resumed with no rules given.
    writeFileSync(out, `${readFileSync(out, 'utf8').split('\n')[0]!}\n`);
    const resumed = await runCli(['klondike', 'compare', '--resume', out, '--threads', '1', '--json']);
    expect(resumed.stderr).toBe('');
    expect(resumed.status).toBe(0);
    expect(JSON.parse(resumed.stdout)).toEqual(JSON.parse(whole.stdout));
    const contradicted = await runCli(['klondike', 'compare', '--resume', out, '--draw', '3', '--rules', 'standard']);
    expect(contradicted.status).toBe(2);
    expect(contradicted.stderr).toBe('tabletop: Cannot resume: The saved run is a klondike-standard-d1-p3-standard experiment, not klondike-standard-d3-pu-standard.\n');
    // The lab's own command resumes it too, the game named by the file (it once said "Unknown game").
    writeFileSync(out, `${readFileSync(out, 'utf8').split('\n')[0]!}\n`);
    const generic = await runCli(['compare', '--resume', out, '--threads', '1', '--json']);
    expect([generic.status, generic.stderr]).toEqual([0, '']);
    expect(JSON.parse(generic.stdout)).toEqual(JSON.parse(whole.stdout));
  });
});
