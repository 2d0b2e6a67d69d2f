/**
 * `tabletop uno-war tournament --ais` with the user's own AI modules, end to end on the built
 * binary: the examples give the library's results on 1 and 2 threads, faults are reported, an
 * unusable module is exit 2 before any game, and a results file refuses a changed AI on --resume
 * and in merge.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LabTournament } from '../../lab/round-robin.js';
import type { TournamentReport } from '../../lab/report.js';
import { runCli, runCliJson, runCliOk } from '../../test-support/cli.js';
import { runInProcess } from '../../test-support/cli-in-process.js';
import { cutToFirstRecord, newVersionOf } from '../../test-support/results-files.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const examples = join(root, 'examples/uno-war');
const dir = mkdtempSync(join(tmpdir(), 'tabletop-user-ais-cli-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function tournamentJson(args: readonly string[]): Promise<TournamentReport> {
  return runCliJson(['uno-war', 'tournament', '--json', '--games', '150', '--seed', '12', ...args]);
}

describe('tabletop uno-war tournament with AI modules', () => {
  it.each(['my-counter', 'smallest-agent'])('examples/uno-war/%s.mjs gives the same figures on 1 and 2 threads as the library', async (name) => {
    const path = join(examples, `${name}.mjs`);
    const one = await tournamentJson(['--ais', `smallest,${path}`, '--threads', '1']);
    // On 2 threads in this process: the same program as the binary's run above, without a Node start.
    const two = await runInProcess(['uno-war', 'tournament', '--json', '--games', '150', '--seed', '12', '--ais', `smallest,${path}`, '--threads', '2']);
    expect([two.status, two.stderr]).toEqual([0, '']);
    expect(JSON.parse(two.stdout)).toEqual(one);
    const library = await new LabTournament('uno-war', { ais: ['smallest', pathToFileURL(path)], games: 150, seed: 12, threads: 1 }).play();
    expect(one.matrix).toEqual(library.matrix);
    expect(one.players.map((p) => p.name)).toEqual(['Smallest Card AI', name]);
  });

  it('the TypeScript example, compiled with tsc, plays exactly like its JavaScript twin', async () => {
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(examples, 'ts')], { stdio: 'pipe' });
    const compiled = pathToFileURL(join(examples, 'ts/dist/counter.js'));
    // Named as the JavaScript module, the compiled class is dealt the same games.
    const { default: Counter } = (await import(compiled.href)) as { default: new () => object };
    const ts = await new LabTournament('uno-war', { ais: ['smallest', Object.assign(new Counter(), { name: 'my-counter' })], games: 150, seed: 12, threads: 1 }).play();
    const js = await tournamentJson(['--ais', `smallest,${join(examples, 'my-counter.mjs')}`, '--threads', '2']);
    expect(ts.matrix).toEqual(js.matrix);
    const cli = await tournamentJson(['--ais', `smallest,${fileURLToPath(compiled)}`, '--threads', '2']);
    expect(cli.players.map((p) => p.name)).toEqual(['Smallest Card AI', 'counter-ts']);
  });

  it("counts a throwing AI's faults per AI and prints the first games with their pairing and seed", async () => {
    const path = join(dir, 'no-aces.mjs');
    writeFileSync(path, 'export default { getPlay(hand, pile) { for (let i = 0; i < 5; i++) { const c = hand.get(i); if (c.getRankNum() === 1) throw new Error("no aces"); if (pile.canPlay(c)) return c; } return null; } };\n');
    const result = await runCliOk(['uno-war', 'tournament', '--games', '100', '--seed', '3', '--threads', '2', '--ais', `random,${path}`]);
    expect(result.stdout).toMatch(/^random +[0-9.]+ +[0-9.]+$/m);
    expect(result.stdout).toMatch(/^no-aces +[0-9.]+ +[0-9.]+$/m);
    expect(result.stdout).toMatch(/\nno-aces faulted in [\d,]+ games \(per seat: a game against itself counts twice; each fault was played as the rules read a bad answer: UnoWar: the round is lost\); the first:\n {2}(random vs no-aces|no-aces vs random|no-aces vs no-aces), game 0 \(seed \d+\): getPlay on .+ threw Error: no aces\n/);
  });

  it.each([
    ['missing.mjs', null, /^tabletop: --ais: Cannot load the player module .*missing\.mjs: no such file\n$/],
    ['nothing.mjs', 'export default 5;\n', /^tabletop: --ais: The player module .*nothing\.mjs exports nothing usable: expected a default export that is an AI class \(or object\) with getPlay\(hand, cardPile\), or a lab agent with act\(state, rng\); its default export is 5\n$/],
    ['smallest.mjs', 'export const name = "smallest"; export default { getPlay: () => null };\n', /is named 'smallest': a name must not contain ',' or '@' nor be a built-in strategy's id/],
  ])('an unusable module (%s) is exit 2 with one clear message and no games', async (file, text, message) => {
    const path = join(dir, file);
    if (text !== null) writeFileSync(path, text);
    const result = await runCli(['uno-war', 'tournament', '--games', '100', '--threads', '2', '--ais', `random,${path}`]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
  });

  it('an AI that never answers loses the round and plays no more in that game: the run goes on, and its results file holds the faults', async () => {
    const path = join(dir, 'sleepy.mjs');
    writeFileSync(path, 'export default { getPlay() { for (;;) {} } };\n');
    const out = join(dir, 'sleepy.jsonl');
    const result = await runCli(['uno-war', 'tournament', '--ais', `random,${path}`, '--games', '1', '--seed', '3', '--threads', '2', '--move-time-limit', '0.2', '--out', out]);
    expect(result.status).toBe(0);
    // Per seat: one game in each seat against random, and both seats of the game against itself.
    expect(result.stdout).toMatch(/\nsleepy faulted in 4 games \(per seat: .*\); the first:\n {2}.+, game 0 \(seed \d+\): getPlay on .+ gave no answer within the time limit of 200 ms: it plays no more in this game\n/);
    const merged = await runCli(['merge', '--json', out]);
    expect(merged.status).toBe(0);
    expect((JSON.parse(merged.stdout) as TournamentReport).faults!.sleepy!.games).toBe(4);
  });

  it('an unknown name that is no package is a usage error naming the built-in AIs', async () => {
    const result = await runCli(['uno-war', 'tournament', '--ais', 'random,genius']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--ais: Unknown UnoWar strategy 'genius' \(built-in: random, smallest, biggest, counter, mcts\), and no package of that name can be found/);
  });

  it('--resume and merge refuse a changed AI', async () => {
    const path = join(dir, 'mine.mjs');
    copyFileSync(join(examples, 'smallest-agent.mjs'), path);
    const first = join(dir, 'first.jsonl');
    const run = await runCli(['uno-war', 'tournament', '--games', '200', '--seed', '4', '--threads', '2', '--batch-size', '50', '--ais', `random,${path}`, '--out', first]);
    expect(run.status).toBe(0);
    const unchanged = join(dir, 'unchanged.jsonl');
    cutToFirstRecord(first, unchanged);
    newVersionOf(path);
    const resumed = await runCli(['uno-war', 'tournament', '--resume', first, '--threads', '2']);
    expect(resumed.status).toBe(2);
    expect(resumed.stderr).toMatch(/^tabletop: Cannot resume: The player module .*mine\.mjs has changed since these results were played/);
    expect(readFileSync(first, 'utf8')).toBe(readFileSync(unchanged, 'utf8'));
    const second = join(dir, 'second.jsonl');
    expect((await runCli(['uno-war', 'tournament', '--games', '200', '--seed', '4', '--threads', '1', '--batch-size', '50', '--ais', `random,${path}`, '--out', second, '--shard', '2/2'])).status).toBe(0);
    const merged = await runCli(['merge', unchanged, second]);
    expect(merged.status).toBe(2);
    expect(merged.stderr).toMatch(/Records of different experiments cannot be combined: they were played by two versions of the player 'smallest-agent'/);
  });
});
