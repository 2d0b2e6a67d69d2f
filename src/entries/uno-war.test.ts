/**
 * `tabletop-lab/uno-war` resolves by name to the built dist/ code (build first) and gives a user the
 * assignment's classes under the assignment's names, plus the engine and the lab definition.
 */
import { describe, expect, it } from 'vitest';
import {
  AI,
  BiggestCardAI,
  UnoWarBelief,
  cardCounterAgent,
  Card,
  CardPile,
  Deck,
  Hand,
  SmallestCardAI,
  Tournament,
  UnoWarMatch,
  UnoWarState,
  engineWins,
  smallestCardAgent,
  firstValidAgent,
  unoWarGame,
} from 'tabletop-lab/uno-war';

describe("'tabletop-lab/uno-war'", () => {
  it("exports the assignment's classes, working together", () => {
    const deck = new Deck(5);
    const hand = new Hand(deck, 5);
    const pile = new CardPile(deck.draw());
    expect(deck.cardsRemaining()).toBe(46);
    const card = new SmallestCardAI().getPlay(hand, pile);
    // Deck 5 deals a hand with a card that goes on the pile: the AI must find one.
    expect(card).toBeInstanceOf(Card);
    expect(hand.remove(card!)).toBe(true);
    pile.play(card!);
    expect(pile.getNumCards()).toBe(2);
    expect(new BiggestCardAI().toString()).toBe('Biggest Card AI');
    expect(new Tournament([new AI()], { games: 2, seed: 1 }).report()).toMatch(/^Random Card AI vs\. Random Card AI winRate: /);
  });

  it('exports the engine and the lab definition, which play the classes\' games', () => {
    expect(unoWarGame.id).toBe('uno-war');
    expect(new UnoWarState().isTerminal()).toBe(false);
    const rate = new UnoWarMatch(new SmallestCardAI(), new AI(), { seed: 8 }).winRate(20);
    expect(rate).toBe(engineWins(smallestCardAgent, firstValidAgent, 20, 8) / 20);
  });

  it('exports the card counter and the belief it counts cards with', () => {
    expect(engineWins(cardCounterAgent(), smallestCardAgent, 4, 8)).toBe(engineWins(unoWarGame.agents['counter']!.create(), smallestCardAgent, 4, 8));
    expect(new UnoWarBelief(new UnoWarState(), 0).hiddenSlots).toEqual([]);
  });
});
