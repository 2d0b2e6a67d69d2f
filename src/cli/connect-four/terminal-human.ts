/**
 * A person at the terminal playing Connect Four: columns 1-7 as the board is drawn, plus the
 * terminal's extras — `u` takes back a move, `h` asks the solver for a hint — and `q`. The referee
 * knows nothing of take-backs, so `u` leaves the refereed game (a `TakeBack`, which the referee
 * records as a resignation) and the command restarts the game from the earlier position.
 */
import { colorName, Resignation, type Player } from '../../games/connect-four/player.js';
import { Position, WIDTH } from '../../games/connect-four/position.js';
import type { LineSource } from '../../games/connect-four/players/human.js';

/** Thrown by `move` when the person types `u`: the game is to go back to an earlier position. */
export class TakeBack extends Resignation {
  constructor() {
    super('took back a move');
  }
}

export interface TerminalHumanOptions {
  readonly say: (text: string) => void;
  /** A hint for the position (the side to move is this player), as one line; absent: no hints. */
  readonly hint?: (position: Position) => string;
  /** Whether `u` can take anything back now (false: it says so and asks again). */
  readonly canTakeBack: () => boolean;
  /** `--training`: a warning before `column` is played in `position`, or null to play it at once; after a warning the person confirms. */
  readonly warning?: (position: Position, column: number) => string | null;
  /**
   * Work to do on `position` while the person thinks (the coach scores it): called each time they
   * are asked for a column, once the prompt is shown. It holds the thread, which is free while
   * the person reads the board; a line typed meanwhile waits in the input (the terminal echoes it).
   */
  readonly prepare?: (position: Position) => void;
}

export class TerminalHuman implements Player {
  readonly #input: LineSource;
  readonly #options: TerminalHumanOptions;
  /** The true board as the person sees it, so a full column is refused before the referee does. */
  #position = new Position();
  #color = true;

  constructor(input: LineSource, options: TerminalHumanOptions) {
    this.#input = input;
    this.#options = options;
  }

  init(color: boolean): void {
    this.#color = color;
    this.#position = new Position();
  }

  name(): string {
    return 'human';
  }

  async move(): Promise<number> {
    const say = this.#options.say;
    for (;;) {
      const asked = this.#input.ask(`${colorName(this.#color)} (human), your column 1-${String(WIDTH)} (u undo, h hint, q quit): `);
      this.#options.prepare?.(this.#position);
      const line = await asked;
      if (line === null) throw new Resignation('input ended');
      const answer = line.trim().toLowerCase();
      if (answer === 'q' || answer === 'quit') throw new Resignation('quit');
      if (answer === 'u' || answer === 'undo') {
        if (this.#options.canTakeBack()) throw new TakeBack();
        say('Nothing to take back: no move of yours has been played since the start.');
        continue;
      }
      if (answer === 'h' || answer === 'hint') {
        say(this.#options.hint?.(this.#position) ?? 'No hints here.');
        continue;
      }
      const column = /^[1-9]$/.test(answer) ? Number(answer) - 1 : -1;
      if (column < 0 || column >= WIDTH) say(`'${line.trim()}' is not a column: type a number from 1 to ${String(WIDTH)}, u, h, or q to quit.`);
      else if (!this.#position.canPlay(column)) say(`Column ${answer} is full: choose another.`);
      else if (!(await this.#confirmed(column))) continue;
      else {
        this.#position.play(column);
        return column;
      }
    }
  }

  /** True if `column` is to be played: no warning, or the person confirms it (y) after one. */
  async #confirmed(column: number): Promise<boolean> {
    const warning = this.#options.warning?.(this.#position, column) ?? null;
    if (warning === null) return true;
    this.#options.say(warning);
    const line = await this.#input.ask(`Play column ${String(column + 1)} anyway? (y/n): `);
    if (line === null) throw new Resignation('input ended');
    return /^y(es)?$/i.test(line.trim());
  }

  inform(column: number): void {
    this.#position.play(column);
  }
}
