/**
 * The Klondike coach's worker: `rateMove` (src/games/klondike/coach.ts) off the page's thread, on the
 * position the page's moves reach. The coach reads only what the person can see: it deals the
 * face-down and unseen stock cards afresh for every sample (as the terminal's `play --coach` does).
 */
import { rateMove } from '../../../src/games/klondike/coach.js';
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
    const move = textToMoves(request.move).moves;
    const { model, applied } = replaySpec(request.deal, before.moves);
    if (before.rest !== '' || applied !== before.moves.length || move.length !== 1) throw new RangeError(`"${request.move}" after "${request.moves}" is not a position and move of this deal`);
    const rating = rateMove(model[ENGINE_STATE](), move[0]!, request.seed);
    reply({ kind: 'rated', id: request.id, rating, elapsedMs: performance.now() - started });
  } catch (error) {
    reply({ kind: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
};
