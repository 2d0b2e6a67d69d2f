/**
 * The seed's `ConnectFwar`: plays whole games with a `Player`.
 *
 * Two entry points, because a person answers asynchronously and a computer player does not:
 * - `ConnectFwar.play(player, options?)` — the seed's synchronous call; returns the score.
 * - `ConnectFwar.playAsync(player, options?)` — for players whose `nextMove` may return a promise
 *   (like `HumanPlayer`) and may give up by answering null; resolves with a full `GameRecord`.
 * Both play the same game for the same seed and the same answers.
 */
import type { Card } from '../../core/cards.js';
import { Deck } from '../../core/deck.js';
import type { SeedLike } from '../../core/random.js';
import { Board } from './board.js';
import type { Player } from './player.js';

export interface PlayOptions {
  /** A seed (replayable game) or a generator that shuffles the deck; none = a fresh shuffle. */
  readonly seed?: SeedLike;
}

/**
 * A player that may answer asynchronously. Answering null abandons the game (a person walked away
 * or their input ended); any other non-column answer discards, as for `Player`.
 */
export interface AsyncPlayer {
  nextMove(card: Card, board: Board): number | null | Promise<number | null>;
}

/** How a game ended: four connected, the deck ran out, or the player gave up. */
export type GameOutcome = 'connected' | 'deck-empty' | 'abandoned';

export interface GameRecord {
  readonly outcome: GameOutcome;
  /** Cards left in the deck when four connected; 0 otherwise (the seed's score, 0..48). */
  readonly score: number;
  /** Cards still in the deck when the game ended. */
  readonly cardsLeft: number;
  /** The board at the end (a copy: the game is over). */
  readonly board: Board;
}

// A class of static functions, as in the seed (its Java `ConnectFwar` is a class of statics).
// eslint-disable-next-line @typescript-eslint/no-extraneous-class
export class ConnectFwar {
  /**
   * Plays one full game: shuffles a deck, asks `player` where each drawn card goes (an answer that is
   * not a legal column discards the card) and returns the score — the cards still in the deck when
   * four connect, or 0 if the deck runs out first.
   */
  static play(player: Player, options: PlayOptions = {}): number {
    assertPlayer(player, 'ConnectFwar.play');
    const game = new GameInProgress(options.seed);
    for (let card = game.draw(); card !== null; card = game.draw()) {
      const move = player.nextMove(card, game.view);
      // A promise would silently read as "discard" every turn: say what to use instead.
      if (typeof move === 'object' && move !== null && 'then' in move) {
        throw new TypeError('ConnectFwar.play: the player answered with a promise; play asynchronous players (like HumanPlayer) with ConnectFwar.playAsync');
      }
      if (game.apply(card, move)) break;
    }
    return game.score();
  }

  /** `play` for players that may answer with a promise or give up (null); see `GameRecord`. */
  static async playAsync(player: AsyncPlayer | Player, options: PlayOptions = {}): Promise<GameRecord> {
    assertPlayer(player, 'ConnectFwar.playAsync');
    const game = new GameInProgress(options.seed);
    for (let card = game.draw(); card !== null; card = game.draw()) {
      const move = await player.nextMove(card, game.view);
      if (move === null) return game.record('abandoned');
      if (game.apply(card, move)) break;
    }
    return game.record();
  }
}

/** The public boundary's check: JavaScript callers can pass anything as the player. */
function assertPlayer(player: unknown, what: string): void {
  if (typeof player === 'object' && player !== null && typeof (player as Partial<Player>).nextMove === 'function') return;
  const got = player === null ? 'null' : typeof player === 'object' ? 'an object without nextMove' : `a ${typeof player}`;
  throw new TypeError(`${what}: the player must be an object with a nextMove(card, board) method, got ${got}`);
}

/** One game's deck and board; `apply` is the seed's reading of an answer. */
class GameInProgress {
  readonly deck: Deck;
  readonly board = new Board();
  /** What players are shown: the board, read-only, so no player can change the game. */
  readonly view = this.board.readOnlyView();
  #connected = false;

  constructor(seed: SeedLike) {
    this.deck = new Deck(seed);
  }

  draw(): Card | null {
    return this.deck.draw();
  }

  /** Plays `card` on column `move` if that is legal, else discards it; true when four now connect. */
  apply(card: Card, move: number): boolean {
    if (typeof move !== 'number' || !this.board.canPlay(card, move)) return false;
    this.board.play(card, move);
    this.#connected = this.board.isWinState();
    return this.#connected;
  }

  /** Cards left when four connected, else 0. */
  score(): number {
    return this.#connected ? this.deck.cardsRemaining() : 0;
  }

  record(abandoned?: 'abandoned'): GameRecord {
    const cardsLeft = this.deck.cardsRemaining();
    const outcome: GameOutcome = abandoned ?? (this.#connected ? 'connected' : 'deck-empty');
    return { outcome, score: abandoned === undefined ? this.score() : 0, cardsLeft, board: this.board.copy() };
  }
}
