/**
 * The assignment's `ConnectFwar`: plays whole games with a `Player`.
 *
 * Two entry points, because a person answers asynchronously and a computer player does not:
 * - `ConnectFwar.play(player, options?)` — the assignment's synchronous call; returns the score.
 * - `ConnectFwar.playAsync(player, options?)` — for players whose `nextMove` may return a promise
 *   (like `HumanPlayer`) and may give up by answering null; resolves with a full `GameRecord`.
 * Both play the same game for the same seed and the same answers, and both are a face over the
 * lab's engine: the engine's state holds the board and applies every rule, so the assignment's game
 * and the lab's are one game loop over one rule book.
 */
import type { Card } from '../../core/cards.js';
import { Deck } from '../../core/deck.js';
import type { SeedLike } from '../../core/random.js';
import { boardView, type Board } from './board.js';
import { ConnectFwarState } from './engine.js';
import type { Player } from './player.js';
import { DISCARD } from './rules.js';

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
  /** Cards left in the deck when four connected; 0 otherwise (the assignment's score, 0..48). */
  readonly score: number;
  /** Cards still in the deck when the game ended. */
  readonly cardsLeft: number;
  /** The board at the end (a copy: the game is over). */
  readonly board: Board;
}

// A class of static functions, as in the assignment (its Java `ConnectFwar` is a class of statics).
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
      const move: unknown = player.nextMove(card, game.view);
      // A promise would silently read as "discard" every turn: say what to use instead.
      if (typeof move === 'object' && move !== null && 'then' in move) {
        throw new TypeError('ConnectFwar.play: the player answered with a promise; play asynchronous players (like HumanPlayer) with ConnectFwar.playAsync');
      }
      if (game.apply(move)) break;
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
      if (game.apply(move)) break;
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

/**
 * One game: the assignment's `Deck` (shuffled up front, so a shared generator is consumed as the
 * assignment's does) feeding the engine's state, which applies every rule (`ConnectFwarState`);
 * players see a read-only `Board` over the engine's grid.
 */
class GameInProgress {
  readonly #deck: Deck;
  readonly #state = new ConnectFwarState();
  /** What players are shown: the engine's board, read-only, so no player can change the game. */
  readonly view = boardView(this.#state.cells, this.#state.heights);

  constructor(seed: SeedLike) {
    this.#deck = new Deck(seed);
  }

  /** The next card, dealt into the engine's hand (its chance node), or null once the game is over. */
  draw(): Card | null {
    if (this.#state.isTerminal()) return null;
    const card = this.#deck.draw()!;
    this.#state.applyAction(card.index);
    return card;
  }

  /** The assignment's reading of an answer: a legal column is played, anything else discards. True once over. */
  apply(move: unknown): boolean {
    const state = this.#state;
    state.applyAction(typeof move === 'number' ? state.columnOrDiscard(move) : DISCARD);
    return state.isTerminal();
  }

  /** Cards left when four connected, else 0. */
  score(): number {
    return this.#state.returns(0);
  }

  record(abandoned?: 'abandoned'): GameRecord {
    const cardsLeft = this.#state.remaining;
    const outcome: GameOutcome = abandoned ?? (this.view.isWinState() ? 'connected' : 'deck-empty');
    return { outcome, score: abandoned === undefined ? this.score() : 0, cardsLeft, board: this.view.copy() };
  }
}
