import type { Command } from 'commander';
import { registerSolve } from './solve.js';
import { registerPlay } from './play.js';
import { registerTournament } from './tournament.js';
import { registerBook } from './book.js';
import { connectFourGroup } from './solve-program.js';

/** `tabletop connect-four …` */
export function registerConnectFour(program: Command): Command {
  const command = connectFourGroup(program);
  registerSolve(command);
  registerPlay(command);
  registerTournament(command);
  registerBook(command);
  return command;
}
