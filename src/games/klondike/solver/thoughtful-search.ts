/**
 * The search behind `solveStandard` for decks of distinct cards: standard Klondike (a waste, passes
 * limited or not, cards back from the foundations) with every card known, on a compact board of
 * its own rather than the engine, with a transposition table of exact canonical keys.
 *
 * The board: each pile's face-down cards are a prefix of what was dealt to it (they never move), so
 * a pile is its face-down count and its face-up build; the stock and the waste are one sequence
 * (the talon: the waste is its first `cursor` cards, its top the last of them; turning the waste
 * over keeps the order), so they are the set of the dealt talon cards still in it plus the cursor;
 * a foundation is its top value.
 *
 * The key (exact, `width` words, compared whole by `KeyTable`): for each face-up pile card, whether
 * it is the first face-up card of its pile or which of the two cards it can lie on it lies on; each
 * pile's face-down count and, when it has face-down cards, its first face-up card; the foundation
 * tops; the talon's remaining cards and the cursor (and the passes made, when they are limited).
 * That determines the position, up to the order of the piles without face-down cards (which do not
 * matter), so two positions with one key win alike.
 *
 * Pruning, each sound (it never removes every winning continuation):
 * - a pile card goes to its foundation at once, without branching, when nothing can need it: an Ace
 *   or a Two, or when every foundation of the other colour is within two of it and the other one of
 *   its colour within three (Blake & Gent's rule for foundations cards can come back from: every
 *   card that could be put on it can go up instead);
 * - a part of a build is moved (leaving a face-up card X on top, no card turned up), or a card taken
 *   back from a foundation, only when the card left on top can be used at once: it can go up, a
 *   card can be put on it, or a build ending with it can move. A winning line that makes such a
 *   move and uses X (or the card taken back) only later can make it just before that use instead;
 * - a build that is a whole pile without face-down cards never moves to an empty pile;
 * - the talon's card is played at each cursor position reachable by turning the stock (once round;
 *   a position reached again after a pass has fewer passes left), the turns folded into the play;
 * - a position the order its cards must leave in proves lost is not searched (deadlock.ts, run with
 *   cards able to come back from the foundations). On deals where it proves nothing past the start
 *   it would only cost time, so, as in the assignment's solver, it runs at every position only
 *   once it has proved some (see DEADLOCK_TRIAL); skipping it is always sound.
 */
import { canBuildOn, NONE, RED, SUIT, VALUE } from '../rules.js';
import { DeadlockCheck } from './deadlock.js';
import { KeyTable } from './key-table.js';

/** A move of the search, packed: kind, then its fields (see `pack`). */
const PILE_TO_FOUNDATION = 0;
const PILE_TO_PILE = 1;
const TALON_TO_FOUNDATION = 2;
const TALON_TO_PILE = 3;
const FOUNDATION_TO_PILE = 4;

/**
 * Kind (3 bits), a (7 bits), b (7 bits), c (15 bits). Pile to foundation: a the pile, b the card.
 * Pile to pile: a the pile, b the cards moved, c the destination. Talon moves: a the cursor at which
 * the card is the waste's top, b the card (to a foundation) or the destination pile, c the passes
 * made on reaching it. Foundation to pile: a the suit, b the destination.
 */
function pack(kind: number, a: number, b: number, c: number): number {
  return kind | (a << 3) | (b << 10) | (c << 17);
}

/** A position to search: its piles, talon and foundations, the draw and the passes. */
export interface ThoughtfulDeal {
  /** Each pile's cards, first to last. */
  readonly piles: readonly (readonly number[])[];
  /** Each pile's face-down cards (its first ones; default: all but the last). */
  readonly hidden?: readonly number[];
  /** The talon: the waste from its first card, then the stock from its first card to turn to its last. */
  readonly talon: readonly number[];
  /** Cards of the talon in the waste (default 0) and passes made (default 0). */
  readonly cursor?: number;
  readonly recycles?: number;
  /** Each suit's foundation top value, 0 when empty (default: all empty). */
  readonly tops?: readonly number[];
  readonly draw: number;
  /** Passes through the stock (Infinity: unlimited). */
  readonly passes: number;
}

/** A step of a winning line: `turns` turns of the stock, then a move (engine-independent). */
export type ThoughtfulStep =
  | { readonly kind: 'pileToFoundation'; readonly src: number }
  | { readonly kind: 'pileToPile'; readonly src: number; readonly dest: number; readonly count: number }
  | { readonly kind: 'talonToFoundation'; readonly cursor: number }
  | { readonly kind: 'talonToPile'; readonly cursor: number; readonly dest: number }
  | { readonly kind: 'foundationToPile'; readonly suit: number; readonly dest: number };

export interface ThoughtfulLimits {
  readonly maxStates: number;
  /** Whether to stop now (asked every 1,024 positions). */
  readonly outOfTime: () => boolean;
}

export interface ThoughtfulOutcome {
  /** 'won' with `line`, 'lost' when the search space was exhausted, 'budget' when a limit stopped it. */
  readonly result: 'won' | 'lost' | 'budget';
  readonly line: readonly ThoughtfulStep[] | null;
  readonly states: number;
}

const CARDS = 52;

/**
 * The deadlock proof runs at each new position until this many have been searched, and after that
 * only if it has proved some position lost.
 */
const DEADLOCK_TRIAL = 20_000;

/** Whether the deal's cards are distinct (this search identifies a card by its index). */
export function distinctCards(cards: readonly number[]): boolean {
  const seen = new Set<number>();
  for (const c of cards) {
    if (seen.has(c)) return false;
    seen.add(c);
  }
  return true;
}

/** Searches `deal` depth first until it is won, exhausted or out of `limits`. */
export function searchThoughtful(deal: ThoughtfulDeal, limits: ThoughtfulLimits, order: ThoughtfulOrder = 'deepest first'): ThoughtfulOutcome {
  return new ThoughtfulBoard(deal, order === 'builds first').search(limits);
}

/**
 * The order moves are tried in, after a pile card going up:
 * - 'builds first': the talon's cards going up, the builds that turn a card up, the other builds,
 *   the talon's cards onto piles;
 * - 'deepest first': the builds that turn a card up, from the piles with the most face-down cards
 *   first (where the cards a win needs are most likely buried), then the talon's cards going up,
 *   the talon's cards onto piles, the other builds.
 * Both end with the foundations' cards coming back. Either order searches the same positions; a
 * deal one order finds a win for at once can take the other millions of positions. On standard
 * draw-3 deals 1..200, searched with a quarter of 100,000 positions in 'builds first' and the rest
 * in 'deepest first', 145 were won, against 133 when the second pass tried the talon's cards
 * first in the pile order.
 */
export type ThoughtfulOrder = 'deepest first' | 'builds first';

class ThoughtfulBoard {
  private readonly pileCount: number;
  private readonly rows: number;
  private readonly draw: number;
  private readonly passes: number;
  private readonly cells: Int8Array;
  private readonly height: Int32Array;
  private readonly hidden: Int32Array;
  private readonly talon: Int8Array;
  private talonLength: number;
  private cursor = 0;
  private recycles = 0;
  /** Top value (0: empty) of each suit's foundation. */
  private readonly top = new Int8Array(4);
  /** Whether the deck has the suit. */
  private readonly hasSuit = new Uint8Array(4);
  private readonly deckSize: number;
  private cardsUp = 0;
  /** Each card's position in the dealt talon (−1: a pile card), for the key's talon set. */
  private readonly talonSlot = new Int8Array(CARDS).fill(-1);
  private readonly width: number;
  private readonly passBits: number;
  private readonly key: Uint32Array;
  /** Scratch: the talon's reachable cursors (and the passes made on reaching them). */
  private readonly reachCursor: Int32Array;
  private readonly reachRecycles: Int32Array;
  private readonly reachSeen: Uint8Array;
  private readonly deadlock = new DeadlockCheck(true);
  /** Scratch: the piles in the order their builds that turn a card up are tried. */
  private readonly pileOrder: Int32Array;
  /** Whether each card is in the deal (on a pile, in the talon or on a foundation), for the deadlock proof. */
  private readonly inDeck = new Uint8Array(CARDS);

  constructor(
    deal: ThoughtfulDeal,
    private readonly buildsFirst: boolean,
  ) {
    this.pileCount = deal.piles.length;
    this.rows = this.pileCount + 13;
    this.draw = deal.draw;
    this.passes = deal.passes;
    this.cells = new Int8Array(this.pileCount * this.rows);
    this.height = new Int32Array(this.pileCount);
    this.hidden = new Int32Array(this.pileCount);
    deal.piles.forEach((pile, p) => {
      this.cells.set(pile, p * this.rows);
      this.height[p] = pile.length;
      this.hidden[p] = deal.hidden?.[p] ?? Math.max(0, pile.length - 1);
    });
    this.cursor = deal.cursor ?? 0;
    this.recycles = deal.recycles ?? 0;
    if (deal.tops !== undefined) this.top.set(deal.tops);
    this.talon = Int8Array.from(deal.talon);
    this.talonLength = deal.talon.length;
    deal.talon.forEach((c, i) => (this.talonSlot[c] = i));
    const all = [...deal.piles.flat(), ...deal.talon];
    this.cardsUp = this.top.reduce((a, b) => a + b, 0);
    for (const c of all) {
      this.hasSuit[SUIT[c]!] = 1;
      this.inDeck[c] = 1;
    }
    for (let s = 0; s < 4; s++) {
      if (this.top[s]! > 0) this.hasSuit[s] = 1;
      this.inDeck.fill(1, s * 13, s * 13 + this.top[s]!);
    }
    this.deckSize = all.length + this.cardsUp;
    // Bits: 2 per card, then per pile 4 (face-down count) + 6 (first face-up card), 4 per
    // foundation, 6 for the cursor, 15 for the passes made when they are limited, one per dealt
    // talon card (224 bits, 7 words, for the standard deal under unlimited passes).
    this.passBits = this.passes === Infinity ? 0 : 15;
    const bits = 2 * CARDS + this.pileCount * 10 + 16 + 6 + this.passBits + deal.talon.length;
    this.width = Math.ceil(bits / 32);
    this.key = new Uint32Array(this.width);
    this.reachCursor = new Int32Array(deal.talon.length + 2);
    this.reachRecycles = new Int32Array(deal.talon.length + 2);
    this.reachSeen = new Uint8Array(deal.talon.length + 2);
    this.pileOrder = new Int32Array(this.pileCount);
  }

  private last(p: number): number {
    const h = this.height[p]!;
    return h === 0 ? NONE : this.cells[p * this.rows + h - 1]!;
  }

  private canFound(c: number): boolean {
    return this.top[SUIT[c]!] === VALUE[c]! - 1;
  }

  /** Whether card c on its foundation can never be needed on a pile (see the file's comment). */
  private isSafe(c: number): boolean {
    const value = VALUE[c]!;
    if (value <= 2) return true;
    for (let s = 0; s < 4; s++) {
      if (!this.hasSuit[s] || s === SUIT[c]) continue;
      const sameColour = RED[s * 13] === RED[c];
      if (this.top[s]! < value - (sameColour ? 3 : 2)) return false;
    }
    return true;
  }

  /** The cursors the talon can reach by turning (the current one first), with the passes made; how many. */
  private reach(): number {
    const len = this.talonLength;
    this.reachSeen.fill(0, 0, len + 1);
    let cursor = this.cursor;
    let recycles = this.recycles;
    let count = 0;
    for (;;) {
      this.reachSeen[cursor] = 1;
      this.reachCursor[count] = cursor;
      this.reachRecycles[count++] = recycles;
      if (cursor < len) cursor = Math.min(cursor + this.draw, len);
      else if (len > 0 && recycles + 1 < this.passes) {
        cursor = 0;
        recycles++;
      } else break;
      if (this.reachSeen[cursor]) break;
    }
    return count;
  }

  // ---- Moves: each returns what its undo needs ----

  /** Turns up pile p's last card if it is face down; 1 if it did. */
  private turnUp(p: number): number {
    if (this.height[p]! > 0 && this.hidden[p] === this.height[p]) {
      this.hidden[p]!--;
      return 1;
    }
    return 0;
  }

  private apply(move: number): number {
    const kind = move & 7;
    const a = (move >>> 3) & 127;
    const b = (move >>> 10) & 127;
    const rows = this.rows;
    switch (kind) {
      case PILE_TO_FOUNDATION: {
        const c = this.cells[a * rows + --this.height[a]!]!;
        this.top[SUIT[c]!]!++;
        this.cardsUp++;
        return this.turnUp(a);
      }
      case PILE_TO_PILE: {
        const from = a * rows + this.height[a]! - b;
        this.cells.copyWithin(this.dest(move), from, from + b);
        this.height[(move >>> 17) & 127]! += b;
        this.height[a]! -= b;
        return this.turnUp(a);
      }
      case FOUNDATION_TO_PILE: {
        const c = a * 13 + this.top[a]! - 1;
        this.top[a]!--;
        this.cardsUp--;
        this.cells[b * rows + this.height[b]!++] = c;
        return 0;
      }
      default: {
        // A talon move: a is the cursor at which its card is the waste's top, c the passes then made.
        const undo = this.cursor | (this.recycles << 7);
        const at = a - 1;
        const c = this.talon[at]!;
        this.talon.copyWithin(at, a, this.talonLength--);
        this.cursor = at;
        this.recycles = move >>> 17;
        if (kind === TALON_TO_FOUNDATION) {
          this.top[SUIT[c]!]!++;
          this.cardsUp++;
        } else this.cells[b * rows + this.height[b]!++] = c;
        return undo;
      }
    }
  }

  /** The cell a pile-to-pile move's cards go to (its dest is in bits 17..23). */
  private dest(move: number): number {
    const dest = (move >>> 17) & 127;
    return dest * this.rows + this.height[dest]!;
  }

  private undo(move: number, undo: number): void {
    const kind = move & 7;
    const a = (move >>> 3) & 127;
    const b = (move >>> 10) & 127;
    const rows = this.rows;
    switch (kind) {
      case PILE_TO_FOUNDATION: {
        if (undo) this.hidden[a]!++;
        const c = b; // the card, recorded in the move
        this.cells[a * rows + this.height[a]!++] = c;
        this.top[SUIT[c]!]!--;
        this.cardsUp--;
        return;
      }
      case PILE_TO_PILE: {
        if (undo) this.hidden[a]!++;
        const dest = (move >>> 17) & 127;
        this.height[dest]! -= b;
        const from = dest * rows + this.height[dest]!;
        this.cells.copyWithin(a * rows + this.height[a]!, from, from + b);
        this.height[a]! += b;
        return;
      }
      case FOUNDATION_TO_PILE: {
        this.height[b]!--;
        this.top[a]!++;
        this.cardsUp++;
        return;
      }
      default: {
        const at = a - 1;
        let c: number;
        if (kind === TALON_TO_FOUNDATION) {
          c = b; // the card, recorded in the move
          this.top[SUIT[c]!]!--;
          this.cardsUp--;
        } else c = this.cells[b * rows + --this.height[b]!]!;
        this.talon.copyWithin(a, at, this.talonLength++);
        this.talon[at] = c;
        this.cursor = undo & 127;
        this.recycles = undo >>> 7;
      }
    }
  }

  /** Whether the deadlock proof shows that this position cannot be won. */
  private hopeless(): boolean {
    return this.deadlock.lostBoard(this.cells, this.rows, this.height, this.hidden, this.pileCount, this.talon, this.talonLength, this.inDeck);
  }

  private won(): boolean {
    return this.cardsUp === this.deckSize;
  }

  // ---- The key ----

  /** Ors `value` (`bits` wide) into the key at bit `at`; returns the next bit. */
  private put(at: number, value: number, bits: number): number {
    const word = at >>> 5;
    const offset = at & 31;
    this.key[word]! |= value << offset;
    if (offset + bits > 32) this.key[word + 1]! |= value >>> (32 - offset);
    return at + bits;
  }

  private writeKey(): void {
    const key = this.key;
    key.fill(0);
    const rows = this.rows;
    let bit = 2 * CARDS;
    for (let p = 0; p < this.pileCount; p++) {
      const h = this.height[p]!;
      const hidden = this.hidden[p]!;
      const base = p * rows;
      for (let r = hidden + 1; r < h; r++) {
        const c = this.cells[base + r]!;
        // Which of the two cards c can lie on it lies on: their suits differ in bit 1.
        const code = 1 + (SUIT[this.cells[base + r - 1]!]! >>> 1);
        key[c >>> 4]! |= code << ((2 * c) & 31);
      }
      bit = this.put(bit, hidden === 0 ? 0 : hidden | (this.cells[base + hidden]! << 4), 10);
    }
    const top = this.top;
    bit = this.put(bit, top[0]! | (top[1]! << 4) | (top[2]! << 8) | (top[3]! << 12), 16);
    // Under unlimited passes the cursors the talon reaches from an empty waste (a multiple of the
    // draw, or the whole talon) reach one another by turns alone: one key for them all.
    const cursor = this.cursor;
    const canonical = this.passes === Infinity && (cursor % this.draw === 0 || cursor === this.talonLength) ? 0 : cursor;
    bit = this.put(bit, canonical, 6);
    if (this.passBits > 0) bit = this.put(bit, this.recycles, this.passBits);
    for (let i = 0; i < this.talonLength; i++) {
      const at = bit + this.talonSlot[this.talon[i]!]!;
      key[at >>> 5]! |= 1 << (at & 31);
    }
  }

  // ---- Move generation ----

  /**
   * The row of pile p's face-up card of `value`, or −1. A pile's face-up cards fall by one from its
   * first (its base), so that card can only be at one row.
   */
  private rowOfValue(p: number, value: number): number {
    const hidden = this.hidden[p]!;
    const h = this.height[p]!;
    if (h === 0) return -1;
    const r = hidden + VALUE[this.cells[p * this.rows + hidden]!]! - value;
    return r >= hidden && r < h ? r : -1;
  }

  /** Whether card c (not `except`) can be brought onto card x now: from a pile's face-up cards, the talon or a foundation. */
  private canReceive(x: number, except: number, reachable: number): boolean {
    const rows = this.rows;
    const value = VALUE[x]! - 1;
    if (value === 0) return false;
    for (let p = 0; p < this.pileCount; p++) {
      const r = this.rowOfValue(p, value);
      if (r < 0) continue;
      const c = this.cells[p * rows + r]!;
      if (c !== except && canBuildOn(c, x)) return true;
    }
    for (let i = 0; i < reachable; i++) {
      const cursor = this.reachCursor[i]!;
      if (cursor > 0 && canBuildOn(this.talon[cursor - 1]!, x)) return true;
    }
    for (let s = 0; s < 4; s++) {
      const top = this.top[s]!;
      if (top > 0 && canBuildOn(s * 13 + top - 1, x)) return true;
    }
    return false;
  }

  /** Whether pile p's last card x can be used at once (see the file's comment); `except` is the card just moved off it. */
  private lastCardUsable(p: number, except: number): boolean {
    const x = this.last(p);
    if (this.canFound(x)) return true;
    const rows = this.rows;
    // A build ending with x moves to another pile: the one card of p's face-up run that could lie
    // on that pile's last card, if p has it (a King, onto an empty pile, unless it is the pile's first card).
    for (let dest = 0; dest < this.pileCount; dest++) {
      if (dest === p) continue;
      const onto = this.last(dest);
      const r = this.rowOfValue(p, onto === NONE ? 13 : VALUE[onto]! - 1);
      if (r >= 0 && canBuildOn(this.cells[p * rows + r]!, onto) && !(onto === NONE && r === 0)) return true;
    }
    return this.canReceive(x, except, this.reach());
  }

  /** Writes the moves to try here into `out` from `at`, best first; returns the end. */
  private generate(out: Int32Array, at: number): number {
    const piles = this.pileCount;
    let n = at;
    // Pile cards to their foundations: a safe one alone.
    for (let p = 0; p < piles; p++) {
      const c = this.last(p);
      if (c !== NONE && this.canFound(c)) {
        if (this.isSafe(c)) {
          out[at] = pack(PILE_TO_FOUNDATION, p, c, 0);
          return at + 1;
        }
        out[n++] = pack(PILE_TO_FOUNDATION, p, c, 0);
      }
    }
    const reachable = this.reach();
    if (this.buildsFirst) {
      n = this.talonUp(out, n, reachable);
      n = this.turningBuilds(out, n);
      n = this.otherBuilds(out, n);
      n = this.talonToPiles(out, n, reachable);
    } else {
      n = this.turningBuilds(out, n);
      n = this.talonUp(out, n, reachable);
      n = this.talonToPiles(out, n, reachable);
      n = this.otherBuilds(out, n);
    }
    // Foundation cards back onto a pile.
    for (let s = 0; s < 4; s++) {
      const value = this.top[s]!;
      if (value === 0) continue;
      const c = s * 13 + value - 1;
      for (let dest = 0; dest < piles; dest++) if (canBuildOn(c, this.last(dest))) out[n++] = pack(FOUNDATION_TO_PILE, s, dest, 0);
    }
    return n;
  }

  /** Writes the talon's cards that can go up (at the `reachable` cursors) into `out` from `n`; returns the end. */
  private talonUp(out: Int32Array, at: number, reachable: number): number {
    let n = at;
    for (let i = 0; i < reachable; i++) {
      const cursor = this.reachCursor[i]!;
      if (cursor === 0) continue;
      const c = this.talon[cursor - 1]!;
      if (this.canFound(c)) out[n++] = pack(TALON_TO_FOUNDATION, cursor, c, this.reachRecycles[i]!);
    }
    return n;
  }

  /**
   * Writes the builds that turn a card up into `out` from `n`; returns the end. In the order
   * 'deepest first' the piles with more face-down cards come first (ties: the lower pile).
   */
  private turningBuilds(out: Int32Array, at: number): number {
    const rows = this.rows;
    const piles = this.pileCount;
    const order = this.pileOrder;
    for (let i = 0; i < piles; i++) {
      // Insertion, after the piles with as many face-down cards or more.
      let j = i;
      while (!this.buildsFirst && j > 0 && this.hidden[order[j - 1]!]! < this.hidden[i]!) {
        order[j] = order[j - 1]!;
        j--;
      }
      order[j] = i;
    }
    let n = at;
    for (let i = 0; i < piles; i++) {
      const src = order[i]!;
      if (this.hidden[src] === 0) continue;
      const first = this.cells[src * rows + this.hidden[src]!]!;
      const count = this.height[src]! - this.hidden[src]!;
      for (let dest = 0; dest < piles; dest++) {
        if (dest !== src && canBuildOn(first, this.last(dest))) out[n++] = pack(PILE_TO_PILE, src, count, dest);
      }
    }
    return n;
  }

  /** Writes the talon's cards onto piles (at the `reachable` cursors) into `out` from `n`; returns the end. */
  private talonToPiles(out: Int32Array, at: number, reachable: number): number {
    const piles = this.pileCount;
    let n = at;
    for (let i = 0; i < reachable; i++) {
      const cursor = this.reachCursor[i]!;
      if (cursor === 0) continue;
      const c = this.talon[cursor - 1]!;
      for (let dest = 0; dest < piles; dest++) if (canBuildOn(c, this.last(dest))) out[n++] = pack(TALON_TO_PILE, cursor, dest, this.reachRecycles[i]!);
    }
    return n;
  }

  /** Writes the builds that turn no card up into `out` from `n`; returns the end. */
  private otherBuilds(out: Int32Array, at: number): number {
    const rows = this.rows;
    const piles = this.pileCount;
    let n = at;
    // Other builds: a whole pile without face-down cards onto a card, or a part of a build. The
    // face-up cards fall by one from the first, so one row can go onto each pile.
    for (let src = 0; src < piles; src++) {
      const h = this.height[src]!;
      const hidden = this.hidden[src]!;
      if (h === 0) continue;
      const firstRow = hidden === 0 ? 0 : hidden + 1;
      const firstValue = VALUE[this.cells[src * rows + hidden]!]!;
      for (let dest = 0; dest < piles; dest++) {
        if (dest === src) continue;
        const onto = this.last(dest);
        if (onto === NONE && hidden === 0) continue; // a King there leads its whole pile
        const r = hidden + firstValue - (onto === NONE ? 13 : VALUE[onto]! - 1);
        if (r < firstRow || r >= h) continue;
        const c = this.cells[src * rows + r]!;
        if (canBuildOn(c, onto)) out[n++] = pack(PILE_TO_PILE, src, h - r, dest);
      }
    }
    return n;
  }

  /** Whether a move just made (with `flipped` its undo) is one the pruning keeps (see the file's comment). */
  private worthKeeping(move: number, flipped: number): boolean {
    const kind = move & 7;
    if (kind === PILE_TO_PILE) {
      const src = (move >>> 3) & 127;
      if (flipped || this.height[src] === 0) return true;
      const dest = (move >>> 17) & 127;
      const moved = this.cells[dest * this.rows + this.height[dest]! - ((move >>> 10) & 127)]!;
      return this.lastCardUsable(src, moved);
    }
    if (kind === FOUNDATION_TO_PILE) {
      const dest = (move >>> 10) & 127;
      return this.canReceive(this.last(dest), NONE, this.reach());
    }
    return true;
  }

  /** The step of a winning line that `move` is. */
  private step(move: number): ThoughtfulStep {
    const kind = move & 7;
    const a = (move >>> 3) & 127;
    const b = (move >>> 10) & 127;
    switch (kind) {
      case PILE_TO_FOUNDATION:
        return { kind: 'pileToFoundation', src: a };
      case PILE_TO_PILE:
        return { kind: 'pileToPile', src: a, count: b, dest: (move >>> 17) & 127 };
      case TALON_TO_FOUNDATION:
        return { kind: 'talonToFoundation', cursor: a };
      case TALON_TO_PILE:
        return { kind: 'talonToPile', cursor: a, dest: b };
      default:
        return { kind: 'foundationToPile', suit: a, dest: b };
    }
  }

  search(limits: ThoughtfulLimits): ThoughtfulOutcome {
    const table = new KeyTable(this.width);
    let buffer = new Int32Array(1 << 16);
    // Frames: the moves of each position on the path are buffer[start .. end), the next to try at next.
    const frameStart: number[] = [];
    const frameEnd: number[] = [];
    const frameNext: number[] = [];
    // The move that led to each frame (from the one below) and its undo.
    const made: number[] = [];
    const madeUndo: number[] = [];
    const line = (): ThoughtfulOutcome => ({ result: 'won', line: made.map((m) => this.step(m)), states: table.size });
    if (this.won()) return { result: 'won', line: [], states: 0 };
    let deadlockUseful = false;
    const push = (): boolean => {
      this.writeKey();
      if (!table.add(this.key)) return false;
      // A lost position stays in the table: reached again, it is not proved again.
      if ((deadlockUseful || table.size <= DEADLOCK_TRIAL) && this.hopeless()) {
        deadlockUseful = true;
        return false;
      }
      const start = frameStart.length === 0 ? 0 : frameEnd[frameEnd.length - 1]!;
      // Room for every move a position can have.
      if (buffer.length - start < 4096) {
        const grown = new Int32Array(buffer.length * 2);
        grown.set(buffer);
        buffer = grown;
      }
      frameStart.push(start);
      frameEnd.push(this.generate(buffer, start));
      frameNext.push(start);
      return true;
    };
    push();
    while (frameStart.length > 0) {
      const f = frameStart.length - 1;
      if (frameNext[f] === frameEnd[f]) {
        frameStart.pop();
        frameEnd.pop();
        frameNext.pop();
        if (made.length > 0) this.undo(made.pop()!, madeUndo.pop()!);
        continue;
      }
      const move = buffer[frameNext[f]!++]!;
      const undo = this.apply(move);
      made.push(move);
      madeUndo.push(undo);
      if (this.won()) return line();
      if (!this.worthKeeping(move, undo) || !this.fresh(table, limits, push)) {
        made.pop();
        madeUndo.pop();
        this.undo(move, undo);
        if (this.stopped) return { result: 'budget', line: null, states: table.size };
      }
    }
    return { result: 'lost', line: null, states: table.size };
  }

  private stopped = false;

  /** Pushes the position if it is new and the limits allow; false otherwise (`stopped` when a limit was hit). */
  private fresh(table: KeyTable, limits: ThoughtfulLimits, push: () => boolean): boolean {
    if (table.size >= limits.maxStates || ((table.size & 1023) === 0 && limits.outOfTime())) {
      this.stopped = true;
      return false;
    }
    return push();
  }
}
