/**
 * `readObservation`, the inverse of the UnoWar observation line: the position it gives back shows
 * the player to move what the engine's own state shows it (hand, pile, scores), and a line that is
 * no observation is refused, naming what is wrong.
 */
import { describe, expect, it } from 'vitest';
import { randomInt, rngFromSeed, type Rng } from '../../core/random.js';
import { enginePileView } from './card-pile.js';
import { UnoWarState } from './engine.js';
import { engineHandView } from './hand.js';
import { readObservation, unoWarProtocol } from './protocol.js';

describe('readObservation', () => {
  it('gives back, at every decision of whole games, the position the line shows, as the AI views see it', () => {
    const legal = new Int32Array(8);
    /** What the player to move sees at `state` through the AI's views (player `p`'s hand), with its legal slots. */
    const seenBy = (state: UnoWarState, p: number): string => {
      const [hand, pile] = [engineHandView(state, p), enginePileView(state)];
      const slots = [0, 1, 2, 3, 4].map((slot) => `${hand.get(slot).toString()}:${String(pile.canPlay(hand.get(slot)))}:${String(state.isLegalSlot(slot))}`);
      return `${slots.join(',')} on ${pile.getTopCard().toString()} of ${String(pile.getNumCards())}`;
    };
    const expected: string[] = [];
    const read: string[] = [];
    // Asked at every decision of the playout; it plays a random legal card.
    const reader = {
      name: 'reader',
      act(state: UnoWarState, rng: Rng): number {
        const line = unoWarProtocol.observation(state);
        const seen = readObservation(line);
        expected.push(`${line} ${seenBy(state, state.toMove)}`);
        read.push(`${unoWarProtocol.observation(seen)} ${seenBy(seen, 0)}`);
        return legal[randomInt(rng, state.legalActions(legal))]!;
      },
    };
    for (let seed = 0; seed < 2; seed++) new UnoWarState().playToEnd([reader, reader], rngFromSeed(seed));
    expect(read).toEqual(expected);
    const decisions = read.length;
    expect(decisions).toBeGreaterThan(200);
  });

  it('refuses a line that is no observation, saying why', () => {
    expect(() => readObservation('hand 7H,KS,2C,9H top 8H pile 3 score 2 4')).toThrow(/Not an UnoWar observation \(a hand is 5 cards\)/);
    expect(() => readObservation('hand 7H,KS,2C,9H,1X top 8H pile 3 score 2 4')).toThrow(/1X is no card/);
    expect(() => readObservation('hand 2H,3H,4H,5H,6H top KS pile 3 score 2 4')).toThrow(/no card of the hand may go on the pile/);
    expect(() => readObservation('hand 7H,KS,2C,9H,QD top 8H pile 0 score 2 4')).toThrow(/at least one card/);
    expect(() => readObservation('hand 7H,KS,2C,9H,QD top 8H pile 3 score 10 4')).toThrow(/below 10/);
    expect(() => readObservation('batch 2')).toThrow(/expected "hand <c1>/);
  });
});
