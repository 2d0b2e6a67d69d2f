/**
 * ConnectFwar's players from users' modules (the lab wraps these rules in its guarded agent): the
 * assignment's `Player`, `nextMove(card, board)`, or a lab agent. A fault discards the card; the
 * spec's own unplayable column (-1) is its discard, no fault.
 */
import { Card } from '../../core/cards.js';
import { describeValue, withMethod, type PlayerMaker, type UserPlayerDecision, type UserPlayerRules } from '../../core/user-player-rules.js';
import type { Rng } from '../../core/random.js';
import { Board } from './board.js';
import type { ConnectFwarState } from './engine.js';
import { DISCARD } from './rules.js';

interface NextMovePlayer {
  nextMove(card: Card, board: Board, rng: Rng): unknown;
}

/**
 * The assignment's `Player` keeps its own `Board`, played in step with the engine's state (the same
 * rules decide both), so the player sees the assignment's classes.
 */
function connectFwarPlayer(make: PlayerMaker): UserPlayerDecision<ConnectFwarState> {
  const p = make() as unknown as NextMovePlayer;
  let board = new Board();
  let view = board.readOnlyView();
  let currentGame = -1;
  return {
    what: (state) => `nextMove(${Card.fromIndex(state.drawn).toString()})`,
    decide(state, rng, game) {
      // A new game (the lab numbers them), a new board.
      if (game !== currentGame) {
        currentGame = game;
        board = new Board();
        view = board.readOnlyView();
      }
      const card = Card.fromIndex(state.drawn);
      const answer = p.nextMove(card, view, rng);
      if (typeof answer !== 'number' || !Number.isInteger(answer)) return { fault: `answered ${describeValue(answer)}, not a column number` };
      // The spec's discard: a column the card cannot go on.
      if (!board.canPlay(card, answer)) return DISCARD;
      board.play(card, answer);
      return answer;
    },
  };
}

export const connectFwarUserPlayers: UserPlayerRules<ConnectFwarState> = {
  expected: 'a default export that is a Player class or object with nextMove(card, board), or a lab agent with act(state, rng)',
  recognise: withMethod('nextMove'),
  decision: connectFwarPlayer,
  isLegal: (state, action): action is number => action === DISCARD || (typeof action === 'number' && state.canPlay(state.drawn, action)),
  whyIllegal: (state) => `not a legal action for ${Card.fromIndex(state.drawn).toString()}`,
  onFault: { action: () => DISCARD },
  faultRule: 'ConnectFwar discards the card',
};
