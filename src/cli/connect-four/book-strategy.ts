/**
 * `tabletop connect-four book strategy --depth D --out FILE`: builds the strategy book, the
 * win/draw/loss values of the positions a perfect player meets up to D stones (method:
 * src/games/connect-four/book/strategy.ts), for the first player (`--for first`), the second
 * (`--for second`) or both (default, first then second).
 *
 * Every leaf the solver bounds is appended to a journal (`<moves> <value>` lines, or `<moves>
 * <lower> <upper>` where only a bound was needed, default FILE.journal) at once, so the build can be stopped at any moment (Ctrl-C, kill) and resumed by
 * running the same command again: the journal's values are taken as proven and only the rest is
 * searched. The book is written every `--checkpoint` seconds and at the end, with every value
 * proven so far. The search is one thread (the proofs are sequential); run it under `nice`.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { OpeningBook } from '../../games/connect-four/book/book.js';
import { StrategyBuilder } from '../../games/connect-four/book/strategy.js';
import { Position } from '../../games/connect-four/position.js';
import { Solver } from '../../games/connect-four/solver/solver.js';
import { UsageError } from '../options.js';
import { JournalFile } from '../../lab/journal-file.js';
import { splitJournal } from '../../lab/journal.js';
import { checkBookTarget, writeBookFile } from '../../arena/connect-four/book-file.js';
import { readBookOfKind } from './book-kind.js';

export interface StrategyOptions {
  readonly depth: number;
  readonly out: string;
  readonly journal?: string;
  readonly for: string;
  readonly table: number;
  readonly checkpoint: number;
  readonly writeOnly?: boolean;
  /** Comma-separated move strings: prove the strategy from these positions first (to split a build between processes). */
  readonly roots?: string;
  /** A strategy book whose values are taken as proven (to extend a book without its journal). */
  readonly from?: string;
}

/**
 * Takes the values of whole journal lines (`lines[i]` is line `first + i + 1`) into the builder. The
 * journal is read by the journals' one rule (lab/journal.ts): whole lines only — a torn last line
 * is not counted (valued again) and is cut off before the first append; a malformed whole line is
 * an error naming it.
 */
function readValueLines(path: string, lines: readonly string[], first: number, builder: StrategyBuilder): number {
  let count = 0;
  lines.forEach((text, i) => {
    const line = text.trim();
    if (line === '') return;
    const where = `${path}:${String(first + i + 1)}`;
    // `<moves> <value>`, or `<moves> <lower> <upper>` when the search settled only a bound.
    const match = /^([1-7]*) (-1|0|1)(?: (-1|0|1))?$/.exec(line);
    if (match === null) throw new UsageError(`${where}: not '<moves> <value>' or '<moves> <lower> <upper>': '${line}'`);
    try {
      const lower = Number(match[2]);
      builder.know(Position.fromMoves(match[1]!), lower, match[3] === undefined ? lower : Number(match[3]));
    } catch (error) {
      throw new UsageError(`${where}: ${error instanceof Error ? error.message : String(error)}`);
    }
    count++;
  });
  return count;
}

function bookOf(builder: StrategyBuilder): OpeningBook {
  return OpeningBook.fromEntries(builder.exact(), -1, true);
}

export function buildStrategyBook(options: StrategyOptions): void {
  if (!['first', 'second', 'both'].includes(options.for)) throw new UsageError(`--for must be first, second or both, got '${options.for}'`);
  const journal = options.journal ?? `${options.out}.journal`;
  checkBookTarget(options.out, [{ option: 'the journal', path: journal }, ...(options.from === undefined ? [] : [{ option: '--from', path: options.from }])]);
  const journalFile = JournalFile.read(journal, 'the journal');
  const solver = new Solver({ tableSize: options.table });
  const started = performance.now();
  let lastReport = started;
  let lastCheckpoint = started;
  let solverMs = 0;
  let slowest = { ms: 0, moves: '' };
  let lookAtJournal: (position: Position, t: 0 | 1) => { lower: number; upper: number } | undefined = () => undefined;
  const write = (): OpeningBook => {
    const book = bookOf(builder);
    writeBookFile(options.out, book);
    return book;
  };
  const builder: StrategyBuilder = new StrategyBuilder({
    depth: options.depth,
    leafValue: (position, threshold) => {
      if (options.writeOnly === true) return undefined; // the proofs that need it stay open
      const shared = lookAtJournal(position, threshold);
      if (shared !== undefined) return shared;
      const t = performance.now();
      const result = solver.search(position, { weak: true, atLeast: threshold });
      const now = performance.now();
      solverMs += now - t;
      if (now - t > slowest.ms) slowest = { ms: now - t, moves: position.toMoves() };
      journalFile.append(`${position.toMoves()} ${result.lower === result.upper ? String(result.lower) : `${String(result.lower)} ${String(result.upper)}`}`);
      if (now - lastReport > 10_000) {
        lastReport = now;
        process.stderr.write(`strategy: ${String(builder.leaves + 1)} leaves solved, ${((now - started) / 1000).toFixed(0)} s (solver ${(solverMs / 1000).toFixed(0)} s, slowest ${(slowest.ms / 1000).toFixed(1)} s: ${slowest.moves})\n`);
      }
      if (now - lastCheckpoint > options.checkpoint * 1000) {
        lastCheckpoint = now;
        process.stderr.write(`strategy: checkpoint ${options.out}: ${String(write().size)} values\n`);
      }
      return result;
    },
  });
  const known = readValueLines(journal, journalFile.lines, 0, builder);
  if (journalFile.tornBytes > 0) process.stderr.write(`strategy: the last line of ${journal} was cut short (${String(journalFile.tornBytes)} bytes): not counted, valued again\n`);
  if (options.from !== undefined) {
    const from = readBookOfKind(options.from, true, '--from');
    process.stderr.write(`strategy: ${String(builder.knowBook(from))} values from ${options.from}\n`);
  }
  /**
   * Several processes may share one journal (each started with other --roots): before solving a
   * leaf, the lines the others appended since the last look are read (at most every 5 s), and a
   * leaf one of them valued is taken from there. Lines are appended whole (O_APPEND, one write each).
   */
  let journalOffset = journalFile.wholeBytes;
  let linesRead = journalFile.lines.length;
  let lastLook = performance.now();
  lookAtJournal = (position, t) => {
    const now = performance.now();
    if (now - lastLook < 5_000) return undefined;
    lastLook = now;
    const size = statSync(journal).size;
    if (size > journalOffset) {
      const buffer = Buffer.alloc(size - journalOffset);
      const fd = openSync(journal, 'r');
      try {
        readSync(fd, buffer, 0, buffer.length, journalOffset);
      } finally {
        closeSync(fd);
      }
      // Whole lines only, by the one rule: a line still being written is read at the next look.
      const { lines, wholeBytes } = splitJournal(buffer);
      readValueLines(journal, lines, linesRead, builder);
      linesRead += lines.length;
      journalOffset += wholeBytes;
    }
    const bounds = builder.bounds(position);
    return bounds.lower >= t || bounds.upper < t ? bounds : undefined;
  };
  process.stderr.write(`strategy: depth ${String(options.depth)}, for ${options.for}; ${String(known)} leaves from ${journal}; ${new Date().toISOString()}\n`);
  const empty = new Position();
  const players = options.for === 'both' ? [true, false] : [options.for === 'first'];
  for (const moves of options.roots === undefined || options.roots === '' ? [] : options.roots.split(',')) {
    const root = Position.fromMoves(moves);
    for (const first of players) {
      builder.strategy(root, root.turn === first);
      process.stderr.write(`strategy: root ${moves} done for the ${first ? 'first' : 'second'} player: value ${String(builder.known(root))}\n`);
    }
  }
  // With --roots, only those (a share of a build, or a small book); otherwise from the empty board.
  for (const first of options.roots === undefined || options.roots === '' ? players : []) {
    let visited = 0;
    builder.strategy(empty, first, () => visited++);
    process.stderr.write(`strategy: the ${first ? 'first' : 'second'} player's positions done: ${String(visited)} of its turns to ${String(options.depth)} stones; empty board ${String(builder.known(empty))}\n`);
  }
  const book = write();
  const hours = (performance.now() - started) / 3_600_000;
  process.stderr.write(
    `strategy: done after ${hours.toFixed(3)} h (solver ${(solverMs / 3_600_000).toFixed(3)} h, ${String(builder.leaves)} leaves solved, slowest ${(slowest.ms / 1000).toFixed(1)} s: ${slowest.moves}); wrote ${options.out}: ${String(book.size)} values, ${String(book.info().bytes)} bytes\n`,
  );
}
