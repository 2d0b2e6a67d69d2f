/**
 * `tabletop connect-fwar compare --players` with the user's own modules, end to end on the built
 * binary: the examples (JavaScript, and TypeScript compiled with tsc) give the library's results,
 * faults are reported, an unusable module is exit 2 before any game, and a results file refuses a
 * changed player on --resume and in merge.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { connectFwarGame } from '../../games/connect-fwar/definition.js';
import { compareStrategies } from '../../lab/player-comparison.js';
import { CLI_PATH, runCli, runCliJson } from '../../test-support/cli.js';
import { runInProcess } from '../../test-support/cli-in-process.js';
import { cutToFirstRecord, newVersionOf } from '../../test-support/results-files.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const examples = join(root, 'examples/connect-fwar');
const dir = mkdtempSync(join(tmpdir(), 'tabletop-user-cli-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

interface StrategyJson {
  games: number;
  mean: number;
  faults?: { games: number; examples: { game: number; seed: number; message: string }[] };
}

function compareJson(args: readonly string[]): Promise<Record<string, StrategyJson>> {
  return runCliJson(['connect-fwar', 'compare', '--json', '--games', '300', '--seed', '9', ...args]);
}

describe('tabletop connect-fwar compare with player modules', () => {
  it.each(['tightest-fit', 'coin-flip', 'basic-agent'])('examples/connect-fwar/%s.mjs gives the same figures on 1 and 2 threads as the library', async (name) => {
    const path = join(examples, `${name}.mjs`);
    const one = await compareJson(['--players', `basic,${path}`, '--threads', '1']);
    // On 2 threads in this process: the same program as the binary's run above, without a Node start.
    const two = await runInProcess(['connect-fwar', 'compare', '--json', '--games', '300', '--seed', '9', '--players', `basic,${path}`, '--threads', '2']);
    expect([two.status, two.stderr]).toEqual([0, '']);
    expect(JSON.parse(two.stdout)).toEqual(one);
    const library = await compareStrategies(connectFwarGame, { games: 300, seed: 9, threads: 1, players: ['basic', pathToFileURL(path)] });
    expect(one[name]!.mean).toBe(library.players[1]!.average);
    expect(one.basic!.mean).toBe(library.players[0]!.average);
  });

  it('the TypeScript example, compiled with tsc, plays exactly like its JavaScript twin', async () => {
    const out = join(dir, 'ts-out');
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(examples, 'ts'), '--outDir', out], { stdio: 'pipe' });
    // Its name differs (tightest-fit-ts), so it is dealt other games: compare on the same deals.
    const result = await compareJson(['--players', `${join(examples, 'tightest-fit.mjs')},${join(out, 'tightest-fit.js')}`, '--paired', '--threads', '2']);
    expect(result['tightest-fit-ts']!.mean).toBe(result['tightest-fit']!.mean);
  });

  it('a relative path is read from the working directory', () => {
    const result = spawnSync(process.execPath, [CLI_PATH, 'connect-fwar', 'compare', '--games', '50', '--seed', '1', '--threads', '1', '--players', './examples/connect-fwar/coin-flip.mjs'], { cwd: root, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^coin-flip +50 /m);
  });

  it('a package name is resolved from the working directory', () => {
    const project = join(dir, 'project');
    const pkg = join(project, 'node_modules', 'fwar-first-fit');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'fwar-first-fit', type: 'module', main: 'player.js' }));
    writeFileSync(join(pkg, 'player.js'), 'export const name = "first-fit";\nexport default { nextMove: (card, board) => [0, 1, 2, 3].find((c) => board.canPlay(card, c)) ?? -1 };\n');
    const run = (players: string) => spawnSync(process.execPath, [CLI_PATH, 'connect-fwar', 'compare', '--games', '200', '--seed', '1', '--threads', '1', '--paired', '--json', '--players', players], { cwd: project, encoding: 'utf8' });
    const result = run('basic,fwar-first-fit');
    expect(result.stderr).toBe('');
    const json = JSON.parse(result.stdout) as Record<string, StrategyJson>;
    // BasicPlayer's logic on the same deals: the same mean.
    expect(json['first-fit']!.mean).toBe(json.basic!.mean);
    const unknown = run('fwar-nothing');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown ConnectFwar strategy 'fwar-nothing' \(built-in: random, basic, suits, ranks[^)]*\), and no package of that name can be found from .*project/);
  });

  it('counts a throwing player\'s faults and prints the first games with their seeds', async () => {
    const path = join(dir, 'no-aces.mjs');
    writeFileSync(path, 'export default { nextMove(card) { if (card.getRankNum() === 1) throw new Error("no aces"); return 0; } };\n');
    const result = await runCli(['connect-fwar', 'compare', '--games', '200', '--seed', '3', '--threads', '2', '--players', path]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/\nno-aces faulted in \d+ games \(each fault was played as the rules read a bad answer: ConnectFwar discards the card\); the first:\n {2}game 0 \(seed \d+\): nextMove\(Ace of \w+\) threw Error: no aces\n/);
    // The runs compared below go in this process: the same program, without a Node start each.
    const inProcess = async (args: readonly string[]): Promise<string> => {
      const run = await runInProcess(args);
      expect([run.status, run.stderr]).toEqual([0, '']);
      return run.stdout;
    };
    const json = JSON.parse(await inProcess(['connect-fwar', 'compare', '--json', '--games', '300', '--seed', '9', '--players', path, '--threads', '2'])) as Record<string, StrategyJson>;
    expect(json['no-aces']!.faults!.games).toBeGreaterThan(0);
    expect(json['no-aces']!.faults!.examples).toHaveLength(3);
    // Shards merged: the same faults, the same first examples (kept by game number, not by batch).
    const shards = [1, 2].map((k) => join(dir, `no-aces-${String(k)}.jsonl`));
    for (const [k, out] of shards.entries()) {
      await inProcess(['connect-fwar', 'compare', '--games', '300', '--seed', '9', '--threads', '2', '--batch-size', '37', '--players', path, '--shard', `${String(k + 1)}/2`, '--out', out]);
    }
    const merged = await inProcess(['merge', '--json', shards[1]!, shards[0]!]);
    expect((JSON.parse(merged) as Record<string, StrategyJson>)['no-aces']!.faults).toEqual(json['no-aces']!.faults);
  });

  it.each([
    ['missing.mjs', null, /^tabletop: --players: Cannot load the player module .*missing\.mjs: no such file\n$/],
    ['nothing.mjs', 'export const name = "nothing";\n', /^tabletop: --players: The player module .*nothing\.mjs exports nothing usable: expected a default export that is a Player class or object with nextMove\(card, board\), or a lab agent with act\(state, rng\); its default export is undefined\n$/],
    ['broken.mjs', 'export default class {\n', /^tabletop: --players: Cannot load the player module .*broken\.mjs: SyntaxError: /],
    ['basic.mjs', 'export const name = "basic"; export default { nextMove: () => 0 };\n', /is named 'basic': a name must not contain ',' or '@' nor be a built-in strategy's id/],
  ])('an unusable module (%s) is exit 2 with one clear message and no games', async (file, text, message) => {
    const path = join(dir, file);
    if (text !== null) writeFileSync(path, text);
    const out = join(dir, `${file}.jsonl`);
    const result = await runCli(['connect-fwar', 'compare', '--games', '100', '--threads', '2', '--players', `basic,${path}`, '--out', out]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
  });

  it('--out records name each module by path and sha256; --resume and merge refuse a changed player', async () => {
    const path = join(dir, 'mine.mjs');
    copyFileSync(join(examples, 'tightest-fit.mjs'), path);
    const sha = createHash('sha256').update(readFileSync(path)).digest('hex');
    const first = join(dir, 'first.jsonl');
    const run = await runCli(['connect-fwar', 'compare', '--games', '400', '--seed', '4', '--threads', '2', '--batch-size', '100', '--players', `basic,${path}`, '--out', first]);
    expect(run.status).toBe(0);
    const record = JSON.parse(readFileSync(first, 'utf8').split('\n')[0]!) as { params: { config: { lineups: string[][] } } };
    expect(record.params.config.lineups).toEqual([['basic'], [`tightest-fit@${pathToFileURL(path).href}#sha256=${sha}`]]);
    const unchanged = join(dir, 'unchanged.jsonl');
    cutToFirstRecord(first, unchanged);

    newVersionOf(path);
    const resumed = await runCli(['connect-fwar', 'compare', '--resume', first, '--threads', '2']);
    expect(resumed.status).toBe(2);
    expect(resumed.stderr).toMatch(/^tabletop: Cannot resume: The player module .*mine\.mjs has changed since these results were played \(sha256 [0-9a-f]{12}…, now [0-9a-f]{12}…\)/);
    expect(readFileSync(first, 'utf8')).toBe(readFileSync(unchanged, 'utf8'));
    const named = await runCli(['connect-fwar', 'compare', '--resume', first, '--threads', '2', '--players', `basic,${path}`]);
    expect(named.status).toBe(2);
    expect(named.stderr).toMatch(/Cannot resume: The saved run and this one were played by two versions of the player 'tightest-fit' \(file:.*mine\.mjs, sha256 [0-9a-f]{12}… vs [0-9a-f]{12}…\)/);

    const second = join(dir, 'second.jsonl');
    expect((await runCli(['connect-fwar', 'compare', '--games', '400', '--seed', '4', '--threads', '1', '--batch-size', '100', '--players', `basic,${path}`, '--out', second, '--shard', '2/2'])).status).toBe(0);
    const merged = await runCli(['merge', unchanged, second]);
    expect(merged.status).toBe(2);
    expect(merged.stderr).toMatch(/Records of different experiments cannot be combined: they were played by two versions of the player 'tightest-fit'/);
  });
});
