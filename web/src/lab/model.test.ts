import { describe, expect, it } from 'vitest';
import { BatchPlayer, type PlayedGame } from '../../../src/lab/experiment.js';
import { roundRobinConfig, DistinctGames } from '../../../src/lab/tournament.js';
import { distinctGamesLine, experimentConfig, formatEta, parseSettings, repeatsOf, toSearch } from './model.js';

const seed = (): number => 99;

describe('lab page address', () => {
  it('reads and writes the settings', () => {
    const { settings, problems } = parseSettings('?game=uno-war&players=smallest,random&games=500&seed=7', seed);
    expect(problems).toEqual([]);
    expect(settings).toEqual({ game: 'uno-war', players: ['smallest', 'random'], games: 500, seed: 7, paired: false, openings: '' });
    expect(toSearch(settings)).toBe('?game=uno-war&players=smallest,random&games=500&seed=7');
    expect(parseSettings(toSearch({ ...settings, game: 'connect-fwar', players: ['basic'], paired: true }), seed).settings.paired).toBe(true);
  });

  it('starts where the CLI command does, with a fresh seed', () => {
    expect(parseSettings('', seed).settings).toEqual({ game: 'connect-fwar', players: ['random', 'basic', 'suits', 'ranks'], games: 10_000, seed: 99, paired: false, openings: '' });
  });

  it('names unusable values and keeps the usable ones', () => {
    const { settings, problems } = parseSettings('?game=connect-fwar&players=basic,nobody&games=1e3&seed=-1&paired=1', seed);
    expect(settings).toEqual({ game: 'connect-fwar', players: ['basic'], games: 10_000, seed: 99, paired: true, openings: '' });
    expect(problems).toEqual([
      'ConnectFwar has no strategy "nobody" (it has random, basic, suits, ranks, greedy, lookahead, lookahead-full, clairvoyant).',
      'The number of games "1e3" is not a whole number from 1 to 10,000,000: 10,000 were chosen.',
      'The seed "-1" is not a whole number from 0 to 9007199254740991: a new seed was drawn.',
    ]);
    // Pairing is for one-player games only.
    expect(parseSettings('?game=uno-war&paired=1', seed).settings.paired).toBe(false);
  });
});

describe('the experiment of the settings', () => {
  it('is the CLI one: a lineup per strategy, or every ordered pair', () => {
    expect(experimentConfig({ game: 'connect-fwar', players: ['random', 'basic'], games: 10, seed: 3, paired: true, openings: '' })).toEqual({ game: 'connect-fwar', lineups: [['random'], ['basic']], seed: 3, paired: true });
    expect(experimentConfig({ game: 'uno-war', players: ['random', 'biggest'], games: 10, seed: 3, paired: false, openings: '' }).lineups).toEqual([
      ['random', 'random'],
      ['random', 'biggest'],
      ['biggest', 'random'],
      ['biggest', 'biggest'],
    ]);
  });

  it("a Connect Four tournament is the lab's round robin from the default opening suite, seat pairs on the same opening", () => {
    const { settings, problems } = parseSettings('?game=connect-four&players=alphabeta1,alphabeta2&seed=4', seed);
    expect(problems).toEqual([]);
    expect(settings.openings).toBe('all');
    expect(settings.games).toBe(49);
    expect(experimentConfig(settings)).toMatchObject({ game: 'connect-four', seatPairs: true, openings: 'all', paired: false });
    expect(toSearch(settings)).toBe('?game=connect-four&players=alphabeta1,alphabeta2&games=49&seed=4&openings=all');
    expect(parseSettings('?game=connect-four&openings=three', seed).problems).toEqual(['Connect Four has no opening suite "three" (it has all, balanced, none): all was chosen.']);
  });

  it('refuses deterministic players whose games would repeat, and says why', () => {
    const settings = parseSettings('?game=connect-four&players=alphabeta1,alphabeta2&seed=4', seed).settings;
    expect(repeatsOf(settings)).toBeUndefined();
    expect(repeatsOf({ ...settings, games: 50 })).toMatch(/^The players of alphabeta1 vs alphabeta1 choose every move deterministically: .* the 49 openings of the suite 'all' give 49 distinct games per pairing, not 50 games\. .*ask for at most 49 games per pairing/);
    expect(repeatsOf({ ...settings, openings: 'none', games: 2 })).toMatch(/from the empty board they play 1 game per pairing, not 2 games\..*start the games from an opening suite/);
    // A random player varies its games: any number is honest.
    expect(repeatsOf({ ...settings, players: ['random'], openings: 'none', games: 1000 })).toBeUndefined();
    // Deals differ in the card games.
    expect(repeatsOf(parseSettings('?game=uno-war&players=smallest,biggest&games=100000', seed).settings)).toBeUndefined();
  });

  it('says roughly how long is left', () => {
    expect([formatEta(0.4), formatEta(12.4), formatEta(600), formatEta(7200), formatEta(Infinity)]).toEqual(['under a second left', 'about 12 s left', 'about 10 min left', 'about 2.0 h left', '']);
  });

  it('counts the distinct games a Connect Four run played: all of them from the openings, one per pairing without', () => {
    const count = (openings: string | false): string => {
      const config = roundRobinConfig({ game: 'connect-four', players: ['alphabeta1'], seed: 5, openings });
      const games: PlayedGame[] = [];
      new BatchPlayer(config).play(0, 3, undefined, undefined, games);
      const distinct = new DistinctGames(config.lineups.length);
      distinct.append(config, games);
      return distinctGamesLine(distinct.counts, config.lineups);
    };
    expect(count('all')).toBe('Distinct games: 3 of 3: no game repeated another of its pairing move for move (fewest in a pairing: alphabeta1 vs alphabeta1, 3 of 3).');
    // The run the page refuses, played here: one deterministic game three times.
    expect(count(false)).toBe(
      'Distinct games: 1 of 3: 2 repeated an earlier game of their pairing move for move (fewest in a pairing: alphabeta1 vs alphabeta1, 1 of 3), and the intervals count each repeat as an independent game.',
    );
  });
});
