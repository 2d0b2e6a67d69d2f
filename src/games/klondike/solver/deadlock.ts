/**
 * A proof that a one-deck Klondike position is lost, when an order of events it needs is
 * impossible. Cheap enough to run at many positions (the solver runs it at a pass's first ones, and
 * at every later one once it has proved some position lost, see DEADLOCK_TRIAL); a position it
 * calls lost is not searched further.
 *
 * The units: in each pile, every face-down card and the first face-up card (the base of the face-up
 * build). For any card under it to turn up, a unit must itself leave its place (the cards on the
 * base can leave with it as a run, or go elsewhere first, but the base must move). Every card goes
 * to a foundation in a won game, so every unit leaves its place some time, and never two at once
 * (a move carries one run, with one base, or one card). Write x ≺ y for "x leaves before y". Then:
 * - in a pile, a unit leaves before every unit under it;
 * - when x first leaves it goes either to its foundation — after every lower card of its suit, so
 *   y ≺ x for each such y that is a unit — or onto a card P one higher of the other colour — P must
 *   be uncovered then (in place or moved), so u ≺ x for every unit u above P in P's pile — or, a
 *   King, to an empty pile: another pile all of whose units have left (u ≺ x for each), or one
 *   empty now (no constraint). A face-up P above its pile's base constrains nothing. P in the stock
 *   must be put on a pile first, in the same ways: onto a card Q one higher than P of the other
 *   colour, uncovered then (u ≺ x for every unit u above Q), or, a King, into an emptied pile; Q in
 *   the stock constrains nothing. P on a foundation cannot take x under the assignment's rules;
 *   under the standard rules it can come back down first, in the same ways as from the stock (and
 *   Q on a foundation, which could too, constrains nothing).
 * The check keeps the relation's transitive closure as bit sets, drops the options of a unit that
 * would need a unit it must precede to leave first (a cycle), and when one option is left, adds its
 * constraints; repeated until nothing changes. A unit with no option left proves the position lost:
 * every winning line would order the units in a way that meets all of these.
 */
import { RED, VALUE } from '../rules.js';

/** The most units the bit sets hold. */
const MAX_UNITS = 31;
/**
 * The most options a unit has: its foundation, and for each of the two cards one higher of the
 * other colour its place, or two places of its own, or (a King) a pile to empty; a King's piles.
 */
const MAX_OPTIONS = 16;
/** No constraint: a way out that needs no unit gone (no unit set is all ones). */
const FREE = -1;

export class DeadlockCheck {
  private readonly unitCard = new Int32Array(MAX_UNITS);
  private readonly unitOf = new Int32Array(52);
  /** after[u]: u and every unit u must leave before (closed under transitivity). */
  private readonly after = new Int32Array(MAX_UNITS);
  /** Per unit, the sets of units each remaining option needs gone first (see `analyse`). */
  private readonly options = new Int32Array(MAX_UNITS * MAX_OPTIONS);
  private readonly optionCount = new Int32Array(MAX_UNITS);
  private readonly forced = new Uint8Array(MAX_UNITS);
  /** Where each card is: -2 gone (foundation, or not in the deck), -1 stock, else 64·pile + row. */
  private readonly where = new Int32Array(52);
  /** First unit index of each pile (a pile's units are consecutive, row 0 first), and one past the last. */
  private readonly firstUnit = new Int32Array(64);
  private readonly pileLength = new Int32Array(64);
  private units = 0;

  /**
   * @param foundationsGiveBack whether a foundation's top card may come back onto a pile (the
   *   standard rules): a card one higher on a foundation can then still take a card.
   */
  constructor(private readonly foundationsGiveBack = false) {}

  /**
   * Whether the position is proved lost. `piles[p]` lists pile p's cards from row 0, the first
   * `hidden[p]` face-down; `inStock(c)` says whether card c is in the stock; cards that are in
   * neither are on foundations. Every card must be unique (one deck, any subset of it); false
   * (nothing proved) when there are more units than the bit sets hold.
   */
  lost(piles: readonly (readonly number[])[], hidden: readonly number[], stock: readonly number[], inStock: Uint8Array, inDeck: Uint8Array): boolean {
    this.clear();
    for (let i = 0; i < stock.length; i++) if (inStock[i] === 1) this.where[stock[i]!] = -1;
    for (let p = 0; p < piles.length; p++) if (!this.addPile(p, piles[p]!, 0, piles[p]!.length, hidden[p]!)) return false;
    return this.analyse(piles.length, inDeck);
  }

  /**
   * `lost` for a board kept flat: pile p is `cells[p·rows …]`, `height[p]` cards, the first
   * `hidden[p]` face-down; every card of `talon[0 .. talonLength)` is still to come from the stock
   * or the waste.
   */
  lostBoard(cells: Int8Array, rows: number, height: Int32Array, hidden: Int32Array, pileCount: number, talon: Int8Array, talonLength: number, inDeck: Uint8Array): boolean {
    this.clear();
    for (let i = 0; i < talonLength; i++) this.where[talon[i]!] = -1;
    for (let p = 0; p < pileCount; p++) if (!this.addPile(p, cells, p * rows, height[p]!, hidden[p]!)) return false;
    return this.analyse(pileCount, inDeck);
  }

  private clear(): void {
    this.where.fill(-2);
    this.unitOf.fill(-1);
    this.units = 0;
  }

  /** Records pile p (`length` cards from `cards[offset]`, `hidden` face-down) and its units; false when they overflow the bit sets. */
  private addPile(p: number, cards: ArrayLike<number>, offset: number, length: number, hidden: number): boolean {
    const { unitCard, unitOf, after, firstUnit, where } = this;
    let units = this.units;
    firstUnit[p] = units;
    this.pileLength[p] = length;
    const last = Math.min(hidden, length - 1);
    if (units + last + 1 > MAX_UNITS) return false;
    for (let r = 0; r < length; r++) {
      const card = cards[offset + r]!;
      where[card] = 64 * p + r;
      if (r <= last) {
        unitOf[card] = units;
        unitCard[units] = card;
        // A unit leaves before every unit under it in its pile.
        after[units] = (1 << (units - firstUnit[p]! + 1)) - 1 << firstUnit[p]!;
        units++;
      }
    }
    firstUnit[p + 1] = units;
    this.units = units;
    return true;
  }

  /** Pile q's units: all must be gone for it to be empty. */
  private unitsOf(q: number): number {
    return ((1 << (this.firstUnit[q + 1]! - this.firstUnit[q]!)) - 1) << this.firstUnit[q]!;
  }

  /**
   * The units that must be gone for the card at `at` (64·pile + row) to be uncovered: those above it
   * in its pile, or FREE for a face-up card above its pile's base (only face-up cards, which can
   * move away, cover it).
   */
  private unitsAbove(at: number): number {
    const q = at >> 6;
    const row = at & 63;
    const unitsInPile = this.firstUnit[q + 1]! - this.firstUnit[q]!;
    if (row >= unitsInPile) return FREE;
    return ((1 << unitsInPile) - 1 - ((1 << (row + 1)) - 1)) << this.firstUnit[q]!;
  }

  /**
   * Adds to `options` from `base + count` the ways card p, in the stock or on a foundation, can be
   * put on a pile: onto a card one higher of the other colour, uncovered then, or, a King, into a
   * pile emptied by then. Returns the new count, or FREE when a way needs nothing (that card is in
   * the stock too, or on a foundation it can come back down from, or a face-up card above its
   * base; a pile is empty now; or the options would overflow).
   */
  private placements(p: number, base: number, count: number, pileCount: number, inDeck: Uint8Array): number {
    const value = VALUE[p]!;
    if (value === 13) {
      for (let q = 0; q < pileCount; q++) {
        if (this.pileLength[q] === 0 || count === MAX_OPTIONS) return FREE;
        this.options[base + count++] = this.unitsOf(q);
      }
      return count;
    }
    for (let suit = 0; suit < 4; suit++) {
      const onto = suit * 13 + value;
      if (RED[onto] === RED[p] || inDeck[onto] === 0) continue;
      const at = this.where[onto]!;
      if (at === -1 || (at === -2 && this.foundationsGiveBack)) return FREE;
      if (at === -2) continue;
      const above = this.unitsAbove(at);
      if (above === FREE || count === MAX_OPTIONS) return FREE;
      this.options[base + count++] = above;
    }
    return count;
  }

  /** The proof on the recorded piles (see the file's comment). */
  private analyse(pileCount: number, inDeck: Uint8Array): boolean {
    const { unitCard, unitOf, after, options, optionCount, forced, where, firstUnit, units } = this;
    // Each unit's options, as the set of units that must be gone first; a free unit has none listed.
    for (let u = 0; u < units; u++) {
      const x = unitCard[u]!;
      const value = VALUE[x]!;
      forced[u] = 0;
      let count = 0;
      let free = value === 13 && pileCount >= MAX_OPTIONS;
      // To its foundation: after the lower cards of its suit that are units (a suit's cards are
      // consecutive indices, Ace first, so x − value + 1 is x's Ace).
      let needs = 0;
      for (let lower = x - value + 1; lower < x; lower++) if (unitOf[lower]! >= 0) needs |= 1 << unitOf[lower]!;
      options[u * MAX_OPTIONS + count++] = needs;
      // Onto a card one higher of the other colour.
      for (let suit = 0; suit < 4 && !free && value < 13; suit++) {
        const parent = suit * 13 + value;
        if (RED[parent] === RED[x] || inDeck[parent] === 0) continue;
        const at = where[parent]!;
        if (at >= 0) {
          const above = this.unitsAbove(at);
          if (above === FREE || count === MAX_OPTIONS) free = true;
          else options[u * MAX_OPTIONS + count++] = above;
        } else if (at === -1 || this.foundationsGiveBack) {
          // In the stock, or on a foundation it can come back down from: it must be put on a pile
          // before x can go onto it.
          count = this.placements(parent, u * MAX_OPTIONS, count, pileCount, inDeck);
          if (count === FREE) free = true;
        }
      }
      // A King: into a pile emptied by then (all its units gone), or one empty now (free).
      for (let q = 0; q < pileCount && value === 13 && !free; q++) {
        if (this.pileLength[q] === 0) free = true;
        else if (q !== unitPile(firstUnit, u, pileCount)) options[u * MAX_OPTIONS + count++] = this.unitsOf(q);
      }
      optionCount[u] = free ? 0 : count;
    }
    for (let changed = true; changed; ) {
      changed = false;
      for (let u = 0; u < units; u++) {
        let count = optionCount[u]!;
        if (count === 0) continue; // free
        const base = u * MAX_OPTIONS;
        // Drop the options that need a unit gone which must wait for u (or u itself).
        for (let i = 0; i < count; ) {
          if ((options[base + i]! & after[u]!) !== 0) {
            options[base + i] = options[base + count - 1]!;
            count--;
            changed = true;
          } else i++;
        }
        optionCount[u] = count;
        if (count === 0) return true;
        if (count === 1 && forced[u] === 0) {
          forced[u] = 1;
          changed = true;
          const needs = options[base]!;
          // Each unit that some needed unit must precede (or is) now precedes u and all after it.
          for (let z = 0; z < units; z++) if ((after[z]! & needs) !== 0) after[z] = after[z]! | after[u]!;
        }
      }
    }
    return false;
  }
}

/** The pile of unit u, from the first unit of each pile. */
function unitPile(firstUnit: Int32Array, u: number, piles: number): number {
  let p = 0;
  while (p + 1 < piles && firstUnit[p + 1]! <= u) p++;
  return p;
}
