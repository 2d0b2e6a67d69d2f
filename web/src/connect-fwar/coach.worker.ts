/**
 * The ConnectFwar coach's worker: the game module's ratings of every move the card in hand has
 * (games/connect-fwar/coach.ts), run as they are, off the page's thread — a rating plays some thousands of deals out.
 */
import { rateEveryMove } from '../../../src/games/connect-fwar/coach.js';
import type { CoachRequest, CoachResponse } from './coach-protocol.js';

function reply(message: CoachResponse): void {
  self.postMessage(message);
}

self.onmessage = (event: MessageEvent<CoachRequest>) => {
  const { id, situation, seed } = event.data;
  try {
    reply({ kind: 'ratings', id, ratings: rateEveryMove(situation, seed) });
  } catch (error) {
    reply({ kind: 'error', id, message: error instanceof Error ? error.message : String(error) });
  }
};
