import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cardIndex, type Card } from '../../core/cards.js';
import { AI, BiggestCardAI, SmallestCardAI, builtInAIPolicy } from './ai.js';
import { Policy } from './agents.js';
import { enginePileView, readonlyCardPile, type ReadonlyCardPile } from './card-pile.js';
import { UnoWarState } from './engine.js';
import { engineHandView, readonlyHand, type ReadonlyHand } from './hand.js';
import { UnoWarMatch, type RoundRecord } from './match.js';

const classes = [AI, SmallestCardAI, BiggestCardAI] as const;
const card = fc.integer({ min: 0, max: 51 });
const roundText = (r: RoundRecord): string => `${String(r.starter)} ${r.firstCard.toString()}: ${r.plays.join(', ')} → ${String(r.winner)} (${r.end})`;

describe("the assignment's AI classes over the engine's own views", () => {
  it('answer the very card (or null) they answer over any other views of the same cards, duplicates included', () => {
    // The engine's views take the classes' fast path (the engine's slot choice on its arrays); the
    // plain wrappers around the same views take the scan over Cards. Both players' hands, any top.
    const state = new UnoWarState();
    const views = [engineHandView(state, 0), engineHandView(state, 1)];
    const pile = enginePileView(state);
    fc.assert(
      fc.property(fc.array(card, { minLength: 10, maxLength: 10 }), card, fc.nat(9), fc.nat(9), (cards, top, from, to) => {
        cards[to] = cards[from]!; // a card held twice, often (the deck reshuffles while cards are in hands)
        state.hands.set(cards);
        state.top = top;
        for (const Class of classes) {
          const ai = new Class();
          for (const hand of views) expect(ai.getPlay(hand, pile)).toBe(ai.getPlay(readonlyHand(hand), readonlyCardPile(pile)));
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('an AI made without its constructor (Object.create of the prototype)', () => {
  it('plays as its class, over the engine views and over plain ones', () => {
    const state = new UnoWarState();
    const hand = engineHandView(state, 0);
    const pile = enginePileView(state);
    // On the Eight of Hearts: 3♠ no, 9♣ yes, 7♦ no, 2♥ yes, K♦ yes (cardIndex(rank, suit)).
    state.hands.set([cardIndex(3, 1), cardIndex(9, 3), cardIndex(7, 4), cardIndex(2, 2), cardIndex(13, 4)]);
    state.top = cardIndex(8, 2);
    const expected = ['Nine of Clubs', 'Two of Hearts', 'King of Diamonds'];
    classes.forEach((Class, i) => {
      const made = Object.create(Class.prototype) as AI;
      expect(made.toString()).toBe(new Class().toString());
      expect(made.getPlay(hand, pile)?.toString()).toBe(expected[i]);
      expect(made.getPlay(readonlyHand(hand), readonlyCardPile(pile))?.toString()).toBe(expected[i]);
    });
  });

  it('plays the same games in a match as one made with new, asked or computed inline', () => {
    class Counting extends BiggestCardAI {
      calls = 0;
      override getPlay(hand: ReadonlyHand, pile: ReadonlyCardPile): Card | null {
        this.calls++;
        return super.getPlay(hand, pile);
      }
    }
    // A subclass whose instance skips the constructor still asks its class's strategy through super.
    const asked = Object.create(Counting.prototype) as Counting;
    asked.calls = 0;
    expect(builtInAIPolicy(asked)).toBe(Policy.Custom);
    expect(builtInAIPolicy(Object.create(SmallestCardAI.prototype) as AI)).toBe(Policy.Smallest);
    const games = (a: AI, b: AI): string[] => {
      const match = new UnoWarMatch(a, b, { seed: 23 });
      return [0, 1, 2].flatMap(() => match.playGameRecorded().rounds.map(roundText));
    };
    const reference = games(new SmallestCardAI(), new BiggestCardAI());
    expect(games(Object.create(SmallestCardAI.prototype) as AI, asked)).toEqual(reference);
    expect(asked.calls).toBeGreaterThan(0);
  });
});
