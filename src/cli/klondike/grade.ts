/**
 * `tabletop klondike grade`: grades a range of seeded deals (games/klondike/difficulty.ts) as a
 * job of the lab's runner (grade-job.ts) — the solver proves each deal winnable, then the honest
 * player plays it `--runs` times to grade it and `--check-runs` more times, with other generators,
 * to check the grades out of sample. Its journal (`--out`) is continued by running the same
 * command again; `--shard i/n` grades part i of n, and `--merge` adds the parts' journals up.
 * `--table FILE` writes the grading table (the text the game module reads). This module only
 * parses and prints.
 */
import { existsSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { plural } from '../../core/format.js';
import { reportInterrupted, runDealJob, thisRunLine, type DealJobOutcome } from './deal-job.js';
import { wilsonInterval } from '../../core/stats.js';
import { klondikeRuleSet, passesInJson } from '../../games/klondike/rule-set.js';
import { DIFFICULTY_GRADES, formatDifficultyTable, gradeOf, type DifficultyGrade, type DifficultyTable } from '../../games/klondike/difficulty.js';
import { JournalFile } from '../../lab/journal-file.js';
import { describeRanges, JobJournalError, jobRecordsOf, mergeJobRecords, type JobShard } from '../../lab/jobs.js';
import { parseShard } from '../lab/experiment.js';
import { capAtCores, parseIntegerIn, parsePositiveInt, parseSeed, UsageError } from '../options.js';
import { gradedDeals, gradeDeals, gradeJob, gradeJobParams, gradeWorkerFile, type GradedDeal, type GradeJobParams } from './grade-job.js';
import { addRulesOptions, parseDraw, rulesOf, rulesWords, type RulesOptions } from './rules-options.js';
import { parseSeedRange, type SeedRange } from './solve.js';

interface GradeOptions extends RulesOptions {
  readonly seeds?: SeedRange;
  readonly draw: number;
  readonly runs: number;
  readonly checkRuns: number;
  readonly maxStates: number;
  readonly seed: number;
  readonly out?: string;
  readonly shard?: JobShard;
  readonly merge?: string[];
  readonly table?: string;
  readonly threads: number;
  readonly batchSize: number;
  readonly json?: boolean;
}

/** The defaults: 4 grading runs and 2 check runs a deal; the solver's proof within 300,000 positions (the page's budget for a winnable deal). */
export const GRADE_DEFAULTS = { runs: 4, checkRuns: 2, maxStates: 300_000, seed: 1 } as const;

/** What a grading holds, per grade: deals, grading runs won, check runs won. */
export interface GradeSummary {
  readonly params: GradeJobParams;
  readonly first: number;
  readonly last: number;
  readonly deals: readonly GradedDeal[];
  readonly winnable: number;
  readonly unwinnable: number;
  readonly undecided: number;
  readonly grades: readonly { readonly grade: DifficultyGrade; readonly deals: number; readonly wins: number; readonly checkWins: number }[];
}

export function summarizeGrading(params: GradeJobParams, count: number, deals: readonly GradedDeal[]): GradeSummary {
  const of = (verdict: GradedDeal['verdict']): number => deals.filter((d) => d.verdict === verdict).length;
  const grades = DIFFICULTY_GRADES.map((grade) => {
    const graded = deals.filter((d) => d.verdict === 'winnable' && gradeOf(d.wins, params.runs, d.positions, params.rules) === grade);
    return { grade, deals: graded.length, wins: graded.reduce((n, d) => n + d.wins, 0), checkWins: graded.reduce((n, d) => n + d.checkWins, 0) };
  });
  return { params, first: params.firstDeal, last: params.firstDeal + count - 1, deals, winnable: of('winnable'), unwinnable: of('unwinnable'), undecided: of('undecided'), grades };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

function paramsWords(p: GradeJobParams): string {
  return `${rulesWords(klondikeRuleSet(p))}; the honest player ${plural(p.runs, 'run')} a deal to grade it and ${plural(p.checkRuns, 'check run')}, generators from seed ${String(p.seed)}; the solver's proof within ${p.maxStates.toLocaleString('en-US')} positions`;
}

/** The report as lines of text: the verdicts, then per grade the deals and the check runs' win share with its 95% Wilson interval. */
export function gradeReport(s: GradeSummary): string[] {
  const range = `${String(s.first)}..${String(s.last)}`;
  const partial = s.deals.length < s.last - s.first + 1 ? ` (${String(s.deals.length)} of them so far)` : '';
  const lines = [
    `Klondike deals ${range}${partial} graded (${paramsWords(s.params)}).`,
    `Proved winnable ${String(s.winnable)} of ${String(s.deals.length)} (unwinnable ${String(s.unwinnable)}, undecided ${String(s.undecided)}: not graded).`,
    'grade    deals  grading runs won   check runs won (95% Wilson CI)',
  ];
  for (const g of s.grades) {
    const runs = g.deals * s.params.runs;
    const checks = g.deals * s.params.checkRuns;
    const { low, high } = wilsonInterval(g.checkWins, checks);
    const check = checks === 0 ? '–' : `${String(g.checkWins)}/${String(checks)} = ${pct(g.checkWins / checks)} (${pct(low)}–${pct(high)})`;
    lines.push(`${g.grade.padEnd(8)} ${String(g.deals).padStart(5)}  ${(runs === 0 ? '–' : `${String(g.wins)}/${String(runs)}`).padStart(16)}   ${check}`);
  }
  return lines;
}

export function gradeJson(s: GradeSummary): object {
  return {
    deals: { first: s.first, last: s.last, graded: s.deals.length },
    params: s.params,
    winnable: s.winnable,
    unwinnable: s.unwinnable,
    undecided: s.undecided,
    grades: s.grades.map((g) => {
      const checks = g.deals * s.params.checkRuns;
      const { low, high } = wilsonInterval(g.checkWins, checks);
      return { ...g, runs: g.deals * s.params.runs, checkRuns: checks, checkShare: checks === 0 ? null : { estimate: g.checkWins / checks, low, high, confidence: 0.95, method: 'Wilson' } };
    }),
  };
}

/** The grading table of the summary's deals. */
export function tableOf(s: GradeSummary): DifficultyTable {
  const { firstDeal: _first, ...params } = s.params;
  return { params, deals: new Map(s.deals.map(({ ms: _ms, ...d }) => [d.deal, d])) };
}

function print(s: GradeSummary, options: GradeOptions): void {
  if (options.table !== undefined) {
    writeFileSync(options.table, formatDifficultyTable(tableOf(s)));
    process.stderr.write(`Wrote the grading table of ${plural(s.deals.length, 'deal')} to ${options.table}.\n`);
  }
  if (options.json === true) process.stdout.write(`${JSON.stringify(gradeJson(s), null, 2)}\n`);
  else for (const line of gradeReport(s)) process.stdout.write(`${line}\n`);
}

const usage = (error: unknown): never => {
  if (error instanceof JobJournalError) throw new UsageError(error.message);
  throw error;
};

/** `--merge`: the report (and table) of the shards' journals. */
function mergeGradings(paths: readonly string[], options: GradeOptions): void {
  const files = paths.map((path) => {
    if (!existsSync(path)) throw new UsageError(`Cannot read the journal ${path}: no such file.`);
    try {
      return { path, records: jobRecordsOf(JournalFile.read(path, 'the journal').lines, path) };
    } catch (error) {
      return usage(error);
    }
  });
  try {
    const merged = mergeJobRecords(files, { items: 'Deals' });
    const params = gradeJobParams(merged.identity);
    const deals = files.flatMap(({ path, records }) => gradedDeals(records, params, path)).sort((a, b) => a.deal - b.deal);
    if (merged.missing.length > 0) process.stderr.write(`No journal holds deals ${describeRanges(merged.missing.map(([s, e]) => [s + params.firstDeal, e + params.firstDeal]))}: the report covers the others.\n`);
    print(summarizeGrading(params, merged.identity.count, deals), options);
  } catch (error) {
    usage(error);
  }
}

async function gradeRange(options: GradeOptions): Promise<void> {
  const rules = rulesOf(options);
  const seeds = options.seeds!;
  const params: GradeJobParams = {
    firstDeal: seeds.first,
    rules: rules.rules,
    draw: rules.draw,
    passes: passesInJson(rules.passes),
    runs: options.runs,
    checkRuns: options.checkRuns,
    maxStates: options.maxStates,
    seed: options.seed,
  };
  const identity = gradeJob(params, seeds.last - seeds.first + 1);
  const threads = capAtCores(options.threads, '--threads');
  let outcome: DealJobOutcome<GradedDeal[]>;
  try {
    outcome = await runDealJob<GradedDeal[]>(
      { identity, workerFile: gradeWorkerFile(), here: (task) => gradeDeals(params, task.start, task.end), journal: options.out, shard: options.shard, threads, batchSize: options.batchSize },
      { onEarlier: (held) => held > 0 && process.stderr.write(`Continuing ${options.out!}: ${plural(held, 'deal')} graded before.\n`) },
    );
  } catch (error) {
    usage(error);
    return;
  }
  const { records, aborted, done, started } = outcome;
  const deals = gradedDeals(records, params, options.out ?? 'this run');
  if (deals.length === 0) process.stderr.write('No deals were graded.\n');
  else {
    print(summarizeGrading(params, identity.count, deals), options);
    if (options.json !== true) process.stdout.write(thisRunLine(done, started, threads));
  }
  if (aborted) reportInterrupted(deals.length, options.out === undefined ? '' : ` Saved to ${options.out}: run the same command again to continue.`);
}

export function registerGrade(command: Command): Command {
  const grade = command
    .command('grade')
    .description('grade seeded deals by difficulty (easy, medium, hard, expert) from the honest player\u2019s win share and the solver\u2019s effort, check the grades with other runs, write the grading table (docs/klondike.md)')
    .option('--seeds <a..b>', 'the deals to grade (the deals of `klondike play --seed N`, 7 piles)', parseSeedRange)
    .option('--draw <n>', 'cards turned at a time (standard rules) or shown (assignment rules)', parseDraw, 3)
    .option('--runs <n>', 'games of the honest player per deal that grade it', parseIntegerIn(1, 1000, 'The number of runs'), GRADE_DEFAULTS.runs)
    .option('--check-runs <n>', 'further games per deal, with other generators, that check the grades (0: none)', parseIntegerIn(0, 1000, 'The number of check runs'), GRADE_DEFAULTS.checkRuns)
    .option('--max-states <n>', 'positions the solver may search to prove a deal winnable (deals not proved are not graded)', parsePositiveInt('The position budget'), GRADE_DEFAULTS.maxStates)
    .option('--seed <n>', "the seed the honest player's generators derive from", parseSeed, GRADE_DEFAULTS.seed)
    .option('--out <file>', 'the journal: one JSON line per batch of deals; the same command again continues it')
    .option('--shard <i/n>', 'grade only part i of n of the deals (merge the parts with --merge)', parseShard)
    .option('--merge <journals...>', "report (and with --table write) what the shards' journals hold together")
    .option('--table <file>', 'also write the grading table (the text src/games/klondike/difficulty-data.ts ships)')
    .option('--threads <n>', 'worker threads (1: this thread)', parsePositiveInt('The number of threads'), 1)
    .option('--batch-size <n>', 'deals per batch and journal line (does not change the results)', parsePositiveInt('The batch size'), 2)
    .option('--json', 'print one JSON object instead of text');
  addRulesOptions(grade);
  grade.action(async (options: GradeOptions) => {
    const explicit = (name: string): boolean => grade.getOptionValueSource(name) === 'cli';
    if (options.merge !== undefined) {
      const jobOptions = ['seeds', 'draw', 'runs', 'checkRuns', 'maxStates', 'seed', 'out', 'shard', 'rules', 'passes', 'scoring', 'threads', 'batchSize'].filter(explicit);
      if (jobOptions.length > 0) throw new UsageError(`--merge reads everything from the journals: it takes no --${jobOptions[0]!.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.`);
      mergeGradings(options.merge, options);
      return;
    }
    if (options.seeds === undefined) throw new UsageError('Give the deals to grade with --seeds a..b (or --merge the journals of a sharded grading).');
    if (options.shard !== undefined && options.out === undefined) throw new UsageError('--shard writes its part to a journal: give --out FILE.');
    if (explicit('scoring')) throw new UsageError('--scoring changes no move, so no grade: grading takes the rule set without it.');
    await gradeRange(options);
  });
  return command;
}
