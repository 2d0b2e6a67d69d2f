/**
 * `tabletop connect-four book build|merge|join|slice|info`: builds the opening book (book/builder.ts
 * explains the method), merges the journals of a build's shards into the book, joins book files
 * into one, writes a book's deep levels as a file of their own, and describes a book file.
 *
 * `book build --depth D --out FILE` solves every position of D stones (one per mirror pair) as a
 * job of the lab's runner (book-job.ts, lab/job-runner.ts): on worker threads, in batches whose
 * scores are appended to a journal (default FILE.journal) as they come; then it derives the
 * shallower levels and writes the book. Started again with the same journal it resumes. It writes
 * the book every `--checkpoint` seconds and when stopped (Ctrl-C, SIGTERM), with whatever is proven
 * so far (the header says which levels are complete). With `--shard i/n --journal PART` it solves
 * only part i of n of the level's positions into PART, and `book merge PART… --out FILE` writes the
 * book from all parts: the same bytes as one process's build. Progress goes to stderr.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { formatDuration } from '../../core/format.js';
import { MAX_PARTS, OpeningBook, stonesOfKey, type BookInfo } from '../../games/connect-four/book/book.js';
import { partFileName, partFilesPattern, SHIPPED_DEEP_LEVELS } from '../../games/connect-four/book/shipped.js';
import { completeLevels, deriveScores, type BookPosition } from '../../games/connect-four/book/builder.js';
import { immediateWinScore } from '../../games/connect-four/position.js';
import { parseIntegerIn, UsageError } from '../options.js';
import { JournalFile } from '../../lab/journal-file.js';
import { runJob } from '../../lab/job-runner.js';
import { describeRanges, JobJournalError, jobRecordsOf, mergeJobRecords, partOf, type JobRecord, type JobShard } from '../../lab/jobs.js';
import { checkBookTarget, DEEP_BOOK_FILES, DEFAULT_BOOK_PATH, readBookFile, writeBookFile } from '../../arena/connect-four/book-file.js';
import type { NamedPath } from '../../lab/files.js';
import { parseShard } from '../lab/experiment.js';
import { buildTargets, readBookOfKind } from './book-kind.js';
import { stopOnSignals } from './stop-signal.js';
import type { BookWorkerData } from './book-worker.js';
import { addJournalScores, bookJobIdentity, bookJobParams, bookLevelsOf, type BookJobResult } from './book-job.js';
import { buildStrategyBook, mergeStrategyBook, type StrategyOptions } from './book-strategy.js';
import { STRATEGY_JOB, strategyJobParams } from './strategy-job.js';

interface BuildOptions {
  readonly depth: number;
  readonly out?: string;
  readonly journal?: string;
  readonly shard?: JobShard;
  readonly batchSize?: number;
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
  const book = command.command('book').description('the opening book: build it (in one process, or sharded and merged), describe a book file');
  book
    .command('build')
    .description('solve every position of --depth stones on worker threads, derive the shallower ones, write the book (resumable; shardable)')
    .requiredOption('--depth <n>', 'stones of the deepest positions solved', parseIntegerIn(0, 41, 'The depth'))
    .option('--out <file>', 'the book file to write (not with --shard)')
    .option('--journal <file>', 'where solved positions are appended (default: <out>.journal); an existing journal is resumed')
    .option('--shard <i/n>', 'solve only part i of n of the positions into --journal (merge the parts with `book merge`)', parseShard)
    .option('--batch-size <n>', 'positions per journal record (default: about 100 batches per worker, at most 64 positions)', parseIntegerIn(1, 1 << 20, 'The batch size'))
    .option('--root <moves>', 'build only the positions reachable from this one (1-based column digits)', '')
    .option('--workers <n>', 'worker threads', parseIntegerIn(1, 64, 'The worker count'), Math.max(1, availableParallelism() - 1))
    .option('--table <entries>', 'transposition-table entries per worker', parseIntegerIn((1 << 17) + 1, 1 << 28, 'The table size'), 1 << 24)
    .option('--checkpoint <seconds>', 'write the book this often while building', parseIntegerIn(1, 86_400, 'The checkpoint interval'), 300)
    .option('--write-only', 'solve nothing: write the book from the journal as it is')
    .option('--from <file>', 'take the exact scores of this book as proven and keep them in the output (to extend a book, e.g. the shipped one, without its journal)')
    .option('--values <file>', 'a strategy book (e.g. the shipped one) whose win/draw/loss values narrow every search')
    .action(async (options: BuildOptions) => {
      await asUsage(() => buildBook(options));
    });
  book
    .command('strategy')
    .description('prove the win/draw/loss values of the positions a perfect player meets up to --depth stones, write them as a book (resumable; shardable)')
    .requiredOption('--depth <n>', 'positions with this many stones are solved by the solver; shallower ones are proven from them', parseIntegerIn(0, 41, 'The depth'))
    .option('--out <file>', 'the book file to write (not with --shard)')
    .option('--journal <file>', 'where each proven strategy is appended (default: <out>.journal); an existing journal is resumed')
    .option('--for <player>', 'first, second or both', 'both')
    .option('--roots <moves,...>', 'the strategies from these positions instead of the empty board: each root and player is one item of the job (threads and shards split them)')
    .option('--workers <n>', 'worker threads (each proves whole strategies)', parseIntegerIn(1, 64, 'The worker count'), 1)
    .option('--shard <i/n>', 'prove only part i of n of the strategies into --journal (merge the parts with `book merge`)', parseShard)
    .option('--table <entries>', 'transposition-table entries of the solver (per worker)', parseIntegerIn((1 << 17) + 1, 1 << 28, 'The table size'), 1 << 24)
    .option('--checkpoint <seconds>', 'write the book at most this often while building', parseIntegerIn(1, 86_400, 'The checkpoint interval'), 300)
    .option('--write-only', 'solve nothing: write the book from the journal')
    .option('--from <file>', 'take the values of this strategy book as proven (to extend a book, e.g. the shipped one, without its journal)')
    .action(async (options: StrategyOptions) => {
      await asUsage(() => buildStrategyBook(options));
    });
  book
    .command('merge')
    .description("write the book from the journals of a sharded build (`book build` or `book strategy --shard i/n`): the book one process builds")
    .argument('<journals...>', "the shards' journals")
    .requiredOption('--out <file>', 'the book file to write')
    .option('--from <file>', 'the --from book the shards were built with (its scores or values are kept in the output, as the build keeps them)')
    .action((journals: string[], options: { out: string; from?: string }) => {
      asUsage(() => {
        mergeBook(journals, options);
      });
    });
  book
    .command('join')
    .description('write the books given (e.g. the two files of the shipped book) as one book: they must be of one kind and agree wherever they overlap')
    .argument('<files...>', 'the books to join')
    .requiredOption('--out <file>', 'the book file to write')
    .action((files: string[], options: { out: string }) => {
      writeDescribedBook(options.out, files.map((path) => ({ option: '<files>', path })), () => joinBooks(files));
    });
  book
    .command('slice')
    .description('write the positions of --first-level stones or more of a book as a book of their own, whole or in --parts files (each shipped deep level is cut so; the solver merges them with the opening levels)')
    .argument('<file>', 'the book to slice (exact scores or values)')
    .requiredOption('--first-level <n>', 'the fewest stones of a position kept', parseIntegerIn(0, 42, 'The first level'))
    .requiredOption('--out <file>', 'the book file to write; with --parts, FILE.c4book stands for FILE-part-00.c4book, FILE-part-01.c4book, …')
    .option('--parts <n>', `cut the slice into n parts by a hash of each position (2 to ${String(MAX_PARTS)}), a file each, so that a reader fetches only the parts it needs`, parseIntegerIn(2, MAX_PARTS, 'The number of parts'))
    .action((file: string, options: { firstLevel: number; out: string; parts?: number }) => {
      if (options.parts === undefined) {
        writeDescribedBook(options.out, [{ option: '<file>', path: file }], () => readBookFile(file).slice(options.firstLevel));
        return;
      }
      if (!options.out.endsWith('.c4book')) throw new UsageError(`With --parts, --out names the parts' files as FILE.c4book (FILE-part-00.c4book, …), not ${options.out}`);
      const stem = options.out.slice(0, -'.c4book'.length);
      const slice = readBookFile(file).slice(options.firstLevel);
      const parts = slice.partition(options.parts);
      const outs = parts.map((_, index) => join(dirname(options.out), partFileName(basename(stem), index, parts.length)));
      for (const out of outs) checkBookTarget(out, [{ option: '<file>', path: file }]);
      parts.forEach((part, index) => writeBookFile(outs[index]!, part));
      process.stdout.write(`${String(parts.length)} parts: ${outs[0]!} … ${outs[outs.length - 1]!}\n`);
      process.stdout.write(describeBook(partFilesPattern(stem), slice.info(), { count: parts.length, bytes: sumOf(parts.map((part) => part.info().bytes)) }));
    });
  book
    .command('info')
    .description('check a book file and describe it (default: the shipped book of exact scores: its opening levels, then each deep level, all of its parts)')
    .argument('[file]', 'the book file')
    .action((file: string | undefined) => {
      if (file !== undefined) {
        process.stdout.write(describeBook(file, readBookFile(file).info()));
        return;
      }
      process.stdout.write(describeBook(DEFAULT_BOOK_PATH, readBookFile(DEFAULT_BOOK_PATH).info()));
      for (const level of SHIPPED_DEEP_LEVELS) {
        const paths = DEEP_BOOK_FILES.filter((file) => file.level === level).map(({ path }) => path);
        const parts = paths.map(readBookFile);
        const bytes = sumOf(parts.map((part) => part.info().bytes));
        process.stdout.write(describeBook(join(dirname(paths[0]!), partFilesPattern(`opening-${String(level)}`)), OpeningBook.merge(...parts).info(), { count: parts.length, bytes }));
      }
    });
  return command;
}


/** The book `make` gives, written to `out` (checked first against the inputs) and described on stdout. */
function writeDescribedBook(out: string, inputs: readonly NamedPath[], make: () => OpeningBook): void {
  checkBookTarget(out, inputs);
  const book = make();
  writeBookFile(out, book);
  process.stdout.write(describeBook(out, book.info()));
}

/** The books of `files` as one; books that score a position apart are a usage error. */
function joinBooks(files: readonly string[]): OpeningBook {
  try {
    return OpeningBook.merge(...files.map(readBookFile));
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(`cannot join ${files.join(', ')}: ${error.message}`);
    throw error;
  }
}

/** One line saying what a book file holds, as `book info` prints it; with `parts`, what the files of a book's parts hold together. */
function describeBook(path: string, info: BookInfo, parts?: { readonly count: number; readonly bytes: number }): string {
  const levels = info.firstLevel > 0 ? `, from ${String(info.firstLevel)} stones on` : '';
  const share = info.part === null ? '' : ` (part ${String(info.part.index)} of 0..${String(info.part.of - 1)}: its share of the level)`;
  const complete = info.completeDepth < 0 ? 'no level complete' : `complete to ${String(info.completeDepth)} stones${share}`;
  const kind = info.weak ? 'values (win/draw/loss)' : 'exact scores';
  const files = parts === undefined ? '' : ` (${String(parts.count)} parts)`;
  const bytes = parts === undefined ? info.bytes : parts.bytes;
  return `${path}${files}: ${String(info.entries)} positions, ${String(bytes)} bytes${levels}, deepest ${String(info.depth)} stones, ${complete}, ${kind}, ${parts === undefined ? 'checksum' : 'checksums'} OK\n`;
}

const sumOf = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0);

/** Runs `action`, reporting a journal that cannot be resumed or merged as a usage error (exit 2). */
function asUsage<T>(action: () => T): T {
  const rethrow = (error: unknown): never => {
    throw error instanceof JobJournalError ? new UsageError(error.message) : error;
  };
  try {
    const result = action();
    return (result instanceof Promise ? result.catch(rethrow) : result) as T;
  } catch (error) {
    return rethrow(error);
  }
}

/** Writes the book of every score `known` holds (the shallower levels derived first) to `out`. */
function writeBook(out: string, root: string, levels: readonly (readonly BookPosition[])[], known: Map<number, number>, from: OpeningBook | undefined): OpeningBook {
  deriveScores(levels, known);
  const entries: { key: number; score: number; moves: number }[] = [];
  // The --from book's positions outside these levels are kept as they are (fromEntries drops the
  // ones repeated below: they were checked to agree).
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
  const book = OpeningBook.fromEntries(entries, root === '' ? complete : -1);
  writeBookFile(out, book);
  return book;
}

/** Takes the --from book's scores of the levels into `known`; one that contradicts the journal is a usage error. */
function addFromScores(known: Map<number, number>, levels: readonly (readonly BookPosition[])[], from: OpeningBook, fromPath: string, journal: string): void {
  for (const level of levels) {
    for (const e of level) {
      const score = from.scoreOfKey(e.key);
      if (score === undefined) continue;
      const journaled = known.get(e.key);
      if (journaled !== undefined && journaled !== score) throw new UsageError(`${fromPath}: ${e.moves} scored ${String(score)}, ${journal} says ${String(journaled)}`);
      known.set(e.key, score);
    }
  }
}

function describe(book: OpeningBook): string {
  const info = book.info();
  return `${String(info.entries)} positions, ${String(info.bytes)} bytes, complete to ${info.completeDepth < 0 ? 'no level' : `${String(info.completeDepth)} stones`}`;
}

/**
 * Positions per batch: about 100 batches per worker, so that progress, checkpoints and a stop lose
 * little; at most 64, as a deep level's positions can take seconds each.
 */
const defaultBatchSize = ([start, end]: readonly [number, number], workers: number): number => Math.max(1, Math.min(64, Math.ceil((end - start) / (workers * 100))));

/** CPU time of this process, all its threads, in ms. */
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** A CPU time in words: seconds below an hour, hours above (a deep level takes CPU hours). */
const cpuText = (ms: number): string => (ms < 3_600_000 ? formatDuration(ms) : `${(ms / 3_600_000).toFixed(2)} h`);

async function buildBook(options: BuildOptions): Promise<void> {
  const { shard, out } = options;
  const inputs = [...(options.from === undefined ? [] : [{ option: '--from', path: options.from }]), ...(options.values === undefined ? [] : [{ option: '--values', path: options.values }])];
  const journal = buildTargets('book build', options, inputs);
  const params = { root: options.root, depth: options.depth };
  const levels = bookLevelsOf(params);
  const level = levels.at(-1)!;
  const identity = bookJobIdentity(params);
  const from = options.from === undefined ? undefined : readBookOfKind(options.from, false, '--from', ' (give values as --values)');
  const values = options.values === undefined ? undefined : readBookOfKind(options.values, true, '--values', ' (give exact scores as --from)');
  const known = new Map<number, number>();
  const workerData: BookWorkerData = { tableSize: options.table, book: from?.encode(), values: values?.encode() };
  const stopping = stopOnSignals('book: stopping (the positions in progress are dropped; the journal keeps the rest)');

  const started = performance.now();
  const cpuBefore = cpuMs();
  let todoCount = 0;
  let done = 0;
  let progress: NodeJS.Timeout | undefined;
  const what = shard === undefined ? '' : `shard ${String(shard.index)}/${String(shard.count)}: `;
  try {
    await runJob<BookJobResult>({
      identity,
      workerFile: fileURLToPath(new URL('./book-worker.js', import.meta.url)),
      workerData,
      journal,
      shard,
      threads: options.workers,
      batchSize: options.batchSize ?? defaultBatchSize(partOf(identity.count, shard), options.workers),
      signal: stopping.signal,
      readOnly: options.writeOnly === true,
      onStart: ({ earlier, todo, part, tornBytes }) => {
        if (tornBytes > 0) process.stderr.write(`book: the last line of ${journal} was cut short (${String(tornBytes)} bytes): not counted, its positions are solved again\n`);
        addJournalScores(known, earlier, level, journal);
        if (from !== undefined) addFromScores(known, levels, from, options.from!, journal);
        deriveScores(levels, known);
        todoCount = todo.reduce((n, [s, e]) => n + e - s, 0);
        const total = part[1] - part[0];
        const knownInPart = level.slice(part[0], part[1]).filter((e) => known.has(e.key)).length;
        const partText = shard === undefined ? '' : ` (shard ${String(shard.index)}/${String(shard.count)}: positions ${describeRanges([part])} of ${String(level.length)})`;
        process.stderr.write(
          `book: ${String(levels.reduce((n, l) => n + l.length, 0))} positions to ${String(options.depth)} stones; level ${String(options.depth)}${partText}: ${String(total)}, ${String(knownInPart)} already known (in ${journal}, or won at the next move); ${String(options.workers)} workers\n`,
        );
        let lastCheckpoint = started;
        progress = setInterval(() => {
          const seconds = (performance.now() - started) / 1000;
          const rate = done / seconds;
          const left = todoCount - done;
          process.stderr.write(`book: ${what}${String(total - left)}/${String(total)} at depth ${String(options.depth)} (${((100 * (total - left)) / Math.max(1, total)).toFixed(1)}%), ${rate.toFixed(2)}/s, ${seconds.toFixed(0)} s, eta ${rate > 0 ? (left / rate / 3600).toFixed(1) : '?'} h\n`);
          if (out !== undefined && performance.now() - lastCheckpoint > options.checkpoint * 1000) {
            lastCheckpoint = performance.now();
            process.stderr.write(`book: checkpoint ${out}: ${describe(writeBook(out, options.root, levels, known, from))}\n`);
          }
        }, 10_000);
      },
      onRecord: (record: JobRecord<BookJobResult>) => {
        addJournalScores(known, [record], level, journal);
        done += record.end - record.start;
      },
    });
  } finally {
    clearInterval(progress);
    stopping.release();
  }
  const hours = (performance.now() - started) / 3_600_000;
  const ended = `${stopping.signal.aborted ? 'stopped' : 'done'} after ${hours.toFixed(2)} h`;
  const cpu = `CPU time ${cpuText(cpuMs() - cpuBefore)} (all threads)`;
  if (out === undefined) {
    process.stderr.write(`book: ${what}${ended}; ${String(done)} positions solved into ${journal}; ${cpu}\n`);
    return;
  }
  const book = writeBook(out, options.root, levels, known, from);
  process.stderr.write(`book: ${ended}; wrote ${out}: ${describe(book)}; ${cpu}\n`);
}

/** `book merge`: the book of the shards' journals (see the file's comment). */
function mergeBook(journals: readonly string[], options: { readonly out: string; readonly from?: string }): void {
  checkBookTarget(options.out, [...journals.map((path) => ({ option: 'the journal', path })), ...(options.from === undefined ? [] : [{ option: '--from', path: options.from }])]);
  const files = journals.map((path) => {
    // A journal named but not there is a mistake (a typo, a shard's file not copied back), not an empty part.
    if (!existsSync(path)) throw new UsageError(`Cannot read the journal ${path}: no such file`);
    const journal = JournalFile.read(path, 'the journal');
    if (journal.tornBytes > 0) process.stderr.write(`book merge: the last line of ${path} was cut short (${String(journal.tornBytes)} bytes): not counted\n`);
    return { path, records: jobRecordsOf(journal.lines, path) };
  });
  const merged = mergeJobRecords(files);
  if (merged.identity.job === STRATEGY_JOB) {
    const params = strategyJobParams(merged.identity);
    if (merged.missing.length > 0) process.stderr.write(`book merge: no journal holds strategies ${describeRanges(merged.missing)} of ${String(merged.identity.count)}: the book holds what is proven; run the shards that hold them (a killed shard resumes from its journal)\n`);
    const book = mergeStrategyBook(params, files, options.out, options.from);
    process.stderr.write(`book merge: ${String(files.length)} journals; wrote ${options.out}: ${String(book.size)} values\n`);
    return;
  }
  const params = bookJobParams(merged.identity);
  const levels = bookLevelsOf(params);
  const level = levels.at(-1)!;
  if (level.length !== merged.identity.count) throw new UsageError(`The journals number ${String(merged.identity.count)} positions of ${String(params.depth)} stones, this version ${String(level.length)}: they were written by another numbering.`);
  const known = new Map<number, number>();
  for (const { path, records } of files) addJournalScores(known, records, level, path);
  const from = options.from === undefined ? undefined : readBookOfKind(options.from, false, '--from', '');
  if (from !== undefined) addFromScores(known, levels, from, options.from!, 'the journals');
  if (merged.missing.length > 0) {
    process.stderr.write(`book merge: no journal holds positions ${describeRanges(merged.missing)} of level ${String(params.depth)} (${String(level.length)} positions): the book holds what is proven; run the shards that hold them (a killed shard resumes from its journal)\n`);
  }
  const book = writeBook(options.out, params.root, levels, known, from);
  process.stderr.write(`book merge: ${String(files.length)} journals; wrote ${options.out}: ${describe(book)}\n`);
}
