import type { Command } from 'commander';
import { registerCompare } from './compare.js';
import { registerPlay } from './play.js';
import { registerSolve } from './solve.js';

/** `tabletop klondike …` */
export function registerKlondike(program: Command): Command {
  const command = program.command('klondike').description('Klondike solitaire');
  registerCompare(command);
  registerPlay(command);
  registerSolve(command);
  return command;
}
