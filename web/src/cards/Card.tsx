/**
 * A playing card, drawn for the card games: rank and suit symbol. Colour is never the only cue:
 * the four suits have their own symbols, and the red suits (hearts, diamonds) are also drawn with a
 * double frame, so they stay apart in greyscale and for colour-blind players. The accessible name
 * is the card in words ("Seven of Hearts").
 */
import { DECK_SIZE, rankOfIndex, suitOfIndex } from '../../../src/core/cards.js';
import { RANK_LABELS, SUIT_SYMBOLS, cardName, isRedSuit } from './names.js';

export interface CardFaceProps {
  /** A card index 0..51. */
  readonly card: number;
  readonly class?: string;
}

/** A card face as an image with the card's name (not a control; wrap it in a button to make one). */
export function CardFace({ card, class: extra }: CardFaceProps) {
  if (!(Number.isInteger(card) && card >= 0 && card < DECK_SIZE)) throw new RangeError(`CardFace: not a card index: ${String(card)}`);
  const red = isRedSuit(card);
  return (
    <span class={`card${red ? ' red' : ''}${extra === undefined ? '' : ` ${extra}`}`} role="img" aria-label={cardName(card)}>
      <span class="card-rank" aria-hidden="true">
        {RANK_LABELS[rankOfIndex(card) - 1]}
      </span>
      <span class="card-suit" aria-hidden="true">
        {SUIT_SYMBOLS[suitOfIndex(card) - 1]}
      </span>
    </span>
  );
}
