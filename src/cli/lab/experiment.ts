/**
 * What every experiment command shares: the lab options (--games, --seed, --threads, --until-ci,
 * --out, --resume, --shard, --json, --batch-size), the progress bar, Ctrl-C, and the results file.
 * A command supplies the experiment's lineups and how to report a tally.
 */
import { appendFileSync, existsSync, statSync } from 'node:fs';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { plural } from '../../core/format.js';
import { freshSeed } from '../../core/random.js';
import type { ExperimentConfig, Tally } from '../../lab/experiment.js';
import { appendRecord, combineRecords, configKey, missingRanges, readResults, RECORD_FORMAT, RecordsError, repairResults, shardRange, type ResultsFile } from '../../lab/records.js';
import { defaultThreads, runExperiment, type GameRange } from '../../lab/runner.js';
import { capAtCores, parseIntegerIn, parsePositiveInt, parsePositiveNumber, parseSeed, UsageError } from '../options.js';
import { progressBar } from '../terminal.js';

export interface Shard {
  readonly index: number;
  readonly count: number;
}

export function parseShard(value: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || !Number.isSafeInteger(count) || count < 1 || index < 1 || index > count) {
    throw new InvalidArgumentError(`The shard must be i/n with 1 <= i <= n (e.g. 2/8), got '${value}'.`);
  }
  return { index, count };
}

export interface LabOptions {
  games: number;
  seed?: number;
  json?: boolean;
  threads: number;
  untilCi?: number;
  out?: string;
  resume?: string;
  shard?: Shard;
  batchSize?: number;
}

/** Adds the lab options to an experiment command. */
export function addLabOptions(command: Command, what: { games: number; unit: string }): Command {
  return command
    .option('-g, --games <n>', `games ${what.unit} (with --until-ci: at most this many)`, parsePositiveInt('The number of games'), what.games)
    .option('-s, --seed <n>', 'experiment seed (default: a fresh one, printed so the run can be replayed)', parseSeed)
    .option('--json', 'print one JSON object instead of tables')
    .addOption(
      new Option('-t, --threads <n>', 'worker threads; 0 or 1 plays in this process')
        .argParser(parseIntegerIn(0, 1024, 'The thread count'))
        .default(defaultThreads(), `the available cores, ${String(defaultThreads())}`),
    )
    .option('--until-ci <width>', 'stop once every 95% CI half-width is below this (checked at fixed game counts)', parsePositiveNumber('The --until-ci width'))
    .option('--out <file>', 'append one JSON line per completed batch to this file (for --resume and merge)')
    .option('--resume <file>', 'continue the run saved in this file (plays only the games it lacks, appends to it)')
    .option('--shard <i/n>', 'play only part i of n of the games (disjoint; combine the shards with `tabletop merge`)', parseShard)
    .option('--batch-size <n>', 'games per batch sent to a worker (does not change the results)', parsePositiveInt('The batch size'));
}

export interface ExperimentCommand {
  readonly command: Command;
  readonly options: LabOptions;
  readonly game: string;
  readonly lineups: readonly (readonly string[])[];
  readonly paired: boolean;
  /** The widest CI half-width of a tally, for --until-ci. */
  readonly widestHalfWidth: (config: ExperimentConfig, tally: Tally) => number;
  /** The report: the text table, or the JSON value. */
  readonly render: (config: ExperimentConfig, tally: Tally, json: boolean) => string;
}

/** Runs an experiment command from parsed options to printed report, file and exit status. */
export async function runExperimentCommand(spec: ExperimentCommand): Promise<void> {
  const { options, command } = spec;
  const explicit = (name: string): boolean => command.getOptionValueSource(name) === 'cli';
  if (options.untilCi !== undefined && options.shard !== undefined) throw new UsageError('--until-ci cannot be combined with --shard: a shard cannot see the other shards\' results.');
  if (options.out !== undefined && options.resume !== undefined && options.out !== options.resume) {
    throw new UsageError('--resume appends to the file it resumes; give --out only without --resume.');
  }

  let seed = options.seed;
  let freshlySeeded = false;
  let planned: GameRange[] = [];
  let covered: GameRange[] = [];
  let initial: Tally | undefined;
  let total = options.games;
  let resumed: ResultsFile | undefined;
  if (options.resume !== undefined) {
    let combined;
    try {
      resumed = readResults(options.resume);
      combined = combineRecords(resumed.records);
    } catch (error) {
      if (error instanceof RecordsError) throw new UsageError(`Cannot resume: ${error.message}`);
      throw error;
    }
    seed ??= combined.config.seed;
    const wanted: ExperimentConfig = { game: spec.game, lineups: spec.lineups, seed, paired: spec.paired };
    if (configKey(wanted) !== configKey(combined.config)) {
      throw new UsageError(`Cannot resume: ${options.resume} holds another experiment (${configKey(combined.config)}); this command runs ${configKey(wanted)}.`);
    }
    planned = explicit('games') || explicit('shard') ? [plannedRange(options)] : combined.planned;
    covered = combined.covered;
    initial = combined.tally;
    if (!explicit('games')) total = combined.total;
    // A run that stopped on --until-ci resumes with the same stopping rule.
    if (options.untilCi === undefined && combined.untilCi !== undefined) {
      if (options.shard !== undefined) throw new UsageError('--until-ci cannot be combined with --shard: a shard cannot see the other shards\' results.');
      options.untilCi = combined.untilCi;
    }
  } else {
    if (seed === undefined) {
      seed = freshSeed();
      freshlySeeded = true;
    }
    planned = [plannedRange(options)];
    if (options.out !== undefined && existsSync(options.out) && statSync(options.out).size > 0) {
      throw new UsageError(`${options.out} already holds results: continue it with --resume ${options.out}, or choose another file.`);
    }
  }
  const config: ExperimentConfig = { game: spec.game, lineups: spec.lineups, seed, paired: spec.paired };
  const ranges = missingRanges(planned, covered);
  const outFile = options.resume ?? options.out;
  if (outFile !== undefined) {
    try {
      appendFileSync(outFile, ''); // fail now, not after the first batch, if the file cannot be written
      // Only now, with every check passed: a torn last line must go before anything is appended,
      // or the next record would be glued onto it and the file could no longer be read.
      if (resumed !== undefined && options.resume !== undefined) {
        const dropped = repairResults(options.resume, resumed);
        if (dropped > 0) process.stderr.write(`Note: dropped the half-written last line of ${options.resume} (${plural(dropped, 'byte')}) before resuming.\n`);
      }
    } catch (error) {
      throw new UsageError(`Cannot write results to ${outFile}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const span: GameRange = [Math.min(...planned.map((r) => r[0])), Math.max(...planned.map((r) => r[1]))];

  if (freshlySeeded) process.stderr.write(`Seed ${String(seed)} (replay this run with --seed ${String(seed)})\n`);
  const controller = new AbortController();
  let interrupts = 0;
  const onSigint = (): void => {
    interrupts++;
    if (interrupts > 1) process.exit(130);
    controller.abort();
  };
  process.on('SIGINT', onSigint);
  const lineups = spec.lineups.length;
  const already = (initial?.lineups[0]?.games ?? 0) * lineups;
  const toPlay = ranges.reduce((n, [s, e]) => n + e - s, 0) * lineups + already;
  const bar = progressBar(toPlay);
  let result;
  try {
    result = await runExperiment({
      config,
      ranges,
      threads: capAtCores(options.threads, '--threads'),
      batchSize: options.batchSize,
      // The file's batches, not just their sum: --until-ci must see which games they hold.
      earlier: resumed?.records,
      signal: controller.signal,
      onProgress: (played) => {
        bar.update(already + played);
      },
      onBatch: (batch) => {
        if (outFile !== undefined) appendRecord(outFile, { format: RECORD_FORMAT, config, planned: span, total, untilCi: options.untilCi, start: batch.start, end: batch.end, tally: batch.tally });
      },
      untilCi:
        options.untilCi === undefined
          ? undefined
          : { satisfied: (tally) => spec.widestHalfWidth(config, tally) < options.untilCi! },
    });
  } finally {
    bar.stop();
    process.off('SIGINT', onSigint);
  }

  const played = result.tally.lineups[0]!.games;
  if (played === 0) {
    process.stderr.write('No games were completed.\n');
  } else {
    process.stdout.write(`${spec.render(config, result.tally, options.json === true)}\n`);
  }
  if (result.stoppedByCi && options.json !== true) {
    process.stdout.write(`\nStopped after ${plural(played, 'game')} per lineup: every 95% CI half-width is below ${String(options.untilCi)}.\n`);
  }
  if (result.aborted) {
    const where = outFile === undefined ? '' : ` Saved to ${outFile}; continue with --resume ${outFile}.`;
    const what = played === 0 ? 'Interrupted before any batch completed.' : `Interrupted after ${plural(played, 'game')} per lineup: the results above are partial.`;
    process.stderr.write(`${what}${where}\n`);
    process.exitCode = 130;
  }
}

function plannedRange(options: LabOptions): GameRange {
  return options.shard === undefined ? [0, options.games] : shardRange(options.games, options.shard.index, options.shard.count);
}
