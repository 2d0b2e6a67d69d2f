import type { Command } from 'commander';
import { registerCompare } from './compare.js';
import { registerDeal } from './deal.js';
import { klondikeLabVariant } from './lab-variant.js';
import { registerGrade } from './grade.js';
import { registerPlay } from './play.js';
import { registerSolve } from './solve.js';
import { registerSprt } from '../lab/sprt.js';
import { klondikeGame } from '../../games/klondike/definition.js';
import type { GameDefinition, GameState } from '../../core/game.js';

/** `tabletop klondike …` */
export function registerKlondike(program: Command): Command {
  const command = program.command('klondike').description('Klondike solitaire');
  registerCompare(command);
  registerDeal(command);
  registerGrade(command);
  registerPlay(command);
  registerSolve(command);
  registerSprt(command, {
    game: klondikeGame as unknown as GameDefinition<GameState>,
    scoreUnit: 'cards brought to the foundations',
    wins: 'all 52 cards to the foundations',
    modules: 'program modules',
    variant: klondikeLabVariant,
  });
  return command;
}
