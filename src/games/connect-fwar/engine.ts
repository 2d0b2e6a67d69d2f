/**
 * ConnectFwar's fast engine: the whole game in typed arrays, implementing the lab's game contract.
 *
 * Node sequence: CHANCE (draw a card) → player 0 (a column 0..3 or DISCARD) → CHANCE → … until four
 * connect (score = cards left in the deck) or the deck runs out (score 0).
 *
 * Invariants:
 * - `deck[0 .. remaining-1]` are the undealt cards and `position[c]` is card c's index in `deck`;
 *   drawing card c swaps it to `deck[remaining-1]` and shrinks `remaining`. Sampling the card
 *   uniformly from that prefix is one step of Durstenfeld–Fisher–Yates, so a game replays exactly
 *   the deal of the assignment's `Deck` for the same random stream.
 * - `cells[col * 4 + row]` is a card index or EMPTY; `heights[col]` cards fill rows 0..heights-1.
 * - `floors[col]` is `columnFloor(heights[col], top card)` (rules.ts): the column rule as one number,
 *   kept up to date on every placement so a legality check is a single compare.
 * - `drawn` is the card in hand at a player node, EMPTY otherwise.
 */
import { Card, DECK_SIZE } from '../../core/cards.js';
import { dealAt } from '../../core/deck.js';
import { readFields } from '../../core/serial.js';
import { CHANCE, TERMINAL, uniformChanceOutcomes, type Agent, type GameState } from '../../core/game.js';
import { randomIntSmall, shuffleInPlace, type Rng } from '../../core/random.js';

export const EMPTY = -1;
/** What `turn` did: refused an illegal action, or played it with the game going on or over. */
const ILLEGAL = 0;
const PLAY_ON = 1;
const GAME_OVER = 2;
import {
  CELLS,
  COLUMNS,
  DISCARD,
  EMPTY_COLUMN_FLOOR,
  LINE_CELLS_BY_CELL,
  LINE_COUNT_BY_CELL,
  MAX_SCORE,
  ROWS,
  columnFloor,
  fitsColumn,
  isColumn,
  isConnectedFour,
} from './rules.js';
import { renderBoard } from './render.js';


/**
 * The whole mutable board-and-deck state lives in one 128-byte buffer, viewed as the typed arrays
 * below, so that `reset` — once per game in the lab — is a single copy of `INITIAL_BYTES`.
 */
const DECK_AT = 0;
const POSITION_AT = DECK_AT + DECK_SIZE;
const CELLS_AT = POSITION_AT + DECK_SIZE;
const HEIGHTS_AT = CELLS_AT + CELLS;
const FLOORS_AT = HEIGHTS_AT + COLUMNS;
const STATE_BYTES = FLOORS_AT + COLUMNS;
/** The initial node: deck and positions in card order, every cell EMPTY, heights 0, floors "any card". */
const INITIAL_BYTES = (() => {
  const bytes = new Uint8Array(STATE_BYTES);
  for (let card = 0; card < DECK_SIZE; card++) {
    bytes[DECK_AT + card] = card;
    bytes[POSITION_AT + card] = card;
  }
  new Int8Array(bytes.buffer, CELLS_AT, CELLS).fill(EMPTY);
  bytes.fill(EMPTY_COLUMN_FLOOR, FLOORS_AT, FLOORS_AT + COLUMNS);
  return bytes;
})();

/**
 * A uniform integer in [0, n) for 2 <= n <= 52: exactly `randomInt(rng, n)` (the same values from
 * the same stream, so games replay the assignment's `Deck`), by core's hot-path form.
 */
export function drawIndex(rng: Rng, n: number): number {
  return randomIntSmall(rng, n);
}

/** What the ConnectFwar player sees (`observe`): everything but the order of the undealt cards. */
export interface ConnectFwarObservation {
  /** The cards drawn so far, first drawn first. */
  readonly dealt: readonly number[];
  /** `cells[col * 4 + row]`: a card index, or -1 when empty. */
  readonly cells: readonly number[];
  readonly heights: readonly number[];
  /** The card in hand, or -1 at a chance node. */
  readonly drawn: number;
  readonly remaining: number;
  readonly finished: boolean;
  readonly score: number;
}

export class ConnectFwarState implements GameState {
  readonly #bytes = new Uint8Array(STATE_BYTES);
  readonly deck = new Uint8Array(this.#bytes.buffer, DECK_AT, DECK_SIZE);
  readonly position = new Uint8Array(this.#bytes.buffer, POSITION_AT, DECK_SIZE);
  readonly cells = new Int8Array(this.#bytes.buffer, CELLS_AT, CELLS);
  readonly heights = new Uint8Array(this.#bytes.buffer, HEIGHTS_AT, COLUMNS);
  readonly floors = new Uint8Array(this.#bytes.buffer, FLOORS_AT, COLUMNS);
  remaining = DECK_SIZE;
  drawn = EMPTY;
  finished = false;
  score = 0;

  constructor() {
    this.reset();
  }

  reset(): void {
    // Always the same starting order: a game must depend on its seed only, never on the game
    // this state played before (the lab reuses states across games).
    this.#bytes.set(INITIAL_BYTES);
    this.remaining = DECK_SIZE;
    this.drawn = EMPTY;
    this.finished = false;
    this.score = 0;
  }

  currentPlayer(): number {
    if (this.finished) return TERMINAL;
    return this.drawn === EMPTY ? CHANCE : 0;
  }

  isTerminal(): boolean {
    return this.finished;
  }

  /** The top card of a column, or EMPTY. */
  topCard(col: number): number {
    const height = this.heights[col]!;
    return height === 0 ? EMPTY : this.cells[col * ROWS + height - 1]!;
  }

  /** The column rule (rules.ts): `col` is a column 0..3 with room whose top card ranks no higher. */
  canPlay(card: number, col: number): boolean {
    return isColumn(col) && fitsColumn(card, this.floors[col]!);
  }

  /**
   * Puts `card` on column `col` (the caller has checked `canPlay`) and returns the cell it lands in:
   * the board half of a turn (`turn`), and the move a search tries and takes back (`unplace`)
   * without dealing — the honest players look ahead this way (players/potential.ts).
   */
  place(card: number, col: number): number {
    const height = this.heights[col]!;
    const cell = col * ROWS + height;
    this.cells[cell] = card;
    this.heights[col] = height + 1;
    this.floors[col] = columnFloor(height + 1, card);
    return cell;
  }

  /**
   * Undoes `place(card, col)`: takes the top card off column `col`, whose floor was `floorBefore`
   * when the card was placed (`floors[col]` then). Only the board changes: a search that placed the
   * card with `place` gets back exactly the board it had.
   */
  unplace(col: number, floorBefore: number): void {
    const height = this.heights[col]! - 1;
    this.cells[col * ROWS + height] = EMPTY;
    this.heights[col] = height;
    this.floors[col] = floorBefore;
  }

  /**
   * Makes this state's board the one given in the engine's layout (`cells[col * 4 + row]`, -1 when
   * empty; heights; floors as rules.ts `columnFloor` computes them), leaving the deck and the hand
   * as they are: a scratch board for a search that reasons on the board alone with `canPlay`,
   * `place`, `unplace` and `completesFour` (the honest players, which must not see the deck's order,
   * so are never handed the game's state itself). Not a position to play on through the contract.
   */
  setBoard(cells: ArrayLike<number>, heights: ArrayLike<number>, floors: ArrayLike<number>): void {
    for (let i = 0; i < CELLS; i++) this.cells[i] = cells[i]!;
    for (let col = 0; col < COLUMNS; col++) {
      this.heights[col] = heights[col]!;
      this.floors[col] = floors[col]!;
    }
  }

  /** The assignment's reading of a player's answer: a legal column is played, anything else discards. */
  columnOrDiscard(col: number): number {
    return this.canPlay(this.drawn, col) ? col : DISCARD;
  }

  legalActions(out: Int32Array): number {
    if (this.finished) return 0;
    let count = 0;
    if (this.drawn === EMPTY) {
      for (let i = 0; i < this.remaining; i++) out[count++] = this.deck[i]!;
      // Ascending order is part of the contract; the undealt prefix is in shuffled order.
      out.subarray(0, count).sort();
      return count;
    }
    for (let col = 0; col < COLUMNS; col++) if (this.canPlay(this.drawn, col)) out[count++] = col;
    out[count++] = DISCARD;
    return count;
  }

  sampleChance(rng: Rng): number {
    if (this.finished || this.drawn !== EMPTY) throw new RangeError('sampleChance: not a chance node');
    return this.deck[this.chanceIndex(rng)]!;
  }

  /**
   * The deck index of the next card drawn from `rng`, for `remaining` >= 1. The last card is forced:
   * Fisher–Yates stops at i = 1, so no randomness is consumed for it.
   */
  private chanceIndex(rng: Rng): number {
    const n = this.remaining;
    return n === 1 ? 0 : drawIndex(rng, n);
  }

  applyAction(action: number): void {
    if (this.finished) throw new RangeError(`Illegal action ${String(action)}: the game is over`);
    if (this.drawn === EMPTY) this.drawCard(action);
    else this.placeOrDiscard(action);
  }

  private drawCard(card: number): void {
    if (!(Number.isInteger(card) && card >= 0 && card < DECK_SIZE && this.position[card]! < this.remaining)) {
      throw new RangeError(`Illegal chance outcome ${String(card)}: not an undealt card`);
    }
    this.take(this.position[card]!);
  }

  /** Deals the undealt card at deck index `j` into the hand (the chance rule). */
  private take(j: number): void {
    const n = this.remaining;
    this.drawn = dealAt(this.deck, this.position, n, j);
    this.remaining = n - 1;
  }

  private placeOrDiscard(action: number): void {
    if (this.turn(action) === ILLEGAL) throw new RangeError(`Illegal action ${String(action)}: ${Card.fromIndex(this.drawn).toString()} cannot go there`);
  }

  /**
   * The turn rule, in one place for `applyAction`, `playToEnd` and the assignment's
   * `ConnectFwar.play`: the card in hand goes on column `action` or is discarded; four connected end
   * the game with the cards left as the score, and so does an empty deck, with 0. Returns ILLEGAL,
   * changing nothing, when `action` is neither DISCARD nor a column the card may go on; otherwise
   * GAME_OVER or PLAY_ON.
   */
  private turn(action: number): number {
    const card = this.drawn;
    if (action !== DISCARD) {
      if (!this.canPlay(card, action)) return ILLEGAL;
      const cell = this.place(card, action);
      this.drawn = EMPTY;
      if (this.completesFour(cell)) {
        this.finished = true;
        this.score = this.remaining;
        return GAME_OVER;
      }
    } else {
      this.drawn = EMPTY;
    }
    if (this.remaining !== 0) return PLAY_ON;
    this.finished = true;
    return GAME_OVER;
  }

  /** Whether one of the lines through `cell` is now a connected four. */
  completesFour(cell: number): boolean {
    const cells = this.cells;
    const count = LINE_COUNT_BY_CELL[cell]!;
    for (let k = 0, base = cell * 16; k < count; k++, base += 4) {
      const a = cells[LINE_CELLS_BY_CELL[base]!]!;
      const b = cells[LINE_CELLS_BY_CELL[base + 1]!]!;
      const c = cells[LINE_CELLS_BY_CELL[base + 2]!]!;
      const d = cells[LINE_CELLS_BY_CELL[base + 3]!]!;
      if (isConnectedFour(a, b, c, d)) return true;
    }
    return false;
  }

  /**
   * Plays from the current node to the end with `agent`: the same game, random draw for random draw,
   * as the generic `playOut`, without its per-node dispatch (this loop is the simulation hot path).
   * Each step is the contract's own: `take` deals (the index `chanceIndex` draws, as `sampleChance`
   * does) and `turn` plays — the rule exists once. Both are small monomorphic methods on plain
   * numbers that V8 inlines here, so sharing them costs the lab nothing measurable (see the
   * before/after bench figures in the issue 9 note); the conformance suite checks that this plays
   * exactly the generic `playOut`. Every invariant holds after each step, so a state left by an
   * agent's error is still usable.
   */
  playToEnd(agent: Agent<ConnectFwarState>, rng: Rng): void {
    if (this.finished) return;
    for (;;) {
      if (this.drawn === EMPTY) {
        // Only a deserialised state can wait for a card from an empty deck: that game is over, at 0.
        if (this.remaining === 0) {
          this.finished = true;
          return;
        }
        this.take(this.chanceIndex(rng));
      }
      const col = agent.act(this, rng);
      const outcome = this.turn(col);
      if (outcome === PLAY_ON) continue;
      if (outcome === GAME_OVER) return;
      throw new RangeError(`Illegal action ${String(col)} by ${agent.name}: ${Card.fromIndex(this.drawn).toString()} cannot go there`);
    }
  }

  returns(_player: number): number {
    return this.score;
  }

  clone(): this {
    const copy = new ConnectFwarState() as this;
    copy.#bytes.set(this.#bytes);
    copy.remaining = this.remaining;
    copy.drawn = this.drawn;
    copy.finished = this.finished;
    copy.score = this.score;
    return copy;
  }

  // ---- What the player may see: the board, the cards dealt so far and the card in hand ----

  /** At a chance node every undealt card, with probability 1 / remaining. */
  chanceOutcomes(outcomes: Int32Array, probabilities: Float64Array): number {
    return uniformChanceOutcomes(this, outcomes, probabilities);
  }

  /** The cards dealt so far in the order they were drawn (the undealt ones are the rest). */
  dealtCards(): number[] {
    const dealt: number[] = [];
    // `dealAt` moves each dealt card to the end of the undealt prefix: deck[51] was drawn first.
    for (let i = DECK_SIZE - 1; i >= this.remaining; i--) dealt.push(this.deck[i]!);
    return dealt;
  }

  /**
   * What the player has seen: every card drawn, in order (so also which are still in the deck),
   * the board, the card in hand and whether the game is over — all but the deck's order.
   */
  informationStateString(_player: number): string {
    return `dealt ${this.dealtCards().join(',')}|cells ${this.cells.join(',')}|hand ${String(this.drawn)}|${this.finished ? `over ${String(this.score)}` : 'playing'}`;
  }

  observe(_player: number): ConnectFwarObservation {
    return Object.freeze({
      dealt: Object.freeze(this.dealtCards()),
      cells: Object.freeze(Array.from(this.cells)),
      heights: Object.freeze(Array.from(this.heights)),
      drawn: this.drawn,
      remaining: this.remaining,
      finished: this.finished,
      score: this.score,
    });
  }

  /**
   * A copy whose undealt cards are in a fresh order drawn from `rng` — the only thing the player
   * cannot see. Depends only on what the player saw (the undealt set is put in card order first),
   * so states the player cannot tell apart resample alike.
   */
  resample(_player: number, rng: Rng): this {
    const copy = this.clone();
    shuffleInPlace(copy.deck.subarray(0, copy.remaining).sort(), rng);
    for (let i = 0; i < copy.remaining; i++) copy.position[copy.deck[i]!] = i;
    return copy;
  }

  /** The full state: the deck array (undealt prefix in order, then the dealt cards), the cells, the hand, the end. */
  serialize(): string {
    return `${this.deck.join(',')}|${String(this.remaining)}|${this.cells.join(',')}|${String(this.drawn)}|${this.finished ? `over ${String(this.score)}` : 'playing'}`;
  }

  /**
   * The state `serialize` wrote. Validates it: a permutation of the 52 cards, cells that the rules
   * could have filled (cards sink, each column's ranks do not fall, the dealt cards only), a
   * consistent hand and end.
   * @throws RangeError naming what is wrong
   */
  static deserialize(text: string): ConnectFwarState {
    const fields = readFields(text, 'a ConnectFwar state', 5);
    const fail = fields.fail;
    const deck = fields.list(0, DECK_SIZE, 0, DECK_SIZE - 1);
    if (new Set(deck).size !== DECK_SIZE) fail('the deck is not a permutation of 0..51');
    const remaining = fields.int(1, 0, DECK_SIZE);
    const cells = fields.list(2, CELLS, EMPTY, DECK_SIZE - 1);
    const drawn = fields.int(3, EMPTY, DECK_SIZE - 1);
    const [end, scoreText] = fields.text(4).split(' ');
    const state = new ConnectFwarState();
    state.deck.set(deck);
    for (let i = 0; i < DECK_SIZE; i++) state.position[deck[i]!] = i;
    state.remaining = remaining;
    for (let col = 0; col < COLUMNS; col++) {
      for (let row = 0; row < ROWS; row++) {
        const card = cells[col * ROWS + row]!;
        if (card === EMPTY) continue;
        if (state.heights[col] !== row) fail(`a card floats in column ${String(col)}`);
        if (state.position[card]! < remaining) fail(`card ${String(card)} on the board is undealt`);
        if (!state.canPlay(card, col)) fail(`card ${String(card)} breaks column ${String(col)}'s rule`);
        state.place(card, col);
      }
    }
    if (drawn !== EMPTY && state.position[drawn]! < remaining) fail('the card in hand is undealt');
    state.drawn = drawn;
    if (end === 'over') {
      const score = Number(scoreText);
      if (drawn !== EMPTY || !Number.isInteger(score) || score < 0 || score > MAX_SCORE) fail('bad end');
      state.finished = true;
      state.score = score;
    } else if (end !== 'playing' || scoreText !== undefined) {
      fail('bad end');
    }
    return state;
  }

  actionToString(action: number): string {
    if (this.drawn === EMPTY) return `draws ${Card.fromIndex(action).toFancyString()}`;
    return action === DISCARD ? 'discard' : `col ${String(action)}`;
  }

  toString(): string {
    const hand = this.drawn === EMPTY ? '' : `card: ${Card.fromIndex(this.drawn).toFancyString()}  `;
    const board = renderBoard((col, row) => {
      const card = this.cells[col * ROWS + row]!;
      return card === EMPTY ? null : Card.fromIndex(card);
    });
    return `${hand}deck: ${String(this.remaining)}${board}`;
  }
}
