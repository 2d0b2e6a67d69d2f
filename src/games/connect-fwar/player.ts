/**
 * The assignment's `Player` interface and its four computer players: thin faces over the rules the
 * lab agents of the same names play (agents.ts), so each strategy exists once
 * (connect-fwar.test.ts replays the classes and the agents game for game).
 */
import { Card } from '../../core/cards.js';
import { toRng, type Rng, type SeedLike } from '../../core/random.js';
import { Board } from './board.js';
import { firstFittingColumn, randomColumn, rankColumn, suitColumn } from './agents.js';
import { COLUMNS, DISCARD } from './rules.js';

/**
 * Chooses where the drawn card goes: a column 0..3, or anything else to discard. An answer the card
 * cannot legally take (a full column, a higher top card) also discards. The board a player is shown
 * is a read-only view of the game's board (`Board.readOnlyView`): its `play` throws; `copy()` it
 * to try moves.
 */
export interface Player {
  nextMove(card: Card, board: Board): number;
}

/** What `BasicPlayer` answers when no column can take the card (any non-column discards). */
export const DISCARD_MOVE = -1;

/** The first column, left to right, that can take the card; otherwise a discard. */
export class BasicPlayer implements Player {
  /** Scratch for the board's column floors (no allocation per move). */
  readonly #floors = new Uint8Array(COLUMNS);

  /** @throws TypeError when `card` is not a Card or `board` not a Board */
  nextMove(card: Card, board: Board): number {
    if (!(card instanceof Card)) throw new TypeError(`Not a Card: ${String(card)}`);
    const col = firstFittingColumn(card.index, Board.columnFloors(board, this.#floors));
    return col === DISCARD ? DISCARD_MOVE : col;
  }
}

/** A uniformly random column 0..3, legal or not (never a deliberate discard). */
export class RandomPlayer implements Player {
  readonly #rng: Rng;

  /** @param seed a seed (replayable) or a generator (shared stream); none = fresh randomness */
  constructor(seed?: SeedLike) {
    this.#rng = toRng(seed);
  }

  nextMove(): number {
    return randomColumn(this.#rng);
  }
}

/** Column `(rank - 1) % 4`: A,5,9,K → 0; 2,6,10 → 1; 3,7,J → 2; 4,8,Q → 3 — legal or not. */
export class RankRunner implements Player {
  nextMove(card: Card): number {
    return rankColumn(card.index);
  }
}

/** One column per suit, `suit - 1` (Spades 0, Hearts 1, Clubs 2, Diamonds 3) — legal or not. */
export class SuitStacker implements Player {
  nextMove(card: Card): number {
    return suitColumn(card.index);
  }
}
