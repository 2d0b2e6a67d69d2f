/**
 * Klondike's fast engine for the lab: a standard 52-card deal in typed arrays, implementing the game
 * contract (core/game.ts) with imperfect information done honestly — a face-down card is not decided
 * until it turns face-up. Turning up a cascade card, and showing a stock card in the draw window for
 * the first time, are CHANCE nodes whose outcomes are the cards not seen yet, all equally likely
 * (given a uniformly shuffled deck and everything seen so far, every unseen card is equally likely
 * to be in any unseen place). No agent can peek: the cards are not there to peek at.
 *
 * Rules as in BasicKlondike (the spec page), with the stock a queue rotated one card at a time.
 *
 * Action encoding at player nodes (P = number of piles, foundations 0..3, counts 1..13):
 *   0                                     discardDraw()
 *   1 + f                                 moveDrawToFoundation(f)
 *   5 + dest                              moveDraw(dest)
 *   5 + P + 4·src + f                     moveToFoundation(src, f)
 *   5 + 5P + 13·(P·src + dest) + count-1  movePile(src, count, dest)
 * At chance nodes the outcomes are card indices 0..51 (♣A..K, ♢A..K, ♡A..K, ♠A..K).
 *
 * Termination (the lab's rule; unlimited passes through the stock could loop forever): the game
 * ends when no move is legal (this includes a win), or after `idleLimit` consecutive moves without
 * progress. Progress is a card to a foundation, a face-down card turned up, or a stock card played
 * to a pile; each can happen a bounded number of times, which bounds every game (`maxGameLength`).
 *
 * Invariants (between calls):
 * - pile p holds `heights[p]` cards in `cells[p·ROWS ..]`, row 0 first; its first `hidden[p]` are
 *   face-down and stored as UNSEEN; a face-up card is a card index. At a player node every
 *   non-empty pile ends face-up.
 * - the stock queue is `queue[(head + i) % stockSize]`, i < queueLength; entry 0 is the playable
 *   card; an entry never shown yet is UNSEEN. At a player node the window min(draw, length) is seen.
 * - foundation f holds suit `foundationSuit[f]` (-1 when empty) from Ace to `foundationTop[f]`.
 * - `unseen[0 .. unseenCount-1]` are exactly the cards not seen yet (`unseenAt` is each card's
 *   position there, or -1), and their number equals the number of UNSEEN slots.
 */
import { CHANCE, TERMINAL, type GameState } from '../../core/game.js';
import { randomInt, type Rng } from '../../core/random.js';
import { Card, isRedSuitIndex, NUM_VALUES, STANDARD_DECK_SIZE } from './card.js';
import type { KlondikeMove } from './moves.js';

export const UNSEEN = -1;
export const NUM_FOUNDATIONS = 4;
export const DISCARD_ACTION = 0;
const DRAW_TO_FOUNDATION = 1;
const DRAW_TO_PILE = DRAW_TO_FOUNDATION + NUM_FOUNDATIONS;

const VALUE = Uint8Array.from({ length: STANDARD_DECK_SIZE }, (_, c) => (c % NUM_VALUES) + 1);
const SUIT = Uint8Array.from({ length: STANDARD_DECK_SIZE }, (_, c) => Math.floor(c / NUM_VALUES));
const RED = Uint8Array.from({ length: STANDARD_DECK_SIZE }, (_, c) => (isRedSuitIndex(SUIT[c]!) ? 1 : 0));

export interface KlondikeOptions {
  /** Cascade piles, 1..9 (default 7). */
  readonly piles?: number;
  /** Draw cards shown (default 3). */
  readonly draw?: number;
  /** Consecutive moves without progress that end the game (default 100). */
  readonly idleLimit?: number;
}

/** The fixed parameters of a Klondike variant, and the action-space sizes they imply. */
export class KlondikeConfig {
  readonly piles: number;
  readonly draw: number;
  readonly idleLimit: number;
  /** Cards dealt face-down, face-up, and to the stock. */
  readonly faceDown: number;
  readonly stockSize: number;
  /** Room per pile: face-down cards plus a full build K..A. */
  readonly rows: number;
  readonly pileToFoundation: number;
  readonly movePileBase: number;
  readonly numActions: number;
  /** Player moves that can make progress; each happens at most once per card / slot. */
  readonly maxGameLength: number;

  constructor(options: KlondikeOptions = {}) {
    const { piles = 7, draw = 3, idleLimit = 100 } = options;
    if (!Number.isInteger(piles) || piles < 1 || piles > 9) throw new RangeError(`Klondike piles must be 1..9 for a 52-card deck, got ${String(piles)}`);
    if (!Number.isInteger(draw) || draw < 1) throw new RangeError(`Klondike draw must be a positive integer, got ${String(draw)}`);
    if (!Number.isInteger(idleLimit) || idleLimit < 1) throw new RangeError(`Klondike idleLimit must be a positive integer, got ${String(idleLimit)}`);
    this.piles = piles;
    this.draw = draw;
    this.idleLimit = idleLimit;
    this.faceDown = (piles * (piles - 1)) / 2;
    this.stockSize = STANDARD_DECK_SIZE - (piles * (piles + 1)) / 2;
    this.rows = piles - 1 + NUM_VALUES;
    this.pileToFoundation = DRAW_TO_PILE + piles;
    this.movePileBase = this.pileToFoundation + NUM_FOUNDATIONS * piles;
    this.numActions = this.movePileBase + NUM_VALUES * piles * piles;
    const progressMoves = STANDARD_DECK_SIZE + this.faceDown + this.stockSize;
    // Every card is revealed at most once (chance), progress moves are bounded, and at most
    // idleLimit idle moves separate two progress moves (or end the game).
    this.maxGameLength = STANDARD_DECK_SIZE + progressMoves + (progressMoves + 1) * idleLimit;
  }
}

/** The action code of a player move (see the encoding above); RangeError if it has none. */
export function encodeMove(config: KlondikeConfig, move: KlondikeMove): number {
  const { piles } = config;
  const pile = (p: number): number => {
    if (!Number.isInteger(p) || p < 0 || p >= piles) throw new RangeError(`No such pile: ${String(p)}`);
    return p;
  };
  const foundation = (f: number): number => {
    if (!Number.isInteger(f) || f < 0 || f >= NUM_FOUNDATIONS) throw new RangeError(`No such foundation: ${String(f)}`);
    return f;
  };
  switch (move.kind) {
    case 'discardDraw':
      return DISCARD_ACTION;
    case 'moveDrawToFoundation':
      return DRAW_TO_FOUNDATION + foundation(move.foundation);
    case 'moveDraw':
      return DRAW_TO_PILE + pile(move.dest);
    case 'moveToFoundation':
      return config.pileToFoundation + NUM_FOUNDATIONS * pile(move.src) + foundation(move.foundation);
    case 'movePile':
      if (!Number.isInteger(move.count) || move.count < 1 || move.count > NUM_VALUES || move.src === move.dest) throw new RangeError(`No such pile move: ${JSON.stringify(move)}`);
      return config.movePileBase + NUM_VALUES * (piles * pile(move.src) + pile(move.dest)) + move.count - 1;
  }
}

/** The player move of an action code (see the encoding above); RangeError for a code out of range. */
export function decodeAction(config: KlondikeConfig, action: number): KlondikeMove {
  const { piles, pileToFoundation, movePileBase, numActions } = config;
  if (!Number.isInteger(action) || action < 0 || action >= numActions) throw new RangeError(`No such action: ${String(action)}`);
  if (action === DISCARD_ACTION) return { kind: 'discardDraw' };
  if (action < DRAW_TO_PILE) return { kind: 'moveDrawToFoundation', foundation: action - DRAW_TO_FOUNDATION };
  if (action < pileToFoundation) return { kind: 'moveDraw', dest: action - DRAW_TO_PILE };
  if (action < movePileBase) {
    const k = action - pileToFoundation;
    return { kind: 'moveToFoundation', src: Math.floor(k / NUM_FOUNDATIONS), foundation: k % NUM_FOUNDATIONS };
  }
  const k = action - movePileBase;
  const pair = Math.floor(k / NUM_VALUES);
  return { kind: 'movePile', src: Math.floor(pair / piles), count: (k % NUM_VALUES) + 1, dest: pair % piles };
}

export class KlondikeState implements GameState {
  readonly config: KlondikeConfig;
  readonly cells: Int8Array;
  readonly heights: Uint8Array;
  readonly hidden: Uint8Array;
  readonly queue: Int8Array;
  head = 0;
  queueLength = 0;
  readonly foundationSuit = new Int8Array(NUM_FOUNDATIONS);
  readonly foundationTop = new Uint8Array(NUM_FOUNDATIONS);
  readonly unseen = new Int8Array(STANDARD_DECK_SIZE);
  readonly unseenAt = new Int8Array(STANDARD_DECK_SIZE);
  unseenCount = 0;
  /** Cards on the foundations: the score. */
  score = 0;
  /** Consecutive moves without progress. */
  idle = 0;
  /** 0 (the player), CHANCE or TERMINAL; kept up to date by every change. */
  phase = CHANCE;

  constructor(config: KlondikeConfig = new KlondikeConfig()) {
    this.config = config;
    this.cells = new Int8Array(config.piles * config.rows);
    this.heights = new Uint8Array(config.piles);
    this.hidden = new Uint8Array(config.piles);
    this.queue = new Int8Array(Math.max(1, config.stockSize));
    this.reset();
  }

  reset(): void {
    const piles = this.config.piles;
    this.cells.fill(UNSEEN);
    for (let p = 0; p < piles; p++) {
      // Dealt all face-down; the CHANCE nodes that follow turn up each pile's last card.
      this.heights[p] = p + 1;
      this.hidden[p] = p + 1;
    }
    this.queue.fill(UNSEEN);
    this.head = 0;
    this.queueLength = this.config.stockSize;
    this.foundationSuit.fill(-1);
    this.foundationTop.fill(0);
    for (let c = 0; c < STANDARD_DECK_SIZE; c++) {
      this.unseen[c] = c;
      this.unseenAt[c] = c;
    }
    this.unseenCount = STANDARD_DECK_SIZE;
    this.score = 0;
    this.idle = 0;
    this.phase = CHANCE;
  }

  currentPlayer(): number {
    return this.phase;
  }

  isTerminal(): boolean {
    return this.phase === TERMINAL;
  }

  /** The playable draw card, or UNSEEN when the stock is empty (or at a chance node, unseen). */
  drawCard(): number {
    return this.queueLength === 0 ? UNSEEN : this.queue[this.head]!;
  }

  /** The last card of pile p (face-up at player nodes), or UNSEEN when the pile is empty. */
  lastCard(p: number): number {
    const h = this.heights[p]!;
    return h === 0 ? UNSEEN : this.cells[p * this.config.rows + h - 1]!;
  }

  /** Face-up cards at the end of pile p. */
  faceUp(p: number): number {
    return this.heights[p]! - this.hidden[p]!;
  }

  /** Whether card c may go onto pile p (build rule). */
  canBuild(c: number, p: number): boolean {
    const last = this.lastCard(p);
    if (last === UNSEEN) return VALUE[c] === NUM_VALUES;
    return VALUE[c]! + 1 === VALUE[last] && RED[c] !== RED[last];
  }

  /** Whether card c may go onto foundation f. */
  canFound(c: number, f: number): boolean {
    const suit = this.foundationSuit[f]!;
    if (suit < 0) return VALUE[c] === 1;
    return suit === SUIT[c] && this.foundationTop[f]! + 1 === VALUE[c];
  }

  legalActions(out: Int32Array): number {
    if (this.phase === TERMINAL) return 0;
    if (this.phase === CHANCE) {
      let count = 0;
      for (let c = 0; c < STANDARD_DECK_SIZE; c++) if (this.unseenAt[c]! >= 0) out[count++] = c;
      return count;
    }
    return this.playerMoves(out);
  }

  /** Writes the legal player moves (ascending) into `out` when given; returns how many. */
  private playerMoves(out: Int32Array | null): number {
    const { piles, rows, pileToFoundation, movePileBase } = this.config;
    let count = 0;
    const draw = this.drawCard();
    if (draw !== UNSEEN) {
      if (out === null) return 1; // discarding is always legal while there is a draw card
      out[count++] = DISCARD_ACTION;
      for (let f = 0; f < NUM_FOUNDATIONS; f++) if (this.canFound(draw, f)) out[count++] = DRAW_TO_FOUNDATION + f;
      for (let p = 0; p < piles; p++) if (this.canBuild(draw, p)) out[count++] = DRAW_TO_PILE + p;
    }
    for (let src = 0; src < piles; src++) {
      const last = this.lastCard(src);
      if (last === UNSEEN) continue;
      for (let f = 0; f < NUM_FOUNDATIONS; f++) {
        if (this.canFound(last, f)) {
          if (out === null) return 1;
          out[count++] = pileToFoundation + NUM_FOUNDATIONS * src + f;
        }
      }
    }
    for (let src = 0; src < piles; src++) {
      const h = this.heights[src]!;
      const up = h - this.hidden[src]!;
      if (up === 0) continue;
      const bottomValue = VALUE[this.cells[src * rows + h - 1]!]!;
      for (let dest = 0; dest < piles; dest++) {
        if (dest === src) continue;
        // The face-up cards are a build rising by one from the bottom card, so exactly one count
        // n could put the right value (one below dest's last card, or a King) at the run's top.
        const last = this.lastCard(dest);
        const n = (last === UNSEEN ? NUM_VALUES + 1 : VALUE[last]!) - bottomValue;
        if (n >= 1 && n <= up && this.canBuild(this.cells[src * rows + h - n]!, dest)) {
          if (out === null) return 1;
          out[count++] = movePileBase + NUM_VALUES * (piles * src + dest) + n - 1;
        }
      }
    }
    return count;
  }

  sampleChance(rng: Rng): number {
    if (this.phase !== CHANCE) throw new RangeError('sampleChance: not a chance node');
    const n = this.unseenCount;
    return this.unseen[n === 1 ? 0 : randomInt(rng, n)]!;
  }

  applyAction(action: number): void {
    if (this.phase === TERMINAL) throw new RangeError(`Illegal action ${String(action)}: the game is over`);
    if (this.phase === CHANCE) this.reveal(action);
    else this.move(action);
    this.updatePhase();
  }

  /** Puts unseen card c in the first place that must show a card: a pile's last card, else the draw window. */
  private reveal(c: number): void {
    if (!(Number.isInteger(c) && c >= 0 && c < STANDARD_DECK_SIZE && this.unseenAt[c]! >= 0)) {
      throw new RangeError(`Illegal chance outcome ${String(c)}: not an unseen card`);
    }
    const { piles, rows, draw, stockSize } = this.config;
    let placed = false;
    for (let p = 0; p < piles && !placed; p++) {
      const h = this.heights[p]!;
      if (h > 0 && this.hidden[p] === h) {
        this.cells[p * rows + h - 1] = c;
        this.hidden[p] = h - 1;
        placed = true;
      }
    }
    const window = Math.min(draw, this.queueLength);
    for (let i = 0; i < window && !placed; i++) {
      const at = (this.head + i) % stockSize;
      if (this.queue[at] === UNSEEN) {
        this.queue[at] = c;
        placed = true;
      }
    }
    // Remove c from the unseen list by swapping the last unseen card into its place.
    const from = this.unseenAt[c]!;
    const last = this.unseen[--this.unseenCount]!;
    this.unseen[from] = last;
    this.unseenAt[last] = from;
    this.unseenAt[c] = -1;
  }

  /** Whether `action` is a legal player move now. */
  isLegalMove(action: number): boolean {
    if (this.phase !== 0 || !Number.isInteger(action) || action < 0 || action >= this.config.numActions) return false;
    const { piles, rows, pileToFoundation, movePileBase } = this.config;
    const draw = this.drawCard();
    if (action < DRAW_TO_FOUNDATION) return draw !== UNSEEN;
    if (action < DRAW_TO_PILE) return draw !== UNSEEN && this.canFound(draw, action - DRAW_TO_FOUNDATION);
    if (action < pileToFoundation) return draw !== UNSEEN && this.canBuild(draw, action - DRAW_TO_PILE);
    if (action < movePileBase) {
      const k = action - pileToFoundation;
      const last = this.lastCard(Math.floor(k / NUM_FOUNDATIONS));
      return last !== UNSEEN && this.canFound(last, k % NUM_FOUNDATIONS);
    }
    const k = action - movePileBase;
    const n = (k % NUM_VALUES) + 1;
    const pair = Math.floor(k / NUM_VALUES);
    const src = Math.floor(pair / piles);
    const dest = pair % piles;
    if (src === dest || n > this.faceUp(src)) return false;
    return this.canBuild(this.cells[src * rows + this.heights[src]! - n]!, dest);
  }

  private move(action: number): void {
    if (!this.isLegalMove(action)) throw new RangeError(`Illegal action ${String(action)}: not a legal move here`);
    const { piles, rows, stockSize, pileToFoundation, movePileBase } = this.config;
    let progress = false;
    if (action < DRAW_TO_FOUNDATION) {
      // Discard: the playable card goes to the back of the queue.
      const card = this.queue[this.head]!;
      this.head = (this.head + 1) % stockSize;
      this.queue[(this.head + this.queueLength - 1) % stockSize] = card;
    } else if (action < DRAW_TO_PILE) {
      this.found(this.takeDraw(), action - DRAW_TO_FOUNDATION);
      progress = true;
    } else if (action < pileToFoundation) {
      const dest = action - DRAW_TO_PILE;
      this.cells[dest * rows + this.heights[dest]!] = this.takeDraw();
      this.heights[dest]!++;
      progress = true;
    } else if (action < movePileBase) {
      const k = action - pileToFoundation;
      const src = Math.floor(k / NUM_FOUNDATIONS);
      this.found(this.cells[src * rows + this.heights[src]! - 1]!, k % NUM_FOUNDATIONS);
      this.heights[src]!--;
      progress = true;
    } else {
      const k = action - movePileBase;
      const n = (k % NUM_VALUES) + 1;
      const pair = Math.floor(k / NUM_VALUES);
      const src = Math.floor(pair / piles);
      const dest = pair % piles;
      const from = src * rows + this.heights[src]! - n;
      this.cells.copyWithin(dest * rows + this.heights[dest]!, from, from + n);
      this.cells.fill(UNSEEN, from, from + n);
      this.heights[dest]! += n;
      this.heights[src]! -= n;
      progress = this.endsFaceDown(src);
    }
    this.idle = progress ? 0 : this.idle + 1;
  }

  /**
   * Whether pile p now ends face-down (all its face-up cards left): its last card turns up at the
   * CHANCE node that follows (`reveal`), which is progress.
   */
  private endsFaceDown(p: number): boolean {
    const h = this.heights[p]!;
    return h > 0 && this.hidden[p] === h;
  }

  private takeDraw(): number {
    const card = this.queue[this.head]!;
    const size = this.config.stockSize;
    // Close the gap: shift the rest of the queue forward by one (the queue keeps its order).
    for (let i = 0; i < this.queueLength - 1; i++) this.queue[(this.head + i) % size] = this.queue[(this.head + i + 1) % size]!;
    this.queue[(this.head + this.queueLength - 1) % size] = UNSEEN;
    this.queueLength--;
    return card;
  }

  private found(c: number, f: number): void {
    this.foundationSuit[f] = SUIT[c]!;
    this.foundationTop[f] = VALUE[c]!;
    this.score++;
  }

  private needsReveal(): boolean {
    const { piles, draw, stockSize } = this.config;
    for (let p = 0; p < piles; p++) if (this.endsFaceDown(p)) return true;
    const window = Math.min(draw, this.queueLength);
    for (let i = 0; i < window; i++) if (this.queue[(this.head + i) % stockSize] === UNSEEN) return true;
    return false;
  }

  private updatePhase(): void {
    if (this.needsReveal()) this.phase = CHANCE;
    else if (this.idle >= this.config.idleLimit || this.playerMoves(null) === 0) this.phase = TERMINAL;
    else this.phase = 0;
  }

  returns(_player: number): number {
    return this.score;
  }

  clone(): this {
    const copy = new KlondikeState(this.config) as this;
    copy.cells.set(this.cells);
    copy.heights.set(this.heights);
    copy.hidden.set(this.hidden);
    copy.queue.set(this.queue);
    copy.head = this.head;
    copy.queueLength = this.queueLength;
    copy.foundationSuit.set(this.foundationSuit);
    copy.foundationTop.set(this.foundationTop);
    copy.unseen.set(this.unseen);
    copy.unseenAt.set(this.unseenAt);
    copy.unseenCount = this.unseenCount;
    copy.score = this.score;
    copy.idle = this.idle;
    copy.phase = this.phase;
    return copy;
  }

  actionToString(action: number): string {
    if (this.phase === CHANCE) return `reveals ${Card.fromIndex(action).toString()}`;
    const move = decodeAction(this.config, action);
    switch (move.kind) {
      case 'discardDraw':
        return 'discardDraw()';
      case 'moveDrawToFoundation':
        return `moveDrawToFoundation(${String(move.foundation)})`;
      case 'moveDraw':
        return `moveDraw(${String(move.dest)})`;
      case 'moveToFoundation':
        return `moveToFoundation(${String(move.src)}, ${String(move.foundation)})`;
      case 'movePile':
        return `movePile(${String(move.src)}, ${String(move.count)}, ${String(move.dest)})`;
    }
  }

  /**
   * The textual view's picture (unseen cards as `?`), with the queue behind the draw window and the
   * progress counter, so two states with the same picture are the same node.
   */
  toString(): string {
    const { piles, rows, draw, stockSize } = this.config;
    const name = (c: number): string => (c === UNSEEN ? '?' : Card.fromIndex(c).toString());
    const queue: string[] = [];
    for (let i = 0; i < this.queueLength; i++) queue.push(name(this.queue[(this.head + i) % stockSize]!));
    const foundations: string[] = [];
    for (let f = 0; f < NUM_FOUNDATIONS; f++) {
      const suit = this.foundationSuit[f]!;
      foundations.push(suit < 0 ? '<none>' : name(suit * NUM_VALUES + this.foundationTop[f]! - 1));
    }
    const lines = [`Draw: ${queue.slice(0, draw).join(', ')}`, `Stock: ${queue.slice(draw).join(', ')}`, `Foundation: ${foundations.join(', ')}`];
    let height = 0;
    for (let p = 0; p < piles; p++) height = Math.max(height, this.heights[p]!);
    for (let row = 0; row < height; row++) {
      let line = '';
      for (let p = 0; p < piles; p++) {
        const h = this.heights[p]!;
        if (row >= h) line += h === 0 && row === 0 ? '  X' : '   ';
        else line += (row < this.hidden[p]! ? '?' : name(this.cells[p * rows + row]!)).padStart(3);
      }
      lines.push(line);
    }
    lines.push(`Score: ${String(this.score)}, moves without progress: ${String(this.idle)}`);
    return lines.join('\n');
  }
}
