/**
 * `tabletop connect-four book build|info`: builds the opening book (book/builder.ts explains the
 * method) and describes a book file.
 *
 * `book build --depth D --out FILE` solves every position of D stones (one per mirror pair) on
 * worker threads, appending each result to a journal (`<moves> <score>` lines, default
 * FILE.journal) as it comes; then derives the shallower levels and writes the book. It is
 * resumable: started again with the same journal it skips what is there. It writes the book
 * every `--checkpoint` seconds and when stopped (Ctrl-C, SIGTERM), with whatever is proven so far
 * (the header says which levels are complete). Progress goes to stderr.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Command } from 'commander';
import { OpeningBook, canonicalKey, stonesOfKey } from '../../games/connect-four/book/book.js';
import { bookPositions, completeLevels, deriveScores, immediateWinScore, type BookPosition } from '../../games/connect-four/book/builder.js';
import { Position } from '../../games/connect-four/position.js';
import { parseIntegerIn, UsageError } from '../options.js';
import { JournalFile } from '../../lab/journal-file.js';
import { checkBookTarget, DEFAULT_BOOK_PATH, readBookFile, writeBookFile } from '../../arena/connect-four/book-file.js';
import { readBookOfKind } from './book-kind.js';
import type { BookResult, BookWorkerData } from './book-worker.js';
import { buildStrategyBook, type StrategyOptions } from './book-strategy.js';

interface BuildOptions {
  readonly depth: number;
  readonly out: string;
  readonly journal?: string;
  readonly root: string;
  readonly workers: number;
  readonly table: number;
  readonly checkpoint: number;
  readonly writeOnly?: boolean;
  /** A book of exact scores taken as proven: kept in the output, skipped and used by the searches. */
  readonly from?: string;
  /** A strategy book (values) whose win/draw/loss bounds narrow every search. */
  readonly values?: string;
}

export function registerBook(command: Command): Command {
  const book = command.command('book').description('the opening book: build it, describe a book file');
  book
    .command('build')
    .description('solve every position of --depth stones on worker threads, derive the shallower ones, write the book (resumable)')
    .requiredOption('--depth <n>', 'stones of the deepest positions solved', parseIntegerIn(0, 41, 'The depth'))
    .requiredOption('--out <file>', 'the book file to write')
    .option('--journal <file>', 'where solved positions are appended (default: <out>.journal); an existing journal is resumed')
    .option('--root <moves>', 'build only the positions reachable from this one (1-based column digits)', '')
    .option('--workers <n>', 'worker threads', parseIntegerIn(1, 64, 'The worker count'), Math.max(1, availableParallelism() - 1))
    .option('--table <entries>', 'transposition-table entries per worker', parseIntegerIn((1 << 17) + 1, 1 << 28, 'The table size'), 1 << 24)
    .option('--checkpoint <seconds>', 'write the book this often while building', parseIntegerIn(1, 86_400, 'The checkpoint interval'), 300)
    .option('--write-only', 'solve nothing: write the book from the journal as it is')
    .option('--from <file>', 'take the exact scores of this book as proven and keep them in the output (to extend a book, e.g. the shipped one, without its journal)')
    .option('--values <file>', 'a strategy book (e.g. the shipped one) whose win/draw/loss values narrow every search')
    .action(async (options: BuildOptions) => {
      await buildBook(options);
    });
  book
    .command('strategy')
    .description('prove the win/draw/loss values of the positions a perfect player meets up to --depth stones, write them as a book (resumable)')
    .requiredOption('--depth <n>', 'positions with this many stones are solved by the solver; shallower ones are proven from them', parseIntegerIn(0, 41, 'The depth'))
    .requiredOption('--out <file>', 'the book file to write')
    .option('--journal <file>', 'where the solved positions are appended (default: <out>.journal); an existing journal is resumed')
    .option('--for <player>', 'first, second or both', 'both')
    .option('--table <entries>', 'transposition-table entries of the solver', parseIntegerIn((1 << 17) + 1, 1 << 28, 'The table size'), 1 << 24)
    .option('--checkpoint <seconds>', 'write the book this often while building', parseIntegerIn(1, 86_400, 'The checkpoint interval'), 300)
    .option('--write-only', 'solve nothing: write the book from the journal (an error if a proof needs more)')
    .option('--roots <moves,...>', 'only the strategies from these positions, not from the empty board (to share a build, and its journal, between processes, or for a small book)')
    .option('--from <file>', 'take the values of this strategy book as proven (to extend a book, e.g. the shipped one, without its journal)')
    .action((options: StrategyOptions) => {
      buildStrategyBook(options);
    });
  book
    .command('info')
    .description('check a book file and describe it (default: the shipped book)')
    .argument('[file]', 'the book file', DEFAULT_BOOK_PATH)
    .action((file: string) => {
      const info = readBookFile(file).info();
      process.stdout.write(
        `${file}: ${String(info.entries)} positions, ${String(info.bytes)} bytes, deepest ${String(info.depth)} stones, ` +
          `${info.completeDepth < 0 ? 'no level complete' : `complete to ${String(info.completeDepth)} stones`}, ${info.weak ? 'values (win/draw/loss)' : 'exact scores'}, checksum OK\n`,
      );
    });
  return command;
}

/**
 * Reads a journal by the journals' one rule (lab/journal.ts): canonical key → score of each whole
 * line; a torn last line is not counted (its position is solved again) and is cut off before the
 * first append. A whole line that is malformed or contradicts an earlier one is an error naming it.
 */
function readJournal(path: string): { journal: JournalFile; known: Map<number, number> } {
  const journal = JournalFile.read(path, 'the journal');
  const known = new Map<number, number>();
  journal.lines.forEach((text, i) => {
    const line = text.trim();
    if (line === '') return;
    const match = /^([1-7]*) (-?\d+)$/.exec(line);
    if (match === null) throw new UsageError(`${path}:${String(i + 1)}: not '<moves> <score>': '${line}'`);
    let key: number;
    try {
      key = canonicalKey(Position.fromMoves(match[1]!));
    } catch (error) {
      throw new UsageError(`${path}:${String(i + 1)}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const score = Number(match[2]);
    const previous = known.get(key);
    if (previous !== undefined && previous !== score) throw new UsageError(`${path}:${String(i + 1)}: ${match[1]!} scored ${String(score)}, earlier ${String(previous)}`);
    known.set(key, score);
  });
  return { journal, known };
}

function writeBook(options: BuildOptions, levels: readonly (readonly BookPosition[])[], known: Map<number, number>, from: OpeningBook | undefined): OpeningBook {
  deriveScores(levels, known);
  const entries: { key: number; score: number; moves: number }[] = [];
  // The --from book's positions outside these levels are kept as they are (fromEntries drops the
  // ones repeated below: buildBook checked that they agree).
  if (from !== undefined) for (const { key, score } of from.entries()) entries.push({ key, score, moves: stonesOfKey(key) });
  for (const level of levels) {
    for (const e of level) {
      const score = known.get(e.key);
      // Immediate wins are left out: the solver settles them before any lookup.
      if (score !== undefined && score !== immediateWinScore(e.stones)) entries.push({ key: e.key, score, moves: e.stones });
    }
  }
  const complete = completeLevels(levels, known);
  // Complete levels count from the empty board only.
  const book = OpeningBook.fromEntries(entries, options.root === '' ? complete : -1);
  writeBookFile(options.out, book);
  return book;
}

function describe(book: OpeningBook): string {
  const info = book.info();
  return `${String(info.entries)} positions, ${String(info.bytes)} bytes, complete to ${info.completeDepth < 0 ? 'no level' : `${String(info.completeDepth)} stones`}`;
}

async function buildBook(options: BuildOptions): Promise<void> {
  const journal = options.journal ?? `${options.out}.journal`;
  checkBookTarget(options.out, [
    { option: 'the journal', path: journal },
    ...(options.from === undefined ? [] : [{ option: '--from', path: options.from }]),
    ...(options.values === undefined ? [] : [{ option: '--values', path: options.values }]),
  ]);
  const levels = bookPositions(options.root, options.depth);
  const { journal: journalFile, known } = readJournal(journal);
  if (journalFile.tornBytes > 0) process.stderr.write(`book: the last line of ${journal} was cut short (${String(journalFile.tornBytes)} bytes): not counted, its position is solved again\n`);
  const from = options.from === undefined ? undefined : readBookOfKind(options.from, false, '--from', ' (give values as --values)');
  const values = options.values === undefined ? undefined : readBookOfKind(options.values, true, '--values', ' (give exact scores as --from)');
  if (from !== undefined) {
    for (const level of levels) {
      for (const e of level) {
        const score = from.scoreOfKey(e.key);
        if (score === undefined) continue;
        const journaled = known.get(e.key);
        if (journaled !== undefined && journaled !== score) throw new UsageError(`${options.from}: ${e.moves} scored ${String(score)}, ${journal} says ${String(journaled)}`);
        known.set(e.key, score);
      }
    }
  }
  deriveScores(levels, known);
  const todo = options.writeOnly === true ? [] : levels[levels.length - 1]!.filter((e) => !known.has(e.key));
  const total = levels[levels.length - 1]!.length;
  const missing = levels[levels.length - 1]!.filter((e) => !known.has(e.key)).length;
  process.stderr.write(`book: ${String(levels.reduce((n, l) => n + l.length, 0))} positions to ${String(options.depth)} stones; level ${String(options.depth)}: ${String(total)}, ${String(total - missing)} already known (${journal}); ${String(options.workers)} workers\n`);

  const started = performance.now();
  let done = 0;
  let next = 0;
  let stopping = false;
  let lastCheckpoint = started;
  const workerUrl = new URL('./book-worker.js', import.meta.url);
  const workers: Worker[] = [];
  const progress = setInterval(() => {
    const seconds = (performance.now() - started) / 1000;
    const rate = done / seconds;
    const left = todo.length - done;
    process.stderr.write(`book: ${String(total - left)}/${String(total)} at depth ${String(options.depth)} (${((100 * (total - left)) / Math.max(1, total)).toFixed(1)}%), ${rate.toFixed(2)}/s, ${seconds.toFixed(0)} s, eta ${rate > 0 ? (left / rate / 3600).toFixed(1) : '?'} h\n`);
    if (performance.now() - lastCheckpoint > options.checkpoint * 1000) {
      lastCheckpoint = performance.now();
      process.stderr.write(`book: checkpoint ${options.out}: ${describe(writeBook(options, levels, known, from))}\n`);
    }
  }, 10_000);

  await new Promise<void>((resolve, reject) => {
    let running = 0;
    const finish = (): void => {
      if (running === 0) resolve();
    };
    const stop = (): void => {
      if (stopping) return;
      stopping = true;
      process.stderr.write('book: stopping (the positions in progress are dropped; the journal keeps the rest)\n');
      for (const w of workers) void w.terminate();
      running = 0;
      finish();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    const feed = (worker: Worker): void => {
      if (stopping || next >= todo.length) {
        running--;
        void worker.terminate();
        finish();
        return;
      }
      worker.postMessage({ moves: todo[next++]!.moves });
    };
    const count = Math.min(options.workers, todo.length);
    if (count === 0) {
      resolve();
      return;
    }
    const data: BookWorkerData = { tableSize: options.table, book: from?.encode(), values: values?.encode() };
    for (let i = 0; i < count; i++) {
      const worker = new Worker(workerUrl, { workerData: data });
      workers.push(worker);
      running++;
      worker.on('message', (result: BookResult) => {
        if (stopping) return;
        journalFile.append(`${result.moves} ${String(result.score)}`);
        known.set(canonicalKey(Position.fromMoves(result.moves)), result.score);
        done++;
        feed(worker);
      });
      worker.on('error', (error) => {
        stopping = true;
        reject(error);
      });
      feed(worker);
    }
  }).finally(() => {
    clearInterval(progress);
  });
  const book = writeBook(options, levels, known, from);
  const hours = (performance.now() - started) / 3_600_000;
  process.stderr.write(`book: ${stopping ? 'stopped' : 'done'} after ${hours.toFixed(2)} h; wrote ${options.out}: ${describe(book)}\n`);
}

