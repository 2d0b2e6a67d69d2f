/**
 * The analysis of a position (every column's text, as `solve --analyze` and Show solution give
 * it) on two threads, "two sides": each side has a solver of its own and takes the columns in
 * turn from its end of ANALYSIS_ORDER, telling the other side before it searches one, and skips
 * the columns the other side has taken or settled.
 *
 * Why columns, taken as the search goes: a position's seven columns cost very unevenly (in the
 * slowest positions of Pons' Begin-Hard one column takes most of the time) and a solver's table
 * helps its later columns (a column searched after its neighbours can take a tenth of the time
 * it takes on an empty table), so a fixed split loses one way or the other. Taking turns from the
 * two ends keeps each side on its own run of columns and lets the side that is done early take
 * what is left. docs/connect-four-solver.md has the figures.
 *
 * The texts do not depend on which side searched a column: the exact scores are the scores; the
 * bounds given where BOOK_EXACT_NODES runs out (answers.ts) depend on the table of the solver
 * that searched, as they already do on the table's earlier contents with one solver.
 *
 * The sides talk by messages (SideMessage). Nothing here knows threads: each environment (the
 * command line's worker thread, the page's helper worker) wires its own way of sending and of
 * letting messages in to SecondSide (the first side's end) and SecondSideRunner (the second's).
 */
import { Position, WIDTH } from '../position.js';
import { columnText } from './answers.js';
import type { Solver } from './solver.js';

/** The order in which the first side takes the columns (centre first); the second side takes them from the other end. */
export const ANALYSIS_ORDER = [3, 2, 4, 1, 5, 0, 6] as const;

/** Which end of ANALYSIS_ORDER a side works from. */
export const SIDES = ['first', 'second'] as const;
export type SideName = (typeof SIDES)[number];

/** What one side tells the other about the analysis `id`: a column it is about to search, or one's text. */
export type SideMessage = { readonly kind: 'take'; readonly id: number; readonly column: number } | { readonly kind: 'settle'; readonly id: number; readonly column: number; readonly text: string };

/** The first side's request to the second: join analysis `id` of the position `moves`. */
export interface JoinAnalysis {
  readonly kind: 'analyse';
  readonly id: number;
  readonly moves: string;
  readonly weak: boolean;
  /** The position's exact score, when the first side knows it from a book its solver was not given (answers.ts columnText's `positionScore`). */
  readonly positionScore?: number;
}

/** How a side reaches the other. */
export interface SideLink {
  send(message: SideMessage): void;
  /** Resolves once the messages the other side has sent so far have been given to `receive`. */
  letMessagesIn(): Promise<void>;
  /** Resolves once the other side has said something more, or has stopped. */
  somethingNew(): Promise<void>;
  /** Whether the other side has stopped (failed, or ended): it will settle nothing more. */
  readonly gone: boolean;
}

/** The columns of a side, in the order it takes them. */
export function sideOrder(side: SideName): readonly number[] {
  return side === 'first' ? ANALYSIS_ORDER : [...ANALYSIS_ORDER].reverse();
}

/**
 * One side's view of one analysis: the columns taken (by either side) and the texts settled.
 * Invariant: every settled column is taken; a column is searched by the side that took it first
 * (both may take the same column when their messages cross: the texts are then equal).
 */
export class SideAnalysis {
  readonly #taken = new Set<number>();
  readonly #texts: (string | undefined)[] = Array.from({ length: WIDTH }, () => undefined);
  #settled = 0;

  /** `onSettle` hears each column's text once, whichever side settled it. */
  constructor(
    readonly id: number,
    private readonly onSettle?: (column: number, text: string) => void,
  ) {}

  /** Takes in a message of the other side (those of other analyses are ignored). */
  receive(message: SideMessage): void {
    if (message.id !== this.id) return;
    this.#taken.add(message.column);
    if (message.kind === 'settle') this.#settle(message.column, message.text);
  }

  get complete(): boolean {
    return this.#settled === WIDTH;
  }

  /** The seven texts, once complete. */
  get texts(): string[] {
    if (!this.complete) throw new Error(`the analysis ${String(this.id)} is not complete`);
    return this.#texts as string[];
  }

  /**
   * Searches, in the side's order, each column not taken yet, telling the other side before and
   * after (`positionScore` as columnText's).
   */
  async run(solver: Solver, position: Position, weak: boolean, side: SideName, link: SideLink, positionScore?: number): Promise<void> {
    for (const column of sideOrder(side)) {
      await link.letMessagesIn();
      if (this.#taken.has(column)) continue;
      this.#taken.add(column);
      link.send({ kind: 'take', id: this.id, column });
      const text = columnText(solver, position, column, weak, positionScore);
      this.#settle(column, text);
      link.send({ kind: 'settle', id: this.id, column, text });
    }
  }

  /**
   * The first side's whole analysis: its run, then the other side's columns as they come; if the
   * other side stops with columns unsettled (it failed), this side searches them.
   */
  async analyse(solver: Solver, position: Position, weak: boolean, link: SideLink, positionScore?: number): Promise<string[]> {
    await this.run(solver, position, weak, 'first', link, positionScore);
    while (!this.complete) {
      if (link.gone) {
        for (const column of ANALYSIS_ORDER) if (this.#texts[column] === undefined) this.#settle(column, columnText(solver, position, column, weak, positionScore));
      } else await link.somethingNew();
    }
    return this.texts;
  }

  #settle(column: number, text: string): void {
    if (this.#texts[column] !== undefined) return;
    this.#texts[column] = text;
    this.#settled++;
    this.onSettle?.(column, text);
  }
}

/**
 * The first side's end of a second side that runs elsewhere (a thread): it sends the second side
 * each analysis to join and every SideMessage, and is given the second side's messages
 * (`deliver`) and its end (`stop`) by whoever listens to that thread.
 */
export class SecondSide implements SideLink {
  #current: SideAnalysis | undefined;
  #waiting: (() => void)[] = [];
  #gone = false;
  #nextId = 1;

  /** `post` sends a message to the second side; `letMessagesIn` lets the thread's queued messages reach `deliver`. */
  constructor(
    private readonly post: (message: JoinAnalysis | SideMessage) => void,
    readonly letMessagesIn: () => Promise<void>,
  ) {}

  get gone(): boolean {
    return this.#gone;
  }

  send(message: SideMessage): void {
    if (!this.#gone) this.post(message);
  }

  somethingNew(): Promise<void> {
    if (this.#gone) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** A message of the second side. */
  deliver(message: SideMessage): void {
    this.#current?.receive(message);
    this.#wake();
  }

  /** The second side has stopped (it failed, or its thread ended): it settles nothing more. */
  stop(): void {
    this.#gone = true;
    this.#wake();
  }

  /**
   * The seven columns' texts of `position`, the position of `moves` (left as it was), searched by
   * both sides; `onSettle` hears each column once, whichever side settled it. `positionScore`, the
   * position's exact score if known from a book the solvers were not given, goes to both sides.
   */
  async analyse(solver: Solver, position: Position, moves: string, weak: boolean, onSettle?: (column: number, text: string) => void, positionScore?: number): Promise<string[]> {
    const analysis = new SideAnalysis(this.#nextId++, onSettle);
    this.#current = analysis;
    if (!this.#gone) this.post({ kind: 'analyse', id: analysis.id, moves, weak, ...(positionScore === undefined ? {} : { positionScore }) });
    try {
      return await analysis.analyse(solver, position, weak, this, positionScore);
    } finally {
      this.#current = undefined;
    }
  }

  #wake(): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const resolve of waiting) resolve();
  }
}

/**
 * The second side's end: joins each analysis it is sent, with the solver `solverFor` gives for
 * the position's moves (which may first wait for books), and passes on the first side's messages.
 * The analysis is made as the request arrives, so that the first side's messages that follow it
 * are kept while the solver is awaited.
 */
export class SecondSideRunner {
  #current: SideAnalysis | undefined;
  readonly #link: SideLink;

  constructor(post: (message: SideMessage) => void, letMessagesIn: () => Promise<void>) {
    // The second side never waits for the first's columns: it stops when its own order is done.
    this.#link = { send: post, letMessagesIn, somethingNew: () => Promise.resolve(), gone: false };
  }

  async handle(message: JoinAnalysis | SideMessage, solverFor: (moves: string) => Solver | Promise<Solver>): Promise<void> {
    if (message.kind !== 'analyse') {
      this.#current?.receive(message);
      return;
    }
    const analysis = new SideAnalysis(message.id);
    this.#current = analysis;
    const solver = await solverFor(message.moves);
    if (this.#current === analysis) await analysis.run(solver, Position.fromMoves(message.moves), message.weak, 'second', this.#link, message.positionScore);
  }
}
