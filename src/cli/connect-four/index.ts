import type { Command } from 'commander';
import { registerSolve } from './solve.js';
import { registerPlay } from './play.js';
import { registerTournament } from './tournament.js';
import { registerBook } from './book.js';

/** `tabletop connect-four …` */
export function registerConnectFour(program: Command): Command {
  const command = program.command('connect-four').description('Connect Four: solve positions, play, run bot tournaments');
  registerSolve(command);
  registerPlay(command);
  registerTournament(command);
  registerBook(command);
  return command;
}
