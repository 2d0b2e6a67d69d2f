import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHANCE } from '../../core/game.js';
import { randomInt, rngFromSeed } from '../../core/random.js';
import { Card } from '../../core/cards.js';
import { smallestCardAgent } from './agents.js';
import { Phase, UnoWarState } from './engine.js';
import { EVENT_CONCEDE, EVENT_KIND, EVENT_PILE, EVENT_PLAY, EVENT_ROUND, UnoWarBelief, describeEvent, eventCard, eventPlayer, eventSlot } from './information.js';
import { HAND_SIZE, canPlayOn } from './rules.js';
import { sampleAgreesWithWhatPlayerSaw } from '../../test-support/uno-war-sight.js';

const DECK = 52;

/** Plays `seed`'s game with random legal moves for `steps` nodes; returns the state and the trail. */
function randomGame(seed: number, steps: number): { state: UnoWarState; trail: number[] } {
  const state = new UnoWarState();
  const rng = rngFromSeed(seed);
  const buffer = new Int32Array(DECK);
  const trail: number[] = [];
  for (let i = 0; i < steps && !state.isTerminal(); i++) {
    const count = state.legalActions(buffer);
    const action = state.currentPlayer() === CHANCE ? state.sampleChance(rng) : buffer[randomInt(rng, count)]!;
    state.applyAction(action);
    trail.push(action);
  }
  return { state, trail };
}

describe('UnoWar history (the public part of the information state)', () => {
  it('records every pile, play and round end, in order, replayable against the state', () => {
    const { state } = randomGame(11, 400);
    const codes = state.historyCodes();
    const piles = codes.filter((code) => (code & EVENT_KIND) === EVENT_PILE).length;
    const plays = codes.filter((code) => (code & EVENT_KIND) === EVENT_PLAY);
    const ends = codes.filter((code) => (code & EVENT_KIND) === EVENT_ROUND);
    expect(ends.length).toBe(state.rounds);
    expect(ends.filter((code) => eventPlayer(code) === 0).length).toBe(state.scores[0]);
    expect(piles).toBeGreaterThanOrEqual(state.rounds);
    expect(plays.length).toBeGreaterThan(0);
    // One draw per pile and per play after the ten of the deal: the deck count follows.
    const draws = 10 + piles + plays.length - (state.phase === Phase.Refill ? 1 : 0);
    expect(state.remaining).toBe(draws % DECK === 0 ? 0 : DECK - (draws % DECK));
    expect(state.observe(0).history).toEqual(codes);
    expect(describeEvent(codes[0]!, (card) => Card.fromIndex(card).toString())).toMatch(/^pile /);
  });

  it('tells apart histories that end in the same observation', () => {
    // Two first cards that P1 cannot beat (round over at once), then the same next first card: the
    // hands, scores, pile and deck count agree; only the history differs.
    const c = (rank: number, suit: number): number => (suit - 1) * 13 + rank - 1;
    const branch = (firstPile: number): UnoWarState => {
      const state = new UnoWarState();
      for (let r = 2; r <= 6; r++) state.applyAction(c(r, 1));
      for (let r = 2; r <= 6; r++) state.applyAction(c(r, 2));
      state.applyAction(firstPile);
      expect(state.phase).toBe(Phase.Pile);
      state.applyAction(c(13, 4));
      return state;
    };
    const [a, b] = [branch(c(13, 3)), branch(c(12, 3))];
    const withoutHistory = (state: UnoWarState): string => JSON.stringify({ ...state.observe(0), history: [] });
    expect(withoutHistory(a)).toBe(withoutHistory(b));
    expect(a.informationStateString(0)).not.toBe(b.informationStateString(0));
    expect(a.informationStateString(1)).not.toBe(b.informationStateString(1));
  });

  it('keeps a concession apart from a round lost unable to play', () => {
    const { state } = randomGame(3, 60);
    const play = state.clone();
    while (play.phase !== Phase.Play) play.applyAction(play.sampleChance(rngFromSeed(1)));
    const mover = play.toMove;
    play.concedeRound();
    const last = play.history[play.historyLength - 1]!;
    expect(last & EVENT_KIND).toBe(EVENT_CONCEDE);
    expect(eventPlayer(last)).toBe(mover ^ 1);
    expect(describeEvent(last, String)).toBe(`P${String(mover + 1)} concedes the round`);
  });

  it('serialises with the state, and deserialize rejects a history that disagrees', () => {
    const { state } = randomGame(5, 300);
    const text = state.serialize();
    expect(UnoWarState.deserialize(text).historyCodes()).toEqual(state.historyCodes());
    const fields = text.split('|');
    const codes = fields[13]!.split(',').map(Number);
    const lastPlay = codes.findLastIndex((code) => (code & EVENT_KIND) === EVENT_PLAY);
    expect(lastPlay).toBeGreaterThan(0);
    const tamper = (edit: (codes: number[]) => void): string => {
      const copy = codes.slice();
      edit(copy);
      return [...fields.slice(0, 13), copy.join(',')].join('|');
    };
    expect(() => UnoWarState.deserialize(tamper((c) => c.pop()))).toThrow(RangeError);
    expect(() => UnoWarState.deserialize(tamper((c) => (c[lastPlay] = c[lastPlay]! ^ (1 << 9))))).toThrow(/history disagrees/);
    expect(() => UnoWarState.deserialize(tamper((c) => c.push(9999)))).toThrow(/history event codes/);
  });
});

describe('UnoWar determinisation counts cards', () => {
  it('never gives the other player or the deck a card the player saw dealt from that deck', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 0, max: 1500 }), fc.constantFrom(0, 1), (seed, steps, player) => {
        const { state, trail } = randomGame(seed, steps);
        for (let k = 0; k < 5; k++) sampleAgreesWithWhatPlayerSaw(state.resample(player, rngFromSeed(seed + k)), player, trail);
      }),
      { numRuns: 80 },
    );
  });

  it('knows exactly which cards the other player holds from a deck that has run out', () => {
    // Smallest vs Smallest plays long games, through many decks: each hidden card drawn from a deck
    // that has since run out is one of that deck's cards the player never saw dealt, and there are
    // exactly as many of those as such hidden cards.
    let checked = 0;
    for (let seed = 1; checked < 60 && seed < 50; seed++) {
      const state = new UnoWarState();
      const rng = rngFromSeed(seed);
      while (!state.isTerminal()) {
        if (state.phase !== Phase.Play) {
          state.dealNext(rng);
          continue;
        }
        const player = state.toMove;
        const belief = new UnoWarBelief(state, player);
        const old = belief.hiddenSlots.filter((_, k) => belief.hiddenEpochs[k]! < belief.currentEpoch);
        if (old.length >= 2 && randomInt(rng, 8) === 0) {
          const cards = (s: UnoWarState): number[] => old.map((slot) => s.handCard(player ^ 1, slot)).sort((x, y) => x - y);
          for (let k = 0; k < 3; k++) expect(cards(belief.sample(rngFromSeed(k)))).toEqual(cards(state));
          checked++;
        }
        state.applyAction(smallestCardAgent.act(state, rng));
      }
    }
    expect(checked).toBeGreaterThanOrEqual(60);
  });

  it('never gives the other player a card that would have saved a round it lost', () => {
    // A round P2 loses unable to play on ♣K: afterwards P1's samples of P2's hand hold no club and
    // no King.
    const c = (rank: number, suit: number): number => (suit - 1) * 13 + rank - 1;
    const state = new UnoWarState();
    for (let r = 9; r <= 13; r++) state.applyAction(c(r, 1)); // P1: ♠9..♠K
    for (let r = 2; r <= 6; r++) state.applyAction(c(r, 2)); // P2: ♥2..♥6
    state.applyAction(c(5, 1)); // pile ♠5: P1 plays
    state.applyAction(4); // ♠K
    state.applyAction(c(13, 3)); // P1 draws ♣K; P2 cannot beat ♠K and loses
    expect(state.phase).toBe(Phase.Pile);
    expect(state.scores[0]).toBe(1);
    const belief = new UnoWarBelief(state, 0);
    for (let k = 0; k < 20; k++) {
      const sample = belief.sample(rngFromSeed(k));
      for (let slot = 0; slot < HAND_SIZE; slot++) expect(canPlayOn(c(13, 1), sample.handCard(1, slot))).toBe(false);
    }
    expect(eventCard(state.history[1]!)).toBe(c(13, 1));
    expect(eventSlot(state.history[1]!)).toBe(4);
  });
});

describe('UnoWarBelief.sample into a reused state', () => {
  it('draws the same position as a fresh sample from the same stream, without the history', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 20, max: 1500 }), (seed, steps) => {
        const { state } = randomGame(seed, steps);
        if (state.currentPlayer() !== 0 && state.currentPlayer() !== 1) return;
        // Two beliefs: each draw also reshuffles the belief's own pools, so a draw depends on those before it.
        const belief = new UnoWarBelief(state, state.currentPlayer());
        const other = new UnoWarBelief(state, state.currentPlayer());
        const into = new UnoWarState();
        for (let k = 0; k < 3; k++) {
          const fresh = belief.sample(rngFromSeed(seed + k));
          const reused = other.sample(rngFromSeed(seed + k), into);
          expect(reused).toBe(into);
          expect(reused.toString()).toBe(fresh.toString());
          expect(Array.from(reused.hands)).toEqual(Array.from(fresh.hands));
          expect(Array.from(reused.deck.subarray(0, reused.remaining))).toEqual(Array.from(fresh.deck.subarray(0, fresh.remaining)));
          expect(reused.historyLength).toBe(0);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('UnoWarBelief under tight constraints', () => {
  // A position (reached by random play, seed 1981229767 of the conformance suite's honesty check)
  // where the other player lost rounds holding four of its five cards: few hands fit, and 1,000
  // uniform draws fail for about one stream in eight. Sampling used to fall back to the real hidden
  // cards then, so an MCTS agent played differently on a rigged twin of the state.
  const REAL =
    '51,23,40,36,4,37,20,7,8,21,46,19,49,31,5,18,16,15,43,17,6,34,28,26,24,14,35,42,0,32,9,13,3,45,38,48,33,10,2,44,30,50,39,47,25,29,27,22,1,11,12,41|9|46,43,5,1,16,18,17,21,15,39|5,0|2|10|44|3|0|0|2|5|0|4146,76,665,278,8192,4106,139,8192,4144,41,605,94,751,38,539,67,621,9,8192,4110,258,618,280,717,161,602,64,738,284,544,134,8192,4127,35,8192,4115,49,684';

  it('draws only from what the player saw: a state and its rigged twin give the same samples, each consistent', () => {
    const real = UnoWarState.deserialize(REAL);
    const player = real.currentPlayer();
    const rigged = real.resample(player, rngFromSeed(999));
    expect(rigged.serialize()).not.toBe(real.serialize());
    const belief = new UnoWarBelief(real, player);
    for (let k = 0; k < 200; k++) {
      const sample = real.resample(player, rngFromSeed(k));
      expect(rigged.resample(player, rngFromSeed(k)).serialize()).toBe(sample.serialize());
      belief.hiddenSlots.forEach((slot, i) => {
        expect(belief.mayHold(i, sample.handCard(player ^ 1, slot))).toBe(true);
      });
    }
  });
});
