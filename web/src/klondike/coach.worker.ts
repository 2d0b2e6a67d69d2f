/**
 * The Klondike coach's worker: `rateEveryMove` or `rateMove` (src/games/klondike/coach.ts) off the
 * page's thread, on the position the page's moves reach. The coach reads only what the person can see: it deals the
 * face-down and unseen stock cards afresh for every sample (as the terminal's `play --coach` does).
 */
import { rateEveryMove, rateMove } from '../../../src/games/klondike/coach.js';
import { ENGINE_STATE } from '../../../src/games/klondike/engine.js';
import { replaySpec, textToMoves } from './model.js';
import type { CoachRequest, CoachResponse } from './coach-protocol.js';

function reply(message: CoachResponse): void {
  self.postMessage(message);
}

self.onmessage = (event: MessageEvent<CoachRequest>) => {
  const request = event.data;
  try {
    const started = performance.now();
    const before = textToMoves(request.moves);
    const move = request.move === null ? null : textToMoves(request.move).moves;
    const { model, applied } = replaySpec(request.deal, before.moves);
    if (before.rest !== '' || applied !== before.moves.length || (move !== null && move.length !== 1)) {
      throw new RangeError(`"${request.move ?? ''}" after "${request.moves}" is not a position and move of this deal`);
    }
    const state = model[ENGINE_STATE]();
    const ratings = move === null ? rateEveryMove(state, request.seed) : [rateMove(state, move[0]!, request.seed)];
    reply({ kind: 'rated', id: request.id, ratings, elapsedMs: performance.now() - started });
  } catch (error) {
    reply({ kind: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
};
