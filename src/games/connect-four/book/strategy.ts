/**
 * The strategy book's construction: the win/draw/loss value (a weak solve) of every position a
 * perfect player meets up to a depth, for either colour, without I/O (the CLI's `book strategy`
 * drives it with a journal; book.ts stores the result).
 *
 * ## Why values, not exact scores
 * A perfect player (issue 16) must never turn a win into a draw or a loss, nor a draw into a loss:
 * it needs the value of its own positions and one move that keeps it, and the value of every
 * position the opponent may lead it to. Exact scores of every position of depth D (the opening
 * book) cost about 97 hours for D = 8; values of the positions of one strategy cost a small part
 * of that: a won position needs one winning move proven, not the fastest.
 *
 * ## The method: null-window proofs over an explicit tree
 * `prove(p, t)` answers "is the value of p for the side to move at least t?" (t = 0 or 1): true
 * when some child's value is at most -t, i.e. when `prove(child, 1 - t)` fails. Positions with at
 * least `depth` stones are leaves, bounded by `leafValue` (the solver's weak null-window search
 * "is the value >= t?", which may leave the value itself open). Every answer
 * is kept as a bound of the position's value (`lower`/`upper`, per canonical key, so mirror
 * images share it), which is the transposition table of this search: a position reached by
 * another order of moves is proven once. With both bounds equal the value is exact.
 *
 * `strategy(perfectMovesFirst)` then walks the positions a perfect player of that colour meets:
 * at its turns the exact value and one move keeping it (found by the proofs; in a lost position
 * any move keeps the value), at the opponent's turns every reply. Values of the positions it
 * meets are made exact on the way.
 *
 * Invariant: `lower(k) <= v(k) <= upper(k)` for the true value v of every key k held; a bound is
 * only ever tightened by a proof (a leaf's value or a search of all children).
 */
import { Position, WIDTH, popcount32, winningHi, winningLo } from '../position.js';
import { canonicalKey, stonesOfKey, type OpeningBook } from './book.js';

export type WeakValue = -1 | 0 | 1;

export interface StrategyBuilderOptions {
  /** Positions with at least this many stones are leaves (valued by `leafValue`). */
  readonly depth: number;
  /**
   * Bounds of the value of a leaf position for its side to move (a weak solve), enough at least
   * to tell whether it is >= t (`lower >= t` or `upper < t`); called when the bounds held do not.
   * Undefined: not known (a book written from a journal without the solver): the proofs that
   * need it stay open, and nothing is concluded from it.
   */
  readonly leafValue: (position: Position, t: 0 | 1) => { readonly lower: number; readonly upper: number } | undefined;
}

/** Centre first: the order of the children when nothing better is known. */
const CENTRE_FIRST = [3, 2, 4, 1, 5, 0, 6] as const;

export class StrategyBuilder {
  readonly depth: number;
  readonly #leafValue: StrategyBuilderOptions['leafValue'];
  readonly #lower = new Map<number, number>();
  readonly #upper = new Map<number, number>();
  /** Stones of each key held (keys of different stone counts never collide: the key encodes the heights). */
  readonly #stones = new Map<number, number>();
  /** Leaves valued by `leafValue` in this run (not those given by `know`). */
  leaves = 0;

  constructor(options: StrategyBuilderOptions) {
    if (!Number.isInteger(options.depth) || options.depth < 0 || options.depth > 41) throw new RangeError(`Invalid strategy depth ${String(options.depth)}`);
    this.depth = options.depth;
    this.#leafValue = options.leafValue;
  }

  /** Records bounds proven elsewhere (a journal line) of the position's value: the exact value if they are equal. */
  know(position: Position, lower: number, upper: number = lower): void {
    const key = canonicalKey(position);
    const heldLower = this.#lower.get(key) ?? -1;
    const heldUpper = this.#upper.get(key) ?? 1;
    const newLower = Math.max(heldLower, lower);
    const newUpper = Math.min(heldUpper, upper);
    if (newLower > newUpper) throw new RangeError(`${position.toMoves()}: bounds [${String(lower)}, ${String(upper)}] contradict the bounds [${String(heldLower)}, ${String(heldUpper)}] proven before`);
    this.#set(key, position.moves, newLower, newUpper);
  }

  /**
   * Takes every value of a strategy book (values proven before, by this builder) as known: a
   * book can be extended without the journal it was built from.
   */
  knowBook(book: OpeningBook): number {
    if (!book.weak) throw new RangeError('knowBook takes a book of values (win/draw/loss), not exact scores');
    let count = 0;
    for (const { key, score } of book.entries()) {
      const lower = Math.max(this.#lower.get(key) ?? -1, score);
      const upper = Math.min(this.#upper.get(key) ?? 1, score);
      if (lower > upper) throw new RangeError(`the book's value ${String(score)} for the key ${String(key)} contradicts the bounds proven before`);
      this.#set(key, stonesOfKey(key), lower, upper);
      count++;
    }
    return count;
  }

  /** The exact value of the position for its side to move, if proven. */
  known(position: Position): WeakValue | undefined {
    const key = canonicalKey(position);
    const lower = this.#lower.get(key);
    return lower !== undefined && lower === this.#upper.get(key) ? (lower as WeakValue) : undefined;
  }

  /** The bounds held of the position's value for its side to move ([-1, 1] if nothing is known). */
  bounds(position: Position): { lower: number; upper: number } {
    const key = canonicalKey(position);
    return { lower: this.#lower.get(key) ?? -1, upper: this.#upper.get(key) ?? 1 };
  }

  /** The exact value of the position for its side to move, proving what is missing (undefined: a leaf it needs is unknown). */
  value(position: Position): WeakValue | undefined {
    assertOpen(position);
    const won = this.prove(position, 1);
    if (won !== false) return won === true ? 1 : undefined;
    const notLost = this.prove(position, 0);
    return notLost === undefined ? undefined : notLost ? 0 : -1;
  }

  /**
   * Whether the value of the position for its side to move is at least `t` (0 or 1); undefined
   * if that depends on a leaf whose bounds `leafValue` does not know.
   */
  prove(position: Position, t: 0 | 1): boolean | undefined {
    const key = canonicalKey(position);
    const stones = position.moves;
    if ((this.#lower.get(key) ?? -1) >= t) return true;
    if ((this.#upper.get(key) ?? 1) < t) return false;
    // An immediate win is not recorded: every reader settles it before a lookup.
    if (position.canWinNext()) return true;
    if (stones >= this.depth) {
      const bounds = this.#leafValue(position, t);
      if (bounds === undefined) return undefined;
      this.leaves++;
      this.know(position, bounds.lower, bounds.upper);
      const known = this.bounds(position);
      return known.lower >= t ? true : known.upper < t ? false : undefined;
    }
    let open = false;
    for (const col of this.#order(position, t)) {
      position.playUnchecked(col);
      // The side to move cannot win at once, so no child is a finished win; a full board is a draw.
      const childAtLeast = position.isTie() ? (t <= 0 ? false : true) : position.canWinNext() ? true : this.prove(position, t === 1 ? 0 : 1);
      position.undo();
      if (childAtLeast === false) {
        this.#set(key, stones, t, this.#upper.get(key) ?? 1);
        return true;
      }
      if (childAtLeast === undefined) open = true;
    }
    if (open) return undefined;
    this.#set(key, stones, this.#lower.get(key) ?? -1, t - 1);
    return false;
  }

  /**
   * The playable columns in the order to try them for `prove(position, t)`: first those whose
   * child is already known to be good enough (value <= -t), then those not yet refuted, ordered
   * by the winning spots the move gives the mover (the solver's move-ordering idea), centre first
   * among equals; moves that let the opponent win at once last (they never prove t >= 0).
   */
  #order(position: Position, t: number): number[] {
    const ranked: { col: number; rank: number }[] = [];
    for (let i = 0; i < WIDTH; i++) {
      const col = CENTRE_FIRST[i]!;
      if (!position.canPlay(col)) continue;
      position.playUnchecked(col);
      let rank: number;
      if (position.isTie()) rank = 0;
      else if (position.canWinNext()) rank = -1000;
      else {
        const key = canonicalKey(position);
        const upper = this.#upper.get(key) ?? 1;
        const lower = this.#lower.get(key) ?? -1;
        if (upper <= -t) rank = 1000;
        else if (lower > -t) rank = -500; // refuted already
        else {
          // The mover's stones are now the ones not to move.
          const oursLo = position.curLo ^ position.maskLo;
          const oursHi = position.curHi ^ position.maskHi;
          rank = popcount32(winningLo(oursLo, oursHi, position.maskLo)) + popcount32(winningHi(oursLo, oursHi, position.maskHi));
        }
      }
      position.undo();
      ranked.push({ col, rank: rank - i / 100 });
    }
    ranked.sort((a, b) => b.rank - a.rank);
    return ranked.map((r) => r.col);
  }

  /**
   * The positions a perfect player of one colour meets from `root`, up to the depth: at its turns
   * the exact value is proven and one move keeping it is followed; at the opponent's turns every
   * reply is. `player`: true for the side to move at the root. Calls `visit` once per position
   * of the player's turn (with its value and chosen column, -1 at a leaf).
   */
  strategy(root: Position, player: boolean, visit: (position: Position, value: WeakValue, column: number) => void = () => undefined): void {
    const seen = new Set<number>();
    const walk = (p: Position, playerToMove: boolean): void => {
      if (p.isGameOver() || p.moves > this.depth) return;
      const key = canonicalKey(p);
      if (seen.has(key)) return;
      seen.add(key);
      if (!playerToMove) {
        for (const col of CENTRE_FIRST) {
          if (!p.canPlay(col)) continue;
          p.playUnchecked(col);
          walk(p, true);
          p.undo();
        }
        return;
      }
      const value = this.value(p);
      if (value === undefined) return; // not proven (yet)
      if (p.canWinNext() || p.moves >= this.depth) {
        visit(p, value, -1);
        return;
      }
      const column = this.keepingMove(p, value);
      if (column < 0) return;
      visit(p, value, column);
      p.playUnchecked(column);
      walk(p, false);
      p.undo();
    };
    walk(root.clone(), player);
  }

  /**
   * A column keeping the (proven) value of the position: its child's value is exactly -value.
   * In a lost position every move qualifies; the first that does not let the opponent win at
   * once is taken, if any. -1 if the proof of none is known (only with unknown leaves).
   */
  keepingMove(position: Position, value: WeakValue): number {
    let fallback = -1;
    for (const col of this.#order(position, value === -1 ? 0 : value)) {
      position.playUnchecked(col);
      const child = position.isTie() ? 0 : position.canWinNext() ? 1 : undefined;
      let keeps: boolean;
      if (child !== undefined) keeps = child === -value;
      else if (value === -1) keeps = true;
      else keeps = this.prove(position, value === 1 ? 0 : 1) === false; // child <= -value (and >= -value by the position's value)
      position.undo();
      if (keeps) return col;
      if (fallback < 0 && value === -1) fallback = col;
    }
    return fallback;
  }

  /** Every position whose value is exact: canonical key, stones, value. */
  *exact(): IterableIterator<{ key: number; moves: number; score: WeakValue }> {
    for (const [key, lower] of this.#lower) {
      if (this.#upper.get(key) === lower) yield { key, moves: this.#stones.get(key)!, score: lower as WeakValue };
    }
  }

  #set(key: number, stones: number, lower: number, upper: number): void {
    if (lower > upper) throw new Error(`inconsistent bounds [${String(lower)}, ${String(upper)}] for the key ${String(key)}`);
    this.#lower.set(key, lower);
    this.#upper.set(key, upper);
    this.#stones.set(key, stones);
  }
}

function assertOpen(position: Position): void {
  if (position.isGameOver()) throw new RangeError('The game is over: it has no value to prove');
}
