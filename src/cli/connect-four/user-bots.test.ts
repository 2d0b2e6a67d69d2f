/**
 * Connect Four bots from the user's own modules, end to end on the built binary and through the
 * library (the referee with a module `WorkerPlayer`): the examples play whole games; a bot that
 * throws, answers an illegal column or hangs past the time limit loses the game (a forfeit with its
 * reason); a module that cannot be used is exit 2 before any game.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Referee } from '../../arena/connect-four/referee.js';
import { WorkerPlayer } from '../../arena/connect-four/worker-player.js';
import { runCli } from '../../test-support/cli.js';
import { moduleFolder } from '../../test-support/module-files.js';

const examples = fileURLToPath(new URL('../../../examples/connect-four/', import.meta.url));
const { dir, write } = moduleFolder('tabletop-user-bots-');

interface TournamentJson {
  bots: string[];
  forfeits: Record<string, Record<string, number>>;
  games: { reason: string; message: string }[];
}

async function tournamentJson(bots: string, time = '5'): Promise<TournamentJson> {
  const result = await runCli(['connect-four', 'tournament', '--json', '--games', '2', '--seed', '3', '--jobs', '2', '--time', time, '--bots', bots]);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as TournamentJson;
}

describe('Connect Four bots from modules', () => {
  it('the examples (a Player class, a lab agent) play a tournament under their names, with no forfeits', async () => {
    const json = await tournamentJson(`random,${examples}win-block-centre.mjs,${examples}win-first-agent.mjs`);
    expect(json.bots).toEqual(['random', 'win-block-centre', 'win-first']);
    expect(json.games).toHaveLength(6);
    expect(json.forfeits).toEqual({ random: {}, 'win-block-centre': {}, 'win-first': {} });
  });

  it('the TypeScript example, compiled with tsc, plays a tournament', async () => {
    execFileSync(process.execPath, [fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url)), '-p', `${examples}ts`], { stdio: 'pipe' });
    const json = await tournamentJson(`random,${examples}ts/dist/centre-first.js`);
    expect(json.bots).toEqual(['random', 'centre-first-ts']);
    expect(json.forfeits).toEqual({ random: {}, 'centre-first-ts': {} });
  });

  it('a bot that throws, answers an illegal column or hangs loses the game, counted by reason', async () => {
    const thrower = fileURLToPath(write('thrower.mjs', 'export default class { init() {} move() { throw new Error("no idea"); } inform() {} }\n'));
    const seven = fileURLToPath(write('seven.mjs', 'export default { act: () => 7 };\n'));
    const hang = fileURLToPath(write('hang.mjs', 'export default { init() {}, move() { for (;;) {} }, inform() {} };\n'));
    // A hanging bot is cut off at the limit (its worker terminated), so a short limit keeps this fast.
    const json = await tournamentJson(`random,${thrower},${seven},${hang}`, '0.5');
    // Every game is lost by a fault: against random always the faulty bot's; between two faulty
    // bots, the one that moves first (each pair plays both colours).
    expect(json.forfeits.random).toEqual({});
    expect(Object.keys(json.forfeits.thrower!)).toEqual(['error']);
    expect(Object.keys(json.forfeits.seven!)).toEqual(['illegal-move']);
    expect(Object.keys(json.forfeits.hang!)).toEqual(['timeout']);
    expect(json.forfeits.thrower!.error! + json.forfeits.seven!['illegal-move']! + json.forfeits.hang!.timeout!).toBe(12);
    for (const counts of [json.forfeits.thrower!, json.forfeits.seven!, json.forfeits.hang!]) expect(Object.values(counts)[0]).toBeGreaterThanOrEqual(2);
    expect(json.games.some((g) => /threw an error: no idea/.test(g.message))).toBe(true);
    expect(json.games.some((g) => /answered column 7, which is out of range 0\.\.6/.test(g.message))).toBe(true);
    expect(json.games.some((g) => /did not answer within the time limit of 500 ms/.test(g.message))).toBe(true);
  });

  it('`play` seats a module bot, by path, and a hanging one loses on time', async () => {
    const result = await runCli(['connect-four', 'play', '--red', `${examples}win-block-centre.mjs`, '--yellow', 'random', '--seed', '2', '--time', '5']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Result: (red \(win-block-centre\)|yellow \(random\)) wins with four in a row\.$|^Result: a tie/m);
    const hang = fileURLToPath(write('hang2.mjs', 'export default { init() {}, move() { for (;;) {} }, inform() {} };\n'));
    const lost = await runCli(['connect-four', 'play', '--red', hang, '--yellow', 'random', '--seed', '2', '--time', '0.3']);
    expect(lost.status).toBe(0);
    expect(lost.stdout).toMatch(/^Result: yellow \(random\) wins: red \(hang2\) did not answer within the time limit of 300 ms/m);
  });

  it.each([
    ['missing.mjs', null, /^tabletop: --bots: Cannot load the player module .*missing\.mjs: no such file\n$/],
    ['nothing.mjs', 'export default { move() { return 0; } };\n', /^tabletop: --bots: The player module .*nothing\.mjs exports nothing usable: expected a default export that is a Connect Four Player class or object with init\(color\), move\(\) and inform\(column\), or a lab agent with act\(state, rng\)\n$/],
    ['broken.mjs', 'export default class {\n', /^tabletop: --bots: Cannot load the player module .*broken\.mjs: SyntaxError: /],
  ])('an unusable module (%s) is exit 2 with one clear message and no games', async (file, text, message) => {
    const path = text === null ? `${dir}/${file}` : fileURLToPath(write(file, text));
    const result = await runCli(['connect-four', 'tournament', '--games', '2', '--bots', `random,${path}`]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
  });

  it('through the library: the referee plays a module bot in a worker thread', async () => {
    const referee = new Referee({ timeLimitMs: 5000 });
    const result = await referee.play(new WorkerPlayer({ kind: 'module', module: `${examples}win-block-centre.mjs` }), new WorkerPlayer({ kind: 'module', module: `${examples}win-first-agent.mjs`, seed: 4 }));
    expect(result.red).toBe('Win, block, centre');
    expect(result.yellow).toBe('win-first');
    expect(['four-in-a-row', 'board-full']).toContain(result.reason);
  });
});
