import { Card } from '../../core/cards.js';
import type { UnoWarState } from './engine.js';
import { canPlayOn } from './rules.js';

/** Thrown by `CardPile.play` for a card that may not go on the pile. */
export class IllegalMoveError extends Error {
  override readonly name = 'IllegalMoveError';
}

/** What an AI may see of the pile: the rule and the top card, nothing that changes it. */
export interface ReadonlyCardPile {
  canPlay(card: Card | null | undefined): boolean;
  getNumCards(): number;
  getTopCard(): Card;
}

/**
 * The pile of a round. Only the top card matters to the rules, so the pile keeps that and a count.
 * The rule (rules.ts `canPlayOn`, the engine's table): a card may go on the pile when it has the top
 * card's suit or a rank at least as high (Ace = 1 is the lowest rank).
 */
export class CardPile implements ReadonlyCardPile {
  #top: Card;
  #count = 1;

  /** A new pile whose only card is `topCard`. @throws TypeError unless it is a Card */
  constructor(topCard: Card) {
    if (!(topCard instanceof Card)) throw new TypeError(`A card pile starts with a card, not ${String(topCard)}`);
    this.#top = topCard;
  }

  /** Whether `card` may be played on this pile (false for null or anything that is not a Card). */
  canPlay(card: Card | null | undefined): boolean {
    return card instanceof Card && canPlayOn(this.#top.index, card.index);
  }

  /**
   * Puts `card` on top.
   * @throws IllegalMoveError, message starting `Illegal move detected!`, changing nothing, if
   *   `canPlay(card)` is false (the assignment printed that message instead).
   */
  play(card: Card | null | undefined): void {
    if (!this.canPlay(card)) {
      throw new IllegalMoveError(`Illegal move detected! ${String(card)} cannot be played on ${this.#top.toString()}`);
    }
    this.#top = card!;
    this.#count++;
  }

  /** Cards in the pile, the starting card included (1 for a new pile). */
  getNumCards(): number {
    return this.#count;
  }

  getTopCard(): Card {
    return this.#top;
  }
}

/** A view of `pile` that can only be read, for AIs. */
export function readonlyCardPile(pile: ReadonlyCardPile): ReadonlyCardPile {
  return Object.freeze({
    canPlay: (card: Card | null | undefined) => pile.canPlay(card),
    getNumCards: () => pile.getNumCards(),
    getTopCard: () => pile.getTopCard(),
  });
}

/**
 * The engine's top card index behind `pile` when it is an engine view (`enginePileView`), else -1:
 * for the built-in strategies (agents.ts `preferredCard`). Set in EnginePileView's static block, so
 * no AI reaches the engine's state through a view.
 */
export let enginePileTop: (pile: ReadonlyCardPile) => number;

/**
 * A read-only view of the pile in the engine's state (what `UnoWarMatch` shows an AI): the current
 * round's top card and size, and the rule from rules.ts. The instance is frozen.
 */
class EnginePileView implements ReadonlyCardPile {
  readonly #state: UnoWarState;

  static {
    enginePileTop = (pile) => (#state in pile ? pile.#state.top : -1);
  }

  constructor(state: UnoWarState) {
    this.#state = state;
    Object.freeze(this);
  }

  canPlay(card: Card | null | undefined): boolean {
    return card instanceof Card && canPlayOn(this.#state.top, card.index);
  }

  getNumCards(): number {
    return this.#state.pileSize;
  }

  getTopCard(): Card {
    return Card.fromIndex(this.#state.top);
  }
}

/** The pile in `state`, read-only (see EnginePileView). */
export function enginePileView(state: UnoWarState): ReadonlyCardPile {
  return new EnginePileView(state);
}
