/**
 * Klondike's cards and moves in words, for every front end: the terminal, the page and the hints
 * name a card the one way the game writes it (`Card.toString()`: `7♡`, `10♠`, the suits of the
 * assignment), and a move the one way (piles counted from 1, as people count: notation.ts).
 */
import { Card } from './card.js';
import { DISCARD_ACTION, type KlondikeState } from './engine.js';
import type { ReadonlyKlondikeModel } from './model.js';
import type { KlondikeMove } from './moves.js';
import { placeName } from './notation.js';

/** "7♡" for a card index 0..51 (`Card.index`): the card as the game writes it everywhere. */
export function cardLabel(index: number): string {
  return Card.fromIndex(index).toString();
}

/** `move` in words, read on the position before it: "Move 7♣ from pile 3 onto 8♡ (pile 5)" (piles counted from 1). */
export function moveWords(model: ReadonlyKlondikeModel, move: KlondikeMove): string {
  const pile = (p: number): string => `pile ${placeName(p)}`;
  const last = (p: number): string => {
    const h = model.getPileHeight(p);
    return h === 0 ? `the empty ${pile(p)}` : `${model.getCardAt(p, h - 1).toString()} (${pile(p)})`;
  };
  const drawCard = (): string => {
    const cards = model.getDrawCards();
    return cards.length === 0 ? 'the draw card' : cards[0]!.toString();
  };
  switch (move.kind) {
    case 'discardDraw':
      return 'Draw: turn the next stock card';
    case 'moveDraw':
      return `Move ${drawCard()} from the draw pile onto ${last(move.dest)}`;
    case 'moveDrawToFoundation':
      return `Move ${drawCard()} from the draw pile to a foundation`;
    case 'moveToFoundation': {
      const h = model.getPileHeight(move.src);
      return `Move ${model.getCardAt(move.src, h - 1).toString()} from ${pile(move.src)} to a foundation`;
    }
    case 'movePile': {
      const h = model.getPileHeight(move.src);
      const lead = model.getCardAt(move.src, h - move.count).toString();
      const what = move.count === 1 ? lead : `${lead} and the ${move.count === 2 ? 'card' : `${String(move.count - 1)} cards`} on it`;
      return `Move ${what} from ${pile(move.src)} onto ${last(move.dest)}`;
    }
    case 'moveFoundationToPile': {
      const top = model.getCardAt(move.foundation);
      return `Move ${top === null ? 'the top card' : top.toString()} from foundation ${placeName(move.foundation)} onto ${last(move.dest)}`;
    }
  }
}

/** The next thing a winning line from `state` does, in words, and the draws it makes first. */
export interface LineStep {
  /** "Move A♠ from the draw pile to a foundation", "Draw once until A♠ shows, then move A♠ …"; "" when the line is empty. */
  readonly text: string;
  readonly draws: number;
  /** The first move of the line that is not a draw; null when the line holds none. */
  readonly move: KlondikeMove | null;
}

/** The first step of `line` (the model's moves from `state`, which is not changed) in words, its draws read as one. */
export function lineStepWords(state: KlondikeState, line: readonly KlondikeMove[]): LineStep {
  let draws = 0;
  while (line[draws]?.kind === 'discardDraw') draws++;
  const move = line[draws] ?? null;
  if (move === null) return { text: draws === 0 ? '' : `Draw ${timesWords(draws)}`, draws, move };
  if (draws === 0) return { text: moveWords(state, move), draws, move };
  const after = state.clone();
  for (let i = 0; i < draws; i++) after.applyAction(DISCARD_ACTION);
  const shown = after.getDrawCards()[0];
  const until = shown === undefined ? '' : ` until ${shown.toString()} shows`;
  return { text: `Draw ${timesWords(draws)}${until}, then ${lowerFirst(moveWords(after, move))}`, draws, move };
}

function timesWords(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${String(n)} times`;
}

export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
