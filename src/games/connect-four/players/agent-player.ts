/**
 * A lab agent behind the assignment's `Player` contract, so a built-in strategy is written once, as
 * an agent over `Position`, and the referee plays that very agent: the player keeps its own board
 * from `init` and `inform`, asks the agent for the side to move's column and plays it.
 */
import type { Agent } from '../../../core/game.js';
import type { Rng } from '../../../core/random.js';
import type { Player } from '../player.js';
import { Position } from '../position.js';

export class AgentPlayer implements Player {
  readonly #agent: Agent<Position>;
  readonly #rng: Rng;
  #position = new Position();

  /** @param rng the stream the agent draws from (its random choices), as in the lab */
  constructor(agent: Agent<Position>, rng: Rng) {
    this.#agent = agent;
    this.#rng = rng;
  }

  init(_color: boolean): void {
    this.#position = new Position();
  }

  name(): string {
    return this.#agent.name;
  }

  move(): number {
    if (this.#position.isGameOver()) throw new RangeError('The game is over: there is no move to choose');
    const column = this.#agent.act(this.#position, this.#rng);
    this.#position.play(column);
    return column;
  }

  inform(column: number): void {
    this.#position.play(column);
  }
}
