import type { Command } from 'commander';
import { registerSolve } from './solve.js';
import { registerPlay } from './play.js';
import { registerTournament } from './tournament.js';
import { registerCompetition } from './competition.js';
import { registerBook } from './book.js';
import { connectFourGroup } from './solve-program.js';
import { registerSprt } from '../lab/sprt.js';
import { connectFourReferee } from './sprt-referee.js';
import { connectFourGame } from '../../games/connect-four/definition.js';
import type { GameDefinition, GameState } from '../../core/game.js';
import { openingPairs } from '../../arena/connect-four/opening-pairs.js';

/** `tabletop connect-four …` */
export function registerConnectFour(program: Command): Command {
  const command = connectFourGroup(program);
  registerSolve(command);
  registerPlay(command);
  registerTournament(command);
  registerCompetition(command);
  registerBook(command);
  const suites = connectFourGame.openings!;
  registerSprt(command, {
    game: connectFourGame as unknown as GameDefinition<GameState>,
    modules: 'player modules',
    referee: connectFourReferee,
    openings: {
      suites,
      default: 'all',
      source: openingPairs,
      help: `the opening suite pair i starts from (opening i, cycling): 'all', the ${String(suites.all!.length)} two-move openings, or 'balanced', the ${String(suites.balanced!.length)} from column 3 or 5 (as connect-four tournament --openings)`,
    },
  });
  return command;
}
