/**
 * `tabletop check-game` end to end on the built binary: the examples hold every rule (exit 0);
 * deliberately broken games each break the rule they break, with a seed and ply (exit 1); a module
 * that cannot be checked is exit 2.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { moduleFolder } from '../../test-support/module-files.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const secretary = join(root, 'examples/games/secretary.mjs');
const folder = moduleFolder('tabletop-check-game-');

/** The secretary example with `from` replaced by `to` (checked to be there), importing the built package. */
function variant(name: string, from: string, to: string): string {
  const text = readFileSync(secretary, 'utf8').replace("'tabletop-lab'", `'${pathToFileURL(join(root, 'dist/index.js')).href}'`);
  expect(text).toContain(from);
  return fileURLToPath(folder.write(name, text.replace(from, to)));
}

/** The FAIL lines of a check, by rule. */
function failures(stdout: string): Map<string, string> {
  return new Map(
    stdout
      .split('\n')
      .filter((line) => line.startsWith('FAIL'))
      .map((line) => [/^FAIL {2}([a-z-]+):/.exec(line)![1]!, line]),
  );
}

describe('tabletop check-game', () => {
  it('the minimal complete game of docs/your-own-game.md is examples/games/coin-guess.mjs, as shipped', () => {
    const doc = readFileSync(join(root, 'docs/your-own-game.md'), 'utf8');
    const shown = /### A minimal complete game[\s\S]*?```js\n([\s\S]*?)```/.exec(doc)?.[1];
    const shipped = readFileSync(join(root, 'examples/games/coin-guess.mjs'), 'utf8');
    // The file's opening comment aside, the page shows the file.
    expect(shipped.slice(shipped.indexOf('import '))).toBe(shown);
  });

  it.each(['secretary', 'coin-guess'])('examples/games/%s.mjs holds every rule: exit 0', async (name) => {
    const result = await runCli(['check-game', join(root, `examples/games/${name}.mjs`)]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).not.toContain('FAIL');
    expect(result.stdout).toMatch(/^All 13 rules hold \(100 seeded games each\)\.$/m);
  });

  it.each([
    ['a deal that is not from the seed', 'nondeterministic.mjs', '    return count === 1 ? scratch[0] : scratch[randomInt(rng, count)];', '    return scratch[Math.floor(Math.random() * count)];', 'deterministic', /the same seed reached a different state .*\(seed \d+, ply \d+, after the actions [\d,]+\)$/],
    ['an illegal move accepted', 'illegal.mjs', '    if (player === 0 && (action === PASS || action === ACCEPT)) {', '    if (player === 0) {', 'illegal-actions', /applyAction\(-1\), not a legal action here, was accepted \(seed \d+, ply \d+/],
    ['an observation that shows the hidden quality', 'leak.mjs', 'candidates: CANDIDATES, seen', 'candidates: CANDIDATES, best: this.quality[Math.max(0, this.arrived - 1)], seen', 'observation', /observe\(0\) differs between two states the player cannot tell apart .*it shows what the player may not see \(seed \d+, ply \d+/],
    ['a game that never ends when every candidate is passed', 'endless.mjs', '      this.deciding = false;', '      this.deciding = this.arrived === CANDIDATES && action === PASS;', 'agents', /agent 'optimal': the game did not end within maxGameLength \(20\) nodes \(seed \d+, ply 21,/],
    ['a game that throws', 'throws.mjs', '  applyAction(action) {', '  applyAction(action) { if (this.arrived === 5) throw new Error("boom");', 'ends', /the game threw Error: boom \(seed \d+, ply \d+, after the actions [\d,]+\)$/],
  ])('%s breaks its rule: exit 1, with the seed and ply', async (_what, name, from, to, rule, message) => {
    const result = await runCli(['check-game', variant(name, from, to), '--runs', '30']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(1);
    const broken = failures(result.stdout);
    expect(broken.get(rule)).toMatch(message);
    expect(result.stdout).toMatch(new RegExp(`^${String(broken.size)} of 13 rules broken\\.$`, 'm'));
  });

  it('a module that is no game, or never finishes its checks, is exit 2', async () => {
    const none = await runCli(['check-game', fileURLToPath(folder.write('none.mjs', 'export const game = { id: "x" };\n'))]);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^tabletop: The game module .*none\.mjs has a game definition whose `title` is not a printable text/);
    const hangs = variant('hangs.mjs', '  applyAction(action) {', '  applyAction(action) { if (this.arrived === 5) for (;;);');
    const result = await runCli(['check-game', hangs, '--time-limit', '2']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^tabletop: Cannot check the game module .*hangs\.mjs: its import and checks did not finish within 2 s/);
    const notAFile = await runCli(['check-game', 'uno-war']);
    expect(notAFile.status).toBe(2);
  });
});
