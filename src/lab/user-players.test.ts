/**
 * Your own ConnectFwar players in the lab, through the library: modules (imported by each worker
 * thread) and objects (played in this thread) give identical results for the same seed, faults are
 * results, and an unusable module is one clear error. The examples import `tabletop-lab`, which
 * resolves to the built dist/ (`npm test` builds first).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleFolder } from '../test-support/module-files.js';
import { ConnectFwar } from '../games/connect-fwar/connect-fwar.js';
import type { Player } from '../games/connect-fwar/player.js';
import { connectFwarGame } from '../games/connect-fwar/definition.js';
import { compareStrategies, type StrategySpec } from './player-comparison.js';
import { PlayerModuleError } from './user-players.js';

const examples = new URL('../../examples/connect-fwar/', import.meta.url);
const example = (file: string): URL => new URL(file, examples);

const { dir, write: moduleFile } = moduleFolder('tabletop-user-players-');

const compare = (players: readonly StrategySpec[], threads: number, extra: { games?: number; paired?: boolean } = {}) =>
  compareStrategies(connectFwarGame, { games: extra.games ?? 400, seed: 77, threads, players, paired: extra.paired });

/** A module's default export and name, as a library user would hand them over as an object. */
async function objectOf(url: URL): Promise<StrategySpec> {
  const module = (await import(url.href)) as { default: unknown; name: string };
  const exported = module.default;
  const instance = typeof exported === 'function' ? new (exported as new () => object)() : (exported as object);
  // The same name as the module form: a player's games derive from its name.
  return Object.assign(Object.create(instance) as object, { name: module.name }) as StrategySpec;
}

describe('user players in a ConnectFwar comparison', () => {
  it.each(['tightest-fit.mjs', 'coin-flip.mjs', 'basic-agent.mjs'])('%s: the module on 1 and 2 threads and the object give identical results', async (file) => {
    const one = await compare(['basic', example(file)], 1);
    const two = await compare(['basic', example(file)], 2);
    const object = await compare(['basic', await objectOf(example(file))], 2);
    expect(two).toEqual(one);
    expect(object).toEqual(one);
    expect(one.players.map((p) => p.name)).toEqual(['basic', file.replace('.mjs', '')]);
    expect(one.players[1]!.faults).toBeUndefined();
    // Every example plays a real game: well above the random strategy's 12.9 on average.
    expect(one.players[1]!.average).toBeGreaterThan(18);
  });

  it("a lab agent whose logic is basic's plays exactly basic's games on the same deals", async () => {
    const result = await compare(['basic', example('basic-agent.mjs')], 2, { paired: true, games: 2000 });
    expect(result.players[1]!.average).toBe(result.players[0]!.average);
    expect(result.players[1]!.sd).toBe(result.players[0]!.sd);
  });

  it('a throwing player: each fault discards the card, and the report names the first games with their seeds to replay', async () => {
    const url = moduleFile(
      'no-kings.mjs',
      `export default class NoKings {
        nextMove(card, board) {
          if (card.getRankNum() === 13) throw new Error('no ' + card.toString());
          for (let c = 0; c < 4; c++) if (board.canPlay(card, c)) return c;
          return -1;
        }
      }`,
    );
    const one = await compare([url], 1);
    const two = await compare([url], 2);
    expect(two).toEqual(one);
    const { faults } = one.players[0]!;
    expect(faults!.games).toBeGreaterThan(0);
    expect(faults!.games).toBeLessThanOrEqual(400);
    expect(faults!.examples.map((f) => f.game)).toEqual([...faults!.examples.map((f) => f.game)].sort((a, b) => a - b));
    expect(faults!.examples).toHaveLength(3);
    // Replaying a faulted game with the assignment's ConnectFwar.play meets the same card.
    const NoKings = ((await import(url.href)) as { default: new () => Player }).default;
    for (const f of faults!.examples) {
      expect(f.message).toMatch(/^nextMove\(King of \w+\) threw Error: no King of \w+$/);
      expect(() => ConnectFwar.play(new NoKings(), { seed: f.seed })).toThrow(f.message.replace(/^.* threw Error: /, ''));
    }
    // Discarding every King, it still plays: between random (12.9) and basic (29.8).
    expect(one.players[0]!.average).toBeGreaterThan(13);
    expect(one.players[0]!.average).toBeLessThan(29.8);
  });

  it("an unplayable column is the spec's discard, not a fault; an answer that is no number is a fault (and a discard)", async () => {
    const discards = await compare([{ name: 'seven', nextMove: () => 7 }], 1);
    expect(discards.players[0]!.average).toBe(0);
    expect(discards.players[0]!.faults).toBeUndefined();
    const nonsense = await compare([{ name: 'words', nextMove: () => 'left' } as unknown as Player], 1, { games: 10 });
    expect(nonsense.players[0]!.average).toBe(0);
    expect(nonsense.players[0]!.faults!.games).toBe(10);
    expect(nonsense.players[0]!.faults!.examples[0]!.message).toMatch(/^nextMove\(\w+ of \w+\) answered "left", not a column number$/);
  });

  it('a lab agent answering an illegal action faults and discards', async () => {
    const result = await compare([{ name: 'stubborn', act: () => 0 }], 2, { games: 50 });
    expect(result.players[0]!.faults!.games).toBe(50);
    expect(result.players[0]!.faults!.examples[0]!.message).toMatch(/^act answered 0: not a legal action for /);
  });

  it('a module that cannot be used is one PlayerModuleError naming the file and what was expected', async () => {
    const missing = pathToFileURL(join(dir, 'missing.mjs'));
    await expect(compare([missing], 1)).rejects.toThrow(new PlayerModuleError(`Cannot load the player module ${join(dir, 'missing.mjs')}: no such file`));
    const broken = moduleFile('broken.mjs', 'export default class {');
    await expect(compare([broken], 1)).rejects.toThrow(/^Cannot load the player module .*broken\.mjs: \w*Error: /);
    const empty = moduleFile('empty.mjs', 'export const name = "empty";');
    await expect(compare([empty], 2)).rejects.toThrow(
      /^The player module .*empty\.mjs exports nothing usable: expected a default export that is a Player class or object with nextMove\(card, board\), or a lab agent with act\(state, rng\); its default export is undefined$/,
    );
    await expect(compare([{ name: 'mute' } as unknown as Player], 1)).rejects.toThrow(/The player object 'mute' is not usable/);
    const fussy = moduleFile('fussy.mjs', 'export default class Fussy { constructor() { throw new Error("needs a seed"); } nextMove() { return 0; } }');
    await expect(compare([fussy], 2)).rejects.toThrow(/^The player module .*fussy\.mjs cannot be constructed: Error: needs a seed$/);
  });
});
