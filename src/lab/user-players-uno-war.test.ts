/**
 * Your own UnoWar AIs in the lab, through the library (`LabTournament`): modules (imported by each
 * worker thread) and objects (played in this thread) give identical results for the same seed; an AI
 * that throws or plays a card it may not loses the round and is counted as a fault; `null` loses the
 * round without a fault; an unusable module is one clear error. The examples import `tabletop-lab`,
 * which resolves to the built dist/ (`npm test` builds first).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleFolder, runModuleThreeWays } from '../test-support/module-files.js';
import { AI } from '../games/uno-war/ai.js';
import { biggestCardAgent, smallestCardAgent } from '../games/uno-war/agents.js';
import { CONCEDE_ROUND } from '../games/uno-war/engine.js';
import { engineWins } from '../games/uno-war/engine-match.js';
import { lineupSeed } from './experiment.js';
import { LabTournament, type TournamentPlayer } from './round-robin.js';
import { PlayerModuleError } from './user-players.js';

const examples = new URL('../../examples/uno-war/', import.meta.url);
const example = (file: string): URL => new URL(file, examples);

const { dir, write: moduleFile } = moduleFolder('tabletop-user-ais-');

const tournament = (ais: readonly TournamentPlayer[], threads: number, games = 200) => new LabTournament('uno-war', { ais, games, seed: 31, threads }).play();

describe('user AIs in LabTournament', () => {
  it.each(['my-counter.mjs', 'smallest-agent.mjs'])('%s: the module on 1 and 2 threads and the object give identical results', async (file) => {
    const { one, object } = await runModuleThreeWays(example(file), (player, threads) => tournament(['random', player], threads));
    expect(object.matrix).toEqual(one.matrix);
    expect(object.elo.map((e) => e.rating)).toEqual(one.elo.map((e) => e.rating));
    expect(one.players.map((p) => p.name)).toEqual(['Random Card AI', file.replace('.mjs', '')]);
    expect(one.faults).toBeUndefined();
    // Both examples beat the assignment's first-playable-card AI from either seat.
    expect(one.matrix[1]![0]!.winRate).toBeGreaterThan(0.5);
    expect(one.matrix[0]![1]!.winRate).toBeLessThan(0.5);
  });

  it("a lab agent whose logic is SmallestCardAI's plays exactly its games", async () => {
    const report = await new LabTournament('uno-war', { ais: [example('smallest-agent.mjs'), 'biggest'], games: 300, seed: 5, threads: 2 }).play();
    const wins = engineWins(smallestCardAgent, biggestCardAgent, 300, lineupSeed(5, ['smallest-agent', 'biggest']));
    expect(report.matrix[0]![1]!.wins).toBe(wins);
  });

  it('an AI that throws loses the round; the faults are counted with the first games and their seeds', async () => {
    const url = moduleFile(
      'no-kings.mjs',
      `export default class NoKings {
        getPlay(hand, pile) {
          if (pile.getTopCard().getRankNum() === 13) throw new Error('no kings');
          for (let i = 0; i < hand.getSize(); i++) if (pile.canPlay(hand.get(i))) return hand.get(i);
          return null;
        }
      }`,
    );
    const one = await tournament(['random', url], 1);
    const two = await tournament(['random', url], 2);
    expect(two).toEqual(one);
    const faults = one.faults!['no-kings']!;
    expect(faults.games).toBeGreaterThan(0);
    expect(faults.examples).toHaveLength(3);
    for (const f of faults.examples) expect(f.message).toMatch(/^getPlay on King of \w+ threw Error: no kings$/);
    expect(faults.examples.map((f) => f.game)).toEqual([...faults.examples.map((f) => f.game)].sort((a, b) => a - b));
    // Losing every round it should answer on a King costs it games against its own logic (random).
    expect(one.matrix[1]![0]!.winRate).toBeLessThan(0.5);
  });

  it('a card it may not play or does not hold loses the round and is a fault; null loses the round without one', async () => {
    const cheat = { name: 'cheat', getPlay: (hand: { get(i: number): unknown }) => hand.get(0) };
    const report = await tournament(['random', cheat], 1, 50);
    expect(report.faults!.cheat!.games).toBeGreaterThan(0);
    expect(report.faults!.cheat!.examples[0]!.message).toMatch(/^getPlay on .+ answered .+, which may not be played on it$/);
    // A card of its own making (any object with the Card's getRankNum and getSuitNum): the Ace of Spades.
    const stranger = moduleFile('stranger.mjs', `export default { getPlay: () => ({ getRankNum: () => 1, getSuitNum: () => 1 }) };`);
    const strange = await tournament(['random', stranger], 2, 50);
    // It never plays a card: it loses every game, from either seat.
    expect(strange.matrix[1]![0]!.winRate).toBe(0);
    expect(strange.matrix[0]![1]!.winRate).toBe(1);
    expect(strange.faults!.stranger!.examples.some((f) => /answered Ace of Spades, which is not in its hand$/.test(f.message))).toBe(true);
    class Shy extends AI {
      override getPlay(): null {
        return null;
      }
    }
    const shy = await tournament(['random', new Shy()], 1, 50);
    expect(shy.matrix[1]![0]!.winRate).toBe(0);
    expect(shy.faults).toBeUndefined();
  });

  it('a lab agent: CONCEDE_ROUND loses the round without a fault, an illegal slot with one', async () => {
    const quitter = await tournament(['random', { name: 'quitter', act: () => CONCEDE_ROUND }], 1, 30);
    expect(quitter.matrix[1]![0]!.winRate).toBe(0);
    expect(quitter.faults).toBeUndefined();
    const stubborn = await tournament(['random', { name: 'stubborn', act: () => 7 }], 2, 30);
    expect(stubborn.matrix[1]![0]!.winRate).toBe(0);
    expect(stubborn.faults!.stubborn!.examples[0]!.message).toBe('act answered 7: not a legal slot (nor CONCEDE_ROUND)');
  });

  it('a module that cannot be used is one PlayerModuleError naming the file and what was expected', async () => {
    await expect(tournament(['random', pathToFileURL(join(dir, 'missing.mjs'))], 1)).rejects.toThrow(new PlayerModuleError(`Cannot load the player module ${join(dir, 'missing.mjs')}: no such file`));
    const empty = moduleFile('empty.mjs', 'export const name = "empty";');
    await expect(tournament(['random', empty], 2)).rejects.toThrow(
      /^The player module .*empty\.mjs exports nothing usable: expected a default export that is an AI class \(or object\) with getPlay\(hand, cardPile\), or a lab agent with act\(state, rng\); its default export is undefined$/,
    );
  });
});
