/**
 * HumanPlayer: a person typing columns. The I/O is injected — lines come from a `LineSource` (the
 * CLI gives it a terminal `LineReader`, which works through a pipe too) and messages go to `say` —
 * so this class stays free of I/O like the rest of games/.
 *
 * People count columns 1..7, as the board is drawn; the contract's 0..6 is what `move` returns.
 * Unreadable input and full columns are asked again; `q` or the end of input resigns the game.
 */
import { colorName, Resignation, type Player } from '../player.js';
import { Position, WIDTH } from '../position.js';

export interface LineSource {
  /** Shows `prompt` and resolves with the next line, or null when input has ended. */
  ask(prompt: string): Promise<string | null>;
}

export interface HumanPlayerOptions {
  readonly name?: string;
  /** Where to tell the person why an answer was refused (default: nowhere). */
  readonly say?: (text: string) => void;
}

export class HumanPlayer implements Player {
  readonly #input: LineSource;
  readonly #name: string;
  readonly #say: (text: string) => void;
  /** The true board as the person sees it, so a full column can be refused before the referee does. */
  #position = new Position();
  #color = true;

  constructor(input: LineSource, options: HumanPlayerOptions = {}) {
    this.#input = input;
    this.#name = options.name ?? 'human';
    this.#say = options.say ?? (() => undefined);
  }

  init(color: boolean): void {
    this.#color = color;
    this.#position = new Position();
  }

  name(): string {
    return this.#name;
  }

  async move(): Promise<number> {
    while (true) {
      const line = await this.#input.ask(`${colorName(this.#color)} (${this.#name}), your column 1-${String(WIDTH)} (q to quit): `);
      if (line === null) throw new Resignation('input ended');
      const answer = line.trim().toLowerCase();
      if (answer === 'q' || answer === 'quit') throw new Resignation('quit');
      const column = /^[1-9]$/.test(answer) ? Number(answer) - 1 : -1;
      if (column < 0 || column >= WIDTH) this.#say(`'${line.trim()}' is not a column: type a number from 1 to ${String(WIDTH)}, or q to quit.`);
      else if (!this.#position.canPlay(column)) this.#say(`Column ${answer} is full: choose another.`);
      else {
        this.#position.play(column);
        return column;
      }
    }
  }

  inform(column: number): void {
    this.#position.play(column);
  }
}
