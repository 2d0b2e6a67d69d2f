/**
 * A Klondike solver for the model's rules with every card known: is a position winnable, and how?
 *
 * The rules are the model's (docs/klondike.md): the draw pile is a queue turned one card at a time
 * with unlimited passes, only its first card is playable, and the draw size changes only how many
 * cards are shown. The placement rules are rules.ts's `canBuildOn` and `canFoundOn`; this file keeps
 * only a compact state of its own for speed, and every winning line it returns is replayed through
 * the engine before it is reported.
 *
 * Why the stock can be treated as a reserve. Discards only rotate the queue, and playing a card
 * keeps the cyclic order of the others, so from any position every stock card can be brought to
 * the front by discards alone, and rotating back is possible too. Positions that differ only in the
 * queue's rotation therefore reach exactly the same positions: the search drops the rotation and
 * plays "stock card s" as one macro move (as many `discardDraw` as needed, then the play). The
 * discards are put back when the line is written out.
 *
 * The search: depth-first over positions, with a transposition table of exact canonical keys (the
 * piles as a multiset — piles are interchangeable for winnability — plus the remaining stock cards;
 * the foundations follow from those), stored whole (packed into 8 words for one deck, key-table.ts),
 * so a hash collision can never turn a winnable deal into an "unwinnable" claim. Pruning, each
 * sound (it never removes the last winning continuation of a winnable position):
 * - safe moves to foundations are made at once and not branched on (see `isSafe`);
 * - with every card face up the deal is won at once (see `playOut`);
 * - a position proved lost by the order its cards must leave in is not searched (deadlock.ts; see
 *   DEADLOCK_TRIAL for where the proof is run);
 * - a stock card goes up only on the way to a pile's card (see `stockChainUp`);
 * - a stock card goes to a pile, and a face-up build is split, only with a use (see `generate`);
 * - of several empty piles only the first receives a King (empty piles are interchangeable);
 * - a pile that is a King-led build from its first card never moves to an empty pile (no change);
 * - of equal cards in the stock (several decks) only one is tried.
 * So "unwinnable" means the search space left by these rules was exhausted.
 */
import { NUM_VALUES } from '../card.js';
import { encodeMove, KlondikeState } from '../engine.js';
import type { KlondikeMove } from '../moves.js';
import { canBuildOn, canFoundOn, NONE, RED, SUIT, VALUE } from '../rules.js';
import { DeadlockCheck } from './deadlock.js';
import { KeyTable } from './key-table.js';

export type SolveVerdict = 'winnable' | 'unwinnable' | 'undecided';

export interface SolveBudget {
  /** Wall-clock limit in milliseconds (default 10,000). */
  readonly timeMs?: number;
  /** Limit on distinct positions searched (default 5,000,000; the table then takes about 300 MB). */
  readonly maxStates?: number;
  /**
   * What `timeMs` measures: 'wall' (default) elapsed time, or 'cpu' the process's CPU time (Node
   * only; all its threads together, so meant for one thread), which a loaded machine does not shrink.
   */
  readonly clock?: 'wall' | 'cpu';
}

/** Milliseconds of CPU time used by this process (user + system). */
export function cpuNow(): number {
  const usage = (globalThis as { process?: { cpuUsage?: () => { user: number; system: number } } }).process?.cpuUsage?.();
  if (usage === undefined) throw new RangeError("The solver's 'cpu' clock needs Node's process.cpuUsage");
  return (usage.user + usage.system) / 1000;
}

export interface SolveResult {
  readonly verdict: SolveVerdict;
  /** For a winnable position: the model's moves, discards included, that win from it. */
  readonly moves: readonly KlondikeMove[] | null;
  /**
   * When no win was found (unwinnable or undecided): the model's moves to the furthest position
   * searched — the most cards on foundations plus face-down cards turned up — for a player that
   * must move anyway (empty when nothing got further than the start). Null for a winnable position.
   */
  readonly furthest: readonly KlondikeMove[] | null;
  /** Distinct positions searched. */
  readonly states: number;
  readonly elapsedMs: number;
}

export const DEFAULT_BUDGET = { timeMs: 10_000, maxStates: 5_000_000 } as const;

// Macro moves, packed: kind + 4·(a + 512·(b + 512·c)).
const PILE_TO_FOUNDATION = 0; // a = pile
const STOCK_TO_FOUNDATION = 1; // a = stock slot
const PILE_TO_PILE = 2; // a = source pile, b = first row moved, c = destination pile
const STOCK_TO_PILE = 3; // a = stock slot, c = destination pile
const pack = (kind: number, a: number, b: number, c: number): number => kind + 4 * (a + 512 * (b + 512 * c));

/**
 * The share of the budget the narrow pass may use (see `solveKlondike`). Measured on deals 1..1000
 * (draw 1): on each of the 77 deals proved unwinnable the narrow pass ran out of moves after at most
 * 16% of the positions of the whole proof, so a larger share takes nothing from those proofs, while
 * deal 519's narrow win needs about 1.5 million positions.
 */
const NARROW_SHARE = 0.8;

/**
 * A pass runs the deadlock proof (deadlock.ts) at each of its first DEADLOCK_TRIAL positions, and at
 * every later one only if it proved some position lost by then. Skipping the proof is always sound
 * (it only cuts lost positions short); it costs about a tenth of the time per position, and on most
 * deals it proves nothing past the start: over the 79 deals among 1..1000 proved unwinnable, running
 * it only at each pass's start searched 138 more positions (all in deal 97, where it proves lost
 * positions early on) out of 6.78 million, while on deals 396, 654 and 657 it cut thousands.
 */
const DEADLOCK_TRIAL = 20_000;

/** Words of a packed position key (`Position.packedKey`). */
const PACKED_WIDTH = 8;

/** How often (in search steps) the clock is read: `process.cpuUsage` is a system call, so not too often. */
const CLOCK_EVERY = 4096;

/**
 * The search's position. Invariants: `piles[p]` lists pile p's cards, row 0 first, the first
 * `hidden[p]` face-down, `faceDown` their sum; `inStock[i]` tells whether stock slot i (the queue's
 * order at the start) still holds `stock[i]`; `foundation` is the tops as in the engine;
 * `onFoundation[2·value + red]` counts the cards of that value and colour on foundations and
 * `onSuit[s]` those of suit s; `pileKey[p]` caches pile p's key part (null when stale). When
 * `packable`, `codes` and `words` are the position's `cardKey` codes and packed key, kept current
 * by every move (`setCode`, `setHidden`), so a position already seen costs no key building.
 */
class Position {
  readonly piles: number[][];
  readonly hidden: number[];
  readonly stock: number[];
  readonly inStock: Uint8Array;
  readonly foundation: number[];
  readonly onFoundation = new Int32Array(28);
  readonly inDeck = new Int32Array(28);
  /** Cards of each suit on foundations (with one deck a suit goes up in order: its next card is 13·s + onSuit[s]). */
  readonly onSuit = new Int32Array(4);
  /** Copies of each card in the deck (several with several decks). */
  readonly copies = new Uint8Array(52);
  /** The stock slot of each card (with several copies, one of them), or −1. */
  readonly slotOf = new Int16Array(52);
  /**
   * With one deck: where card c was last put in a pile, 32·pile + row (a pile holds at most 8
   * face-down cards and 13 face-up ones), or −1. Set whenever a card arrives in a pile and left
   * stale when it leaves, so it is read only through `faceUpAt`, which checks it.
   */
  private readonly location = new Int16Array(52).fill(-1);
  readonly pileKey: (string | null)[];
  stockKey: string | null = null;
  /** Whether every card of the deck is unique (one deck), so `cardKey` applies. */
  readonly uniqueCards: boolean;
  /** Whether `packedKey` applies: every card unique and at most 8 piles (so each code fits 4 bits). */
  readonly packable: boolean;
  /** When `packable`: `codes[c]` is where card c is, as `cardKey` says it (0: face-down or on a foundation). */
  private readonly codes = new Uint8Array(56);
  /** When `packable`: `codes` packed, 4 bits a card (cards 0..51), then 4 bits a pile's face-down count. */
  private readonly words = new Uint32Array(PACKED_WIDTH);
  private readonly scratchCodes = new Uint8Array(56);
  private readonly deadlock = new DeadlockCheck();
  private readonly keyChars: Uint16Array;
  founded = 0;
  /** Face-down cards in all piles. */
  faceDown = 0;
  readonly deckSize: number;

  constructor(state: KlondikeState) {
    const { piles, rows, stockSize, deckSize, composition } = state.config;
    this.deckSize = deckSize;
    this.piles = [];
    this.hidden = [];
    for (let p = 0; p < piles; p++) {
      const pile: number[] = [];
      for (let r = 0; r < state.heights[p]!; r++) pile.push(state.cells[p * rows + r]!);
      this.piles.push(pile);
      this.hidden.push(state.hidden[p]!);
      this.faceDown += state.hidden[p]!;
    }
    this.stock = [];
    for (let i = 0; i < state.queueLength; i++) this.stock.push(state.queue[(state.head + i) % stockSize]!);
    this.inStock = new Uint8Array(this.stock.length).fill(1);
    this.slotOf.fill(-1);
    this.stock.forEach((card, slot) => (this.slotOf[card] = slot));
    this.foundation = Array.from(state.foundation);
    for (let i = 0; i < deckSize; i++) {
      this.inDeck[colourValue(composition[i]!)]!++;
      this.copies[composition[i]!]!++;
    }
    for (const top of this.foundation) {
      // A foundation with top t holds A..t of t's suit.
      for (let c = top; c !== NONE && VALUE[c]! >= 1; c--) {
        this.onFoundation[colourValue(c)]!++;
        this.onSuit[SUIT[c]!]!++;
        this.founded++;
        if (VALUE[c] === 1) break;
      }
    }
    this.pileKey = this.piles.map(() => null);
    for (let p = 0; p < piles; p++) for (let r = 0; r < this.piles[p]!.length; r++) this.placed(p, r);
    this.uniqueCards = this.copies.every((n) => n <= 1);
    this.packable = this.uniqueCards && piles <= 8;
    this.keyChars = new Uint16Array(26 + piles);
    if (this.packable) {
      this.codes.set(this.cardCodes());
      for (let w = 0; w < 7; w++) {
        let word = 0;
        for (let i = 0; i < 8; i++) word |= this.codes[8 * w + i]! << (4 * i);
        this.words[w] = word >>> 0;
      }
      let word = 0;
      for (let p = 0; p < piles; p++) word |= this.hidden[p]! << (4 * p);
      this.words[7] = word >>> 0;
    }
  }

  won(): boolean {
    return this.founded === this.deckSize;
  }

  /** Whether the position is proved lost (see deadlock.ts; one deck only, else false). */
  hopeless(): boolean {
    return this.uniqueCards && this.deadlock.lost(this.piles, this.hidden, this.stock, this.inStock, this.copies);
  }

  /** The first foundation card c may go onto, or −1 (foundations with equal tops are interchangeable). */
  foundationFor(c: number): number {
    for (let f = 0; f < this.foundation.length; f++) if (canFoundOn(c, this.foundation[f]!)) return f;
    return -1;
  }

  /**
   * Whether card c may go onto a foundation now. With one deck that is "the cards of its suit below
   * it are up" (an Ace always finds an empty foundation: there is one per Ace), read off `onSuit`.
   */
  fits(c: number): boolean {
    return this.uniqueCards ? VALUE[c] === this.onSuit[SUIT[c]!]! + 1 : this.foundationFor(c) >= 0;
  }

  /** Records that pile p's card at row r arrived there (see `location`). */
  placed(p: number, r: number): void {
    this.location[this.piles[p]![r]!] = 32 * p + r;
  }

  /** With one deck: 32·pile + row of card c when it lies face up in a pile, else −1 (c may be −1). */
  faceUpAt(c: number): number {
    if (c < 0) return -1;
    const at = this.location[c]!;
    if (at < 0) return -1;
    const p = at >> 5;
    const r = at & 31;
    const pile = this.piles[p]!;
    return r < pile.length && pile[r] === c && r >= this.hidden[p]! ? at : -1;
  }

  /** Card c's `cardKey` code becomes `code` (only tracked when `packable`). */
  setCode(c: number, code: number): void {
    if (!this.packable) return;
    const old = this.codes[c]!;
    if (old === code) return;
    this.codes[c] = code;
    this.words[c >> 3] = this.words[c >> 3]! ^ ((old ^ code) << (4 * (c & 7)));
  }

  /** The `cardKey` code of pile p's face-up card at row r (as `cardCodes` gives it). */
  codeAt(p: number, r: number): number {
    const h = this.hidden[p]!;
    return r > h ? CODE_ON_SUIT + SUIT[this.piles[p]![r - 1]!]! : h === 0 ? CODE_BARE : CODE_ON_HIDDEN + p;
  }

  /** Pile p's face-down count becomes h (`faceDown` and the packed key follow). */
  setHidden(p: number, h: number): void {
    const old = this.hidden[p]!;
    this.hidden[p] = h;
    this.faceDown += h - old;
    if (this.packable) this.words[7] = this.words[7]! ^ ((old ^ h) << (4 * p));
  }

  /**
   * Whether putting card c onto a foundation can never turn a winnable position into an unwinnable
   * one. Cards never leave a foundation, and on a pile c can only ever carry a card one lower of the
   * other colour. If every such card is on a foundation already, c is of no further use in the
   * piles: any winning line stays winning with c's later moves left out (runs that carried c carry
   * one card fewer). Aces carry nothing. A 2 carries only an Ace of the other colour, and that Ace
   * could always have gone to a foundation instead (there is an empty foundation per Ace not yet
   * placed), so moving a 2 up is safe too.
   * With several copies of c the argument fails (which copy goes up first decides what it uncovers,
   * and the other copy may need that foundation), so such cards are never moved at once.
   */
  isSafe(c: number): boolean {
    if (this.copies[c] !== 1) return false;
    const value = VALUE[c]!;
    if (value <= 2) return true;
    const other = 1 - RED[c]!;
    const below = 2 * (value - 1) + other;
    if (this.onFoundation[below] === this.inDeck[below]) return true;
    // The wider rule: every card of the other colour two lower, and of c's colour three lower, on
    // foundations. Then a card d that could go onto c (one lower, other colour) could go to its
    // foundation instead whenever it would go onto c, and so could a card e that could go onto d
    // (two lower, c's colour): everything e could carry is up already. So a winning line stays
    // winning with c up now and each d and e that it put onto c (or onto such a d) put up
    // instead: those cards always lie at the ends of piles, and every other move stays legal.
    // (For a 3, e is an Ace: there are no cards three lower.)
    const twoBelow = 2 * (value - 2) + other;
    const threeBelow = 2 * (value - 3) + RED[c]!;
    return this.onFoundation[twoBelow] === this.inDeck[twoBelow] && this.onFoundation[threeBelow] === this.inDeck[threeBelow];
  }

  /**
   * The position's exact canonical key (see `cardKey`; with several copies of a card, where "the
   * card it lies on" is ambiguous, the piles' contents sorted, then the stock).
   */
  key(): string {
    if (this.uniqueCards) return this.cardKey();
    const parts: string[] = [];
    for (let p = 0; p < this.piles.length; p++) {
      let part = this.pileKey[p];
      if (part === null || part === undefined) {
        // Hidden count first, then the cards: 'A'+hidden, then one character per card.
        part = String.fromCharCode(65 + this.hidden[p]!, ...this.piles[p]!.map((c) => c + 97));
        this.pileKey[p] = part;
      }
      parts.push(part);
    }
    parts.sort();
    if (this.stockKey === null) {
      let text = '';
      for (let i = 0; i < this.stock.length; i++) text += this.inStock[i] === 1 ? '1' : '0';
      this.stockKey = text;
    }
    return `${parts.join(',')}|${this.stockKey}`;
  }

  /**
   * The key when every card is unique: each pile's face-down count, and for each card where it is —
   * in the stock; first face-up card on pile p's face-down cards; first card of a pile with nothing
   * under it (such piles are interchangeable, so which pile is not said); or on the card one higher
   * of suit s (a build fixes the value, the suit says which card). Face-down cards follow from the
   * counts (a pile's face-down cards are always the first ones dealt to it) and the rest are on
   * foundations. The piles can be rebuilt from this, so it is exact, and it is the same for
   * positions that differ only in the order of piles.
   */
  private cardKey(): string {
    const codes = this.cardCodes();
    const { piles, hidden } = this;
    const chars = this.keyChars;
    for (let i = 0; i < 26; i++) chars[i] = codes[2 * i]! | (codes[2 * i + 1]! << 8);
    for (let p = 0; p < piles.length; p++) chars[26 + p] = hidden[p]!;
    return String.fromCharCode.apply(null, chars as unknown as number[]);
  }

  /** `codes[c]`: where card c is, as `cardKey` says it (0: face-down or on a foundation), computed afresh. */
  private cardCodes(): Uint8Array {
    const codes = this.scratchCodes;
    codes.fill(0);
    const { piles, hidden } = this;
    for (let p = 0; p < piles.length; p++) {
      const pile = piles[p]!;
      for (let r = hidden[p]!; r < pile.length; r++) codes[pile[r]!] = this.codeAt(p, r);
    }
    for (let i = 0; i < this.stock.length; i++) if (this.inStock[i] === 1) codes[this.stock[i]!] = CODE_STOCK;
    return codes;
  }

  /**
   * `cardKey`'s content packed into PACKED_WIDTH words: 4 bits per card code (cards 0..51), then 4
   * bits per pile's face-down count (at most 7 with 8 piles). Only when `packable`. The words are
   * the position's own, kept current by the moves: read them before the next move.
   */
  packedKey(): Uint32Array {
    return this.words;
  }

  /** Whether the kept packed key equals one computed afresh (for the tests of the invariant). */
  packedKeyIsCurrent(): boolean {
    const codes = this.cardCodes();
    for (let c = 0; c < 56; c++) if (codes[c] !== this.codes[c]) return false;
    for (let w = 0; w < 7; w++) {
      let word = 0;
      for (let i = 0; i < 8; i++) word |= codes[8 * w + i]! << (4 * i);
      if (this.words[w] !== word >>> 0) return false;
    }
    let word = 0;
    for (let p = 0; p < this.hidden.length; p++) word |= this.hidden[p]! << (4 * p);
    return this.words[7] === word >>> 0;
  }
}

// Where a card is, in `cardKey` (0: face-down or on a foundation).
const CODE_BARE = 1;
const CODE_STOCK = 2;
const CODE_ON_SUIT = 3; // + suit of the card below
const CODE_ON_HIDDEN = 7; // + pile

function colourValue(c: number): number {
  return 2 * VALUE[c]! + RED[c]!;
}

/** An applied macro move and the foundation it used (to-foundation moves), else −1: a line's step. */
interface Applied {
  readonly move: number;
  readonly foundation: number;
}

/**
 * What undoing an applied move needs, as one number (no object per move): the foundation used + 1
 * (0 for none), plus 65,536 × (1 if a face-down card was turned up, plus 2 × the cards moved).
 */
const auxOf = (foundation: number, flipped: boolean, count: number): number => foundation + 1 + 65_536 * ((flipped ? 1 : 0) + 2 * count);
const foundationOf = (aux: number): number => (aux % 65_536) - 1;

/**
 * The moves applied so far in the search, each with its `auxOf`, in two growable integer arrays.
 * Invariant: entries 0..length−1 are the moves from the pass's start to the current position.
 */
class Path {
  moves = new Int32Array(256);
  aux = new Int32Array(256);
  length = 0;

  /** Applies `move` to `pos` and records it. */
  apply(pos: Position, move: number): void {
    if (this.length === this.moves.length) {
      const moves = new Int32Array(2 * this.length);
      const aux = new Int32Array(2 * this.length);
      moves.set(this.moves);
      aux.set(this.aux);
      this.moves = moves;
      this.aux = aux;
    }
    const aux = apply(pos, move);
    this.moves[this.length] = move;
    this.aux[this.length++] = aux;
  }

  /** Undoes the last `n` moves on `pos`. */
  undo(pos: Position, n: number): void {
    for (let i = 0; i < n; i++) {
      this.length--;
      undo(pos, this.moves[this.length]!, this.aux[this.length]!);
    }
  }

  /** The line so far, as steps. */
  steps(): Applied[] {
    const steps: Applied[] = [];
    for (let i = 0; i < this.length; i++) steps.push({ move: this.moves[i]!, foundation: foundationOf(this.aux[i]!) });
    return steps;
  }
}

/** Applies `move` to `pos`; returns its `auxOf`. */
function apply(pos: Position, move: number): number {
  const kind = move & 3;
  let rest = move >>> 2;
  const a = rest % 512;
  rest = (rest - a) / 512;
  const b = rest % 512;
  const c = (rest - b) / 512;
  let foundation = -1;
  let src = -1;
  let count = 1;
  if (kind === PILE_TO_FOUNDATION || kind === STOCK_TO_FOUNDATION) {
    const card = kind === PILE_TO_FOUNDATION ? pos.piles[a]!.pop()! : pos.stock[a]!;
    if (kind === PILE_TO_FOUNDATION) {
      src = a;
      pos.pileKey[a] = null;
    } else {
      pos.inStock[a] = 0;
      pos.stockKey = null;
    }
    foundation = pos.foundationFor(card);
    pos.foundation[foundation] = card;
    pos.onFoundation[colourValue(card)]!++;
    pos.onSuit[SUIT[card]!]!++;
    pos.founded++;
    pos.setCode(card, 0);
  } else if (kind === PILE_TO_PILE) {
    const from = pos.piles[a]!;
    const to = pos.piles[c]!;
    const first = to.length;
    count = from.length - b;
    for (let r = b; r < from.length; r++) {
      to.push(from[r]!);
      pos.placed(c, to.length - 1);
    }
    // pop rather than shortening `length`, which V8 does far more slowly.
    for (let r = 0; r < count; r++) from.pop();
    pos.setCode(to[first]!, pos.codeAt(c, first));
    pos.pileKey[a] = null;
    pos.pileKey[c] = null;
    src = a;
  } else {
    const to = pos.piles[c]!;
    to.push(pos.stock[a]!);
    pos.placed(c, to.length - 1);
    pos.setCode(pos.stock[a]!, pos.codeAt(c, to.length - 1));
    pos.inStock[a] = 0;
    pos.stockKey = null;
    pos.pileKey[c] = null;
  }
  let flipped = false;
  if (src >= 0) {
    const height = pos.piles[src]!.length;
    if (height > 0 && pos.hidden[src] === height) {
      pos.setHidden(src, height - 1);
      pos.setCode(pos.piles[src]![height - 1]!, pos.codeAt(src, height - 1));
      flipped = true;
    }
  }
  return auxOf(foundation, flipped, count);
}

/** Undoes `move`, applied with the result `aux` (see `auxOf`). */
function undo(pos: Position, move: number, aux: number): void {
  const foundation = foundationOf(aux);
  const flipped = Math.floor(aux / 65_536) % 2 === 1;
  const count = Math.floor(aux / 131_072);
  const kind = move & 3;
  const a = (move >>> 2) % 512;
  const c = Math.floor(move / (4 * 512 * 512));
  if (flipped) {
    const h = pos.hidden[a]!;
    pos.setCode(pos.piles[a]![h]!, 0);
    pos.setHidden(a, h + 1);
  }
  if (kind === PILE_TO_FOUNDATION || kind === STOCK_TO_FOUNDATION) {
    const card = pos.foundation[foundation]!;
    pos.foundation[foundation] = VALUE[card] === 1 ? NONE : card - 1;
    pos.onFoundation[colourValue(card)]!--;
    pos.onSuit[SUIT[card]!]!--;
    pos.founded--;
    if (kind === PILE_TO_FOUNDATION) {
      const pile = pos.piles[a]!;
      pile.push(card);
      pos.placed(a, pile.length - 1);
      pos.setCode(card, pos.codeAt(a, pile.length - 1));
      pos.pileKey[a] = null;
    } else {
      pos.setCode(card, CODE_STOCK);
      pos.inStock[a] = 1;
      pos.stockKey = null;
    }
  } else if (kind === PILE_TO_PILE) {
    const to = pos.piles[c]!;
    const from = pos.piles[a]!;
    const first = to.length - count;
    const row = from.length;
    for (let r = first; r < to.length; r++) {
      from.push(to[r]!);
      pos.placed(a, from.length - 1);
    }
    for (let r = 0; r < count; r++) to.pop();
    pos.setCode(from[row]!, pos.codeAt(a, row));
    pos.pileKey[a] = null;
    pos.pileKey[c] = null;
  } else {
    pos.setCode(pos.piles[c]!.pop()!, CODE_STOCK);
    pos.inStock[a] = 1;
    pos.stockKey = null;
    pos.pileKey[c] = null;
  }
}

/**
 * Compound moves in one flat, growable array: each entry is its length n, then its n packed
 * moves. The search keeps every open position's moves in one such list (a stack of regions), so
 * generating moves allocates nothing once the list has grown.
 */
class MoveList {
  data = new Int32Array(1024);
  length = 0;

  private reserve(extra: number): void {
    if (this.length + extra <= this.data.length) return;
    const data = new Int32Array(Math.max(2 * this.data.length, this.length + extra));
    data.set(this.data.subarray(0, this.length));
    this.data = data;
  }

  /** Appends the entry: `prefix[0..prefixLength)`, then `last`. */
  add(prefix: Int32Array, prefixLength: number, last: number): void {
    const n = prefixLength + 1;
    this.reserve(n + 1);
    const data = this.data;
    let at = this.length;
    data[at++] = n;
    for (let i = 0; i < prefixLength; i++) data[at++] = prefix[i]!;
    data[at++] = last;
    this.length = at;
  }

  /** Appends every entry of `other`. */
  append(other: MoveList): void {
    this.reserve(other.length);
    // A plain loop: the lists are short, and `subarray` would allocate a view each time.
    const { data } = this;
    const from = other.data;
    let at = this.length;
    for (let i = 0; i < other.length; i++) data[at++] = from[i]!;
    this.length = at;
  }
}

/** The moves that lead up to the ones being listed (a split, stock cards put onto piles): `PREFIX[0..k)`. */
const PREFIX = new Int32Array(64);
// Scratch lists of `generate`, one per kind of move, reused from call to call (it is not reentrant).
const TO_FOUNDATION = new MoveList();
const FROM_STOCK = new MoveList();
const OTHERS = new MoveList();
let revealing = new Int32Array(64);

/**
 * Appends to `out` the moves worth trying in `pos`, most promising first: to a foundation; a run
 * that turns up a face-down card or empties a pile; stock cards to a pile; any other run. Each entry
 * is one move or a compound of moves made together.
 *
 * A stock card goes to a pile only together with what it is for: a run moved onto it, or another
 * stock card onto it (with, in turn, what that one is for). This loses nothing: in any winning
 * line, a stock card's move to a pile can be put off until just before something is built on it —
 * meanwhile nothing could be put on it or taken from under it without it, and a run carrying it can
 * carry one card fewer, the card following later. A card never built on can stay in the stock
 * until it goes to a foundation. So the search stays complete, up to the prunings of the file's
 * comment, while never parking stock cards on piles for no use.
 */
function generate(pos: Position, seenStamp: Int32Array, stamp: number, narrow: boolean, out: MoveList): void {
  TO_FOUNDATION.length = 0;
  FROM_STOCK.length = 0;
  OTHERS.length = 0;
  let revealingCount = 0;
  const { piles, hidden } = pos;
  let firstEmpty = -1;
  for (let p = 0; p < piles.length; p++) {
    if (piles[p]!.length === 0) {
      firstEmpty = p;
      break;
    }
  }
  for (let p = 0; p < piles.length; p++) {
    const pile = piles[p]!;
    const height = pile.length;
    if (height === 0) continue;
    const top = pile[height - 1]!;
    if (pos.fits(top)) TO_FOUNDATION.add(PREFIX, 0, pack(PILE_TO_FOUNDATION, p, 0, 0));
    else if (pos.uniqueCards) stockChainUp(pos, top, p, TO_FOUNDATION, 0);
    for (let row = hidden[p]!; row < height; row++) {
      const card = pile[row]!;
      // The first face-up card moving turns a face-down card up or empties the pile.
      const reveals = row === hidden[p]!;
      // The narrow search splits a face-up build only to send the card it uncovers to a foundation.
      if (narrow && !reveals && !pos.fits(pile[row - 1]!)) continue;
      for (let q = 0; q < piles.length; q++) {
        if (q === p) continue;
        const dest = piles[q]!;
        if (dest.length === 0) {
          // Empty piles are interchangeable; a King-led whole pile moving to one changes nothing.
          if (q !== firstEmpty || row === 0 || !canBuildOn(card, NONE)) continue;
        } else if (!canBuildOn(card, dest[dest.length - 1]!)) continue;
        if (reveals) {
          if (revealingCount === revealing.length) {
            const grown = new Int32Array(2 * revealing.length);
            grown.set(revealing);
            revealing = grown;
          }
          revealing[revealingCount++] = pack(PILE_TO_PILE, p, row, q);
        } else splitWithUses(pos, p, row, q, narrow, OTHERS);
      }
    }
  }
  if (pos.uniqueCards) stockToPiles(pos, firstEmpty, narrow);
  for (let i = 0; i < pos.stock.length && !pos.uniqueCards; i++) {
    if (pos.inStock[i] === 0) continue;
    const card = pos.stock[i]!;
    // Equal cards (several decks) are interchangeable wherever they are in the stock.
    if (seenStamp[card] === stamp) continue;
    seenStamp[card] = stamp;
    if (pos.fits(card)) TO_FOUNDATION.add(PREFIX, 0, pack(STOCK_TO_FOUNDATION, i, 0, 0));
    for (let q = 0; q < piles.length; q++) {
      const dest = piles[q]!;
      if (dest.length === 0 ? q === firstEmpty && canBuildOn(card, NONE) : canBuildOn(card, dest[dest.length - 1]!)) {
        withUse(pos, 0, i, q, narrow, FROM_STOCK);
      }
    }
  }
  out.append(TO_FOUNDATION);
  // Deepest piles first: turning up a card where most are face-down frees the most (on hard deals
  // this ordering finds wins in hundreds of positions where pile order needed over 100,000). A
  // stable insertion sort: moves from equally deep piles keep their order.
  for (let i = 1; i < revealingCount; i++) {
    const move = revealing[i]!;
    const depth = hidden[sourceOf(move)]!;
    let j = i - 1;
    for (; j >= 0 && hidden[sourceOf(revealing[j]!)]! < depth; j--) revealing[j + 1] = revealing[j]!;
    revealing[j + 1] = move;
  }
  for (let i = 0; i < revealingCount; i++) out.add(PREFIX, 0, revealing[i]!);
  out.append(FROM_STOCK);
  out.append(OTHERS);
}

/** Stock slot and pile pairs of `stockToPiles`, as 16·slot + pile. */
const PAIRS = new Int32Array(64);

/**
 * With one deck, `generate`'s stock cards to piles: `withUse` of each stock card onto each pile it
 * fits, into FROM_STOCK, in the order of a scan of the stock (then of the piles), but found by
 * looking up the two cards that fit on each pile's last card (and the Kings, for the first empty
 * pile). (With one deck, stock cards go up only on the way to a pile's card: see `stockChainUp`.)
 */
function stockToPiles(pos: Position, firstEmpty: number, narrow: boolean): void {
  let n = 0;
  const { piles } = pos;
  for (let q = 0; q < piles.length; q++) {
    const dest = piles[q]!;
    if (dest.length === 0) {
      if (q !== firstEmpty) continue;
      for (let suit = 0; suit < 4; suit++) {
        const slot = stockSlot(pos, NUM_VALUES * suit + NUM_VALUES - 1);
        if (slot >= 0) PAIRS[n++] = 16 * slot + q;
      }
      continue;
    }
    const top = dest[dest.length - 1]!;
    const s1 = stockSlot(pos, BUILDERS[2 * top]!);
    const s2 = stockSlot(pos, BUILDERS[2 * top + 1]!);
    if (s1 >= 0) PAIRS[n++] = 16 * s1 + q;
    if (s2 >= 0) PAIRS[n++] = 16 * s2 + q;
  }
  for (let i = 1; i < n; i++) {
    const pair = PAIRS[i]!;
    let j = i - 1;
    for (; j >= 0 && PAIRS[j]! > pair; j--) PAIRS[j + 1] = PAIRS[j]!;
    PAIRS[j + 1] = pair;
  }
  for (let i = 0; i < n; i++) withUse(pos, 0, PAIRS[i]! >> 4, PAIRS[i]! & 15, narrow, FROM_STOCK);
}

/**
 * With one deck: appends to `out` the compound that puts the stock cards below `top` (the last card
 * of pile p) on its foundation and then `top`, when the cards missing under `top` are all in the
 * stock (after `PREFIX[0..prefixLength)`: a split uses the card it uncovers so, see
 * `splitWithUses`). This is the only way the search sends a stock card up (besides safe moves), and
 * it loses nothing: a stock card is always at hand, so in a winning line its move up can be put off
 * until just before the next card of its suit goes up — a pile's card, at the end of such a chain,
 * or a stock card, itself put off in turn (the last cards go up once every card is face up,
 * `playOut`). Meanwhile it stays in the stock, which takes nothing away from any other move.
 */
function stockChainUp(pos: Position, top: number, p: number, out: MoveList, prefixLength: number): void {
  // The lowest card of the chain: every card from it up to `top` − 1 in the stock, and it fits.
  let lowest = top - 1;
  for (; ; lowest--) {
    if (VALUE[lowest + 1]! <= 1) return;
    if (stockSlot(pos, lowest) < 0) return;
    if (pos.fits(lowest)) break;
  }
  let n = prefixLength;
  for (let c = lowest; c < top; c++) PREFIX[n++] = pack(STOCK_TO_FOUNDATION, pos.slotOf[c]!, 0, 0);
  out.add(PREFIX, n, pack(PILE_TO_FOUNDATION, p, 0, 0));
}

/** The source pile of a packed pile move. */
const sourceOf = (move: number): number => (move >>> 2) % 512;

/**
 * Appends to `out` each compound: the split of pile p's face-up build at `row` onto pile q, then a
 * use of the card c it uncovers — c to a foundation; a run from another pile onto c; a stock card
 * onto c (with its own use, see `withUse`); or c itself onto another pile. The narrow pass takes the
 * first kind only.
 *
 * Why this loses nothing: a split only uncovers c (the run moved is as playable on c as where it
 * goes: anything built on its last card, or taken from it, can be built or taken where it was, and
 * the card it lands on can carry nothing else meanwhile). So in a winning line the split can be put
 * off until just before c's next use — onto the same card, wherever that card is by then — and if
 * the run has left c by other moves in the meantime, the split is not needed at all.
 */
function splitWithUses(pos: Position, p: number, row: number, q: number, narrow: boolean, out: MoveList): void {
  const split = pack(PILE_TO_PILE, p, row, q);
  const aux = apply(pos, split);
  PREFIX[0] = split;
  const { piles, hidden } = pos;
  const c = piles[p]![row - 1]!;
  // c up: at once, or (one deck) after the stock cards below it — those are put off until just
  // before c goes up (see `stockChainUp`), so the split can come first.
  if (pos.fits(c)) out.add(PREFIX, 1, pack(PILE_TO_FOUNDATION, p, 0, 0));
  else if (pos.uniqueCards) stockChainUp(pos, c, p, out, 1);
  if (!narrow) {
    let firstEmpty = -1;
    for (let e = 0; e < piles.length && firstEmpty < 0; e++) if (piles[e]!.length === 0) firstEmpty = e;
    // One deck: where the two cards that fit on c lie face up (looked up rather than scanned for).
    const at1 = pos.uniqueCards ? pos.faceUpAt(BUILDERS[2 * c]!) : -1;
    const at2 = pos.uniqueCards ? pos.faceUpAt(BUILDERS[2 * c + 1]!) : -1;
    for (let e = 0; e < piles.length; e++) {
      if (e === p) continue;
      const other = piles[e]!;
      // A run from pile e onto c.
      if (!pos.uniqueCards) {
        for (let r = hidden[e]!; r < other.length; r++) if (canBuildOn(other[r]!, c)) out.add(PREFIX, 1, pack(PILE_TO_PILE, e, r, p));
      } else if (at1 >= 0 && at1 >> 5 === e) out.add(PREFIX, 1, pack(PILE_TO_PILE, e, at1 & 31, p));
      else if (at2 >= 0 && at2 >> 5 === e) out.add(PREFIX, 1, pack(PILE_TO_PILE, e, at2 & 31, p));
      // c onto pile e (an empty one: a King with cards under it, to the first empty pile only).
      if (other.length === 0 ? e === firstEmpty && canBuildOn(c, NONE) : canBuildOn(c, other[other.length - 1]!)) out.add(PREFIX, 1, pack(PILE_TO_PILE, p, row - 1, e));
    }
    // A stock card onto c, with its own use.
    stockOnto(pos, 1, c, p, narrow, out);
  }
  undo(pos, split, aux);
}

/**
 * Appends to `out` each compound: `PREFIX[0..prefixLength)`, stock slot `slot` to pile `q`, then a
 * use of that card — a run from another pile onto it, or another stock card onto it followed by a
 * use of that one.
 */
function withUse(pos: Position, prefixLength: number, slot: number, q: number, narrow: boolean, out: MoveList): void {
  const card = pos.stock[slot]!;
  PREFIX[prefixLength] = pack(STOCK_TO_PILE, slot, 0, q);
  const chainLength = prefixLength + 1;
  const { piles, hidden } = pos;
  if (pos.uniqueCards) {
    // One deck: the two cards that fit on it, looked up, in pile order as the scan below finds
    // them (a pile's face-up cards form a build, so they lie in different piles).
    const at1 = pos.faceUpAt(BUILDERS[2 * card]!);
    const at2 = pos.faceUpAt(BUILDERS[2 * card + 1]!);
    const first = at1 < 0 || (at2 >= 0 && at2 < at1) ? at2 : at1;
    runOnto(pos, first, q, narrow, chainLength, out);
    runOnto(pos, first === at1 ? at2 : at1, q, narrow, chainLength, out);
  } else {
    for (let p = 0; p < piles.length; p++) {
      if (p === q) continue;
      const pile = piles[p]!;
      for (let row = hidden[p]!; row < pile.length; row++) {
        if (!canBuildOn(pile[row]!, card)) continue;
        if (narrow && row > hidden[p]! && !pos.fits(pile[row - 1]!)) continue;
        out.add(PREFIX, chainLength, pack(PILE_TO_PILE, p, row, q));
      }
    }
  }
  // Another stock card onto this one (this slot marked used while the chain grows).
  pos.inStock[slot] = 0;
  stockOnto(pos, chainLength, card, q, narrow, out);
  pos.inStock[slot] = 1;
}

/**
 * With one deck, for `withUse`: appends `PREFIX[0..prefixLength)` and the run from `at` (32·pile +
 * row of its first card, or −1 for none) onto pile q, unless that pile is q, or the narrow pass
 * would not split the build there.
 */
function runOnto(pos: Position, at: number, q: number, narrow: boolean, prefixLength: number, out: MoveList): void {
  if (at < 0) return;
  const p = at >> 5;
  const row = at & 31;
  if (p === q || (narrow && row > pos.hidden[p]! && !pos.fits(pos.piles[p]![row - 1]!))) return;
  out.add(PREFIX, prefixLength, pack(PILE_TO_PILE, p, row, q));
}

/**
 * For each stock card that can go onto `card` (the last card of pile q, or about to be), in stock
 * order and equal cards once: `withUse` of it after `PREFIX[0..prefixLength)`.
 */
function stockOnto(pos: Position, prefixLength: number, card: number, q: number, narrow: boolean, out: MoveList): void {
  if (pos.uniqueCards) {
    // One deck: only the two cards of BUILDERS can go onto it; looked up rather than scanned for.
    const slots = stockBuilders(pos, card);
    if (slots % 1024 > 0) withUse(pos, prefixLength, (slots % 1024) - 1, q, narrow, out);
    if (slots >= 1024) withUse(pos, prefixLength, (slots >> 10) - 1, q, narrow, out);
    return;
  }
  const tried: number[] = [];
  for (let i = 0; i < pos.stock.length; i++) {
    if (pos.inStock[i] === 0) continue;
    const next = pos.stock[i]!;
    if (tried.includes(next) || !canBuildOn(next, card)) continue;
    tried.push(next);
    withUse(pos, prefixLength, i, q, narrow, out);
  }
}

/**
 * `BUILDERS[2·c]` and `BUILDERS[2·c + 1]`: the two cards of a deck that can go onto card c (one
 * lower, the other colour), or −1 for an Ace (none).
 */
const BUILDERS = (() => {
  const table = new Int16Array(2 * VALUE.length).fill(-1);
  for (let c = 0; c < VALUE.length; c++) {
    let n = 0;
    for (let d = 0; d < VALUE.length; d++) if (canBuildOn(d, c)) table[2 * c + n++] = d;
  }
  return table;
})();

/** With one deck: the stock slot that still holds card c, or −1 (c is −1, or not in the stock). */
function stockSlot(pos: Position, c: number): number {
  if (c < 0) return -1;
  const slot = pos.slotOf[c]!;
  return slot >= 0 && pos.inStock[slot] === 1 ? slot : -1;
}

/**
 * With one deck: the stock slots holding a card that can go onto `card`, in stock order, as one
 * number without allocating — (first slot + 1) + 1024·(second slot + 1), 0 standing for none (so
 * `% 1024` is the first, `>> 10` the second, and the first is 0 only when both are).
 */
function stockBuilders(pos: Position, card: number): number {
  const s1 = stockSlot(pos, BUILDERS[2 * card]!);
  const s2 = stockSlot(pos, BUILDERS[2 * card + 1]!);
  const first = s1 < 0 || (s2 >= 0 && s2 < s1) ? s2 : s1;
  const second = first === s1 ? s2 : s1;
  return first + 1 + 1024 * (second + 1);
}

/**
 * With every card face up, plays every card to the foundations (pushing the moves on `path`) and
 * says whether that won, which it always does: the lowest value not all on foundations has its
 * cards at the ends of piles or in the stock (a pile's face-up cards are a build, so anything lying
 * on such a card is lower, and all lower cards are up already), and each fits its foundation. So
 * repeating "play any card that fits" never gets stuck. (`false` would be a defect; the caller
 * then undoes the moves and searches on.)
 */
function playOut(pos: Position, path: Path): boolean {
  for (let progress = true; progress; ) {
    progress = false;
    for (let p = 0; p < pos.piles.length; p++) {
      const pile = pos.piles[p]!;
      while (pile.length > 0 && pos.fits(pile[pile.length - 1]!)) {
        path.apply(pos, pack(PILE_TO_FOUNDATION, p, 0, 0));
        progress = true;
      }
    }
    for (let i = 0; i < pos.stock.length; i++) {
      if (pos.inStock[i] === 1 && pos.fits(pos.stock[i]!)) {
        path.apply(pos, pack(STOCK_TO_FOUNDATION, i, 0, 0));
        progress = true;
      }
    }
  }
  return pos.won();
}

/**
 * Applies safe foundation moves until none is left; pushes them on `path`, returns how many. Which
 * safe move goes first does not matter: a safe card that fits stays safe and fitting while others
 * go up (safety only grows with the foundations), so every order ends in the same position.
 */
function applySafeMoves(pos: Position, path: Path): number {
  let made = 0;
  for (let progress = true; progress; ) {
    progress = false;
    for (let p = 0; p < pos.piles.length; p++) {
      const pile = pos.piles[p]!;
      while (pile.length > 0) {
        const card = pile[pile.length - 1]!;
        if (!pos.fits(card) || !pos.isSafe(card)) break;
        path.apply(pos, pack(PILE_TO_FOUNDATION, p, 0, 0));
        made++;
        progress = true;
      }
    }
    if (pos.uniqueCards) {
      // One deck: the only stock cards that can go up are the next card of each suit.
      for (let s = 0; s < 4; s++) {
        if (pos.onSuit[s]! >= NUM_VALUES) continue;
        const card = NUM_VALUES * s + pos.onSuit[s]!;
        const slot = stockSlot(pos, card);
        if (slot < 0 || !pos.isSafe(card)) continue;
        path.apply(pos, pack(STOCK_TO_FOUNDATION, slot, 0, 0));
        made++;
        progress = true;
      }
      continue;
    }
    for (let i = 0; i < pos.stock.length; i++) {
      if (pos.inStock[i] === 0) continue;
      const card = pos.stock[i]!;
      if (!pos.isSafe(card) || !pos.fits(card)) continue;
      path.apply(pos, pack(STOCK_TO_FOUNDATION, i, 0, 0));
      made++;
      progress = true;
    }
  }
  return made;
}

/** What one search pass ended with: a winning line, or the space exhausted or out of budget with the line to the furthest position. */
type PassOutcome =
  | { readonly kind: 'won'; readonly line: readonly Applied[] }
  | { readonly kind: 'exhausted' | 'budget'; readonly furthest: readonly Applied[]; readonly progress: number };

/** How far a position has got: cards on foundations plus face-down cards turned up (the hidden count falls). */
function progressOf(pos: Position): number {
  return pos.founded - pos.faceDown;
}

/**
 * One depth-first pass from `state` over the positions reachable with `generate(…, narrow)`'s
 * moves, stopping at `deadline` (a time of the clock `now`) or after `maxStates` positions.
 * `counter.states` grows by the positions this pass searched.
 *
 * The open positions' moves lie in one MoveList, `stack`, a region per open position (frame):
 * frame d's entries are `stack.data[start[d] .. end[d])`, `next[d]` the next entry to try and
 * `tried[d]` the one being searched below it; `safe[d]` counts the safe moves made on entering it
 * (undone on leaving).
 */
function searchPass(state: KlondikeState, narrow: boolean, now: () => number, deadline: number, maxStates: number, counter: { states: number }, checkKeys = false): PassOutcome {
  const pos = new Position(state);
  // The transposition table: packed keys when they apply (one deck, at most 8 piles), else strings.
  const table = pos.packable ? new KeyTable(PACKED_WIDTH) : null;
  const strings = new Set<string>();
  /** Adds the current position to the table; false if it was there. */
  const visit = (): boolean => {
    if (table !== null) {
      if (checkKeys && !pos.packedKeyIsCurrent()) throw new Error('Klondike solver defect: the kept position key went stale');
      return table.add(pos.packedKey());
    }
    const key = pos.key();
    if (strings.has(key)) return false;
    strings.add(key);
    return true;
  };
  const path = new Path();
  const stack = new MoveList();
  const start: number[] = [];
  const end: number[] = [];
  const next: number[] = [];
  const tried: number[] = [];
  const safeMade: number[] = [];
  let depth = 0;
  const seenStamp = new Int32Array(64);
  let stamp = 0;
  let furthest: readonly Applied[] = [];
  let best = progressOf(pos);
  const statesBefore = counter.states;
  let deadlockUseful = false;

  /** Enters the current position: 'won', 'seen' (nothing pushed), or 'entered' (a frame pushed). */
  const enter = (): 'won' | 'seen' | 'entered' => {
    const safe = applySafeMoves(pos, path);
    if (pos.won()) return 'won';
    if (pos.faceDown === 0) {
      // Every card face up: always won (see `playOut`).
      const before = path.length;
      if (playOut(pos, path)) return 'won';
      path.undo(pos, path.length - before);
    }
    if (!visit()) {
      path.undo(pos, safe);
      return 'seen';
    }
    counter.states++;
    // The deadlock proof at every position while it earns its cost (see DEADLOCK_TRIAL).
    if ((deadlockUseful || counter.states - statesBefore <= DEADLOCK_TRIAL) && pos.hopeless()) {
      deadlockUseful = true;
      // A leaf: no move can lead to a win (see `hopeless`).
      path.undo(pos, safe);
      return 'seen';
    }
    const progress = progressOf(pos);
    if (progress > best) {
      best = progress;
      furthest = path.steps();
    }
    start[depth] = stack.length;
    generate(pos, seenStamp, ++stamp, narrow, stack);
    end[depth] = stack.length;
    next[depth] = start[depth]!;
    tried[depth] = -1;
    safeMade[depth] = safe;
    depth++;
    return 'entered';
  };

  if (maxStates < 1) return { kind: 'budget', furthest, progress: best };
  if (enter() === 'won') return { kind: 'won', line: path.steps() };
  let sinceClock = 0;
  while (depth > 0) {
    if (counter.states - statesBefore >= maxStates) return { kind: 'budget', furthest, progress: best };
    if (++sinceClock === CLOCK_EVERY) {
      sinceClock = 0;
      if (now() >= deadline) return { kind: 'budget', furthest, progress: best };
    }
    const d = depth - 1;
    const at = next[d]!;
    if (at < end[d]!) {
      const n = stack.data[at]!;
      tried[d] = at;
      next[d] = at + 1 + n;
      for (let i = 1; i <= n; i++) path.apply(pos, stack.data[at + i]!);
      const entered = enter();
      if (entered === 'won') return { kind: 'won', line: path.steps() };
      if (entered === 'seen') path.undo(pos, n);
      continue;
    }
    depth--;
    stack.length = start[d]!;
    path.undo(pos, safeMade[d]!);
    // The compound that led here.
    if (depth > 0) path.undo(pos, stack.data[tried[depth - 1]!]!);
  }
  return { kind: 'exhausted', furthest, progress: best };
}

/**
 * Solves a fully dealt engine position (every card known; a `KlondikeState.fromDeck` deal or any
 * later position of one) under the model's rules, within `budget`.
 *
 * Two passes. The first, narrow, pass looks for a win among fewer moves (a face-up build is split
 * only to send the card it uncovers to a foundation) with at most NARROW_SHARE of the budget; that finds most
 * wins quickly, and a win it finds is as good as any (it is replayed like every line). It proves
 * nothing when it fails, so the second pass searches every move of the model with the rest of the
 * budget: only an exhausted second pass makes a deal "unwinnable".
 */
export function solveKlondike(state: KlondikeState, budget: SolveBudget = {}): SolveResult {
  const started = performance.now();
  const now = budget.clock === 'cpu' ? cpuNow : () => performance.now();
  const start = now();
  const timeMs = budget.timeMs ?? DEFAULT_BUDGET.timeMs;
  const maxStates = budget.maxStates ?? DEFAULT_BUDGET.maxStates;
  if (!(timeMs >= 0) || !(maxStates >= 1)) throw new RangeError('The solver budget needs timeMs ≥ 0 and maxStates ≥ 1');
  if (state.dealt !== state.config.deckSize) throw new RangeError('The solver needs a fully dealt position');
  const counter = { states: 0 };
  const result = (verdict: SolveVerdict, moves: KlondikeMove[] | null, furthest: KlondikeMove[] | null): SolveResult => ({
    verdict,
    moves,
    furthest,
    states: counter.states,
    elapsedMs: performance.now() - started,
  });
  const narrow = searchPass(state, true, now, start + timeMs * NARROW_SHARE, Math.floor(maxStates * NARROW_SHARE), counter);
  if (narrow.kind === 'won') return result('winnable', writeLine(state, narrow.line, true), null);
  const full = searchPass(state, false, now, start + timeMs, maxStates - counter.states, counter);
  if (full.kind === 'won') return result('winnable', writeLine(state, full.line, true), null);
  const furthest = full.progress >= narrow.progress ? full.furthest : narrow.furthest;
  return result(full.kind === 'exhausted' ? 'unwinnable' : 'undecided', null, writeLine(state, furthest, false));
}

/**
 * A copy of `state` under the same rules without the lab's idle limit (the solver ignores it: a
 * line may make more idle moves in a row than a lab game allows, which ends such a game early).
 */
export function withoutIdleLimit(state: KlondikeState): KlondikeState {
  if (state.config.idleLimit === Infinity) return state.clone();
  const data = JSON.parse(state.serialize()) as { idleLimit: number | null };
  data.idleLimit = null;
  return KlondikeState.deserialize(JSON.stringify(data));
}

/**
 * The model's moves for a line of macro moves from `start`: each stock play becomes the discards
 * that bring its card to the front, then the play. Replayed on a copy of the engine position, so
 * a line that broke a rule (or, with `wins`, did not win) would throw here rather than be reported.
 */
function writeLine(start: KlondikeState, line: readonly Applied[], wins: boolean): KlondikeMove[] {
  const state = withoutIdleLimit(start);
  const stock: number[] = [];
  for (let i = 0; i < state.queueLength; i++) stock.push(state.queue[(state.head + i) % state.config.stockSize]!);
  const moves: KlondikeMove[] = [];
  const play = (move: KlondikeMove): void => {
    state.applyAction(encodeMove(state.config, move));
    moves.push(move);
  };
  for (const { move, foundation } of line) {
    const kind = move & 3;
    const a = (move >>> 2) % 512;
    const b = Math.floor(move / (4 * 512)) % 512;
    const c = Math.floor(move / (4 * 512 * 512));
    if (kind === PILE_TO_FOUNDATION) {
      play({ kind: 'moveToFoundation', src: a, foundation });
    } else if (kind === PILE_TO_PILE) {
      play({ kind: 'movePile', src: a, count: state.heights[a]! - b, dest: c });
    } else {
      const card = stock[a]!;
      for (let turns = 0; state.drawCard() !== card; turns++) {
        if (turns > state.queueLength) throw new Error('Klondike solver defect: a stock card of the line is not in the stock');
        play({ kind: 'discardDraw' });
      }
      play(kind === STOCK_TO_FOUNDATION ? { kind: 'moveDrawToFoundation', foundation } : { kind: 'moveDraw', dest: c });
    }
  }
  if (wins && state.score !== state.config.deckSize) throw new Error('Klondike solver defect: the winning line does not win');
  return moves;
}

/**
 * For the tests: one complete search pass from `state` (at most `maxStates` positions) that checks,
 * at every position it looks up, that the packed key kept up to date by the moves equals the key
 * computed afresh (it throws if not). Returns how the pass ended.
 */
export function searchCheckingKeys(state: KlondikeState, maxStates: number): 'won' | 'exhausted' | 'budget' {
  return searchPass(state, false, () => 0, Infinity, maxStates, { states: 0 }, true).kind;
}
