// The counter AI in TypeScript, typed against the library's own AI class and read-only views.
// Node 20 cannot run .ts files (its --experimental-strip-types arrived in Node 22.6): compile first,
//   npx tsc -p examples/uno-war/ts            (writes examples/uno-war/ts/dist/counter.js)
//   tabletop uno-war tournament --ais smallest,./examples/uno-war/ts/dist/counter.js
import { AI, type Card, type ReadonlyCardPile, type ReadonlyHand } from 'tabletop-lab/uno-war';

export const name = 'counter-ts';

export default class CounterAI extends AI {
  /** The lowest playable card, preferring the suit it holds most of (see ../my-counter.mjs). */
  override getPlay(hand: ReadonlyHand, cardPile: ReadonlyCardPile): Card | null {
    const perSuit = [0, 0, 0, 0, 0];
    for (let i = 0; i < hand.getSize(); i++) perSuit[hand.get(i).getSuitNum()]! += 1;
    let best: Card | null = null;
    let bestKey = Infinity;
    for (let i = 0; i < hand.getSize(); i++) {
      const card = hand.get(i);
      if (!cardPile.canPlay(card)) continue;
      const key = (5 - perSuit[card.getSuitNum()]!) * 100 + card.getRankNum();
      if (key < bestKey) {
        best = card;
        bestKey = key;
      }
    }
    return best;
  }

  override toString(): string {
    return 'Counter AI';
  }
}
