/**
 * `tabletop`: the command line. Each game registers its own subcommand module; this file only wires
 * them together and maps errors to exit statuses (2 for a bad command line, 1 for a failure).
 */
import { createRequire } from 'node:module';
import { Command, CommanderError } from 'commander';
import { registerConnectFwar } from './connect-fwar/index.js';
import { registerUnoWar } from './uno-war/index.js';
import { registerConnectFour } from './connect-four/index.js';
import { registerKlondike } from './klondike/index.js';
import { registerMerge } from './lab/merge.js';
import { registerServe } from './serve.js';
import { UsageError } from './options.js';

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

export function buildProgram(): Command {
  const program = new Command('tabletop')
    .description('Tabletop Lab: play card and board games and find out, by the million, which strategies win.')
    .version(version)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  registerConnectFwar(program);
  registerUnoWar(program);
  registerConnectFour(program);
  registerKlondike(program);
  registerMerge(program);
  registerServe(program);
  program.commands.forEach(inheritExitOverride);
  return program;
}

function inheritExitOverride(command: Command): void {
  command.exitOverride().showHelpAfterError('(run with --help for usage)');
  command.commands.forEach(inheritExitOverride);
}

export async function main(argv: readonly string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv as string[]);
    return process.exitCode === undefined ? 0 : Number(process.exitCode);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version requests "fail" with exit code 0; everything else is a usage error.
      if (error.exitCode === 0) return 0;
      return 2;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`tabletop: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`tabletop: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

