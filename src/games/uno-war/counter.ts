/**
 * The card counter: an honest UnoWar player that beats `SmallestCardAI` from both seats.
 *
 * A round is won when the other player cannot answer the card on the pile, and hands persist, so
 * spending a high card is only worth it when it ends the round. The counter keeps Smallest's thrift
 * (the lowest-rank playable card) except when one of its playable cards very likely ends the round:
 * it counts cards (`UnoWarBelief`: what the other player may hold, given every card it has seen dealt
 * and the rounds the other player lost unable to play), draws `samples` hands the other player may
 * hold, and plays the card the most of them cannot answer when that share reaches `threshold` (ties:
 * the lower rank, then the earlier slot). A cheating version that reads the other hand and plays any
 * card it cannot answer wins about 95% against Smallest; counting gets most of that honestly.
 *
 * Honest: it reads its own hand, the pile and the public history (through `UnoWarBelief`), never the
 * other hand or the deck. Deterministic for the random stream it is given. Its work per move is
 * bounded: `samples` hands, each by at most 1,000 rejected draws, or drawn exactly when consistent
 * hands are rare (`UnoWarBelief.sampleHand`).
 */
import type { Rng } from '../../core/random.js';
import type { UnoWarAgent } from './agents.js';
import { Policy, bestSlot, playableMask } from './agents.js';
import { UnoWarBelief } from './information.js';
import { HAND_SIZE, RANK } from './rules.js';

export interface CardCounterOptions {
  /** Hands of the other player drawn per move with a choice. Default 32. */
  readonly samples?: number;
  /** The share of those hands that cannot answer a card for it to be played instead of the lowest. Default 0.4. */
  readonly threshold?: number;
}

export const CARD_COUNTER_SAMPLES = 32;
export const CARD_COUNTER_THRESHOLD = 0.4;

/** A card counter (see the file's header); `work` counts the other player's hands drawn, for budget checks. */
export function cardCounterAgent(options: CardCounterOptions = {}): UnoWarAgent & { work: number } {
  const samples = options.samples ?? CARD_COUNTER_SAMPLES;
  const threshold = options.threshold ?? CARD_COUNTER_THRESHOLD;
  if (!(Number.isInteger(samples) && samples >= 1)) throw new RangeError(`cardCounterAgent: samples must be a positive integer, got ${String(samples)}`);
  if (!(threshold >= 0 && threshold <= 1)) throw new RangeError(`cardCounterAgent: threshold must be from 0 to 1, got ${String(threshold)}`);
  const hand = new Uint8Array(HAND_SIZE);
  const answered = new Int32Array(HAND_SIZE);
  return {
    name: 'Card Counter',
    work: 0,
    act(state, rng: Rng) {
      const me = state.toMove;
      const base = me * HAND_SIZE;
      const mask = state.playable;
      const lowest = bestSlot(Policy.Smallest, state.hands, base, state.top);
      if ((mask & (mask - 1)) === 0) return lowest; // one playable slot: nothing to choose
      const belief = new UnoWarBelief(state, me);
      answered.fill(0);
      let drawn = 0;
      for (let k = 0; k < samples; k++) {
        if (!belief.sampleHand(rng, hand)) break;
        drawn++;
        for (let slot = 0; slot < HAND_SIZE; slot++) {
          if (((mask >> slot) & 1) === 0) continue;
          // Only the hidden slots hold cards (at a decision of ours, all five of them).
          if ((playableMask(hand, 0, state.hands[base + slot]!) & belief.hiddenMask) !== 0) answered[slot]!++;
        }
      }
      this.work += belief.draws;
      if (drawn === 0) return lowest;
      let best = -1;
      let bestFails = -1;
      for (let slot = 0; slot < HAND_SIZE; slot++) {
        if (((mask >> slot) & 1) === 0 || !state.isLegalSlot(slot)) continue;
        const fails = drawn - answered[slot]!;
        if (fails < threshold * drawn) continue;
        const card = state.hands[base + slot]!;
        if (fails > bestFails || (fails === bestFails && RANK[card]! < RANK[state.hands[base + best]!]!)) {
          best = slot;
          bestFails = fails;
        }
      }
      return best >= 0 ? best : lowest;
    },
  };
}
