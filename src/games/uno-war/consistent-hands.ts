/**
 * Exact, uniform draws of the other player's hidden UnoWar cards, with no rejection: every hand
 * consistent with what a player saw (`UnoWarBelief`) comes out with exactly the same probability.
 *
 * The constraints are small. At most HAND_SIZE hidden slots; each slot's card was drawn in some
 * epoch (deck) and is one of that epoch's unseen cards, distinct from the epoch's other hidden
 * cards; a slot may hold only the cards its `allowed` row admits (the rounds the other player lost
 * unable to play while holding it); and, when the other player is to play (`mustPlay`), at least
 * one hidden card goes on the pile's top.
 *
 * Counting. Within an epoch, cards that the same slots admit and that agree on "plays on the top"
 * are interchangeable: they form a class. Filling the epoch's slots class by class is a small
 * dynamic programme whose state is the set of slots filled so far (at most 2^5) and whether a card
 * that plays on the top was placed: a class of n cards filling a set T of empty slots it admits
 * contributes n·(n−1)·…·(n−|T|+1) ways (its cards, distinct, in T's slots in order). Epochs are
 * independent but for the "one card plays" bit, which joins them: all epochs' hands less those
 * where none plays.
 *
 * Drawing. One uniform integer below the number of consistent hands is unranked: first the
 * epochs' "one plays" bits, then, backwards through each epoch's table, the set of slots each
 * class filled, then the cards of each class in those slots. Every hand has exactly one index,
 * so every hand is equally likely.
 *
 * Exact arithmetic. Every number here — a table entry, a weight, a product formed while
 * unranking, the total — counts ways to fill some of the hidden slots with distinct unseen cards
 * of their epochs: at most 52 cards a slot and at most HAND_SIZE = 5 slots over all epochs
 * together, so it is below 52^5 = 380,204,032 < 2^32. So is every product formed (a table entry
 * times a class's ways, one epoch's fillings times the other epochs'), being such a count too.
 * Doubles hold these integers exactly, and `randomInt` takes ranges up to 2^32: no BigInt needed.
 */
import { DECK_SIZE } from '../../core/cards.js';
import { randomInt, type Rng } from '../../core/random.js';
import { CAN_PLAY, HAND_SIZE } from './rules.js';

/**
 * What constrains the hidden cards: the fields of `UnoWarBelief` of the same names. Hidden slots
 * are numbered k = 0, 1, … (the belief's `hiddenSlots` says which hand slot each is).
 */
export interface HandConstraints {
  /** The epoch each hidden slot's card was drawn in. */
  readonly hiddenEpochs: readonly number[];
  /** `allowed[k][card]` is 1 when hidden slot number k may hold `card`. */
  readonly allowed: readonly Uint8Array[];
  /** Epoch → that deck's cards not seen dealt. */
  readonly unseen: ReadonlyMap<number, readonly number[]>;
  /** Whether one hidden card at least must go on `top`. */
  readonly mustPlay: boolean;
}

/** Sets of slots an epoch's table indexes (bit i: the epoch's i-th hidden slot). */
const SUBSETS = 1 << HAND_SIZE;
/** A table entry per (classes used, slots filled, a card that plays placed). */
const ENTRIES_PER_CLASS = SUBSETS * 2;
/** The class key's bit for "plays on the top", above the slot bits. */
const PLAYS_BIT = 1 << HAND_SIZE;
const POPCOUNT = Uint8Array.from({ length: SUBSETS }, (_, set) => {
  let count = 0;
  for (let rest = set; rest !== 0; rest &= rest - 1) count++;
  return count;
});

/** n·(n−1)·…·(n−t+1): the ways to put t distinct cards of n in t slots (0 when t > n). */
function fallingFactorial(n: number, t: number): number {
  if (t > n) return 0;
  let ways = 1;
  for (let i = 0; i < t; i++) ways *= n - i;
  return ways;
}

/** One epoch's hidden slots and the classes of its unseen cards, with the counting table. */
interface EpochTable {
  /** The numbers of the hidden slots drawn in this epoch, in order: the epoch's slot i is hidden slot ks[i]. */
  readonly ks: Int32Array;
  readonly classCount: number;
  /** Per class: the epoch's slots that admit its cards (bit i: slot i). */
  readonly classSlots: Uint8Array;
  /** Per class: 1 when its cards play on the top and that matters (mustPlay). */
  readonly classPlays: Uint8Array;
  /** Per class: where its cards start in `cards`, and how many there are. */
  readonly classStart: Uint8Array;
  readonly classSize: Uint8Array;
  /** The cards some slot admits, grouped by class (draws reorder each class's cards among themselves). */
  readonly cards: Uint8Array;
  /** ways[(j·SUBSETS + set)·2 + plays]: fillings of exactly `set` by the first j classes, with a card that plays placed or not. */
  readonly ways: Float64Array;
  /** All of the epoch's slots. */
  readonly full: number;
  /** Fillings of all its slots where no card plays on the top, and where one does. */
  readonly withoutPlay: number;
  readonly withPlay: number;
}

/**
 * The hands consistent with a belief's constraints: how many there are (`count`), the chance
 * that a uniform draw of distinct unseen cards is one (`acceptance`), and exact uniform draws
 * (`draw`). Built once per belief; a draw allocates nothing.
 */
export class ConsistentHands {
  /** Consistent hands (0: none, a defect of the belief). */
  readonly count: number;
  /** `count` over all draws of distinct unseen cards into the hidden slots: a rejection draw's chance to be kept. */
  readonly acceptance: number;
  readonly #epochs: EpochTable[] = [];
  /** suffixAll[i]: fillings of epochs i.. in any way; suffixNone[i]: those where no card plays on the top. */
  readonly #suffixAll: Float64Array;
  readonly #suffixNone: Float64Array;
  readonly #mustPlay: boolean;

  /** `top` is the pile's top card, read only when `mustPlay`. */
  constructor(constraints: HandConstraints, top: number) {
    this.#mustPlay = constraints.mustPlay;
    let injective = 1;
    for (const [epoch, unseen] of constraints.unseen) {
      const ks: number[] = [];
      constraints.hiddenEpochs.forEach((e, k) => {
        if (e === epoch) ks.push(k);
      });
      if (ks.length === 0) continue;
      injective *= fallingFactorial(unseen.length, ks.length);
      this.#epochs.push(epochTable(Int32Array.from(ks), unseen, constraints, top));
    }
    const epochs = this.#epochs.length;
    this.#suffixAll = new Float64Array(epochs + 1);
    this.#suffixNone = new Float64Array(epochs + 1);
    this.#suffixAll[epochs] = 1;
    this.#suffixNone[epochs] = 1;
    for (let i = epochs - 1; i >= 0; i--) {
      const table = this.#epochs[i]!;
      this.#suffixAll[i] = (table.withoutPlay + table.withPlay) * this.#suffixAll[i + 1]!;
      this.#suffixNone[i] = table.withoutPlay * this.#suffixNone[i + 1]!;
    }
    this.count = this.#rest(0, this.#mustPlay ? 0 : 1);
    // No draw at all when an epoch has fewer unseen cards than hidden slots (a defect): none is kept.
    this.acceptance = injective === 0 ? 0 : this.count / injective;
  }

  /** Fillings of epochs i.. that complete a consistent hand, given whether a card that plays was placed before them. */
  #rest(i: number, played: number): number {
    return played === 1 ? this.#suffixAll[i]! : this.#suffixAll[i]! - this.#suffixNone[i]!;
  }

  /**
   * Draws a consistent hand uniformly: `out[k]` becomes the card of hidden slot number k, for
   * every k. One `randomInt` below `count`. Requires `count` > 0.
   */
  draw(rng: Rng, out: Uint8Array): void {
    if (this.count === 0) throw new Error('ConsistentHands.draw: no consistent hand exists');
    let index = randomInt(rng, this.count);
    let played = this.#mustPlay ? 0 : 1;
    for (let i = 0; i < this.#epochs.length; i++) {
      const table = this.#epochs[i]!;
      for (let plays = 0; plays < 2; plays++) {
        const rest = this.#rest(i + 1, played | plays);
        const weight = (plays === 0 ? table.withoutPlay : table.withPlay) * rest;
        if (index >= weight) {
          index -= weight;
          continue;
        }
        const own = Math.floor(index / rest);
        index -= own * rest;
        unrank(table, plays, own, out);
        played |= plays;
        break;
      }
    }
  }
}

function epochTable(ks: Int32Array, unseen: readonly number[], constraints: HandConstraints, top: number): EpochTable {
  const keyOf = new Uint8Array(DECK_SIZE);
  const sizeOfKey = new Uint8Array(2 * PLAYS_BIT);
  for (const card of unseen) {
    let key = 0;
    for (let i = 0; i < ks.length; i++) key |= constraints.allowed[ks[i]!]![card]! << i;
    if (key === 0) continue; // no slot admits it: it can only be undealt (or another slot's epoch's)
    if (constraints.mustPlay && CAN_PLAY[top * DECK_SIZE + card] === 1) key |= PLAYS_BIT;
    keyOf[card] = key;
    sizeOfKey[key]!++;
  }
  const keys: number[] = [];
  sizeOfKey.forEach((size, key) => {
    if (size > 0) keys.push(key);
  });
  const classCount = keys.length;
  const classSlots = new Uint8Array(classCount);
  const classPlays = new Uint8Array(classCount);
  const classStart = new Uint8Array(classCount);
  const classSize = new Uint8Array(classCount);
  const classOfKey = new Int8Array(2 * PLAYS_BIT);
  let start = 0;
  keys.forEach((key, j) => {
    classSlots[j] = key & (PLAYS_BIT - 1);
    classPlays[j] = key >> HAND_SIZE;
    classStart[j] = start;
    classSize[j] = sizeOfKey[key]!;
    classOfKey[key] = j;
    start += sizeOfKey[key]!;
  });
  const cards = new Uint8Array(start);
  const filled = new Uint8Array(classCount);
  for (const card of unseen) {
    const key = keyOf[card]!;
    if (key === 0) continue;
    const j = classOfKey[key]!;
    cards[classStart[j]! + filled[j]!++] = card;
  }
  const full = (1 << ks.length) - 1;
  const ways = new Float64Array((classCount + 1) * ENTRIES_PER_CLASS);
  ways[0] = 1;
  for (let j = 0; j < classCount; j++) {
    const from = j * ENTRIES_PER_CLASS;
    const to = from + ENTRIES_PER_CLASS;
    const slots = classSlots[j]!;
    const size = classSize[j]!;
    const plays = classPlays[j]!;
    for (let set = 0; set <= full; set++) {
      for (let played = 0; played < 2; played++) {
        const before = ways[from + set * 2 + played]!;
        if (before === 0) continue;
        // Every set of still-empty slots this class admits, the empty set included.
        const free = slots & ~set;
        for (let fill = free; ; fill = (fill - 1) & free) {
          const count = fallingFactorial(size, POPCOUNT[fill]!);
          if (count > 0) ways[to + (set | fill) * 2 + (fill !== 0 && plays === 1 ? 1 : played)]! += before * count;
          if (fill === 0) break;
        }
      }
    }
  }
  const last = classCount * ENTRIES_PER_CLASS + full * 2;
  return { ks, classCount, classSlots, classPlays, classStart, classSize, cards, ways, full, withoutPlay: ways[last]!, withPlay: ways[last + 1]! };
}

/**
 * The filling of `table`'s slots number `index` (0 ≤ index < the fillings with `plays` as
 * given), walking its table backwards class by class: writes `out[k]` for the epoch's slots.
 */
function unrank(table: EpochTable, plays: number, index: number, out: Uint8Array): void {
  const { ways } = table;
  let set = table.full;
  let played = plays;
  let rest = index;
  for (let j = table.classCount - 1; j >= 0; j--) {
    const free = set & table.classSlots[j]!;
    // Only the empty filling: the state before this class is the same one.
    if (free === 0) continue;
    const size = table.classSize[j]!;
    const classPlays = table.classPlays[j]!;
    const from = j * ENTRIES_PER_CLASS;
    let found = false;
    for (let fill = free; !found; fill = (fill - 1) & free) {
      const count = fallingFactorial(size, POPCOUNT[fill]!);
      const before = set ^ fill;
      // The "a card plays" bit before this class: the same, or either one when this class placed a
      // card that plays (then it is set after it, so a state without it has no such predecessor).
      const setsIt = fill !== 0 && classPlays === 1;
      if (setsIt && played === 0) continue;
      for (let was = setsIt ? 0 : played; was <= played; was++) {
        const weight = ways[from + before * 2 + was]! * count;
        if (rest >= weight) {
          rest -= weight;
          continue;
        }
        const prefix = Math.floor(rest / count);
        placeCards(table, j, fill, rest - prefix * count, out);
        rest = prefix;
        set = before;
        played = was;
        found = true;
        break;
      }
      if (fill === 0 && !found) throw new Error('ConsistentHands: index beyond the table (a counting defect)');
    }
  }
  if (set !== 0 || played !== 0) throw new Error('ConsistentHands: unranking ended on a partial filling (a counting defect)');
}

/**
 * Class j's cards for the slots of `fill`: `within` (below size·(size−1)·…) read in mixed radix
 * size, size−1, …, one digit a slot of `fill` in order. A card taken is swapped past the class's
 * live cards, so that the next digit picks among the others.
 */
function placeCards(table: EpochTable, j: number, fill: number, within: number, out: Uint8Array): void {
  const { cards } = table;
  const start = table.classStart[j]!;
  let live = table.classSize[j]!;
  let digits = within;
  for (let i = 0; i < HAND_SIZE; i++) {
    if (((fill >> i) & 1) === 0) continue;
    const at = start + (digits % live);
    digits = Math.floor(digits / live);
    const card = cards[at]!;
    live--;
    cards[at] = cards[start + live]!;
    cards[start + live] = card;
    out[table.ks[i]!] = card;
  }
}
