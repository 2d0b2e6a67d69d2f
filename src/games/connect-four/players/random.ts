/**
 * RandomPlayer: a uniformly random legal column, from a seeded generator. A test opponent only — the
 * seed rules out random play for an automatic player, and nothing ships it as one.
 */
import { randomInt, toRng, type Rng, type SeedLike } from '../../../core/random.js';
import type { Player } from '../player.js';
import { Position } from '../position.js';

export class RandomPlayer implements Player {
  readonly #rng: Rng;
  #position = new Position();

  constructor(seed?: SeedLike) {
    this.#rng = toRng(seed);
  }

  init(_color: boolean): void {
    this.#position = new Position();
  }

  name(): string {
    return 'random';
  }

  move(): number {
    const legal = this.#position.legalMoves();
    if (legal.length === 0) throw new RangeError('The game is over: there is no move to choose');
    const column = legal[randomInt(this.#rng, legal.length)]!;
    this.#position.play(column);
    return column;
  }

  inform(column: number): void {
    this.#position.play(column);
  }
}
