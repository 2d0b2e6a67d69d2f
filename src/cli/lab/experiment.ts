/**
 * What every experiment command shares: the lab options (--games, --seed, --threads, --until-ci,
 * --out, --resume, --shard, --json, --batch-size), the progress bar, Ctrl-C, and printing the
 * outcome. The run itself — resume, shards, --until-ci, the results file — is planned and played
 * by the lab (`runLabOnNode`, src/lab/node-lab.ts); this module only parses and prints.
 */
import { fileURLToPath } from 'node:url';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { plural } from '../../core/format.js';
import { runLabOnNode } from '../../lab/node-lab.js';
import { RecordsError } from '../../lab/records.js';
import { FileSafetyError, refuseSameFiles, type NamedPath } from '../../lab/files.js';
import { GameRecordError } from '../../lab/game-record.js';
import { JobJournal } from '../../lab/job-journal.js';
import { renderReport } from '../../lab/report.js';
import { DEFAULT_MEMORY_LIMIT_MB, DEFAULT_MOVE_TIME_LIMIT_MS, defaultThreads } from '../../lab/runner.js';
import { PlanError, type LabRunOutcome, type Shard } from '../../lab/session.js';
import { PlayerModuleError } from '../../lab/user-players.js';
import { GameModuleError } from '../../lab/game-modules.js';
import { userGameModuleOf } from '../../lab/user-games.js';
import { capAtCores, parseIntegerIn, parsePositiveInt, parsePositiveNumber, parseSeed, UsageError } from '../options.js';
import { progressBar, type Progress } from '../terminal.js';
import { checkReportFiles, moduleFilesOf, writeReportFiles } from './report-files.js';

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
  records?: string;
  shard?: Shard;
  batchSize?: number;
  html?: string;
  csv?: string;
  moveTimeLimit?: number;
  memoryLimit?: number;
}

/** Adds the lab options to an experiment command. */
export function addLabOptions(command: Command, what: { games: number; unit: string; stopRule: string }): Command {
  return command
    .option('-g, --games <n>', `games ${what.unit} (with --until-ci: at most this many)`, parsePositiveInt('The number of games'), what.games)
    .option('-s, --seed <n>', 'experiment seed (default: a fresh one, printed so the run can be replayed)', parseSeed)
    .option('--json', 'print one JSON object instead of tables')
    .addOption(
      new Option('-t, --threads <n>', 'worker threads; 0 or 1 plays in this process')
        .argParser(parseIntegerIn(0, 1024, 'The thread count'))
        .default(defaultThreads(), `the available cores, ${String(defaultThreads())}`),
    )
    .option('--until-ci <width>', `stop once the 95% CI half-width of ${what.stopRule} is below this (checked at fixed game counts)`, parsePositiveNumber('The --until-ci width'))
    .option('--out <file>', 'append one JSON line per completed batch to this file (for --resume and merge)')
    .option('--resume <file>', 'continue the run saved in this file: its players, seed, games, shard and --until-ci (plays only the games it lacks, appends to it)')
    .option('--records <file>', 'also write every game as a game record (JSONL, one line per game: the players, every move and card dealt, the result; see docs/lab.md); with --resume, the file the run wrote')
    .option('--shard <i/n>', 'play only part i of n of the games (disjoint; combine the shards with `tabletop merge`)', parseShard)
    .option('--batch-size <n>', 'games per batch sent to a worker (does not change the results; --resume keeps the run\'s own unless given)', parsePositiveInt('The batch size'))
    .option('--html <file>', 'also write the results as one self-contained HTML report with charts (opens offline)')
    .option('--csv <file>', 'also write the results as CSV, one row per figure')
    .option(
      '--move-time-limit <seconds>',
      `longest one move of a player module may take (default ${String(DEFAULT_MOVE_TIME_LIMIT_MS / 1000)}); past it the module's worker is stopped, the move counts as a fault of that player, played as the rules play a failed move, and it plays no more in that game`,
      parsePositiveNumber('The move time limit'),
    )
    .option(
      '--memory-limit <MB>',
      `most memory one worker thread playing player modules may use (default ${String(DEFAULT_MEMORY_LIMIT_MB)}); a module that allocates past it ends its thread, and the move under way counts as a fault of that player, who plays no more in that game`,
      parsePositiveInt('The memory limit'),
    );
}

export interface ExperimentCommand {
  readonly command: Command;
  readonly options: LabOptions;
  readonly game: string;
  /** The lineups the command's options name (its defaults included). */
  readonly lineups: readonly (readonly string[])[];
  /** The options that name the lineups: when resuming, the saved run's lineups apply unless one was given. */
  readonly lineupOptions: readonly string[];
  /** Set when the command takes --paired. */
  readonly paired?: boolean;
  /** A round robin (src/lab/tournament.ts): seat pairs, and the opening suite if any. */
  readonly roundRobin?: { readonly openings?: string };
}

/** Refuses a --records file that is one of the run's other files (a usage error, nothing written). */
export function checkRecordsFile(records: string | undefined, others: readonly NamedPath[]): void {
  if (records === undefined) return;
  try {
    refuseSameFiles([{ option: '--records', path: records }], others);
  } catch (error) {
    if (error instanceof FileSafetyError) throw new UsageError(error.message);
    throw error;
  }
}

/** Ctrl-C once aborts the run (the batches under way finish and count); twice exits at once with status 130. */
export function interruptible(): { controller: AbortController; onSigint: () => void } {
  const controller = new AbortController();
  let interrupts = 0;
  const onSigint = (): void => {
    interrupts++;
    if (interrupts > 1) process.exit(130);
    controller.abort();
  };
  return { controller, onSigint };
}

/** Runs an experiment command from parsed options to printed report, file and exit status. */
export async function runExperimentCommand(spec: ExperimentCommand): Promise<void> {
  const { options, command } = spec;
  const explicit = (name: string): boolean => command.getOptionValueSource(name) === 'cli';
  const resuming = options.resume !== undefined;
  // When resuming, only what the user typed may differ from the saved run (and is then refused):
  // defaults are not choices, so the saved run's values apply.
  const given = <T>(name: string, value: T): T | undefined => (!resuming || explicit(name) ? value : undefined);
  const inputs = [
    ...(options.out === undefined ? [] : [{ option: '--out', path: options.out }]),
    ...(options.resume === undefined ? [] : [{ option: '--resume', path: options.resume }]),
    ...moduleFilesOf(spec.lineups),
    ...(userGameModuleOf(spec.game) === undefined ? [] : [{ option: 'the game module', path: fileURLToPath(userGameModuleOf(spec.game)!.url) }]),
  ];
  checkReportFiles(options, inputs);
  checkRecordsFile(options.records, [...inputs, ...(options.html === undefined ? [] : [{ option: '--html', path: options.html }]), ...(options.csv === undefined ? [] : [{ option: '--csv', path: options.csv }])]);
  const { controller, onSigint } = interruptible();
  let bar: Progress | undefined;
  let outcome: LabRunOutcome;
  process.on('SIGINT', onSigint);
  try {
    outcome = await runLabOnNode({
      game: spec.game,
      lineups: spec.lineupOptions.some(explicit) || !resuming ? spec.lineups : undefined,
      paired: spec.paired === undefined ? undefined : given('paired', spec.paired),
      seatPairs: spec.roundRobin === undefined ? undefined : true,
      openings: spec.roundRobin?.openings,
      games: given('games', options.games),
      seed: options.seed,
      shard: options.shard,
      untilCi: options.untilCi,
      out: options.out,
      resume: options.resume,
      records: options.records,
      threads: capAtCores(options.threads, '--threads'),
      batchSize: options.batchSize,
      moveTimeLimitMs: options.moveTimeLimit === undefined ? undefined : options.moveTimeLimit * 1000,
      memoryLimitMb: options.memoryLimit,
      signal: controller.signal,
      onPlan: (plan, file) => {
        if (file instanceof JobJournal && file.tornBytes > 0) {
          if (resuming) process.stderr.write(`Note: dropped the half-written last line of ${file.path} (${plural(file.tornBytes, 'byte')}) before resuming.\n`);
          else process.stderr.write(`Note: ${file.path} held only an unfinished first line (${plural(file.tornBytes, 'byte')}, no results); it was replaced.\n`);
        }
        if (plan.freshSeed) process.stderr.write(`Seed ${String(plan.config.seed)} (replay this run with --seed ${String(plan.config.seed)})\n`);
        const lineups = plan.config.lineups.length;
        const toPlay = plan.ranges.reduce((n, [s, e]) => n + e - s, 0) * lineups;
        bar = progressBar(toPlay);
      },
      onProgress: (played) => {
        bar?.update(played);
      },
    });
  } catch (error) {
    if (error instanceof PlanError || error instanceof RecordsError || error instanceof PlayerModuleError || error instanceof GameModuleError || error instanceof GameRecordError) throw new UsageError(resuming ? `Cannot resume: ${error.message}` : error.message);
    throw error;
  } finally {
    bar?.stop();
    process.off('SIGINT', onSigint);
  }
  printOutcome(outcome, options, options.resume ?? options.out);
}

/**
 * What an interrupted run tells about its results file: continue with --resume when the file holds
 * batches, but a run stopped before its first batch left none, and --resume would refuse the file.
 */
export function whereSaved(outcome: LabRunOutcome, outFile: string | undefined): string {
  if (outFile === undefined || outcome.saveFailure !== undefined) return '';
  if (outcome.batches.length === 0) return ` Nothing was saved to ${outFile}; start the run again with --out ${outFile}.`;
  return ` Saved to ${outFile}; continue with --resume ${outFile}.`;
}

function printOutcome(outcome: LabRunOutcome, options: LabOptions, outFile: string | undefined): void {
  const { plan, played } = outcome;
  const json = options.json === true;
  if (played === 0) process.stderr.write('No games were completed.\n');
  else {
    process.stdout.write(`${renderReport(plan.config, outcome.tally, json)}\n`);
    writeReportFiles(options, plan.config, outcome.tally, outcome.batches);
  }
  if (outcome.stoppedByCi && plan.stopRule !== undefined && !json) {
    const rule = plan.stopRule;
    const text = `Stopped after ${plural(played, 'game')} per lineup: the 95% CI half-width of ${rule.covers} is below ${String(plan.untilCi)}${rule.excludes === '' ? '' : `; the rule does not cover ${rule.excludes}`}.`;
    // (With --json, stdout holds only the JSON, whose game counts show where the run stopped.)
    process.stdout.write(`\n${text}\n`);
  }
  if (outcome.saveFailure !== undefined) {
    const { error, saved, unsaved } = outcome.saveFailure;
    process.stderr.write(
      `Error: the results file ${outFile ?? ''} is incomplete: saving failed (${error.message}); ${String(saved)} batch${saved === 1 ? '' : 'es'} of this run saved, ${String(unsaved)} not. ` +
        'The report above counts every game played.\n',
    );
    process.exitCode = 1;
  }
  if (outcome.aborted) {
    const where = whereSaved(outcome, outFile);
    const what = played === 0 ? 'Interrupted before any batch completed.' : `Interrupted after ${plural(played, 'game')} per lineup: the results above are partial.`;
    process.stderr.write(`${what}${where}\n`);
    process.exitCode = 130;
  }
}
