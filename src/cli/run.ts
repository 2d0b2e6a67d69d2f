/**
 * Running a commander program the way `tabletop` does: exit statuses (2 for a bad command line,
 * 1 for a failure) and errors on stderr. Shared by the full program (program.ts) and the lean
 * entry of `connect-four solve` (connect-four/solve-program.ts), so both behave alike; this
 * module loads nothing but commander and the file rules' error (lab/files.ts, which the lean
 * entry loads anyway to read its books).
 */
import { Command, CommanderError } from 'commander';
import { FileSafetyError } from '../lab/files.js';
import { UsageError } from './options.js';

const HELP_HINT = '(run with --help for usage)';

/** Makes `program` and all its subcommands throw instead of exiting, with a hint after errors. */
export function finishProgram(program: Command): Command {
  const inherit = (command: Command): void => {
    command.exitOverride().showHelpAfterError(HELP_HINT);
    command.commands.forEach(inherit);
  };
  inherit(program);
  return program;
}

/** Parses `argv` and runs the chosen command; resolves to the exit status. */
export async function runProgram(program: Command, argv: readonly string[]): Promise<number> {
  try {
    await program.parseAsync(argv as string[]);
    return process.exitCode === undefined ? 0 : Number(process.exitCode);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version requests "fail" with exit code 0; everything else is a usage error.
      if (error.exitCode === 0) return 0;
      return 2;
    }
    // A file refused or unreadable as given (files.ts) is bad input, like a bad option.
    if (error instanceof UsageError || error instanceof FileSafetyError) {
      process.stderr.write(`tabletop: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`tabletop: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
