/**
 * Each replayable game's face (its engine, board and notes: face.ts), loaded only when a replay is
 * opened (each is its own chunk, as each game page is).
 */
import type { ReplayFace } from './face.js';
import type { ReplayGameId } from './model.js';

export async function loadGame(id: ReplayGameId): Promise<ReplayFace> {
  return FACES[id]();
}

const FACES: Readonly<Record<ReplayGameId, () => Promise<ReplayFace>>> = {
  'connect-four': async () => (await import('../connect-four/replay.js')).connectFourReplay,
  'connect-fwar': async () => (await import('../connect-fwar/replay.js')).connectFwarReplay,
  'uno-war': async () => (await import('../uno-war/replay.js')).unoWarReplay,
  klondike: async () => (await import('../klondike/replay.js')).klondikeReplay,
};
