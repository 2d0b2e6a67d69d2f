import type { Command } from 'commander';
import { registerTournament } from './tournament.js';
import { registerPlay } from './play.js';

/** `tabletop uno-war …` */
export function registerUnoWar(program: Command): Command {
  const command = program.command('uno-war').description('UnoWar, the two-player game of rounds');
  registerTournament(command);
  registerPlay(command);
  return command;
}
