import type { Command } from 'commander';
import { registerCompare } from './compare.js';
import { registerPlay } from './play.js';

/** `tabletop connect-fwar …` */
export function registerConnectFwar(program: Command): Command {
  const command = program.command('connect-fwar').description('ConnectFwar, the 4x4 solitaire of sinking cards');
  registerCompare(command);
  registerPlay(command);
  return command;
}
