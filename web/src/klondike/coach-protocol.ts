/**
 * Messages between the Klondike page and its coach's worker. A position travels as the address
 * writes it (the deal and the moves); the worker rebuilds it on the game's model and hands it to
 * the game's coach, which deals the cards the person has not seen afresh before it judges anything.
 */
import type { Rating } from '../../../src/games/klondike/coach.js';
import type { DealSpec } from './model.js';

/**
 * Rate the position `moves` (the address's text) reach on `deal`, the samples drawn from `seed`:
 * every candidate move as if chosen (`move` null), or the one move `move` (an address token).
 */
export interface CoachRequest {
  readonly kind: 'rate';
  readonly id: number;
  readonly deal: DealSpec;
  readonly moves: string;
  readonly move: string | null;
  readonly seed: number;
}

export type CoachResponse =
  | { readonly kind: 'rated'; readonly id: number; readonly ratings: readonly Rating[]; readonly elapsedMs: number }
  | { readonly kind: 'error'; readonly id: number; readonly message: string };
