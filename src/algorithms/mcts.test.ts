import { describe, expect, it } from 'vitest';
import { CHANCE, playOut } from '../core/game.js';
import { rngFromSeed } from '../core/random.js';
import { connectFourGame } from '../games/connect-four/definition.js';
import { Position } from '../games/connect-four/position.js';
import { connectFwarGame } from '../games/connect-fwar/definition.js';
import { ConnectFwarState } from '../games/connect-fwar/engine.js';
import { unoWarGame } from '../games/uno-war/definition.js';
import { UnoWarState } from '../games/uno-war/engine.js';
import { expectWinsFromEitherSeat } from '../test-support/duels.js';
import { mctsAgent, mctsSearch } from './mcts.js';

describe('mctsSearch (UCT over determinisations)', () => {
  it('Connect Four: takes a win in one and blocks a loss in one (column 4, not the first column)', () => {
    for (let seed = 0; seed < 5; seed++) {
      expect(mctsSearch(connectFourGame, Position.fromMoves('516171'), rngFromSeed(seed), { iterations: 2_000 })).toBe(3);
      expect(mctsSearch(connectFourGame, Position.fromMoves('51617'), rngFromSeed(seed), { iterations: 2_000 })).toBe(3);
    }
  });

  it('Connect Four: beats the random agent as either colour', () => {
    const mcts = mctsAgent(connectFourGame, { iterations: 300 });
    const random = connectFourGame.agents.random!.create();
    expectWinsFromEitherSeat(connectFourGame, () => mcts, () => random, 6);
  });

  it('UnoWar: beats the weakest built-in AI (biggest card first) over a series, searching only what its seat sees', () => {
    const first = unoWarGame.agents.random!.create();
    const mcts = mctsAgent(unoWarGame, { iterations: 16, playout: (state, rng) => state.playToEnd([first, first], rng) });
    const biggest = unoWarGame.agents.biggest!.create();
    let wins = 0;
    const games = 10;
    for (let seed = 0; seed < games; seed++) {
      const state = unoWarGame.newInitialState();
      playOut(state, seed % 2 === 0 ? [mcts, biggest] : [biggest, mcts], rngFromSeed(seed));
      if (state.returns(seed % 2 === 0 ? 0 : 1) === 1) wins++;
    }
    // Biggest-first loses about 84% of its games even to first-playable-card play.
    expect(wins).toBeGreaterThanOrEqual(8);
  });

  it('UnoWar: the choice depends on the information state only — a rigged hidden hand changes nothing', () => {
    const state = new UnoWarState();
    const rng = rngFromSeed(5);
    let checked = 0;
    for (let node = 0; checked < 8 && !state.isTerminal(); node++) {
      if (state.currentPlayer() === CHANCE) {
        state.applyAction(state.sampleChance(rng));
        continue;
      }
      const player = state.currentPlayer();
      const rigged = state.resample(player, rngFromSeed(node));
      expect(rigged.serialize()).not.toBe(state.serialize());
      const choice = mctsSearch(unoWarGame, state, rngFromSeed(node), { iterations: 30 });
      expect(mctsSearch(unoWarGame, rigged, rngFromSeed(node), { iterations: 30 })).toBe(choice);
      state.applyAction(choice);
      checked++;
    }
    expect(checked).toBe(8);
  });

  it('ConnectFwar (one player, chance): connects four when it can, and replays exactly from the same stream', () => {
    const cards = Array.from({ length: 16 }, () => -1);
    [1, 2, 3].forEach((card, row) => (cards[3 * 4 + row] = card));
    const deck = Array.from({ length: 52 }, (_, i) => i).filter((c) => ![1, 2, 3, 4].includes(c));
    const state = ConnectFwarState.deserialize(`${[...deck, 4, 3, 2, 1].join(',')}|48|${cards.join(',')}|4|playing`);
    expect(mctsSearch(connectFwarGame, state, rngFromSeed(1), { iterations: 200 })).toBe(3);
    const fresh = new ConnectFwarState();
    fresh.applyAction(fresh.sampleChance(rngFromSeed(2)));
    const a = mctsSearch(connectFwarGame, fresh, rngFromSeed(3), { iterations: 100 });
    expect(mctsSearch(connectFwarGame, fresh, rngFromSeed(3), { iterations: 100 })).toBe(a);
  });

  it('rejects nodes where nobody chooses and bad budgets', () => {
    expect(() => mctsSearch(connectFwarGame, new ConnectFwarState(), rngFromSeed(1))).toThrow(RangeError);
    expect(() => mctsSearch(connectFourGame, new Position(), rngFromSeed(1), { iterations: 0 })).toThrow(RangeError);
  });
});
