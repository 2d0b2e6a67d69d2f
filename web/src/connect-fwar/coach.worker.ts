/**
 * The ConnectFwar coach's worker: the game module's rating (games/connect-fwar/coach.ts), run as
 * it is, off the page's thread — a rating plays some thousands of deals out.
 */
import { rateDecision } from '../../../src/games/connect-fwar/coach.js';
import type { CoachRequest, CoachResponse } from './coach-protocol.js';

function reply(message: CoachResponse): void {
  self.postMessage(message);
}

self.onmessage = (event: MessageEvent<CoachRequest>) => {
  const { id, situation, move, seed } = event.data;
  try {
    reply({ kind: 'rating', id, rating: rateDecision(situation, move, seed) });
  } catch (error) {
    reply({ kind: 'error', id, message: error instanceof Error ? error.message : String(error) });
  }
};
