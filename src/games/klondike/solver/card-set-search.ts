/**
 * The search behind `solveStandard` for decks of distinct cards: standard Klondike (a waste, passes
 * limited or not, cards back from the foundations) with every card known, on an abstract position
 * that forgets where the face-up cards lie. It has far fewer positions than the board itself: on
 * standard draw-3 deals 1..200 at 5 million positions a deal it leaves 4 undecided, where a search
 * of exact boards (with a proof of lost positions besides) left 18.
 *
 * ## The abstraction
 * A pile's *structure* is what was dealt to it that never moved: its face-down cards and, above
 * them, its first face-up card (the *surface*). Every other face-up card is *loose*: it was put
 * there (from the talon, a foundation or another pile) and lies on a card one higher of the other
 * colour, or, a King, alone in a pile. The position is kept as
 * - each foundation's height, each pile's structure size, and the talon: the stock and the waste as
 *   one sequence (the waste is its first `cursor` cards, its top the last of them; turning the
 *   waste over keeps the order), so the set of the dealt talon cards still in it and the cursor
 *   (and the passes made, when they are limited);
 * and nothing more: the face-up cards are all the others, and where each loose card lies is
 * forgotten. Legality is then a matter of counts, by *type* (value and colour: a card's twin is the
 * other suit of its colour): a type's uncovered cards number its face-up cards less the loose
 * cards of the type one lower and other colour (each lies on one of them). So a card can go onto a
 * pile when its parent type has an uncovered card (a King: when a pile is empty, i.e. the piles
 * without structure outnumber the loose Kings), and a face-up card can go up when its type has one.
 *
 * Why forgetting is exact under the standard rules, where any face-up build may move: every
 * arrangement of the loose cards consistent with the counts allows the same abstract moves. A card
 * of a type with an uncovered card may be the covered twin, but the build on it can move onto the
 * uncovered twin (same type, so it fits), which frees it. Conversely every move of the real game is
 * an abstract move or changes only the arrangement: a build moves either with a surface card at its
 * foot (`reveal`: the card under it turns up, or the pile empties), or with a loose card, which
 * fits only on another card of its parent's type, or a King onto another empty pile — the same
 * abstract position. So two positions with the same key win alike, and `solveStandard` turns an
 * abstract line into real moves by picking piles (and moving a build onto the twin when needed).
 *
 * Pruning, each sound:
 * - a face-up card that can go up and that nothing can need goes up at once, without branching:
 *   an Ace or a Two, or when every foundation of the other colour is within two of it and the
 *   other one of its colour within three (Blake & Gent's rule for foundations cards can come back
 *   from: every card that could be put on it can go up instead);
 * - such a card is never put on a pile, from the talon or a foundation: it would go straight back;
 * - a King that is a whole pile's structure never moves to another empty pile (nothing changes);
 * - the talon's card is played at each cursor the turns reach (once round; a cursor reached again
 *   after a pass has fewer passes left), the turns folded into the play; under unlimited passes
 *   the cursors an empty waste turns to reach one another by turns alone, so they share one key.
 */
import { NONE, RED, SUIT, VALUE } from '../rules.js';
import { KeyTable } from './key-table.js';
import { PileOrder } from './pile-order.js';

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

export interface ThoughtfulLimits {
  readonly maxStates: number;
  /** Whether to stop now (asked every 1,024 positions). */
  readonly outOfTime: () => boolean;
}

/**
 * The order moves are tried in (where no card goes up alone, see the file's comment):
 * - 'builds first': the talon's cards going up, the face-up cards going up, the surface cards
 *   moving (in pile order), the talon's cards onto piles;
 * - 'deepest first': the surface cards moving, from the piles with the most face-down cards first
 *   (where the cards a win needs are most likely buried), the face-up cards going up, the talon's
 *   cards going up, then onto piles.
 * Both end with the foundations' cards coming back. Either order searches the same positions; a
 * deal one order wins at once can take the other millions of positions (standard draw-3 deal 130:
 * 2.7 million 'builds first', over 30 million 'deepest first').
 */
export type ThoughtfulOrder = 'deepest first' | 'builds first';

/** Whether the deal's cards are distinct (this search identifies a card by its index). */
export function distinctCards(cards: readonly number[]): boolean {
  const seen = new Set<number>();
  for (const c of cards) {
    if (seen.has(c)) return false;
    seen.add(c);
  }
  return true;
}

const CARDS = 52;
const KING = 13;

/** Where a card is (0: not in the deck). */
const FOUNDATION = 1;
const TALON = 2;
const FACE_DOWN = 3;
const SURFACE = 4;
const LOOSE = 5;

/** Move kinds (low 3 bits); the card in bits 3..8; for talon moves the cursor (bits 9..14) and the passes made (15..). */
const PILE_UP = 0;
const REVEAL = 1;
const TALON_UP = 2;
const TALON_DOWN = 3;
const FOUNDATION_DOWN = 4;

/** A card's type: (value − 1)·2 + red. */
const TYPE = Uint8Array.from({ length: CARDS }, (_, c) => (VALUE[c]! - 1) * 2 + RED[c]!);
/** The type a card lies on (value + 1, other colour), or −1 for a King. */
const PARENT_TYPE = Int8Array.from({ length: CARDS }, (_, c) => (VALUE[c] === KING ? -1 : VALUE[c]! * 2 + 1 - RED[c]!));
/** The type of the cards that lie on a card of type t (value − 1, other colour), or −1 for Aces. */
const CHILD_TYPE = Int8Array.from({ length: 26 }, (_, t) => (t < 2 ? -1 : t - 2 + (t & 1 ? -1 : 1)));

/** A step of an abstract winning line: what moves, not from which pile to which. */
export type CardSetStep =
  | { readonly kind: 'pileUp'; readonly card: number }
  | { readonly kind: 'reveal'; readonly card: number }
  | { readonly kind: 'talonUp'; readonly card: number; readonly cursor: number }
  | { readonly kind: 'talonDown'; readonly card: number; readonly cursor: number }
  | { readonly kind: 'foundationDown'; readonly card: number };

export interface CardSetOutcome {
  readonly result: 'won' | 'lost' | 'budget';
  readonly line: readonly CardSetStep[] | null;
  readonly states: number;
}

/** Searches `deal` (distinct cards; see `distinctCards`) depth first until it is won, exhausted or out of `limits`. */
export function searchCardSets(deal: ThoughtfulDeal, limits: ThoughtfulLimits, order: ThoughtfulOrder = 'deepest first'): CardSetOutcome {
  return new CardSetBoard(deal, order === 'builds first').search(limits);
}

function pack(kind: number, card: number, cursor = 0, recycles = 0): number {
  return kind | (card << 3) | (cursor << 9) | (recycles << 15);
}

/**
 * Invariants: `where[c]` is each card's place; `structure[p]` counts pile p's structure cards, the
 * first `structure[p]` of `dealt[p]`, of which the last is SURFACE and the others FACE_DOWN;
 * `faceUp[t]` counts the SURFACE and LOOSE cards of type t, `loose[t]` its LOOSE cards (Kings
 * apart: `looseKings`); `bare` counts the piles with no structure; `top[s]` is suit s's foundation
 * height and `up` their sum; the talon's first `talonLength` cards of `talon` remain, `cursor` of
 * them in the waste.
 */
class CardSetBoard {
  private readonly pileCount: number;
  private readonly draw: number;
  private readonly passes: number;
  private readonly where = new Uint8Array(CARDS);
  private readonly pileOf = new Int8Array(CARDS).fill(-1);
  /** Pile p's structure cards, first to last, at `dealt[p·rows ..]`. */
  private readonly dealt: Int8Array;
  private readonly rows: number;
  private readonly structure: Int8Array;
  private readonly faceUp = new Int8Array(26);
  private readonly loose = new Int8Array(26);
  private looseKings = 0;
  private bare = 0;
  private readonly top = new Int8Array(4);
  private up = 0;
  private readonly deckSize: number;
  /** The highest value in the deck (13 for a standard deck; runs A..L may be shorter). */
  private readonly highest: number;
  private readonly hasSuit = new Uint8Array(4);
  private readonly talon: Int8Array;
  private talonLength: number;
  private cursor: number;
  private recycles: number;
  private readonly talonSlot = new Int8Array(CARDS).fill(-1);
  /** Bit i set while the dealt talon's card i remains (kept when the talon has at most 32 cards: the key's talon set as is). */
  private talonMask = 0;
  private readonly talonFitsMask: boolean;
  private readonly talonSlots: number;
  private readonly reachCursor: Int32Array;
  private readonly reachRecycles: Int32Array;
  /** `reach`'s marks: cursor i was reached in the current call iff `reachSeen[i] === reachStamp` (no clearing between calls). */
  private readonly reachSeen: Int32Array;
  private reachStamp = 0;
  /** The talon's cursor, length and passes made when `reach` last ran, and the count it returned: what it computes depends on nothing else. */
  private reachedFrom = -1;
  private reachedCount = 0;
  /** `generate`'s `faceUpNext` of each suit, read again by `pilesUp`. */
  private readonly nextUp = new Int8Array(4);
  /** 'Deepest first': the piles by structure size, kept as the sizes change (`shrink`, `grow`). */
  private readonly bySize: PileOrder | null;
  /** The piles in the order `reveals` tries them: `bySize`'s, or by index ('builds first'). */
  private readonly revealOrder: Int32Array;
  /** Pile p's place value in the key's mixed-radix structure sizes. */
  private readonly radix: Float64Array;
  /** The structure sizes in that mixed radix (kept as they change; used when `structureBits` ≤ 30). */
  private sizes = 0;
  /** Whether the key is two words laid out by `writeKey`'s fast path (see there). */
  private readonly twoWords: boolean;
  private readonly structureBits: number;
  private readonly cursorBits: number;
  private readonly passBits: number;
  private readonly width: number;
  private readonly key: Uint32Array;

  constructor(
    deal: ThoughtfulDeal,
    private readonly buildsFirst: boolean,
  ) {
    const piles = deal.piles.length;
    this.pileCount = piles;
    this.draw = deal.draw;
    this.passes = deal.passes;
    let longest = 1;
    for (const pile of deal.piles) longest = Math.max(longest, pile.length);
    this.dealt = new Int8Array(piles * longest);
    this.structure = new Int8Array(piles);
    this.rows = longest;
    deal.piles.forEach((pile, p) => {
      const hidden = deal.hidden?.[p] ?? Math.max(0, pile.length - 1);
      // The structure: the face-down cards and the first face-up card, unless that card is a King
      // alone at the foot of its pile (it can only go up; as a loose King it holds its pile).
      let size = pile.length === 0 ? 0 : hidden + 1;
      if (hidden === 0 && pile.length > 0 && VALUE[pile[0]!] === KING) size = 0;
      this.structure[p] = size;
      pile.forEach((c, r) => {
        if (r < size) {
          this.dealt[p * longest + r] = c;
          this.pileOf[c] = p;
          this.where[c] = r === size - 1 ? SURFACE : FACE_DOWN;
        } else this.where[c] = LOOSE;
        if (this.where[c] !== FACE_DOWN) this.faceUp[TYPE[c]!]!++;
        if (this.where[c] === LOOSE) {
          if (VALUE[c] === KING) this.looseKings++;
          else this.loose[TYPE[c]!]!++;
        }
      });
      if (size === 0) this.bare++;
    });
    if (deal.tops !== undefined) this.top.set(deal.tops);
    this.talon = Int8Array.from(deal.talon);
    this.talonLength = deal.talon.length;
    this.cursor = deal.cursor ?? 0;
    this.recycles = deal.recycles ?? 0;
    this.talonFitsMask = deal.talon.length <= 32;
    this.talonSlots = deal.talon.length;
    deal.talon.forEach((c, i) => {
      this.talonSlot[c] = i;
      if (i < 32) this.talonMask |= 1 << i;
      this.where[c] = TALON;
    });
    let highest = 0;
    const present = [...deal.piles.flat(), ...deal.talon];
    for (const c of present) {
      this.hasSuit[SUIT[c]!] = 1;
      highest = Math.max(highest, VALUE[c]!);
    }
    for (let s = 0; s < 4; s++) {
      const height = this.top[s]!;
      if (height > 0) this.hasSuit[s] = 1;
      highest = Math.max(highest, height);
      for (let v = 0; v < height; v++) this.where[s * 13 + v] = FOUNDATION;
      this.up += height;
    }
    this.highest = highest;
    this.deckSize = present.length + this.up;
    // The structure sizes as one number in mixed radix (pile p's size is at most its size now), when
    // that fits 30 bits (8! for the standard 7 piles: 16 bits), else a field of bits per pile.
    this.radix = new Float64Array(piles);
    let product = 1;
    for (let p = 0; p < piles; p++) {
      this.radix[p] = product;
      this.sizes += this.structure[p]! * product;
      product *= this.structure[p]! + 1;
    }
    this.structureBits = product <= 2 ** 30 ? 32 - Math.clz32(product - 1) : piles * (32 - Math.clz32(longest));
    this.cursorBits = 32 - Math.clz32(deal.talon.length);
    this.passBits = this.passes === Infinity ? 0 : 15;
    const bits = 16 + this.structureBits + this.cursorBits + this.passBits + deal.talon.length;
    this.twoWords = this.structureBits <= 16 && this.talonFitsMask && this.cursorBits + this.passBits + deal.talon.length <= 32;
    this.width = this.twoWords ? 2 : Math.ceil(bits / 32);
    this.key = new Uint32Array(this.width);
    this.reachCursor = new Int32Array(deal.talon.length + 2);
    this.reachRecycles = new Int32Array(deal.talon.length + 2);
    this.reachSeen = new Int32Array(deal.talon.length + 2);
    this.bySize = buildsFirst ? null : new PileOrder(this.structure);
    this.revealOrder = this.bySize?.piles ?? Int32Array.from({ length: piles }, (_, p) => p);
  }

  // ---- Counting ----

  /** Whether card c can be put on a pile: its parent type has an uncovered card, or (a King) a pile is empty. */
  private canLand(c: number): boolean {
    const parent = PARENT_TYPE[c]!;
    if (parent < 0) return this.bare > this.looseKings;
    return this.faceUp[parent]! > this.loose[TYPE[c]!]!;
  }

  /** Whether face-up card c is (or can be made, by moving a build onto its twin) the last of its pile. */
  private uncovered(c: number): boolean {
    const t = TYPE[c]!;
    const child = CHILD_TYPE[t]!;
    return child < 0 || this.faceUp[t]! > this.loose[child]!;
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

  /**
   * The cursors the talon's turns reach from here (`reachCursor`, with the passes made on reaching
   * each, `reachRecycles`), their count returned. They depend on the cursor, the talon's length and
   * the passes made alone, which most moves leave as they were: then the last call's answer stands.
   */
  private reach(): number {
    const len = this.talonLength;
    const from = this.cursor | (len << 6) | (this.recycles << 12);
    if (from === this.reachedFrom) return this.reachedCount;
    if (++this.reachStamp === 2 ** 30) {
      this.reachSeen.fill(0);
      this.reachStamp = 1;
    }
    const stamp = this.reachStamp;
    let cursor = this.cursor;
    let recycles = this.recycles;
    let count = 0;
    for (;;) {
      this.reachSeen[cursor] = stamp;
      this.reachCursor[count] = cursor;
      this.reachRecycles[count++] = recycles;
      if (cursor < len) cursor = Math.min(cursor + this.draw, len);
      else if (len > 0 && recycles + 1 < this.passes) {
        cursor = 0;
        recycles++;
      } else break;
      if (this.reachSeen[cursor] === stamp) break;
    }
    this.reachedFrom = from;
    this.reachedCount = count;
    return count;
  }

  // ---- Moves ----

  /** Card c leaves the face-up cards (going up, or into the talon on an undo). */
  private leaveFaceUp(c: number): void {
    const w = this.where[c]!;
    this.faceUp[TYPE[c]!]!--;
    if (w === LOOSE) {
      if (VALUE[c] === KING) this.looseKings--;
      else this.loose[TYPE[c]!]!--;
    } else this.shrink(this.pileOf[c]!);
  }

  /** Card c becomes a loose face-up card. */
  private becomeLoose(c: number): void {
    this.where[c] = LOOSE;
    if (VALUE[c] === KING) this.looseKings++;
    else this.loose[TYPE[c]!]!++;
  }

  /** Pile p's surface card leaves its structure: the card under it turns up, or the pile is bare. */
  private shrink(p: number): void {
    const size = --this.structure[p]!;
    this.sizes -= this.radix[p]!;
    this.bySize?.resized(p);
    if (size === 0) this.bare++;
    else {
      const under = this.dealt[p * this.rows + size - 1]!;
      this.where[under] = SURFACE;
      this.faceUp[TYPE[under]!]!++;
    }
  }

  /** The inverse of `shrink`: the surface card `c` is back on pile p. */
  private grow(p: number, c: number): void {
    const size = this.structure[p]!++;
    this.sizes += this.radix[p]!;
    this.bySize?.resized(p);
    if (size === 0) this.bare--;
    else {
      const under = this.dealt[p * this.rows + size - 1]!;
      this.where[under] = FACE_DOWN;
      this.faceUp[TYPE[under]!]!--;
    }
    this.where[c] = SURFACE;
  }

  /** Makes `move`; returns what its undo needs (the place the card left, and the talon's cursor and passes). */
  private apply(move: number): number {
    const kind = move & 7;
    const c = (move >>> 3) & 63;
    switch (kind) {
      case PILE_UP: {
        const from = this.where[c]!;
        this.leaveFaceUp(c);
        this.where[c] = FOUNDATION;
        this.top[SUIT[c]!]!++;
        this.up++;
        return from;
      }
      case REVEAL:
        this.shrink(this.pileOf[c]!);
        this.becomeLoose(c);
        return SURFACE;
      case FOUNDATION_DOWN:
        this.top[SUIT[c]!]!--;
        this.up--;
        this.faceUp[TYPE[c]!]!++;
        this.becomeLoose(c);
        return FOUNDATION;
      default: {
        const undo = this.cursor | (this.recycles << 7);
        const cursor = (move >>> 9) & 63;
        const at = cursor - 1;
        // The talon closes up over the card (a loop: the builtin's call costs more than the few cards moved).
        const talon = this.talon;
        const length = --this.talonLength;
        for (let i = at; i < length; i++) talon[i] = talon[i + 1]!;
        this.talonMask &= ~(1 << this.talonSlot[c]!);
        this.cursor = at;
        this.recycles = move >>> 15;
        if (kind === TALON_UP) {
          this.where[c] = FOUNDATION;
          this.top[SUIT[c]!]!++;
          this.up++;
        } else {
          this.faceUp[TYPE[c]!]!++;
          this.becomeLoose(c);
        }
        return undo;
      }
    }
  }

  private undo(move: number, undo: number): void {
    const kind = move & 7;
    const c = (move >>> 3) & 63;
    switch (kind) {
      case PILE_UP:
        this.top[SUIT[c]!]!--;
        this.up--;
        this.faceUp[TYPE[c]!]!++;
        if (undo === LOOSE) this.becomeLoose(c);
        else this.grow(this.pileOf[c]!, c);
        return;
      case REVEAL:
        if (VALUE[c] === KING) this.looseKings--;
        else this.loose[TYPE[c]!]!--;
        this.grow(this.pileOf[c]!, c);
        return;
      case FOUNDATION_DOWN:
        this.where[c] = LOOSE;
        this.leaveFaceUp(c);
        this.where[c] = FOUNDATION;
        this.top[SUIT[c]!]!++;
        this.up++;
        return;
      default: {
        const cursor = (move >>> 9) & 63;
        const at = cursor - 1;
        if (kind === TALON_UP) {
          this.top[SUIT[c]!]!--;
          this.up--;
        } else this.leaveFaceUp(c);
        this.where[c] = TALON;
        const talon = this.talon;
        for (let i = this.talonLength++; i > at; i--) talon[i] = talon[i - 1]!;
        talon[at] = c;
        this.talonMask |= 1 << this.talonSlot[c]!;
        this.cursor = undo & 127;
        this.recycles = undo >>> 7;
      }
    }
  }

  // ---- The key ----

  private put(at: number, value: number, bits: number): number {
    const word = at >>> 5;
    const offset = at & 31;
    this.key[word]! |= value << offset;
    if (offset + bits > 32) this.key[word + 1]! |= value >>> (32 - offset);
    return at + bits;
  }

  /**
   * The position's key: the foundations' heights (4 bits each), the structure sizes, the cursor
   * (canonical under unlimited passes, see the file's comment), the passes made when they are
   * limited, and the set of talon cards left. The standard deal under unlimited passes (and any
   * deal whose sizes take at most 16 bits and whose cursor and talon set fit one word) takes the
   * fast path: two words, each written whole, the sizes kept up to date by `shrink` and `grow`
   * rather than summed here (the key is written at every position searched).
   */
  private writeKey(): void {
    const key = this.key;
    const top = this.top;
    const tops = top[0]! | (top[1]! << 4) | (top[2]! << 8) | (top[3]! << 12);
    const cursor = this.cursor;
    const canonical = this.passes === Infinity && (cursor % this.draw === 0 || cursor === this.talonLength) ? 0 : cursor;
    if (this.twoWords) {
      key[0] = tops | (this.sizes << 16);
      const passes = this.passBits > 0 ? this.recycles << this.cursorBits : 0;
      key[1] = canonical | passes | (this.talonMask << (this.cursorBits + this.passBits));
      return;
    }
    key.fill(0);
    let bit = this.put(0, tops, 16);
    if (this.structureBits <= 30) {
      bit = this.put(bit, this.sizes, this.structureBits);
    } else {
      const each = this.structureBits / this.pileCount;
      for (let p = 0; p < this.pileCount; p++) bit = this.put(bit, this.structure[p]!, each);
    }
    bit = this.put(bit, canonical, this.cursorBits);
    if (this.passBits > 0) bit = this.put(bit, this.recycles, this.passBits);
    if (this.talonFitsMask) {
      this.put(bit, this.talonMask, this.talonSlots);
      return;
    }
    for (let i = 0; i < this.talonLength; i++) {
      const at = bit + this.talonSlot[this.talon[i]!]!;
      key[at >>> 5]! |= 1 << (at & 31);
    }
  }

  // ---- Move generation ----

  /** The next card of suit s's foundation if it is face up and uncovered, else NONE. */
  private faceUpNext(s: number): number {
    const value = this.top[s]! + 1;
    if (!this.hasSuit[s] || value > this.highest) return NONE;
    const c = s * 13 + value - 1;
    const w = this.where[c]!;
    return (w === SURFACE || w === LOOSE) && this.uncovered(c) ? c : NONE;
  }

  private generate(out: Int32Array, at: number): number {
    let n = at;
    // A face-up card nothing can need goes up alone.
    for (let s = 0; s < 4; s++) {
      const c = this.faceUpNext(s);
      this.nextUp[s] = c;
      if (c !== NONE && this.isSafe(c)) {
        out[at] = pack(PILE_UP, c);
        return at + 1;
      }
    }
    const reachable = this.reach();
    if (this.buildsFirst) {
      n = this.talonUp(out, n, reachable);
      n = this.pilesUp(out, n);
      n = this.reveals(out, n);
      n = this.talonDown(out, n, reachable);
    } else {
      n = this.reveals(out, n);
      n = this.pilesUp(out, n);
      n = this.talonUp(out, n, reachable);
      n = this.talonDown(out, n, reachable);
    }
    for (let s = 0; s < 4; s++) {
      const value = this.top[s]!;
      if (value === 0) continue;
      const c = s * 13 + value - 1;
      if (!this.isSafe(c) && this.canLand(c)) out[n++] = pack(FOUNDATION_DOWN, c);
    }
    return n;
  }

  private pilesUp(out: Int32Array, at: number): number {
    let n = at;
    for (let s = 0; s < 4; s++) {
      const c = this.nextUp[s]!;
      if (c !== NONE) out[n++] = pack(PILE_UP, c);
    }
    return n;
  }

  /** The surface cards that can move (turning up the card under them), deepest piles first. */
  private reveals(out: Int32Array, at: number): number {
    const piles = this.pileCount;
    const order = this.revealOrder;
    let n = at;
    for (let i = 0; i < piles; i++) {
      const p = order[i]!;
      const size = this.structure[p]!;
      if (size === 0) continue;
      const c = this.dealt[p * this.rows + size - 1]!;
      if (size === 1 && VALUE[c] === KING) continue;
      if (this.canLand(c)) out[n++] = pack(REVEAL, c);
    }
    return n;
  }

  private talonUp(out: Int32Array, at: number, reachable: number): number {
    let n = at;
    for (let i = 0; i < reachable; i++) {
      const cursor = this.reachCursor[i]!;
      if (cursor === 0) continue;
      const c = this.talon[cursor - 1]!;
      if (this.canFound(c)) out[n++] = pack(TALON_UP, c, cursor, this.reachRecycles[i]!);
    }
    return n;
  }

  private talonDown(out: Int32Array, at: number, reachable: number): number {
    let n = at;
    for (let i = 0; i < reachable; i++) {
      const cursor = this.reachCursor[i]!;
      if (cursor === 0) continue;
      const c = this.talon[cursor - 1]!;
      if (this.canLand(c) && !(this.canFound(c) && this.isSafe(c))) out[n++] = pack(TALON_DOWN, c, cursor, this.reachRecycles[i]!);
    }
    return n;
  }

  private step(move: number): CardSetStep {
    const kind = move & 7;
    const card = (move >>> 3) & 63;
    const cursor = (move >>> 9) & 63;
    switch (kind) {
      case PILE_UP:
        return { kind: 'pileUp', card };
      case REVEAL:
        return { kind: 'reveal', card };
      case TALON_UP:
        return { kind: 'talonUp', card, cursor };
      case TALON_DOWN:
        return { kind: 'talonDown', card, cursor };
      default:
        return { kind: 'foundationDown', card };
    }
  }

  search(limits: ThoughtfulLimits): CardSetOutcome {
    // Sized for the budget (both grow when needed): the honest players make thousands of small
    // searches a move, where zeroing a table of 65,536 slots and a move buffer of 256 KB cost more
    // than the search.
    const table = new KeyTable(this.width, Math.min(1 << 16, Math.ceil((limits.maxStates * 4) / 3) + 1));
    let buffer = new Int32Array(Math.min(1 << 16, 4096 + limits.maxStates));
    if (this.up === this.deckSize) return { result: 'won', line: [], states: 0 };
    // The line searched, one frame a position on it: frame f's moves are buffer[next[f] .. end[f]),
    // the next to try first, and made[f] (with what its undo needs, madeUndo[f]) the move that left
    // it. Typed stacks, grown by doubling: this loop runs for every move tried.
    let end: Int32Array = new Int32Array(256);
    let next: Int32Array = new Int32Array(256);
    let made: Int32Array = new Int32Array(256);
    let madeUndo: Int32Array = new Int32Array(256);
    let depth = 0;
    /** Enters the position made, if new: its frame, its moves generated. */
    const enter = (): boolean => {
      this.writeKey();
      if (!table.add(this.key)) return false;
      const start = depth === 0 ? 0 : end[depth - 1]!;
      if (buffer.length - start < 256) {
        const grown = new Int32Array(buffer.length * 2);
        grown.set(buffer);
        buffer = grown;
      }
      if (depth === end.length) {
        const grow = (stack: Int32Array): Int32Array => {
          const grown = new Int32Array(stack.length * 2);
          grown.set(stack);
          return grown;
        };
        end = grow(end);
        next = grow(next);
        made = grow(made);
        madeUndo = grow(madeUndo);
      }
      next[depth] = start;
      end[depth] = this.generate(buffer, start);
      depth++;
      return true;
    };
    enter();
    while (depth > 0) {
      const f = depth - 1;
      if (next[f] === end[f]) {
        depth--;
        if (f > 0) this.undo(made[f - 1]!, madeUndo[f - 1]!);
        continue;
      }
      const move = buffer[next[f]!++]!;
      const undo = this.apply(move);
      made[f] = move;
      madeUndo[f] = undo;
      if (this.up === this.deckSize) return { result: 'won', line: Array.from(made.subarray(0, depth), (m) => this.step(m)), states: table.size };
      if (table.size >= limits.maxStates || ((table.size & 1023) === 0 && limits.outOfTime())) {
        return { result: 'budget', line: null, states: table.size };
      }
      if (!enter()) this.undo(move, undo);
    }
    return { result: 'lost', line: null, states: table.size };
  }
}
