/**
 * `tabletop`: the command line. Each game registers its own subcommand module; this file only wires
 * them together and maps errors to exit statuses (2 for a bad command line, 1 for a failure).
 */
import { Command, CommanderError } from 'commander';
import { registerConnectFwar } from './connect-fwar.js';
import { UsageError } from './options.js';

export function buildProgram(): Command {
  const program = new Command('tabletop')
    .description('Tabletop Lab: play card and board games and find out, by the million, which strategies win.')
    .version(process.env.npm_package_version ?? '0.1.0')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  registerConnectFwar(program);
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

