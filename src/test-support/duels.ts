/**
 * Two-player strength checks shared by the tests of agents: one agent against another, seats
 * alternating game by game, each game on its own seed.
 */
import { expect } from 'vitest';
import { playOut, type Agent, type GameDefinition, type GameState } from '../core/game.js';
import { rngFromSeed } from '../core/random.js';

/**
 * Plays `games` games (seeds 0, 1, …), `hero` in the first seat on even seeds and the second on odd
 * ones, and expects `hero` to win every one. The factories are called for each game, so an agent
 * that keeps state between moves may be shared (return the same one) or made afresh.
 */
export function expectWinsFromEitherSeat<S extends GameState>(
  game: GameDefinition<S>,
  hero: () => Agent<S>,
  opponent: () => Agent<S>,
  games: number,
): void {
  for (let seed = 0; seed < games; seed++) {
    const heroFirst = seed % 2 === 0;
    const agents = heroFirst ? [hero(), opponent()] : [opponent(), hero()];
    const state = game.newInitialState();
    playOut(state, agents, rngFromSeed(seed));
    expect(state.returns(heroFirst ? 0 : 1), `seed ${String(seed)}`).toBe(1);
  }
}
