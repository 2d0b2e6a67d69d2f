import { describe, expect, it } from 'vitest';
import { DECK_SIZE, cardIndex } from '../../core/cards.js';
import { randomInt, rngFromSeed } from '../../core/random.js';
import { CHANCE } from '../../core/game.js';
import { SLOT_CHOICES, parseSlot, playRefusal, slotName } from './notation.js';
import { HAND_SIZE, canPlayOn } from './rules.js';
import { UnoWarState } from './engine.js';

describe('UnoWar notation for people', () => {
  it('counts slots from 1: every slot reads back as itself, nothing else reads as a slot', () => {
    expect(SLOT_CHOICES).toBe('1-5');
    for (let slot = 0; slot < HAND_SIZE; slot++) expect(parseSlot(slotName(slot))).toBe(slot);
    for (const text of ['0', '6', '-1', '1.0', '12', '', 'x']) expect(parseSlot(text)).toBeUndefined();
  });

  it('refuses a card exactly when the rule does, saying what may go on the pile', () => {
    for (let top = 0; top < DECK_SIZE; top++) for (let card = 0; card < DECK_SIZE; card++) expect(playRefusal(top, card) === null).toBe(canPlayOn(top, card));
    expect(playRefusal(cardIndex(11, 1), cardIndex(9, 2))).toBe('9♥ cannot go on J♠: play a ♠ card or a card ranked J or higher (Ace is low)');
  });
});

describe('a card held twice is played from its first slot', () => {
  it('slotOfCard gives the first slot holding the card, and only that slot is a legal action', () => {
    // Random deals until a hand holds a card twice (the deck reshuffles), checking every hand seen.
    const state = new UnoWarState();
    const rng = rngFromSeed(5);
    let twice = 0;
    for (let step = 0; step < 200_000 && twice < 20; step++) {
      if (state.isTerminal()) state.reset();
      if (state.currentPlayer() === CHANCE) {
        state.applyAction(state.sampleChance(rng));
        continue;
      }
      const player = state.currentPlayer();
      for (let slot = 0; slot < HAND_SIZE; slot++) {
        const first = state.slotOfCard(player, state.handCard(player, slot));
        expect(first).toBeLessThanOrEqual(slot);
        if (first < slot) twice++;
        if (first < slot) expect(state.isLegalSlot(slot)).toBe(false);
      }
      const buffer = new Int32Array(HAND_SIZE);
      const count = state.legalActions(buffer);
      state.applyAction(buffer[randomInt(rng, count)]!);
    }
    expect(twice).toBeGreaterThan(0);
    expect(state.slotOfCard(0, -5)).toBe(-1);
  });
});
