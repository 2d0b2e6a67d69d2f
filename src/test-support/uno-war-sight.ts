/**
 * What an UnoWar player saw, replayed forwards from the actions of a game, for tests: independent
 * of `UnoWarBelief`, which works backwards from the public history. Used by the conformance suite's
 * `sampleAgrees` check and the information-state tests.
 */
import { Card } from '../core/cards.js';
import { CHANCE } from '../core/game.js';
import { Phase, UnoWarState } from '../games/uno-war/engine.js';
import { HAND_SIZE, canPlayOn } from '../games/uno-war/rules.js';

const DECK = 52;

/**
 * What `player` saw on the way through `trail` (every action from the initial state), replayed
 * forwards and independently of `UnoWarBelief` (which works backwards from the history): for each
 * deck (epoch), the cards the player saw dealt; for each slot of the other player, the epoch its
 * card came from and the pile tops it could not beat since; and the current epoch.
 */
export function whatPlayerSaw(player: number, trail: readonly number[]): { seen: Set<number>[]; slotEpoch: number[]; cannotBeat: number[][]; epoch: number } {
  const state = new UnoWarState();
  const other = player ^ 1;
  const seen: Set<number>[] = [];
  const slotEpoch = Array.from({ length: HAND_SIZE }, () => -1);
  const cannotBeat: number[][] = Array.from({ length: HAND_SIZE }, () => []);
  let draws = 0;
  const saw = (epoch: number, card: number): void => {
    (seen[epoch] ??= new Set()).add(card);
  };
  for (const action of trail) {
    const rounds = state.rounds;
    if (state.currentPlayer() === CHANCE) {
      const epoch = Math.floor(draws++ / DECK);
      const to = state.phase === Phase.Deal ? Math.floor(state.dealt / HAND_SIZE) : state.phase === Phase.Refill ? state.toMove : -1;
      const slot = state.phase === Phase.Deal ? state.dealt % HAND_SIZE : state.refillSlot;
      if (to === other) {
        slotEpoch[slot] = epoch;
        cannotBeat[slot] = [];
      } else {
        saw(epoch, action); // its own card, or a pile's first card
      }
    } else if (state.toMove === other) {
      saw(slotEpoch[action]!, state.handCard(other, action));
    }
    state.applyAction(action);
    if (state.rounds > rounds && state.lastRoundWinner === player) for (const tops of cannotBeat) tops.push(state.top);
  }
  return { seen, slotEpoch, cannotBeat, epoch: Math.floor((draws - 1) / DECK) };
}

/** Fails unless `sample`'s hidden cards agree with everything `player` saw along `trail`. */
export function sampleAgreesWithWhatPlayerSaw(sample: UnoWarState, player: number, trail: readonly number[]): void {
  const other = player ^ 1;
  const { seen, slotEpoch, cannotBeat, epoch } = whatPlayerSaw(player, trail);
  const emptySlot = sample.phase === Phase.Refill && sample.toMove === other ? sample.refillSlot : -1;
  const held = new Map<number, Set<number>>();
  for (let slot = 0; slot < HAND_SIZE; slot++) {
    if (slotEpoch[slot]! < 0 || slot === emptySlot) continue;
    const card = sample.handCard(other, slot);
    const from = slotEpoch[slot]!;
    if (seen[from]?.has(card) === true) throw new Error(`the sample gives P${String(other + 1)} ${Card.fromIndex(card).toString()}, seen dealt from that deck`);
    const same = held.get(from) ?? new Set<number>();
    if (same.has(card)) throw new Error(`the sample gives P${String(other + 1)} ${Card.fromIndex(card).toString()} twice from one deck`);
    same.add(card);
    held.set(from, same);
    for (const top of cannotBeat[slot]!) if (canPlayOn(top, card)) throw new Error(`the sample gives P${String(other + 1)} a card that beats a pile it lost on`);
  }
  for (let i = 0; i < sample.remaining; i++) {
    const card = sample.deck[i]!;
    if (seen[epoch]?.has(card) === true || held.get(epoch)?.has(card) === true) throw new Error(`the sample leaves ${Card.fromIndex(card).toString()} in the deck, already dealt from it`);
  }
}

