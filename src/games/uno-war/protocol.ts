/**
 * UnoWar over the line protocol (docs/player-protocol.md): what a program playing it is sent at
 * each decision, and how its answer is read — the assignment's `AI.getPlay(hand, cardPile)` as text.
 *
 * Observation: `hand <c1>,<c2>,<c3>,<c4>,<c5> top <card> pile <n> score <mine> <theirs>` — the
 * player's own five cards in hand order (what `Hand.get(i)` gives), the card on top of the pile,
 * how many cards the pile holds, and the rounds won so far by the player and by its opponent.
 * Nothing of the opponent's hand or the deck's order is sent. Cards are ASCII codes (`7H`, `10S`).
 *
 * Answer: a card code, played from the first place in the hand that holds it (as `Hand.remove`
 * takes it), or `none` — the assignment's `null`: no play, the round is lost, no fault. A card the
 * pile does not take, a card not in the hand, or anything else is a fault: the round is lost.
 *
 * `readObservation` reads an observation line back into the position it shows, for a program that
 * asks an AI module (cli/uno-war/ai-module-program.ts).
 */
import { cardCode, parseCardCode } from '../../core/cards.js';
import type { LineProtocol } from '../../core/line-protocol.js';
import { CONCEDE_ROUND, UnoWarState } from './engine.js';
import { canPlayOn } from './rules.js';

const HAND = [0, 1, 2, 3, 4] as const;

export const unoWarProtocol: LineProtocol<UnoWarState> = {
  observation(state) {
    const player = state.toMove;
    const hand = HAND.map((slot) => cardCode(state.hands[player * HAND.length + slot]!)).join(',');
    return `hand ${hand} top ${cardCode(state.top)} pile ${String(state.pileSize)} score ${String(state.scores[player])} ${String(state.scores[1 - player])}`;
  },
  action(state, answer) {
    const text = answer.trim();
    if (text === 'none') return CONCEDE_ROUND;
    const card = parseCardCode(text);
    if (card < 0) return { fault: `answered ${JSON.stringify(answer.slice(0, 80))}, not a card` };
    const slot = state.slotOfCard(state.toMove, card);
    if (slot >= 0 && state.isLegalSlot(slot)) return slot;
    // The assignment's order of checks: a card that may not go on the pile, then one not in the hand.
    return { fault: `answered ${text}, which ${canPlayOn(state.top, card) ? 'is not in its hand' : 'may not be played on the pile'}` };
  },
  onFault: () => CONCEDE_ROUND,
  // A conceded round is no action of the game contract: the engine's own step for it.
  play(state, action) {
    if (action === CONCEDE_ROUND) state.concedeRound();
    else state.applyAction(action);
  },
};

const OBSERVATION = /^hand ([^ ]+) top ([^ ]+) pile ([0-9]+) score ([0-9]+) ([0-9]+)$/;

/**
 * The position an observation line shows (see `UnoWarState.observedPosition`): the inverse of
 * `unoWarProtocol.observation`, with the player to move as player 0.
 * @throws RangeError naming the line when it is no observation of this protocol
 */
export function readObservation(line: string): UnoWarState {
  const fail = (why: string): never => {
    throw new RangeError(`Not an UnoWar observation (${why}): ${JSON.stringify(line.slice(0, 100))}`);
  };
  const fields = OBSERVATION.exec(line) ?? fail('expected "hand <c1>,...,<c5> top <card> pile <n> score <mine> <theirs>"');
  const card = (code: string): number => {
    const index = parseCardCode(code);
    return index < 0 ? fail(`${code} is no card`) : index;
  };
  const hand = fields[1]!.split(',').map(card);
  const top = card(fields[2]!);
  try {
    return UnoWarState.observedPosition(hand, top, Number(fields[3]), [Number(fields[4]), Number(fields[5])]);
  } catch (error) {
    return fail((error as Error).message);
  }
}
