/**
 * Connect Four's players from users' modules (the lab wraps these rules in its guarded agent): the
 * assignment's `Player`, `init(color)` / `move()` / `inform(column)`, or a lab agent. A fault loses
 * the game, as under the referee.
 */
import type { Rng } from '../../core/random.js';
import { describeValue, type PlayerMaker, type UserPlayerDecision, type UserPlayerRules } from '../../core/user-player-rules.js';
import { isColumn, type Position } from './position.js';

interface ConnectFourPlayer {
  init(color: boolean): unknown;
  move(rng: Rng): unknown;
  inform(column: number): unknown;
}

/** A Connect Four `Player` class (constructed for every game, as the referee does) or object. */
function connectFourPlayerMaker(exported: unknown): PlayerMaker | undefined {
  const isPlayer = (x: unknown): boolean => {
    const p = x as Partial<Record<'init' | 'move' | 'inform', unknown>> | null | undefined;
    return typeof p?.init === 'function' && typeof p.move === 'function' && typeof p.inform === 'function';
  };
  if (typeof exported === 'function' && isPlayer(exported.prototype)) return () => new (exported as new () => Record<string, unknown>)();
  // An object: a fresh one over it for every seat of every game, so that what `init` sets on it is
  // not shared by the two seats of a game against itself.
  if (typeof exported === 'object' && exported !== null && isPlayer(exported)) return () => Object.create(exported) as Record<string, unknown>;
  return undefined;
}

const isThenable = (x: unknown): boolean => typeof (x as { then?: unknown } | null)?.then === 'function';

/**
 * The assignment's Connect Four `Player` as a lab agent, told the game as the referee tells it: at
 * its first move of a game it is made (a class) and `init(color)`, then `inform(column)` of each
 * opponent move since its last, then `move()`, which must answer a playable column at once (the lab
 * plays synchronously: a Promise is a fault). It is handed the game's seeded generator as
 * `move(rng)`. Its own board is its business: the referee's state is the engine's `Position`.
 */
function connectFourPlayer(make: PlayerMaker): UserPlayerDecision<Position> {
  let player: ConnectFourPlayer | undefined;
  let currentGame = -1;
  /** Moves of this game the player knows of (its own and those it was told). */
  let known = 0;
  return {
    what: (state) => `move (move ${String(state.moves + 1)})`,
    decide(state, rng, game) {
      if (game !== currentGame) {
        currentGame = game;
        known = 0;
        player = make() as unknown as ConnectFourPlayer;
        player.init(state.turn);
      }
      const p = player!;
      if (state.moves > known) {
        const history = state.history();
        for (; known < history.length; known++) p.inform(history[known]!);
      }
      const answer = p.move(rng);
      if (isThenable(answer)) return { fault: 'answered a Promise: the lab asks for a move synchronously (the referee, `connect-four tournament`, waits for one)' };
      if (typeof answer !== 'number' || !isColumn(answer)) return { fault: `answered ${describeValue(answer)}, not a column 0..6` };
      if (!state.canPlay(answer)) return { fault: `answered column ${String(answer)}, which is full` };
      known = state.moves + 1;
      return answer;
    },
  };
}

export const connectFourUserPlayers: UserPlayerRules<Position> = {
  expected: 'a default export that is a Connect Four Player class or object with init(color), move() and inform(column), or a lab agent with act(state, rng)',
  recognise: connectFourPlayerMaker,
  decision: connectFourPlayer,
  isLegal: (state, action): action is number => typeof action === 'number' && isColumn(action) && state.canPlay(action),
  whyIllegal: () => 'not a playable column',
  // The player who was to move loses, the other wins.
  onFault: { forfeit: (state) => (state.currentPlayer() === 0 ? [-1, 1] : [1, -1]) },
  faultRule: 'Connect Four: the game is lost',
};
