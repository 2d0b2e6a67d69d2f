import { describe, expect, it } from 'vitest';
import { Deck } from '../../../src/core/deck.js';
import { deriveSeed, rngFromSeed } from '../../../src/core/random.js';
import { CHANCE } from '../../../src/core/game.js';
import { ConnectFwarState } from '../../../src/games/connect-fwar/engine.js';
import { connectFwarGame } from '../../../src/games/connect-fwar/definition.js';
import { DISCARD, STRATEGIES, illegalReason, parseSearch, replayDeal, strategyMoves, toSearch, winningCells } from './model.js';
import { COACH_OFF } from '../coach/state.js';

describe('ConnectFwar page model', () => {
  it('deals the cards of `new Deck(seed)` (the deal of `connect-fwar play --seed N`), whatever the moves', () => {
    const deck = new Deck(99);
    const discards = replayDeal(99, []);
    const dealt: number[] = [discards.drawn];
    const moves: number[] = [];
    for (let i = 0; i < 10; i++) {
      moves.push(DISCARD);
      dealt.push(replayDeal(99, moves).drawn);
    }
    expect(dealt).toEqual(Array.from({ length: 11 }, () => deck.draw()!.index));
  });

  it('lists every agent of the game’s registry as a strategy', () => {
    const fair = Object.entries(connectFwarGame.agents).filter(([, entry]) => entry.seesHidden !== true);
    expect(STRATEGIES.map((s) => s.id).sort()).toEqual(fair.map(([id]) => id).sort());
    // A bound that reads the deal is no strategy a person plays against.
    expect(STRATEGIES.map((s) => s.id)).not.toContain('clairvoyant');
    expect(Object.keys(connectFwarGame.agents)).toContain('clairvoyant');
  });

  it('replays each strategy as the lab’s split-stream playout does', () => {
    for (const { id } of STRATEGIES) {
      const state = new ConnectFwarState();
      const chance = rngFromSeed(5);
      const agentRng = rngFromSeed(deriveSeed(5, 1));
      const agent = connectFwarGame.agents[id]!.create();
      while (!state.isTerminal()) state.applyAction(state.currentPlayer() === CHANCE ? state.sampleChance(chance) : agent.act(state, agentRng));
      expect(replayDeal(5, strategyMoves(5, id)).score).toBe(state.score);
    }
    // The deterministic agents also match the lab's fast path when chance and agents draw from one generator.
    const fast = new ConnectFwarState();
    fast.playToEnd(connectFwarGame.agents['basic']!.create(), rngFromSeed(5));
    expect(replayDeal(5, strategyMoves(5, 'basic')).score).toBe(fast.score);
  });

  it('explains an illegal column and finds a connected four', () => {
    const moves = strategyMoves(3, 'basic');
    const end = replayDeal(3, moves);
    if (end.score > 0) expect(winningCells(end).size).toBeGreaterThanOrEqual(4);
    // Find a position where some column is blocked and check the reason names it.
    for (let k = 0; k < moves.length; k++) {
      const state = replayDeal(3, moves.slice(0, k));
      for (let col = 0; col < 4; col++) {
        if (!state.canPlay(state.drawn, col)) {
          expect(illegalReason(state, col)).toMatch(new RegExp(`column ${String(col + 1)}( is full|: its top card)`));
          return;
        }
      }
    }
    throw new Error('no blocked column in the deal');
  });

  it('reads and writes the address, naming what it cannot use', () => {
    const { state, problems } = parseSearch('?seed=12&moves=1d2&strategy=suits&speed=fast');
    expect(problems).toEqual([]);
    expect(state).toEqual({ seed: 12, moves: [0, DISCARD, 1], strategy: 'suits', speed: 'fast', coach: COACH_OFF });
    expect(parseSearch(toSearch(state)).state).toEqual(state);
    const bad = parseSearch('?seed=x&moves=9&strategy=nope&speed=warp', () => 4);
    expect(bad.state).toEqual({ seed: 4, moves: [], strategy: 'basic', speed: 'normal', coach: COACH_OFF });
    expect(bad.problems).toHaveLength(4);
    const coached = parseSearch('?seed=12&moves=1&coach=1');
    expect(coached.state.coach).toEqual({ coach: true, training: false });
    expect(toSearch(coached.state)).toContain('coach=1');
    expect(parseSearch(toSearch(coached.state)).state).toEqual(coached.state);
  });

  it.each(['constructor', '__proto__', 'toString'])('takes %s as a speed and a strategy for nothing, not an Object property', (name) => {
    const { state, problems } = parseSearch(`?seed=12&strategy=${name}&speed=${name}`);
    expect(state).toMatchObject({ strategy: 'basic', speed: 'normal' });
    expect(problems).toHaveLength(2);
    expect(() => strategyMoves(12, name)).toThrow(RangeError);
  });
});
