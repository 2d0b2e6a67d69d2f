import type { Command } from 'commander';
import { registerCompare } from './compare.js';
import { registerPlay } from './play.js';
import { registerSprt } from '../lab/sprt.js';
import { connectFwarGame } from '../../games/connect-fwar/definition.js';
import type { GameDefinition, GameState } from '../../core/game.js';

/** `tabletop connect-fwar …` */
export function registerConnectFwar(program: Command): Command {
  const command = program.command('connect-fwar').description('ConnectFwar, the 4x4 solitaire of sinking cards');
  registerCompare(command);
  registerPlay(command);
  registerSprt(command, { game: connectFwarGame as unknown as GameDefinition<GameState>, scoreUnit: 'the game\'s score', modules: 'player modules' });
  return command;
}
