import { describe, expect, it } from 'vitest';
import { CHANCE } from '../../core/game.js';
import { deriveSeed, rngFromSeed } from '../../core/random.js';
import { smallestCardAgent } from './agents.js';
import { cardCounterAgent, CARD_COUNTER_SAMPLES } from './counter.js';
import { unoWarGame } from './definition.js';
import { engineWins } from './engine-match.js';
import { UnoWarState } from './engine.js';

describe('the card counter (UnoWar agent `counter`)', () => {
  it('is in the registry the CLI, the library and the web app read', () => {
    expect(unoWarGame.agents['counter']?.create().name).toBe('Card Counter');
    expect(unoWarGame.agents['counter']?.seesHidden).toBeUndefined();
  });

  it('beats SmallestCardAI from both seats (150 games a seat)', () => {
    const counter = cardCounterAgent();
    const first = engineWins(counter, smallestCardAgent, 150, 314) / 150;
    const second = 1 - engineWins(smallestCardAgent, counter, 150, 315) / 150;
    expect(first).toBeGreaterThanOrEqual(0.6);
    expect(second).toBeGreaterThanOrEqual(0.6);
  });

  it('plays the same whatever the hidden cards are: the other hand and the deck rigged differently', () => {
    const state = new UnoWarState();
    const rng = rngFromSeed(8);
    let decisions = 0;
    let differentHidden = 0;
    while (!state.isTerminal() && decisions < 300) {
      if (state.currentPlayer() === CHANCE) {
        state.dealNext(rng);
        continue;
      }
      const player = state.toMove;
      const rigged = state.resample(player, rngFromSeed(deriveSeed(8, decisions)));
      const other = (s: UnoWarState): string => Array.from(s.hands.subarray((player ^ 1) * 5, (player ^ 1) * 5 + 5)).join(',') + s.deck.join(',');
      if (other(rigged) !== other(state)) differentHidden++;
      const choice = cardCounterAgent().act(state, rngFromSeed(decisions));
      expect(cardCounterAgent().act(rigged, rngFromSeed(decisions))).toBe(choice);
      state.applyAction(choice);
      decisions++;
    }
    expect(decisions).toBe(300);
    expect(differentHidden).toBeGreaterThan(250);
  });

  it('is deterministic for a seed', () => {
    const play = (seed: number): string => {
      const state = new UnoWarState();
      state.playToEnd([cardCounterAgent(), smallestCardAgent], rngFromSeed(seed));
      return state.serialize();
    };
    expect(play(21)).toBe(play(21));
    expect(play(21)).not.toBe(play(22));
  });

  it('stays within its budget: at most `samples` hands a move (each drawn at most 1,000 times), none for a forced move', () => {
    const counter = cardCounterAgent({ samples: 8 });
    const state = new UnoWarState();
    const rng = rngFromSeed(4);
    let choices = 0;
    let forced = 0;
    while (!state.isTerminal()) {
      if (state.currentPlayer() === CHANCE) {
        state.dealNext(rng);
        continue;
      }
      const before = counter.work;
      const action = counter.act(state, rng);
      const work = counter.work - before;
      if ((state.playable & (state.playable - 1)) === 0) {
        expect(work).toBe(0);
        forced++;
      } else {
        expect(work).toBeGreaterThanOrEqual(8);
        expect(work).toBeLessThanOrEqual(8 * 1000);
        choices++;
      }
      state.applyAction(action);
    }
    expect(choices).toBeGreaterThan(0);
    expect(forced).toBeGreaterThan(0);
    expect(CARD_COUNTER_SAMPLES).toBeGreaterThan(8);
  });

  it('rejects bad options with a RangeError', () => {
    expect(() => cardCounterAgent({ samples: 0 })).toThrow(RangeError);
    expect(() => cardCounterAgent({ samples: 2.5 })).toThrow(RangeError);
    expect(() => cardCounterAgent({ threshold: 1.5 })).toThrow(/threshold/);
    expect(() => cardCounterAgent({ threshold: Number.NaN })).toThrow(RangeError);
  });
});
