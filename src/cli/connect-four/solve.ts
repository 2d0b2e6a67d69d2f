/**
 * `tabletop connect-four solve [--weak] [--analyze] [--book FILE | --no-book] [--table N] [--threads N]`: reads positions
 * (1-based move strings such as `4453`) one per line on stdin and writes `<moves> <score>` per
 * line, in Pascal Pons' score convention (side to move's view: 22 - the winner's stone count, 0 a
 * draw, negative a loss). --weak prints only the sign; --analyze prints the score of each column
 * instead (`-` for a full column), on two threads by default (two-sided.ts). The empty board is written `-` (a lone dash): blank lines are
 * skipped. A line that is not a playable position (or is longer than MAX_LINE_BYTES) gets
 * `<line> error: <reason>` and the run goes on; the exit status is then 1. One table serves the
 * whole run, and the shipped opening book answers the positions it holds.
 *
 * Speed (docs/benchmarks.md, "Through the command line"): stdin is read in chunks and split by
 * hand (no readline), each chunk's answers are written with one write (flushed at least every
 * FLUSH_MS so an interactive user sees each answer at once), and a plain solve of a line is one
 * call of the search's module (Solver.quickScore), which parses, checks and solves it; the lines
 * it leaves (errors, book positions, --weak, --analyze) are parsed into one reused Position.
 */
import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { MAX_LINE_LENGTH } from '../../core/lines.js';
import { Position } from '../../games/connect-four/position.js';
import { Solver } from '../../games/connect-four/solver/solver.js';
import { analysisTexts, scoreText } from '../../games/connect-four/solver/answers.js';
import { parseIntegerIn } from '../options.js';
import { loadSolveBooks } from './solve-books.js';
import type { SecondSide } from '../../games/connect-four/solver/two-sided.js';
import { startAnalysisHelper } from './two-sided-analysis.js';

/**
 * A line longer than this is answered with an error (its text shortened), not held in memory: the
 * bound every reader of untrusted lines uses (core/lines.ts), far above the 42 moves of a full board.
 * (solve keeps its own chunked reader, not `boundedLines`, for speed: per-line overhead is most of
 * the cost on the small test sets; see docs/connect-four-solver.md.)
 */
export const MAX_LINE_BYTES = MAX_LINE_LENGTH;
/** The notation of the empty board (no move yet). */
export const EMPTY_BOARD = '-';
/** Lines read ahead of the answers with --analyze on two threads, at most (then stdin is paused). */
const QUEUED_LINES = 1000;
/** Answers waiting longer than this are written even in the middle of a chunk. */
const FLUSH_MS = 50;

interface SolveOptions {
  readonly weak?: boolean;
  readonly analyze?: boolean;
  /** A book file, or false for --no-book. */
  readonly book?: string | boolean;
  readonly table: number;
  readonly threads: number;
}

/**
 * Transposition-table entries of `solve` (one table serves the whole run): 2^23, the solver's
 * default. Measured through `solve` side by side, 2^24 costs 10-25% more CPU on Middle-Medium and
 * Begin-Easy (more cache misses); 2^22 is within the noise (docs/connect-four-solver.md).
 */
export const SOLVE_TABLE_ENTRIES = 1 << 23;

/** `--analyze`'s threads by default: two (two-sided.ts) wherever there are two cores. */
export const DEFAULT_ANALYSIS_THREADS = Math.min(2, availableParallelism());

export function registerSolve(command: Command): Command {
  command
    .command('solve')
    .description('solve positions read from stdin, one move string per line (e.g. 4453; "-" is the empty board): prints "<moves> <score>"')
    .option('--weak', 'only win (1), draw (0) or loss (-1) for the side to move (usually faster)')
    .option('--analyze', 'print the score of each of the seven columns instead ("-" for a full column)')
    .option('--book <file>', 'the book to use: exact scores (book build) or values (book strategy); default: the shipped ones (exact scores in a file per level range, and values)')
    .option('--no-book', 'use no book (search every position)')
    .option('--table <entries>', 'transposition-table entries (rounded up to a prime)', parseIntegerIn((1 << 17) + 1, 1 << 28, 'The table size'), SOLVE_TABLE_ENTRIES)
    .option('--threads <n>', "--analyze's threads, 1 or 2: with 2, each searches columns from its own end (a table each)", parseIntegerIn(1, 2, 'The thread count'), DEFAULT_ANALYSIS_THREADS)
    .addHelpText(
      'after',
      '\nScores are from the side to move\'s view: 0 draw; 22 - k if it wins with its k-th stone; k - 22 if the\n' +
        'opponent wins with its k-th stone. Example: echo 4455 | tabletop connect-four solve  →  4455 18\n' +
        'The empty board is "-": echo - | tabletop connect-four solve --analyze. Blank lines are skipped.',
    )
    .action(async (options: SolveOptions) => {
      const bookOption = typeof options.book === 'string' ? options.book : options.book === false ? false : undefined;
      // The helper thread starts first, so that it loads its books while this thread loads its own.
      const helper = options.analyze === true && options.threads === 2 ? startAnalysisHelper({ book: bookOption, table: options.table }) : undefined;
      try {
        const books = loadSolveBooks(bookOption, (message) => process.stderr.write(`tabletop: ${message}\n`));
        const solver = new Solver({ tableSize: options.table, ...books });
        const failed = await solveStream(solver, options.weak === true, options.analyze === true, helper?.side);
        if (failed) process.exitCode = 1;
      } finally {
        await helper?.close();
      }
    });
  return command;
}

/**
 * Answers every line of stdin on stdout; resolves to true if some line was an error. Lines are
 * split on '\n' (a trailing '\r' and surrounding blanks are trimmed).
 */
function solveStream(solver: Solver, weak: boolean, analyze: boolean, helper: SecondSide | undefined): Promise<boolean> {
  const input = process.stdin;
  const output = process.stdout;
  input.setEncoding('utf8');
  const position = new Position();
  let pending = '';
  /** The length so far of the current line once it is over the cap (only its start is kept in `pending`); -1 while within the cap. */
  let overlong = -1;
  let failed = false;
  let out = '';
  let lastFlush = performance.now();

  const flush = (): void => {
    if (out === '') return;
    if (!output.write(out)) {
      input.pause();
      output.once('drain', () => input.resume());
    }
    out = '';
    lastFlush = performance.now();
  };
  const write = (text: Answer): void => {
    if (text.error) failed = true;
    out += text.text;
    out += '\n';
    if (performance.now() - lastFlush > FLUSH_MS) flush();
  };
  /**
   * With a helper thread the lines are answered in turn, each once the one before is written;
   * stdin is paused while more than QUEUED_LINES wait, so a long input is not held in memory.
   */
  let answered = Promise.resolve();
  let queued = 0;
  const answer = (raw: string): void => {
    const line = raw.trim();
    if (line === '') return;
    if (helper === undefined) write(answerLine(solver, position, line, weak, analyze));
    else {
      if (++queued > QUEUED_LINES) input.pause();
      answered = answered.then(async () => {
        write(await answerLineTwoSided(solver, helper, position, line, weak));
        flush();
        if (--queued === 0 && input.isPaused()) input.resume();
      });
    }
  };
  const tooLong = (start: string, length: number): void => {
    failed = true;
    out += `${start.slice(0, 24)}… error: a line longer than ${String(MAX_LINE_BYTES)} characters (${String(length)}; no position has more than 42 moves)\n`;
  };

  return new Promise((resolve, reject) => {
    input.on('data', (chunk: string) => {
      let from = 0;
      for (let nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', from)) {
        if (overlong >= 0) {
          tooLong(pending, overlong + nl - from);
          pending = '';
          overlong = -1;
        } else if (pending !== '') {
          const line = pending + chunk.slice(from, nl);
          pending = '';
          if (line.length > MAX_LINE_BYTES) tooLong(line, line.length);
          else answer(line);
        } else if (nl - from > MAX_LINE_BYTES) tooLong(chunk.slice(from, from + 40), nl - from);
        else answer(chunk.slice(from, nl));
        from = nl + 1;
      }
      // Keep the unfinished line, but never more than the cap (its start is kept for the message).
      if (overlong >= 0) overlong += chunk.length - from; // from is 0 here: no line ended in this chunk
      else if (from < chunk.length) {
        pending += chunk.slice(from);
        if (pending.length > MAX_LINE_BYTES) {
          overlong = pending.length;
          pending = pending.slice(0, 40);
        }
      }
      flush();
    });
    input.on('end', () => {
      if (overlong >= 0) tooLong(pending, overlong);
      else answer(pending);
      answered.then(() => {
        flush();
        resolve(failed);
      }, reject);
    });
    input.on('error', reject);
  });
}

interface Answer {
  readonly text: string;
  readonly error: boolean;
}

/** Positions with fewer stones than this, outside the book, can take the solver hours: `solve` says so once. */
const SLOW_BELOW_STONES = 4;
let warnedSlow = false;

/** The answer to a line that is not a playable position, or undefined once `position` holds the line's position. */
function refusal(solver: Solver, position: Position, line: string): Answer | undefined {
  position.reset();
  if (line !== EMPTY_BOARD) {
    try {
      position.playSequence(line);
    } catch (error) {
      return { text: `${line} error: ${error instanceof Error ? error.message : String(error)}`, error: true };
    }
  }
  if (position.isWin()) return { text: `${line} error: the game is over (${position.winner() === true ? 'red' : 'yellow'} has won)`, error: true };
  if (position.isTie()) return { text: `${line} error: the game is over (the board is full)`, error: true };
  if (!warnedSlow && position.moves < SLOW_BELOW_STONES && !position.canWinNext() && solver.book?.score(position) === undefined && solver.bookValue(position) === undefined) {
    warnedSlow = true;
    process.stderr.write(`tabletop: '${line}' is an opening position the opening book does not hold: solving it can take hours\n`);
  }
  return undefined;
}

function answerLine(solver: Solver, position: Position, line: string, weak: boolean, analyze: boolean): Answer {
  // A plain solve in one call of the search where it can (Solver.quickScore; the same score as below).
  const quick = weak || analyze ? undefined : solver.quickScore(line, SLOW_BELOW_STONES);
  if (quick !== undefined) return { text: `${line} ${String(quick)}`, error: false };
  return refusal(solver, position, line) ?? { text: `${line} ${analyze ? analysisTexts(solver, position, weak).join(' ') : scoreText(solver, position, weak)}`, error: false };
}

async function answerLineTwoSided(solver: Solver, helper: SecondSide, position: Position, line: string, weak: boolean): Promise<Answer> {
  const refused = refusal(solver, position, line);
  if (refused !== undefined) return refused;
  const texts = await helper.analyse(solver, position, line === EMPTY_BOARD ? '' : line, weak);
  return { text: `${line} ${texts.join(' ')}`, error: false };
}

/** The output line for one input line: `<moves> <score>`, `<moves> <7 column scores>` or `<line> error: <reason>`. */
export function solveLine(solver: Solver, line: string, weak: boolean, analyze: boolean): string {
  return answerLine(solver, new Position(), line, weak, analyze).text;
}
