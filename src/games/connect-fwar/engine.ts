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
 *   the deal of the seed's `Deck` for the same random stream.
 * - `cells[col * 4 + row]` is a card index or EMPTY; `heights[col]` cards fill rows 0..heights-1.
 * - `drawn` is the card in hand at a player node, EMPTY otherwise.
 */
import { Card, DECK_SIZE, rankOfIndex } from '../../core/cards.js';
import { CHANCE, TERMINAL, type Agent, type GameState } from '../../core/game.js';
import { randomInt, type Rng } from '../../core/random.js';
import { CELLS, COLUMNS, CONNECTED, DISCARD, LINE_CELLS_BY_CELL, LINE_COUNT_BY_CELL, ROWS } from './rules.js';
import { renderBoard } from './render.js';

export const EMPTY = -1;
const IDENTITY = Uint8Array.from({ length: DECK_SIZE }, (_, i) => i);
/** Rank 1..13 by card index, so the column rule is two loads and a compare. */
const RANK = Uint8Array.from({ length: DECK_SIZE }, (_, i) => rankOfIndex(i));

export class ConnectFwarState implements GameState {
  readonly deck = new Uint8Array(DECK_SIZE);
  readonly position = new Uint8Array(DECK_SIZE);
  readonly cells = new Int8Array(CELLS);
  readonly heights = new Uint8Array(COLUMNS);
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
    this.deck.set(IDENTITY);
    this.position.set(IDENTITY);
    this.cells.fill(EMPTY);
    this.heights.fill(0);
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

  /** The column rule: a column 0..3 with room whose top card is empty or ranks no higher. */
  canPlay(card: number, col: number): boolean {
    if (!(col >= 0 && col < COLUMNS)) return false;
    const height = this.heights[col]!;
    if (height === ROWS) return false;
    return height === 0 || RANK[card]! >= RANK[this.cells[col * ROWS + height - 1]!]!;
  }

  /** The seed's reading of a player's answer: a legal column is played, anything else discards. */
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
    const n = this.remaining;
    // The last card is forced: Fisher–Yates stops at i = 1, so no randomness is consumed for it.
    return this.deck[n === 1 ? 0 : randomInt(rng, n)]!;
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
    const last = this.remaining - 1;
    const from = this.position[card]!;
    const other = this.deck[last]!;
    this.deck[from] = other;
    this.position[other] = from;
    this.deck[last] = card;
    this.position[card] = last;
    this.remaining = last;
    this.drawn = card;
  }

  private placeOrDiscard(action: number): void {
    const card = this.drawn;
    if (action === DISCARD) {
      this.drawn = EMPTY;
    } else if (this.canPlay(card, action)) {
      const cell = action * ROWS + this.heights[action]!;
      this.cells[cell] = card;
      this.heights[action] = this.heights[action]! + 1;
      this.drawn = EMPTY;
      if (this.completesFour(cell)) {
        this.finished = true;
        this.score = this.remaining;
        return;
      }
    } else {
      throw new RangeError(`Illegal action ${String(action)}: ${Card.fromIndex(card).toString()} cannot go there`);
    }
    // Out of cards without a connected four: the game is lost with score 0.
    if (this.remaining === 0) this.finished = true;
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
      if (a < 0 || b < 0 || c < 0 || d < 0) continue;
      if (CONNECTED[a * DECK_SIZE + b]! & CONNECTED[b * DECK_SIZE + c]! & CONNECTED[c * DECK_SIZE + d]!) return true;
    }
    return false;
  }

  /**
   * Plays from the current node to the end with `agent`: the same game, random draw for random draw,
   * as the generic `playOut`, without its per-node dispatch (this loop is the simulation hot path).
   * `position` is not maintained here; it only matters for drawing by card id, which a finished
   * game never does, and `reset` restores it.
   */
  playToEnd(agent: Agent<ConnectFwarState>, rng: Rng): void {
    const deck = this.deck;
    const cells = this.cells;
    const heights = this.heights;
    if (this.finished) return;
    for (;;) {
      if (this.drawn === EMPTY) {
        const n = this.remaining;
        if (n === 0) break;
        const last = n - 1;
        const j = last === 0 ? 0 : randomInt(rng, n);
        const card = deck[j]!;
        deck[j] = deck[last]!;
        deck[last] = card;
        this.remaining = last;
        this.drawn = card;
      }
      const col = agent.act(this, rng);
      const card = this.drawn;
      this.drawn = EMPTY;
      if (col !== DISCARD) {
        if (!this.canPlay(card, col)) {
          this.drawn = card;
          throw new RangeError(`Illegal action ${String(col)} by ${agent.name}: ${Card.fromIndex(card).toString()} cannot go there`);
        }
        const cell = col * ROWS + heights[col]!;
        cells[cell] = card;
        heights[col] = heights[col]! + 1;
        if (this.completesFour(cell)) {
          this.score = this.remaining;
          break;
        }
      }
      if (this.remaining === 0) break;
    }
    this.finished = true;
    this.position.fill(0xff); // stale from here on: make any use of it fail loudly
  }

  returns(_player: number): number {
    return this.score;
  }

  clone(): this {
    const copy = new ConnectFwarState() as this;
    copy.deck.set(this.deck);
    copy.position.set(this.position);
    copy.cells.set(this.cells);
    copy.heights.set(this.heights);
    copy.remaining = this.remaining;
    copy.drawn = this.drawn;
    copy.finished = this.finished;
    copy.score = this.score;
    return copy;
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
