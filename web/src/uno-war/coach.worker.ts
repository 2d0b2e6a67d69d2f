/**
 * The UnoWar coach's worker: `rateDecision` (src/games/uno-war/coach.ts) off the page's thread. It
 * is handed the person's observation only and rebuilds a state from it (`stateFromObservation`),
 * so nothing hidden from the person can reach the rating.
 */
import { builtInAgent } from '../../../src/core/game.js';
import { deriveSeed, rngFromSeed } from '../../../src/core/random.js';
import { rateDecision, warmUpCoach } from '../../../src/games/uno-war/coach.js';
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

self.onmessage = (event: MessageEvent<CoachRequest>) => {
  const request = event.data;
  try {
    const factory = builtInAgent(unoWarGame, request.opponent);
    if (factory === undefined || factory.seesHidden === true) throw new RangeError(`No fair UnoWar AI '${request.opponent}'`);
    const started = performance.now();
    const state = stateFromObservation(request.observation, rngFromSeed(deriveSeed(request.seed, 1)));
    const rating = rateDecision(state, request.card, factory.create(), request.seed);
    reply({ kind: 'rated', id: request.id, rating, elapsedMs: performance.now() - started });
  } catch (error) {
    reply({ kind: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
};
