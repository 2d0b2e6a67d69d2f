import type { Command } from 'commander';
import { registerTournament } from './tournament.js';
import { registerCompetition } from './competition.js';
import { registerPlay } from './play.js';
import { registerSprt } from '../lab/sprt.js';
import { unoWarGame } from '../../games/uno-war/definition.js';
import type { GameDefinition, GameState } from '../../core/game.js';

/** `tabletop uno-war …` */
export function registerUnoWar(program: Command): Command {
  const command = program.command('uno-war').description('UnoWar, the two-player game of rounds');
  registerTournament(command);
  registerCompetition(command);
  registerPlay(command);
  registerSprt(command, { game: unoWarGame as unknown as GameDefinition<GameState>, modules: 'AI modules' });
  return command;
}
