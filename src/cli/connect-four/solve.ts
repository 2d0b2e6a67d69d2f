/**
 * `tabletop connect-four solve [--weak] [--analyze]`: reads positions (1-based move strings such as
 * `4453`) one per line on stdin and writes `<moves> <score>` per line, in Pascal Pons' score
 * convention (side to move's view: 22 - the winner's stone count, 0 a draw, negative a loss).
 * --weak prints only the sign; --analyze prints the score of each column instead (`-` for a full
 * column). A line that is not a playable position gets `<line> error: <reason>` and the run goes
 * on; the exit status is then 1. Blank lines are skipped. One table serves the whole run.
 */
import { boundedLines, isOverlong, MAX_LINE_LENGTH } from '../../core/lines.js';
import type { Command } from 'commander';
import { Position } from '../../games/connect-four/position.js';
import { Solver } from '../../games/connect-four/solver/solver.js';

interface SolveOptions {
  readonly weak?: boolean;
  readonly analyze?: boolean;
}

export function registerSolve(command: Command): Command {
  command
    .command('solve')
    .description('solve positions read from stdin, one move string per line (e.g. 4453): prints "<moves> <score>"')
    .option('--weak', 'only win (1), draw (0) or loss (-1) for the side to move (usually faster)')
    .option('--analyze', 'print the score of each of the seven columns instead ("-" for a full column)')
    .addHelpText(
      'after',
      '\nScores are from the side to move\'s view: 0 draw; 22 - k if it wins with its k-th stone; k - 22 if the\n' +
        'opponent wins with its k-th stone. Example: echo 4455 | tabletop connect-four solve  →  4455 18',
    )
    .action(async (options: SolveOptions) => {
      const solver = new Solver();
      const weak = options.weak === true;
      let failed = false;
      // Bounded lines: a huge line (600 MB of digits) gets one error line, not a crash.
      for await (const raw of boundedLines(process.stdin, MAX_LINE_LENGTH)) {
        if (isOverlong(raw)) {
          failed = true;
          process.stdout.write(`${raw.start}… error: a line longer than ${String(raw.limit)} characters (no position has more than 42 moves)\n`);
          continue;
        }
        const line = raw.trim();
        if (line === '') continue;
        const answer = solveLine(solver, line, weak, options.analyze === true);
        if (answer.startsWith(`${line} error:`)) failed = true;
        process.stdout.write(`${answer}\n`);
      }
      if (failed) process.exitCode = 1;
    });
  return command;
}

/** The output line for one input line: `<moves> <score>`, `<moves> <7 column scores>` or `<line> error: <reason>`. */
export function solveLine(solver: Solver, line: string, weak: boolean, analyze: boolean): string {
  let position: Position;
  try {
    position = Position.fromMoves(line);
  } catch (error) {
    return `${line} error: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (position.isWin()) return `${line} error: the game is over (${position.winner() === true ? 'red' : 'yellow'} has won)`;
  if (position.isTie()) return `${line} error: the game is over (the board is full)`;
  if (analyze) return `${line} ${solver.analyze(position, weak).map((s) => (s === null ? '-' : String(s))).join(' ')}`;
  return `${line} ${String(solver.solve(position, weak))}`;
}
