/**
 * Klondike's players from users' modules (the lab wraps these rules in its guarded agent): a
 * program, `nextMove(game, moves)`, or a lab agent. A fault ends the deal for the program, which
 * scores the cards on the foundations at that moment.
 */
import type { Rng } from '../../core/random.js';
import { describeValue, withMethod, type PlayerMaker, type UserPlayerDecision, type UserPlayerRules } from '../../core/user-player-rules.js';
import { decodeAction, encodeMove, type KlondikeState } from './engine.js';
import type { ReadonlyKlondikeModel } from './model.js';
import type { KlondikeMove } from './moves.js';

interface KlondikeProgram {
  nextMove(game: ReadonlyKlondikeModel, moves: readonly KlondikeMove[], rng: Rng): unknown;
}

const scratch = { buffer: new Int32Array(0) };
function legalActionsOf(state: KlondikeState): Int32Array {
  if (scratch.buffer.length < state.config.numActions) scratch.buffer = new Int32Array(state.config.numActions);
  return scratch.buffer.subarray(0, state.legalActions(scratch.buffer));
}

/**
 * A Klondike program: shown what the player sees (the model's queries over a masked copy of the
 * deal: face-down and unseen stock cards cannot be read) and the legal moves, it returns one of the
 * moves (or an equal move object).
 */
function klondikeProgram(make: PlayerMaker): UserPlayerDecision<KlondikeState> {
  const p = make() as unknown as KlondikeProgram;
  return {
    what: (state) => `nextMove (move ${String(state.getMoves().length + 1)})`,
    decide(state, rng) {
      const legal = legalActionsOf(state);
      const listed = Array.from(legal, (action) => decodeAction(state.config, action));
      const answer = p.nextMove(state.observe(0), listed, rng);
      let action = -1;
      try {
        action = encodeMove(state.config, answer as KlondikeMove);
      } catch {
        // not a move: judged below
      }
      if (action >= 0 && legalActionsOf(state).includes(action)) return action;
      return { fault: `answered ${typeof answer === 'object' && answer !== null ? JSON.stringify(answer) : describeValue(answer)}, not one of the legal moves` };
    },
  };
}

export const klondikeUserPlayers: UserPlayerRules<KlondikeState> = {
  expected: 'a default export that is a program class or object with nextMove(game, moves) returning one of the moves, or a lab agent with act(state, rng)',
  recognise: withMethod('nextMove'),
  decision: klondikeProgram,
  isLegal: (state, action): action is number => typeof action === 'number' && legalActionsOf(state).includes(action),
  whyIllegal: () => 'not a legal action',
  // Program or lab agent alike: the deal ends, scoring the cards on the foundations.
  onFault: { forfeit: (state) => [state.returns(0)] },
  faultRule: 'Klondike: the deal ends for that program, with the cards it had on the foundations',
};
