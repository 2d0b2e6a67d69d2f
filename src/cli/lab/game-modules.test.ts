/**
 * A user's game in one module, end to end on the built binary: `tabletop compare`, `tournament`
 * and `sprt --game ./my-game.mjs` with threads, shards, merge, --out / --resume and report files,
 * and a broken or hostile game module as one clear error (exit 2) that keeps the results file whole.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { moduleFolder } from '../../test-support/module-files.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const secretary = join(root, 'examples/games/secretary.mjs');
const folder = moduleFolder('tabletop-game-modules-');
/** The published figure (Gilbert & Mosteller 1966, n = 10). */
const OPTIMAL_WIN = 0.39869;

interface StrategyJson {
  games: number;
  mean: number;
  ciLow: number;
  ciHigh: number;
}

/** The secretary example with `from` replaced by `to` (checked to be there), importing the built package. */
function variant(name: string, from: string, to: string): string {
  const text = readFileSync(secretary, 'utf8').replace("'tabletop-lab'", `'${pathToFileURL(join(root, 'dist/index.js')).href}'`);
  expect(text).toContain(from);
  return fileURLToPath(folder.write(name, text.replace(from, to)));
}

async function compareJson(args: readonly string[]): Promise<Record<string, StrategyJson>> {
  const result = await runCli(['compare', '--json', ...args]);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as Record<string, StrategyJson>;
}

/** A two-player game without chance: take 1 or 2 sticks of 7, whoever takes the last one wins. */
const STICKS = `
import { TERMINAL, randomInt } from '${pathToFileURL(join(root, 'dist/index.js')).href}';
class Sticks {
  left = 7; toMove = 0;
  currentPlayer() { return this.left === 0 ? TERMINAL : this.toMove; }
  isTerminal() { return this.left === 0; }
  legalActions(out) { if (this.left === 0) return 0; out[0] = 1; if (this.left >= 2) { out[1] = 2; return 2; } return 1; }
  applyAction(a) { if (this.left === 0 || (a !== 1 && a !== 2) || a > this.left) throw new RangeError('illegal'); this.left -= a; this.toMove = 1 - this.toMove; }
  sampleChance() { throw new RangeError('no chance here'); }
  chanceOutcomes() { return 0; }
  returns(p) { return this.left > 0 ? 0 : (p === 1 - this.toMove ? 1 : -1); }
  reset() { this.left = 7; this.toMove = 0; }
  clone() { return Object.assign(new Sticks(), this); }
  actionToString(a) { return 'take ' + a; }
  toString() { return this.left + ' left'; }
  informationStateString() { return this.left + ',' + this.toMove; }
  observe() { return { left: this.left, toMove: this.toMove }; }
  resample() { return this.clone(); }
  serialize() { return this.left + ',' + this.toMove; }
}
export default {
  id: 'sticks', title: 'Sticks', numPlayers: 2, outcome: 'win-loss', scoreRange: [-1, 1], maxActions: 3, maxGameLength: 7, chanceFree: true,
  newInitialState: () => new Sticks(),
  agents: {
    random: { description: 'any legal take', create: () => ({ name: 'random', act: (s, rng) => (s.left >= 2 ? 1 + randomInt(rng, 2) : 1) }) },
    perfect: { description: 'leaves a multiple of 3 when it can', create: () => ({ name: 'perfect', act: (s, rng) => (s.left % 3 === 0 ? 1 + randomInt(rng, Math.min(2, s.left)) : s.left % 3) }) },
  },
};
`;

describe('tabletop compare --game with a game module', () => {
  it('plays the example game on 1 and 2 threads alike, and its optimal agent wins as often as the published figure says (within the 95% CI)', async () => {
    const args = ['--game', secretary, '--games', '20000', '--seed', '1'];
    const one = await compareJson([...args, '--threads', '1']);
    const two = await compareJson([...args, '--threads', '2']);
    expect(two).toEqual(one);
    expect(one.optimal!.games).toBe(20000);
    expect(one.optimal!.ciLow).toBeLessThan(OPTIMAL_WIN);
    expect(one.optimal!.ciHigh).toBeGreaterThan(OPTIMAL_WIN);
    // Accepting the first candidate wins 1 in 10.
    expect(one.first!.ciLow).toBeLessThan(0.1);
    expect(one.first!.ciHigh).toBeGreaterThan(0.1);
  });

  it('two shards merged give exactly the one run, with HTML and CSV reports', async () => {
    const args = ['--game', secretary, '--players', 'optimal,coin', '--games', '1000', '--seed', '5', '--threads', '1'];
    const whole = await compareJson(args);
    const parts = [join(folder.dir, 'shard1.jsonl'), join(folder.dir, 'shard2.jsonl')];
    for (const [i, part] of parts.entries()) {
      const shard = await runCli(['compare', ...args, '--shard', `${String(i + 1)}/2`, '--out', part]);
      expect(shard.status).toBe(0);
    }
    const html = join(folder.dir, 'merged.html');
    const csv = join(folder.dir, 'merged.csv');
    const merged = await runCli(['merge', '--json', ...parts, '--html', html, '--csv', csv]);
    expect(merged.stderr).toBe('');
    expect(merged.status).toBe(0);
    expect(JSON.parse(merged.stdout)).toEqual(whole);
    expect(readFileSync(html, 'utf8')).toContain('The secretary problem');
    expect(readFileSync(csv, 'utf8')).toContain('optimal');
  });

  it('--resume plays only the games a results file lacks, and gives the one run; the file names its game, so --game may be left out', async () => {
    const args = ['--game', secretary, '--games', '4000', '--seed', '8', '--threads', '1', '--batch-size', '500'];
    const whole = await compareJson(args);
    const file = join(folder.dir, 'resume.jsonl');
    expect((await runCli(['compare', ...args, '--out', file])).status).toBe(0);
    // As if the run had been stopped after three batches.
    const lines = readFileSync(file, 'utf8').split('\n').filter((line) => line !== '');
    writeFileSync(file, `${lines.slice(0, 3).join('\n')}\n`);
    // As the interrupted run's message says: `continue with --resume FILE`, no --game.
    const resumed = await runCli(['compare', '--json', '--resume', file, '--threads', '2']);
    expect(resumed.stderr).toBe('');
    expect(resumed.status).toBe(0);
    expect(JSON.parse(resumed.stdout)).toEqual(whole);
    const neither = await runCli(['compare', '--games', '10']);
    expect(neither.status).toBe(2);
    expect(neither.stderr).toContain("required option '--game <id-or-module>' not specified (or --resume FILE");
  });

  it('a changed game module is refused on --resume and in merge (exit 2): results of two versions never mix', async () => {
    const mine = variant('changing.mjs', "title: 'The secretary problem (10 candidates)'", "title: 'Mine'");
    const file = join(folder.dir, 'changing.jsonl');
    expect((await runCli(['compare', '--game', mine, '--games', '200', '--seed', '2', '--threads', '1', '--out', file])).status).toBe(0);
    writeFileSync(mine, `${readFileSync(mine, 'utf8')}\n// changed\n`);
    const resumed = await runCli(['compare', '--game', mine, '--resume', file]);
    expect(resumed.status).toBe(2);
    expect(resumed.stderr).toMatch(/The game module .*changing\.mjs has changed since these results were played/);
    const merged = await runCli(['merge', file]);
    expect(merged.status).toBe(2);
    expect(merged.stderr).toMatch(/has changed since these results were played/);
  });

  it('tournament --game runs a two-player game module', async () => {
    const sticks = fileURLToPath(folder.write('sticks.mjs', STICKS));
    const result = await runCli(['tournament', '--json', '--game', sticks, '--games', '200', '--seed', '3', '--threads', '2']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const report = JSON.stringify(JSON.parse(result.stdout));
    expect(report).toContain('"perfect"');
    expect(report).toContain('"random"');
    // compare refuses a two-player game, naming the command to use.
    const compare = await runCli(['compare', '--game', sticks]);
    expect(compare.status).toBe(2);
    expect(compare.stderr).toContain('tabletop tournament --game');
  });
});

describe('tabletop sprt --game with a game module', () => {
  interface Verdict {
    result: string;
    games: number;
    llr: number;
  }
  const sprt = async (args: readonly string[]): Promise<Verdict> => {
    const result = await runCli(['sprt', '--json', ...args]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    return JSON.parse(result.stdout) as Verdict;
  };

  it("tests two of a two-player module's agents in pairs of games (Elo hypotheses)", async () => {
    const sticks = fileURLToPath(folder.write('sticks-sprt.mjs', STICKS));
    const verdict = await sprt(['--game', sticks, '--a', 'perfect', '--b', 'random', '--seed', '3', '--threads', '1']);
    expect(verdict.result).toBe('H1');
    expect(verdict.games % 2).toBe(0);
  });

  it('a one-player module on paired deals: its results file cut short and resumed, it gives the one run', async () => {
    const file = join(folder.dir, 'secretary-sprt.jsonl');
    const whole = await sprt(['--game', secretary, '--a', 'optimal', '--b', 'coin', '--seed', '1', '--threads', '1', '--out', file]);
    expect(whole.result).toBe('H1');
    // As if stopped before its last batch: the resumed test plays that batch again and decides alike.
    const lines = readFileSync(file, 'utf8').split('\n').filter((line) => line !== '');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    writeFileSync(file, `${lines.slice(0, -1).join('\n')}\n`);
    expect(await sprt(['--game', secretary, '--resume', file])).toEqual(whole);
  });
});

describe('a broken or hostile game module is one clear error (exit 2), and the results file stays whole', () => {
  const run = (path: string, out: string, extra: readonly string[] = []) =>
    runCli(['compare', '--game', path, '--games', '3000', '--seed', '3', '--threads', '1', '--batch-size', '100', '--out', out, ...extra], { timeoutMs: 90_000 });

  /** Every line of a results file is a whole record. */
  function expectWholeRecords(file: string): void {
    if (!existsSync(file)) return;
    for (const line of readFileSync(file, 'utf8').split('\n').filter((l) => l !== '')) expect(() => JSON.parse(line) as unknown).not.toThrow();
  }

  // Each fault strikes mid-game and only in some games (those whose first candidate was the worst),
  // so the games before the first such one are played and saved when the module fails.
  const HOOK = '  applyAction(action) {';
  const WHEN = 'if (this.arrived === 9 && this.quality[0] === 0)';
  const FAULTS = [
    {
      fault: 'throws while playing: the game and its seed are named',
      file: 'throws.mjs',
      code: `${WHEN} throw new Error("boom");`,
      extra: [],
      message: /^tabletop: The game module .*throws\.mjs failed: game \d+ of optimal \(seed \d+\) threw Error: boom\n$/,
    },
    { fault: 'ends its thread while playing', file: 'exits.mjs', code: `${WHEN} process.exit(4);`, extra: [], message: /The game module .*exits\.mjs failed: .*code: 4/ },
    {
      fault: 'allocates without end while playing: stopped at the memory limit',
      file: 'allocates.mjs',
      code: `${WHEN} { const all = []; for (;;) all.push(new Array(1000).fill(1)); }`,
      extra: ['--memory-limit', '64'],
      message: /The game module .*allocates\.mjs failed: .*memory limit/,
    },
    {
      fault: 'never finishes a game: stopped past the move time limit',
      file: 'hangs.mjs',
      code: `${WHEN} for (;;);`,
      extra: ['--move-time-limit', '2'],
      message: /The game module .*hangs\.mjs did not finish game \d+ of optimal \(seed \d+\): its code ran for more than 2 s/,
    },
  ];
  for (const { fault, file, code, extra, message } of FAULTS) {
    it(`a module that ${fault}`, async () => {
      const path = variant(file, HOOK, `${HOOK} ${code}`);
      const out = join(folder.dir, file.replace('.mjs', '.jsonl'));
      const result = await run(path, out, extra);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(message);
      expectWholeRecords(out);
    });
  }

  it('a module whose import exits, or that exports no game, before any game (nothing written)', async () => {
    const exits = variant('import-exits.mjs', 'export default {', 'process.exit(3);\nexport default {');
    const result = await run(exits, join(folder.dir, 'import-exits.jsonl'));
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^tabletop: --game: Cannot load the game module .*import-exits\.mjs: its import ended its thread \(process\.exit, code 3\)\n$/);
    const none = fileURLToPath(folder.write('none.mjs', 'export default 42;\n'));
    const empty = await run(none, join(folder.dir, 'none.jsonl'));
    expect(empty.status).toBe(2);
    expect(empty.stderr).toMatch(/The game module .*none\.mjs exports no game: expected a default export \(or an export `game`\) that is a game definition, found 42/);
    expect(existsSync(join(folder.dir, 'none.jsonl'))).toBe(false);
  });

  it('an unknown game id, or a missing file', async () => {
    const unknown = await runCli(['compare', '--game', 'nosuch']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("Unknown game 'nosuch'");
    const missing = await runCli(['compare', '--game', join(folder.dir, 'missing.mjs')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no such file');
  });
});
