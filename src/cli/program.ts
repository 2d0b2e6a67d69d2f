/**
 * `tabletop`: the command line. Each game registers its own subcommand module; this file only wires
 * them together; run.ts maps errors to exit statuses (2 for a bad command line, 1 for a failure).
 * `connect-four solve` alone has a lean entry of its own (connect-four/solve-program.ts).
 */
import { createRequire } from 'node:module';
import { Command } from 'commander';
import { registerConnectFwar } from './connect-fwar/index.js';
import { registerUnoWar } from './uno-war/index.js';
import { registerConnectFour } from './connect-four/index.js';
import { registerKlondike } from './klondike/index.js';
import { registerMerge } from './lab/merge.js';
import { registerCheckGame, registerGameCommands } from './lab/game-commands.js';
import { registerServe } from './serve.js';
import { finishProgram, runProgram } from './run.js';

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

export function buildProgram(): Command {
  const program = new Command('tabletop')
    .description('Tabletop Lab: play card and board games and find out, by the million, which strategies win.')
    .version(version);
  registerConnectFwar(program);
  registerUnoWar(program);
  registerConnectFour(program);
  registerKlondike(program);
  registerGameCommands(program);
  registerCheckGame(program);
  registerMerge(program);
  registerServe(program);
  return finishProgram(program);
}

export async function main(argv: readonly string[]): Promise<number> {
  return runProgram(buildProgram(), argv);
}
