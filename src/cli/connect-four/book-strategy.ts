/**
 * `tabletop connect-four book strategy --depth D --out FILE`: builds the strategy book, the
 * win/draw/loss values of the positions a perfect player meets up to D stones (method:
 * src/games/connect-four/book/strategy.ts), for the first player (`--for first`), the second
 * (`--for second`) or both (default, first then second), from the empty board or from each of
 * `--roots`.
 *
 * It runs as a job of the lab's runner (strategy-job.ts, lab/job-runner.ts): each root and player
 * is one item, proven on `--workers` threads, and each finished strategy is a record of the
 * journal (default FILE.journal). Run again with the same journal it resumes: only the strategies
 * the journal lacks are proven. `--shard i/n --journal PART` proves part i of n of them into PART,
 * and `book merge PART… --out FILE` writes the book from all parts: the same bytes as one
 * process's build. The book is written when a strategy finishes (at most every `--checkpoint`
 * seconds), when stopped (Ctrl-C, SIGTERM) and at the end, with every value proven so far.
 *
 * A journal of an earlier version (`<moves> <value>` lines, one per leaf) is not resumed; with
 * `--write-only` its book is written as before, to continue from with `--from`.
 */
import { fileURLToPath } from 'node:url';
import { OpeningBook } from '../../games/connect-four/book/book.js';
import { StrategyBuilder } from '../../games/connect-four/book/strategy.js';
import { Position } from '../../games/connect-four/position.js';
import { UsageError } from '../options.js';
import { JournalFile } from '../../lab/journal-file.js';
import { runJob } from '../../lab/job-runner.js';
import type { JobShard } from '../../lab/jobs.js';
import { writeBookFile } from '../../arena/connect-four/book-file.js';
import { buildTargets, readBookOfKind } from './book-kind.js';
import { stopOnSignals } from './stop-signal.js';
import type { StrategyWorkerData } from './strategy-worker.js';
import { bookFingerprint, strategyBookOf, strategyJobIdentity, strategyResultsOf, type StrategyItemResult, type StrategyJobParams, type StrategyPlayer } from './strategy-job.js';

export interface StrategyOptions {
  readonly depth: number;
  readonly out?: string;
  readonly journal?: string;
  readonly for: string;
  readonly table: number;
  readonly checkpoint: number;
  readonly workers: number;
  readonly shard?: JobShard;
  readonly writeOnly?: boolean;
  /** Comma-separated move strings: the strategies from these positions instead of the empty board (the items of the job). */
  readonly roots?: string;
  /** A strategy book whose values are taken as proven (to extend a book without its journal). */
  readonly from?: string;
}

const PLAYERS: Readonly<Record<string, readonly StrategyPlayer[]>> = { first: ['first'], second: ['second'], both: ['first', 'second'] };

/** An earlier version's journal: `<moves> <value>` or `<moves> <lower> <upper>` lines, one per leaf. */
const LEAF_LINE = /^([1-7]*) (-1|0|1)(?: (-1|0|1))?$/;

export async function buildStrategyBook(options: StrategyOptions): Promise<void> {
  const players = PLAYERS[options.for];
  if (players === undefined) throw new UsageError(`--for must be first, second or both, got '${options.for}'`);
  const { out } = options;
  const journal = buildTargets('book strategy', options, options.from === undefined ? [] : [{ option: '--from', path: options.from }]);
  const roots = options.roots === undefined || options.roots === '' ? [''] : options.roots.split(',');
  for (const root of roots) {
    try {
      Position.fromMoves(root);
    } catch (error) {
      throw new UsageError(`--roots: '${root}' is not a position: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const from = options.from === undefined ? undefined : readBookOfKind(options.from, true, '--from');
  const earlierVersion = JournalFile.read(journal, 'the journal').lines.find((line) => line.trim() !== '');
  if (earlierVersion !== undefined && LEAF_LINE.test(earlierVersion.trim())) {
    if (options.writeOnly === true && out !== undefined) {
      writeFromLeafJournal(journal, out, options.depth, roots, players, from);
      return;
    }
    throw new UsageError(
      `${journal} holds leaf values of an earlier version ('<moves> <value>' lines), which this version does not resume: write its book with ` +
        `\`book strategy --write-only --depth ${String(options.depth)} --journal ${journal} --out OLD.c4book\` (with the --roots and --for it was built with), then build on with --from OLD.c4book and another journal.`,
    );
  }
  const params: StrategyJobParams = { depth: options.depth, roots, players, from: from === undefined ? null : bookFingerprint(from) };
  await runStrategyJob(params, { ...options, journal }, from);
}

async function runStrategyJob(params: StrategyJobParams, options: StrategyOptions & { journal: string }, from: OpeningBook | undefined): Promise<void> {
  const { out, journal, shard } = options;
  const identity = strategyJobIdentity(params);
  const results = new Map<number, StrategyItemResult>();
  const write = (): OpeningBook => {
    const book = strategyBookOf(params, results, from);
    writeBookFile(out!, book);
    return book;
  };
  const stopping = stopOnSignals('strategy: stopping (the strategies in progress are dropped; the journal keeps the rest)');
  const started = performance.now();
  let lastCheckpoint = started;
  let leaves = 0;
  let proven = 0;
  try {
    const workerData: StrategyWorkerData = { tableSize: options.table, from: from?.encode() };
    // Always on a worker thread, even one: a strategy may take hours, and Ctrl-C must stop it at once.
    await runJob<StrategyItemResult[]>({
      identity,
      workerFile: fileURLToPath(new URL('./strategy-worker.js', import.meta.url)),
      workerData,
      journal,
      shard,
      threads: options.workers,
      batchSize: 1,
      signal: stopping.signal,
      readOnly: options.writeOnly === true,
      onStart: ({ earlier, todo, part, tornBytes }) => {
        if (tornBytes > 0) process.stderr.write(`strategy: the last line of ${journal} was cut short (${String(tornBytes)} bytes): not counted, its strategies are proven again\n`);
        for (const [index, result] of strategyResultsOf(earlier, params, journal)) results.set(index, result);
        const todoCount = todo.reduce((n, [s, e]) => n + e - s, 0);
        const partText = shard === undefined ? '' : ` (shard ${String(shard.index)}/${String(shard.count)})`;
        process.stderr.write(
          `strategy: depth ${String(params.depth)}, for ${params.players.join(' and ')}, ${String(params.roots.length)} root(s): ${String(identity.count)} strategies${partText}, ` +
            `${String(part[1] - part[0] - todoCount)} of ${String(part[1] - part[0])} already in ${journal}; ${new Date().toISOString()}\n`,
        );
      },
      onRecord: (record) => {
        for (const [index, result] of strategyResultsOf([record], params, journal)) {
          results.set(index, result);
          leaves += result.leaves.length;
          proven++;
          process.stderr.write(`strategy: root '${result.root}' for the ${result.player} player: ${result.value === null ? '' : `value ${String(result.value)}, `}${String(result.leaves.length)} leaves solved, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
        }
        if (out !== undefined && performance.now() - lastCheckpoint > options.checkpoint * 1000) {
          lastCheckpoint = performance.now();
          process.stderr.write(`strategy: checkpoint ${out}: ${String(write().size)} values\n`);
        }
      },
    });
  } finally {
    stopping.release();
  }
  const hours = (performance.now() - started) / 3_600_000;
  const ended = `${stopping.signal.aborted ? 'stopped' : 'done'} after ${hours.toFixed(3)} h, ${String(proven)} strategies proven, ${String(leaves)} leaves solved`;
  if (out === undefined) {
    process.stderr.write(`strategy: ${ended}, into ${journal}\n`);
    return;
  }
  const book = write();
  process.stderr.write(`strategy: ${ended}; wrote ${out}: ${String(book.size)} values, ${String(book.info().bytes)} bytes\n`);
}

/** `book merge` of a strategy build's journals: the book of all their strategies. */
export function mergeStrategyBook(params: StrategyJobParams, files: readonly { readonly path: string; readonly records: Parameters<typeof strategyResultsOf>[0] }[], out: string, fromPath: string | undefined): OpeningBook {
  const from = fromPath === undefined ? undefined : readBookOfKind(fromPath, true, '--from');
  const fingerprint = from === undefined ? null : bookFingerprint(from);
  if (fingerprint !== params.from) {
    throw new UsageError(params.from === null ? `The journals were built without --from: give none.` : `The journals were built with a --from book ${fromPath === undefined ? 'that must be given' : `other than ${fromPath}`} (SHA-256 ${params.from}).`);
  }
  const results = new Map<number, StrategyItemResult>();
  for (const { path, records } of files) for (const [index, result] of strategyResultsOf(records, params, path)) results.set(index, result);
  const book = strategyBookOf(params, results, from);
  writeBookFile(out, book);
  return book;
}

/**
 * An earlier version's journal of leaf values, written as a book the way that version did: every
 * line's bounds known, the strategies walked without solving; what they do not settle stays open.
 */
function writeFromLeafJournal(journal: string, out: string, depth: number, roots: readonly string[], players: readonly StrategyPlayer[], from: OpeningBook | undefined): void {
  const builder = new StrategyBuilder({ depth, leafValue: () => undefined });
  if (from !== undefined) builder.knowBook(from);
  JournalFile.read(journal, 'the journal').lines.forEach((text, i) => {
    const line = text.trim();
    if (line === '') return;
    const match = LEAF_LINE.exec(line);
    if (match === null) throw new UsageError(`${journal}:${String(i + 1)}: not '<moves> <value>' or '<moves> <lower> <upper>': '${line}'`);
    try {
      const lower = Number(match[2]);
      builder.know(Position.fromMoves(match[1]!), lower, match[3] === undefined ? lower : Number(match[3]));
    } catch (error) {
      throw new UsageError(`${journal}:${String(i + 1)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  for (const root of roots) {
    const start = Position.fromMoves(root);
    for (const player of players) builder.strategy(start, start.turn === (player === 'first'));
  }
  const book = OpeningBook.fromEntries(builder.exact(), -1, true);
  writeBookFile(out, book);
  process.stderr.write(`strategy: wrote ${out} from the earlier version's journal ${journal}: ${String(book.size)} values\n`);
}
