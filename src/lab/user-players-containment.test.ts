/**
 * A player module's failure is its own: a module that calls `process.exit`, allocates without end
 * or throws a value that cannot be made a string is a recorded fault of that player (named, the
 * move played as the rules play a failed one, the player playing no more in that game), and the
 * run goes on — on 1 and 2 threads alike, in comparisons and tournaments. Its console output never
 * reaches stdout, where `--json` goes. The worker threads come from the build (dist/).
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { CLI_PATH, runCli } from '../test-support/cli.js';
import { moduleFolder } from '../test-support/module-files.js';
import { LabTournament } from './round-robin.js';
import { runExperiment } from './runner.js';
import { resolvePlayer } from './user-players.js';
import { gameById } from './registry.js';

const { write } = moduleFolder('tabletop-contain-');
/** A ConnectFwar player that plays column 0, and does `fault` on the King of Spades (dealt in every game). */
const onKing = (name: string, fault: string): URL =>
  write(`${name}.mjs`, `export default class { nextMove(card) { if (card.getRankNum() === 13 && card.getSuitNum() === 1) { ${fault} } return 0; } }\n`);

const exiter = onKing('exiter', 'process.exit(7);');
const hog = onKing('hog', 'const kept = []; for (;;) kept.push(new Array(100000).fill(kept.length));');
const nullThrower = onKing('null-thrower', 'throw Object.create(null);');
const proxyThrower = onKing('proxy-thrower', "const no = () => { throw new Error('no'); }; throw new Proxy({}, { get: no, getPrototypeOf: no, has: no, ownKeys: no, getOwnPropertyDescriptor: no });");

async function compare(module: URL, threads: number, batchSize?: number, memoryLimitMb?: number): Promise<Awaited<ReturnType<typeof runExperiment>>> {
  const config = { game: 'connect-fwar', lineups: [['basic'], [await resolvePlayer(gameById('connect-fwar'), module)]], seed: 3, paired: true };
  return runExperiment({ config, ranges: [[0, 4]], threads, batchSize, memoryLimitMb });
}

describe('a player module that ends its thread', () => {
  it('process.exit in a move is a fault of that player, named, with the same results on 1 and 2 threads', async () => {
    const one = await compare(exiter, 1);
    const two = await compare(exiter, 2, 1);
    expect(two.tally).toEqual(one.tally);
    const seat = one.tally.lineups[1]!.seats[0]!;
    expect(seat.faults).toBe(4);
    expect(seat.faultExamples![0]!.message).toBe('nextMove(King of Spades) ended its thread (process.exit, code 7): it plays no more in this game');
    // The built-in's games are all there.
    expect(one.tally.lineups[0]!.games).toBe(4);
    expect(one.tally.lineups[0]!.seats[0]!.faults).toBeUndefined();
  });

  it('in the library tournament too: an UnoWar AI that exits loses, and the report names it', async () => {
    const quitter = write('quitter-ai.mjs', 'export default { getPlay() { process.exit(3); } };\n');
    const report = await new LabTournament('uno-war', { ais: ['random', quitter], games: 2, seed: 1, threads: 2 }).play();
    const quitting = report.players.findIndex((p) => p.name === 'quitter-ai');
    expect(report.matrix[quitting]![1 - quitting]!.wins).toBe(0);
    expect(report.faults!['quitter-ai']!.examples[0]!.message).toMatch(/^getPlay on .+ ended its thread \(process\.exit, code 3\): it plays no more in this game$/);
  });

  it('a module that allocates without end runs out of its memory limit: a fault, not the end of the process', async () => {
    const result = await compare(hog, 1, undefined, 64);
    const seat = result.tally.lineups[1]!.seats[0]!;
    expect(seat.faults).toBe(4);
    expect(seat.faultExamples![0]!.message).toBe('nextMove(King of Spades) ran out of memory (the limit is 64 MB per thread; --memory-limit sets it): it plays no more in this game');
  });

  it('a memory limit too small to load the lab, or not a whole number, is refused', async () => {
    await expect(compare(exiter, 1, undefined, 8)).rejects.toThrow(/Invalid memory limit: 8 MB/);
    await expect(compare(exiter, 1, undefined, 100.5)).rejects.toThrow(/Invalid memory limit/);
  });
});

describe('a thrown value that cannot be made a string', () => {
  it('is described by its type, as a fault of that player', async () => {
    for (const module of [nullThrower, proxyThrower]) {
      const result = await compare(module, 1);
      const seat = result.tally.lineups[1]!.seats[0]!;
      expect(seat.faults).toBe(4);
      expect(seat.faultExamples![0]!.message).toBe('nextMove(King of Spades) threw a value that cannot be shown as text (an object)');
    }
  });
});

describe('on the command line', () => {
  it("a module's console output goes to stderr: --json on stdout stays one JSON document", async () => {
    const chatty = write('chatty.mjs', "console.log('loaded'); export default { nextMove() { console.log('thinking'); console.info('{'); return 0; } };\n");
    const result = await runCli(['connect-fwar', 'compare', '--games', '3', '--seed', '3', '--threads', '1', '--players', `basic,${fileURLToPath(chatty)}`, '--json']);
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as unknown;
    expect(report).toBeTypeOf('object');
    expect(result.stderr).toContain('thinking');
  });

  it('process.exit in a move: exit 0 with the report, the fault named; --memory-limit is taken', async () => {
    const result = await runCli(['connect-fwar', 'compare', '--games', '2', '--seed', '3', '--threads', '2', '--players', `basic,${fileURLToPath(exiter)}`, '--memory-limit', '256']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('exiter');
    expect(result.stdout + result.stderr).toContain('ended its thread (process.exit, code 7)');
  });
});

describe("a module's import", () => {
  it('process.exit or a top-level await that never settles: exit 2 with a message naming the module', async () => {
    const exitsAtImport = write('exits-at-import.mjs', 'process.exit(5);\nexport default { nextMove() { return 0; } };\n');
    const neverSettles = write('never-settles.mjs', 'await new Promise(() => {});\nexport default { nextMove() { return 0; } };\n');
    const exited = await runCli(['connect-fwar', 'compare', '--games', '2', '--seed', '1', '--players', `basic,${fileURLToPath(exitsAtImport)}`]);
    expect(exited.status).toBe(2);
    expect(exited.stdout).toBe('');
    expect(exited.stderr).toBe(`tabletop: --players: Cannot load the player module ${fileURLToPath(exitsAtImport)}: its import ended its thread (process.exit, code 5)\n`);
    const waiting = await runCli(['uno-war', 'tournament', '--games', '2', '--seed', '1', '--ais', `random,${fileURLToPath(neverSettles)}`]);
    expect(waiting.status).toBe(2);
    expect(waiting.stderr).toBe(`tabletop: --ais: Cannot load the player module ${fileURLToPath(neverSettles)}: its import never finished (a top-level await that never settles)\n`);
    const bot = await runCli(['connect-four', 'tournament', '--bots', `random,${fileURLToPath(exitsAtImport)}`, '--games', '1', '--time', '10', '--seed', '1']);
    expect(bot.status).toBe(2);
    expect(bot.stderr).toContain(`Cannot load the player module ${fileURLToPath(exitsAtImport)}: its import ended its thread (process.exit, code 5)`);
  });

  it('a Connect Four bot module that loops at import does not keep Ctrl-C from ending the command', async () => {
    const loops = write('loops-at-import.mjs', 'for (;;) {}\nexport default class { init() {} move() { return 0; } inform() {} }\n');
    const child = spawn(process.execPath, [CLI_PATH, 'connect-four', 'tournament', '--bots', `random,${fileURLToPath(loops)}`, '--games', '1', '--time', '10', '--seed', '1'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    child.kill('SIGINT');
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('exit', (c, s) => resolve([c, s])));
    // Ended by the interrupt (status 130, or the signal itself), not by the import's own time limit.
    expect(code === 130 || signal === 'SIGINT').toBe(true);
    expect(stderr).not.toContain('did not finish');
  });
});

describe("names and messages from a player's code", () => {
  it('a fault message is escaped and bounded: no escape sequence or line break reaches the terminal, a 10 MB message does not fill the results file', async () => {
    const { dir } = moduleFolder('tabletop-contain-out-');
    const loud = write('loud.mjs', "export default { nextMove() { throw new Error('\\u001b[2J\\u001b[H' + 'cleared\\nrow|' + 'x'.repeat(10_000_000)); } };\n");
    const out = `${dir}/r.jsonl`;
    const result = await runCli(['connect-fwar', 'compare', '--games', '2', '--seed', '1', '--threads', '1', '--players', `basic,${fileURLToPath(loud)}`, '--out', out]);
    expect(result.status).toBe(0);
    expect(result.stdout + result.stderr).not.toContain('\u001b');
    expect(result.stdout).toContain('\\u001b[2J\\u001b[Hcleared\\nrow|xxx');
    expect(result.stdout).toMatch(/… \(9,999,\d{3} more characters\)/);
    const { statSync } = await import('node:fs');
    expect(statSync(out).size).toBeLessThan(20_000);
  });

  it('a module named __proto__ or constructor appears in the table and in --json like any other name', async () => {
    const proto = write('proto.mjs', "export const name = '__proto__'; export default { nextMove() { return 0; } };\n");
    const ctor = write('ctor.mjs', "export const name = 'constructor'; export default { nextMove() { return 0; } };\n");
    const result = await runCli(['connect-fwar', 'compare', '--games', '3', '--seed', '1', '--threads', '1', '--players', `basic,${fileURLToPath(proto)},${fileURLToPath(ctor)}`, '--json']);
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as Record<string, { games: number }>;
    expect(Object.keys(report).sort()).toEqual(['__proto__', 'basic', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(report, '__proto__')?.value).toMatchObject({ games: 3 });
    const table = await runCli(['connect-fwar', 'compare', '--games', '3', '--seed', '1', '--threads', '1', '--players', `basic,${fileURLToPath(proto)}`]);
    expect(table.status).toBe(0);
    expect(table.stdout).toMatch(/^__proto__ /m);
  });

  it('--players basic,constructor is a clear error, exit 2, and no --out file is written', async () => {
    const { dir } = moduleFolder('tabletop-contain-ctor-');
    const out = `${dir}/r.jsonl`;
    const result = await runCli(['connect-fwar', 'compare', '--games', '2', '--seed', '1', '--players', 'basic,constructor', '--out', out]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^tabletop: --players: Unknown ConnectFwar strategy 'constructor' \(built-in: /);
    const { existsSync } = await import('node:fs');
    expect(existsSync(out)).toBe(false);
  });

  it('a module whose name holds a control character is refused with a clear error', async () => {
    const bell = write('bell.mjs', "export const name = 'ring\\u0007'; export default { nextMove() { return 0; } };\n");
    const result = await runCli(['connect-fwar', 'compare', '--games', '2', '--seed', '1', '--players', fileURLToPath(bell)]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("is named 'ring\\u0007': a name must be printable text (no control characters) of at most 64 characters");
    expect(result.stderr).not.toContain('\u0007');
  });
});

describe('an agent that changes the state it is handed', () => {
  /** An UnoWar lab agent that plays its first playable slot after doing `change` to the engine's state. */
  const changer = (name: string, change: string): URL =>
    write(`${name}.mjs`, `export default { act(state) { const m = state.playable; const slot = 31 - Math.clz32(m & -m); ${change} return slot; } };\n`);

  it('freezing it, replacing its prototype, putting scores back or writing cards the rules never deal: a fault of that agent, and the run goes on', async () => {
    const cases: [URL, RegExp][] = [
      [changer('freezer', 'Object.freeze(state);'), /^left the game unable to go on \(TypeError: Cannot assign to read only property/],
      [changer('reprototyper', 'Object.setPrototypeOf(state, {});'), /^act threw TypeError: /],
      [changer('score-keeper', 'state.scores[0] = 0; state.scores[1] = 0;'), /^left the game unable to go on \(GameTooLong: the game went on past 100,000 moves, longer than its rules allow\)/],
      [changer('deck-writer', 'state.deck.fill(0); state.position.fill(0);'), /^left the game unable to go on \(/],
    ];
    for (const [module, message] of cases) {
      const config = { game: 'uno-war', lineups: [['random', await resolvePlayer(gameById('uno-war'), module)], ['random', 'biggest']], seed: 2, paired: false };
      const { tally } = await runExperiment({ config, ranges: [[0, 3]], threads: 1 });
      const changed = tally.lineups[0]!.seats[1]!;
      expect(changed.faults).toBe(3);
      expect(changed.faultExamples![0]!.message).toMatch(message);
      // It loses; the lineup it is not in plays as ever.
      expect(tally.lineups[0]!.seats[0]!.wins).toBe(3);
      expect(tally.lineups[1]!.games).toBe(3);
    }
  });
});

describe("a module that changes JavaScript's builtins", () => {
  it('cannot change the games of a pairing it is not in: the change fails, as an error of that module', async () => {
    // Fills nothing: an engine relying on `fill` would deal other games (or none) to everyone in the thread.
    const patcher = write('patcher.mjs', 'export default { nextMove() { Uint8Array.prototype.fill = function () { return this; }; Math.floor = () => 0; return 0; } };\n');
    const alone = await runExperiment({ config: { game: 'connect-fwar', lineups: [['basic'], ['suits']], seed: 4, paired: false }, ranges: [[0, 20]], threads: 1 });
    const config = { game: 'connect-fwar', lineups: [['basic'], [await resolvePlayer(gameById('connect-fwar'), patcher)], ['suits']], seed: 4, paired: false };
    const beside = await runExperiment({ config, ranges: [[0, 20]], threads: 1, batchSize: 20 });
    expect(beside.tally.lineups[0]).toEqual(alone.tally.lineups[0]);
    expect(beside.tally.lineups[2]).toEqual(alone.tally.lineups[1]);
    expect(beside.tally.lineups[1]!.seats[0]!.faultExamples![0]!.message).toMatch(/^nextMove\(.+\) threw TypeError: Cannot assign to read only property 'fill'/);
  });

  it('at its import: one clear error naming it (exit 2)', async () => {
    const patcher = write('import-patcher.mjs', 'globalThis.Math = { floor: () => 0 };\nexport default { nextMove() { return 0; } };\n');
    const result = await runCli(['connect-fwar', 'compare', '--games', '2', '--seed', '1', '--players', fileURLToPath(patcher)]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^tabletop: --players: Cannot load the player module .*import-patcher\.mjs: TypeError: Cannot assign to read only property 'Math'/);
  });
});
