/**
 * The UnoWar coach's worker: the game's coach (src/games/uno-war/coach.ts) off the page's thread. It
 * is handed the person's observation only and rebuilds a state from it (`stateFromObservation`),
 * so nothing hidden from the person can reach the rating.
 *
 * One decision's play-outs rate every card of it (`prepareDecision`), so the last decision's are
 * kept: the page asks for every card the person may play as the decision shows, and the first
 * request plays them out while the person thinks; the others, and the person's card, are then
 * rated at once.
 */
import { builtInAgent } from '../../../src/core/game.js';
import { deriveSeed, rngFromSeed } from '../../../src/core/random.js';
import { prepareDecision, rateOutcomes, warmUpCoach, type CardOutcomes } from '../../../src/games/uno-war/coach.js';
import { unoWarGame } from '../../../src/games/uno-war/definition.js';
import { stateFromObservation } from '../../../src/games/uno-war/observed.js';
import type { CoachRequest, CoachResponse } from './coach-protocol.js';

function reply(message: CoachResponse): void {
  self.postMessage(message);
}

// As the worker starts (the coach turned on), before the first card is rated: that rating need
// not compile the play-outs. Not the exact draw: the page starts a new worker whenever it drops a
// rating in progress, and each pays its warm-up again (see warmUpCoach).
warmUpCoach({ exactDraw: false });

/** The last decision's play-outs, named by what they depend on. */
let prepared: { readonly key: string; readonly outcomes: CardOutcomes } | undefined;

self.onmessage = (event: MessageEvent<CoachRequest>) => {
  const request = event.data;
  try {
    const factory = builtInAgent(unoWarGame, request.opponent);
    if (factory === undefined || factory.seesHidden === true) throw new RangeError(`No fair UnoWar AI '${request.opponent}'`);
    const started = performance.now();
    // The observation, the opponent and the seed: all the outcomes depend on.
    const key = JSON.stringify([request.observation, request.opponent, request.seed]);
    if (prepared?.key !== key) {
      const state = stateFromObservation(request.observation, rngFromSeed(deriveSeed(request.seed, 1)));
      prepared = { key, outcomes: prepareDecision(state, factory.create(), request.seed) };
    }
    const rating = rateOutcomes(prepared.outcomes, request.card);
    reply({ kind: 'rated', id: request.id, rating, elapsedMs: performance.now() - started });
  } catch (error) {
    reply({ kind: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
};
