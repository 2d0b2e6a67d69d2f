/**
 * What an UnoWar player knows: the public history of the game (every card played, every pile's
 * first card, every round's end) as compact event codes, and the belief it supports — which cards
 * the other player may hold and which are still in the deck — from which `resample` draws.
 *
 * Event codes (16 bits, what `UnoWarState.history` holds and `observe().history` shows):
 * - a play: `card | slot << 6 | player << 9` (kind 0), card 0..51, hand slot 0..4, player 0 or 1;
 * - a pile's first card: `EVENT_PILE | card`;
 * - a round won because the player to move could not play: `EVENT_ROUND | winner`;
 * - a round conceded by the player to move (`concedeRound`, the assignment's AI offering no legal
 *   card): `EVENT_CONCEDE | winner`. The two are kept apart because only the first tells the other
 *   player something: the loser held no card that could go on the pile.
 *
 * Card counting. The deck is one 52-card deck dealt without replacement until it is empty, then a
 * fresh 52 ("epoch" e holds draws 52e .. 52e + 51; draw k is the k-th card dealt in the game: the
 * ten of the deal, then one per pile and one refill per play, so the history says when every draw
 * happened and which slot it filled). A player sees every card dealt to itself and to the piles, and
 * every card the other player plays (from a slot whose last refill it saw happen). So for each
 * epoch it knows the cards dealt in it except those the other player drew then and still holds:
 * - in a finished epoch, those cards are exactly the epoch's 52 less the ones seen;
 * - in the current epoch, they and the undealt deck together are the 52 less the ones seen.
 * And when the other player lost a round because it could not play, none of the cards it still holds
 * from then could go on that pile's top.
 */
import { DECK_SIZE } from '../../core/cards.js';
import { randomInt, shuffleInPlace, type Rng } from '../../core/random.js';
import { ConsistentHands } from './consistent-hands.js';
import { Phase, type UnoWarState } from './engine.js';
import { CAN_PLAY, HAND_SIZE, NUM_PLAYERS } from './rules.js';

/** Uniform draws tried in a row before an exact draw (`sampleHand`); at EXACT_BELOW or more, all 1,000 fail once in 10^28. */
const REJECTION_ATTEMPTS = 1000;
/**
 * Uniform draws rejected in a row, in one `sampleHand`, before the consistent hands are counted to
 * choose how to draw. Counting costs about as much as building the belief: a belief built for one
 * draw (`resample`, an MCTS iteration) where most draws are kept should not pay it for a single
 * rejection; at EXACT_BELOW 16 rejections in a row come about one time in three, at 1 in 5 once in 36.
 */
const REJECTIONS_BEFORE_COUNTING = 16;
/**
 * Below this chance that a uniform draw of the hidden cards is consistent, `sampleHand` draws
 * exactly (`ConsistentHands`) instead of by rejection. At or above it the draws stay the rejection
 * draws they always were, so the random stream of those beliefs (every belief without a lost round,
 * most with one) and the figures drawn from it do not change; at it, a kept hand costs 16 draws on
 * average (an exact draw costs about two), some 5 ms over 2,000 states (the coach's budget when
 * this was chosen; it now draws up to 32,000, whose play-outs take several hundred ms). Below it rejection soon costs more: 346,545 draws for 2,000 states at a
 * decision where one draw in 171 is consistent. (67 of the coach bench's 1,000 decisions fall below.)
 */
export const EXACT_BELOW = 1 / 16;

/** How `sampleHand` draws: not yet known (no draw rejected yet), by rejection, or exactly. */
const UNDECIDED = 0;
const BY_REJECTION = 1;
const EXACTLY = 2;

/** Kind bits of an event code (`code & EVENT_KIND`): 0 is a play. */
export const EVENT_KIND = 0x3000;
export const EVENT_PLAY = 0;
export const EVENT_PILE = 0x1000;
export const EVENT_ROUND = 0x2000;
export const EVENT_CONCEDE = 0x3000;

/** The code of `player` playing `card` from `slot`. */
export function playEvent(player: number, slot: number, card: number): number {
  return card | (slot << 6) | (player << 9);
}
/** The card of a play or pile event. */
export function eventCard(code: number): number {
  return code & 63;
}
/** The slot of a play event. */
export function eventSlot(code: number): number {
  return (code >> 6) & 7;
}
/** The player of a play event, or the winner of a round or concede event. */
export function eventPlayer(code: number): number {
  return (code & EVENT_KIND) === EVENT_PLAY ? (code >> 9) & 1 : code & 1;
}

/** Whether `code` is a well-formed event code. */
export function isEventCode(code: number): boolean {
  if (!Number.isInteger(code) || code < 0 || code > 0xffff) return false;
  switch (code & EVENT_KIND) {
    case EVENT_PLAY:
      return (code & ~0x3ff) === 0 && eventCard(code) < DECK_SIZE && eventSlot(code) < HAND_SIZE;
    case EVENT_PILE:
      return (code & ~EVENT_KIND) < DECK_SIZE;
    default:
      return (code & ~EVENT_KIND) < NUM_PLAYERS;
  }
}

/** The history written out for people: `P1 ♠7 (slot 2)`, `pile ♥Q`, `P2 wins the round`. */
export function describeEvent(code: number, cardName: (card: number) => string): string {
  switch (code & EVENT_KIND) {
    case EVENT_PLAY:
      return `P${String(eventPlayer(code) + 1)} ${cardName(eventCard(code))} (slot ${String(eventSlot(code))})`;
    case EVENT_PILE:
      return `pile ${cardName(eventCard(code))}`;
    case EVENT_ROUND:
      return `P${String(eventPlayer(code) + 1)} wins the round`;
    default:
      return `P${String((eventPlayer(code) ^ 1) + 1)} concedes the round`;
  }
}

/** Draw index → its deck (epoch). */
function epochOf(draw: number): number {
  return Math.floor(draw / DECK_SIZE);
}

/**
 * What `player` can infer about the hidden cards of a state (built from the public history and its
 * own hand only, never from the hidden fields), and draws of full states consistent with it.
 * Build it once per decision and `sample` as often as needed.
 */
export class UnoWarBelief {
  /** The other player's slots that hold a card hidden from `player`. */
  readonly hiddenSlots: number[] = [];
  /** Bit s set when slot s is one of `hiddenSlots`. */
  readonly hiddenMask: number = 0;
  /** For each hidden slot (same order): the epoch its card was drawn in. */
  readonly hiddenEpochs: number[] = [];
  /**
   * For each hidden slot (same order): `allowed[k][card]` is 1 when the slot may hold `card` given
   * the rounds the other player lost, unable to play, while holding it.
   */
  readonly allowed: Uint8Array[] = [];
  /** Epoch → the cards of that deck not seen dealt (each once): hidden slots' and undealt cards. */
  readonly unseen = new Map<number, number[]>();
  /** The epoch of the current deck, whose unseen cards left after the hidden slots are the undealt ones. */
  readonly currentEpoch: number;
  /** Whether the other player is to play now, so must hold a card that goes on the pile. */
  readonly mustPlay: boolean;

  constructor(
    readonly state: UnoWarState,
    readonly player: number,
  ) {
    const other = player ^ 1;
    const history = state.history;
    const length = state.historyLength;
    // The draw index of the card in each slot (-1: empty), for both players.
    const slotDraw = new Int32Array(NUM_PLAYERS * HAND_SIZE).fill(-1);
    const dealt = Math.min(state.dealt, NUM_PLAYERS * HAND_SIZE);
    for (let i = 0; i < dealt; i++) slotDraw[i] = i;
    let draws = dealt;
    // seen[e * 52 + c]: card c was seen dealt in epoch e.
    let seen = new Uint8Array(DECK_SIZE * 4);
    const see = (draw: number, card: number): void => {
      const at = epochOf(draw) * DECK_SIZE + card;
      if (at >= seen.length) {
        const grown = new Uint8Array(Math.max(seen.length * 2, at + DECK_SIZE));
        grown.set(seen);
        seen = grown;
      }
      seen[at] = 1;
    };
    // Constraints from rounds the other player lost being unable to play: (top, draws held then).
    const cannot: { top: number; held: Int32Array }[] = [];
    let top = -1;
    for (let i = 0; i < length; i++) {
      const code = history[i]!;
      switch (code & EVENT_KIND) {
        case EVENT_PILE:
          top = eventCard(code);
          see(draws++, top);
          break;
        case EVENT_PLAY: {
          const at = eventPlayer(code) * HAND_SIZE + eventSlot(code);
          top = eventCard(code);
          see(slotDraw[at]!, top);
          slotDraw[at] = draws++;
          break;
        }
        case EVENT_ROUND:
          if (eventPlayer(code) === player) cannot.push({ top, held: slotDraw.slice(other * HAND_SIZE, other * HAND_SIZE + HAND_SIZE) });
          break;
        default:
          break;
      }
    }
    // At a Refill node the last play's refill has not been drawn yet: that slot is empty.
    if (state.phase === Phase.Refill) {
      slotDraw[state.toMove * HAND_SIZE + state.refillSlot] = -1;
      draws--;
    }
    for (let slot = 0; slot < HAND_SIZE; slot++) {
      const draw = slotDraw[player * HAND_SIZE + slot]!;
      if (draw >= 0) see(draw, state.handCard(player, slot));
    }
    this.currentEpoch = draws === 0 ? 0 : epochOf(draws - 1);
    const epochs = new Set<number>([this.currentEpoch]);
    for (let slot = 0; slot < HAND_SIZE; slot++) {
      const draw = slotDraw[other * HAND_SIZE + slot]!;
      if (draw < 0) continue;
      this.hiddenSlots.push(slot);
      this.hiddenMask |= 1 << slot;
      this.hiddenEpochs.push(epochOf(draw));
      epochs.add(epochOf(draw));
      const allowed = new Uint8Array(DECK_SIZE).fill(1);
      for (const { top: cannotTop, held } of cannot) {
        if (held[slot] !== draw) continue;
        const row = cannotTop * DECK_SIZE;
        for (let card = 0; card < DECK_SIZE; card++) if (CAN_PLAY[row + card] === 1) allowed[card] = 0;
      }
      this.allowed.push(allowed);
    }
    for (const epoch of epochs) {
      const cards: number[] = [];
      const base = epoch * DECK_SIZE;
      for (let card = 0; card < DECK_SIZE; card++) if (base + card >= seen.length || seen[base + card] === 0) cards.push(card);
      this.unseen.set(epoch, cards);
    }
    this.mustPlay = state.phase === Phase.Play && state.toMove === other;
  }

  /** Whether `card` may be in hidden slot number `k` (an index into `hiddenSlots`). */
  mayHold(k: number, card: number): boolean {
    return this.allowed[k]![card] === 1;
  }

  /** Per epoch (as `unseen`): a scratch copy of its unseen cards, partly shuffled by each draw. */
  readonly #pools = new Map<number, number[]>();
  /**
   * Hands drawn so far, rejected ones included (the work done, for budgets and tests). An exact
   * draw counts as one: it is never rejected, and costs about two rejection draws (a walk back
   * through the counting table, built once per belief when draws are often rejected).
   */
  draws = 0;
  /** Of `draws`, those drawn exactly (`ConsistentHands`). */
  exactDraws = 0;
  #mode = UNDECIDED;
  #consistent: ConsistentHands | undefined;
  /** An exact draw's cards by hidden-slot number (as `hiddenSlots`). */
  readonly #exactCards = new Uint8Array(HAND_SIZE);

  /** The hands consistent with what the player saw: their number and exact draws (built on first use, then kept). */
  consistentHands(): ConsistentHands {
    return (this.#consistent ??= new ConsistentHands(this, this.state.top));
  }

  /** The scratch copy of `epoch`'s unseen cards (made at the first draw) that draws reorder. */
  #poolOf(epoch: number): number[] {
    let pool = this.#pools.get(epoch);
    if (pool === undefined) this.#pools.set(epoch, (pool = this.unseen.get(epoch)!.slice()));
    return pool;
  }

  /**
   * Draws the other player's hidden cards into `hand` (by slot; slots not hidden are left alone):
   * for each epoch, its hidden slots get distinct cards drawn uniformly from its unseen cards (a
   * partial Fisher–Yates, so a draw costs the hidden slots, not the deck). Returns false for a draw
   * that breaks a round the other player lost, or leaves it unable to play when it is to play.
   */
  #drawHand(rng: Rng, hand: Uint8Array): boolean {
    this.draws++;
    const slots = this.hiddenSlots;
    let ok = true;
    for (const epoch of this.unseen.keys()) {
      const pool = this.#poolOf(epoch);
      let next = 0;
      for (let k = 0; k < slots.length; k++) {
        if (this.hiddenEpochs[k] !== epoch) continue;
        const j = next + randomInt(rng, pool.length - next);
        const card = pool[j]!;
        pool[j] = pool[next]!;
        pool[next++] = card;
        if (this.allowed[k]![card] === 0) ok = false;
        hand[slots[k]!] = card;
      }
    }
    if (!ok) return false;
    if (!this.mustPlay) return true;
    const row = this.state.top * DECK_SIZE;
    for (const slot of slots) if (CAN_PLAY[row + hand[slot]!] === 1) return true;
    // Only the hidden slots can hold the card it plays: the others are empty.
    return false;
  }

  /**
   * The other player's hand in a draw consistent with everything the player saw (as `sample`, without
   * building a state): writes the hidden slots of `hand` (length HAND_SIZE). Every consistent hand is
   * equally likely. Uniform draws are made and the inconsistent ones rejected, as long as at least
   * one in 16 is kept (EXACT_BELOW); the first REJECTIONS_BEFORE_COUNTING rejections in a row count
   * the consistent hands (`consistentHands`), and below that share every later hand is drawn
   * exactly, without rejection (as is a hand after REJECTION_ATTEMPTS rejections in a row). Either
   * way the hand is uniform over the consistent ones. Returns false, with `hand` unspecified, only
   * when there is none (a defect of the belief).
   */
  sampleHand(rng: Rng, hand: Uint8Array): boolean {
    if (this.#mode !== EXACTLY) {
      for (let attempt = 0; attempt < REJECTION_ATTEMPTS; attempt++) {
        if (this.#drawHand(rng, hand)) return true;
        if (this.#mode === UNDECIDED && attempt + 1 === REJECTIONS_BEFORE_COUNTING) {
          const consistent = this.consistentHands();
          this.#mode = consistent.count === 0 || consistent.acceptance < EXACT_BELOW ? EXACTLY : BY_REJECTION;
          if (this.#mode === EXACTLY) break;
        }
      }
    }
    return this.#drawExactly(rng, hand);
  }

  /**
   * An exact draw (`ConsistentHands.draw`), false when no hand is consistent. Leaves each epoch's
   * pool as `#drawHand` does (the cards taken first, in slot order, then the rest), so `sample` can
   * deal the rest as the undealt deck.
   */
  #drawExactly(rng: Rng, hand: Uint8Array): boolean {
    const consistent = this.consistentHands();
    if (consistent.count === 0) return false;
    this.draws++;
    this.exactDraws++;
    const cards = this.#exactCards;
    consistent.draw(rng, cards);
    const slots = this.hiddenSlots;
    for (const epoch of this.unseen.keys()) {
      const pool = this.#poolOf(epoch);
      let next = 0;
      for (let k = 0; k < slots.length; k++) {
        if (this.hiddenEpochs[k] !== epoch) continue;
        const card = cards[k]!;
        hand[slots[k]!] = card;
        let at = next;
        while (pool[at] !== card) at++;
        pool[at] = pool[next]!;
        pool[next++] = card;
      }
    }
    return true;
  }

  /**
   * A full state consistent with everything the player saw, drawn from `rng`: each epoch's unseen
   * cards dealt into the hidden slots drawn in it (and, for the current epoch, the rest become the
   * undealt deck in a fresh order), every hand consistent with the rounds the other player lost
   * unable to play, and with its playing now when it is to play, equally likely (see `sampleHand`).
   * If no hand is consistent (a defect of the belief, never seen), the state's own hidden cards are
   * kept.
   *
   * With `into`, the state is drawn there (`setPositionFrom`: without the history) instead of a new
   * clone: for play-outs by built-in policies, which never read the history, drawn by the thousand.
   */
  sample(rng: Rng, into?: UnoWarState): UnoWarState {
    let copy: UnoWarState;
    if (into === undefined) copy = this.state.clone();
    else {
      into.setPositionFrom(this.state);
      copy = into;
    }
    const base = (this.player ^ 1) * HAND_SIZE;
    const hand = copy.hands.subarray(base, base + HAND_SIZE);
    if (!this.sampleHand(rng, hand)) {
      if (into === undefined) return this.state.clone();
      into.setPositionFrom(this.state);
      return into;
    }
    // The current epoch's cards the hidden slots did not take are the undealt deck, in a fresh order.
    const held = this.hiddenEpochs.filter((epoch) => epoch === this.currentEpoch).length;
    const undealt = (this.#pools.get(this.currentEpoch) ?? this.unseen.get(this.currentEpoch)!).slice(held);
    shuffleInPlace(undealt, rng);
    writeDeck(copy, undealt);
    return copy;
  }
}

function playableMaskOf(state: UnoWarState, base: number): number {
  let mask = 0;
  const row = state.top * DECK_SIZE;
  for (let slot = 0; slot < HAND_SIZE; slot++) mask |= CAN_PLAY[row + state.hands[base + slot]!]! << slot;
  return mask;
}

/**
 * Puts `undealt` (already in a random order) at the front of the deck array and the dealt cards
 * after it in card order (their order is hidden and never matters: a reshuffle deals on from any
 * order uniformly), then rebuilds `position` and the mover's playable mask.
 */
function writeDeck(state: UnoWarState, undealt: readonly number[]): void {
  if (undealt.length !== state.remaining) throw new Error(`UnoWarBelief: ${String(undealt.length)} unseen undealt cards for a deck of ${String(state.remaining)}`);
  const isUndealt = new Uint8Array(DECK_SIZE);
  let at = 0;
  for (const card of undealt) {
    isUndealt[card] = 1;
    state.deck[at++] = card;
  }
  for (let card = 0; card < DECK_SIZE; card++) if (isUndealt[card] === 0) state.deck[at++] = card;
  for (let i = 0; i < DECK_SIZE; i++) state.position[state.deck[i]!] = i;
  if (state.phase === Phase.Play) state.playable = playableMaskOf(state, state.toMove * HAND_SIZE);
}
