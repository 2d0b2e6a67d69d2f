/**
 * `tabletop klondike solve`: is a deal winnable with every card known, and how? For one deal
 * (`--seed N`, or `--deck` with the cards written out) it prints the verdict, the time, the
 * positions searched and the winning line in `klondike play`'s commands (0-based indices), so a
 * person can type it — or pipe it: with `--moves-only` the output is the line alone, one command
 * per line, which `tabletop klondike play --seed N` reads as input.
 *
 * `--seeds a..b` classifies a range of seeded deals as a job of the lab's runner
 * (classify.ts): it solves them in batches on this thread or on worker threads, with
 * progress, an `--out` / `--resume` journal, and `--json`; this module only parses and prints.
 */
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { InvalidArgumentError, Option } from 'commander';
import { plural } from '../../core/format.js';
import { percentile, wilsonInterval } from '../../core/stats.js';
import { IllegalArgumentError } from '../../games/klondike/errors.js';
import { classifyDeals, classifyJob, classifyParams, classifyWorkerFile, dealAt, dealResults, type ClassifyParams, type DealResult } from './classify.js';
import { reportInterrupted, runDealJob, thisRunLine, type DealJobOutcome } from './deal-job.js';
import { dealFromText, dealState, dealText, seededDeal, solveDeal } from '../../games/klondike/solver/deal.js';
import { readDealFile } from './deal.js';
import { addRulesOptions, parseDraw, parsePiles, rulesOf, rulesWords, type RulesOptions } from './rules-options.js';
import { DEFAULT_BUDGET, type SolveResult } from '../../games/klondike/solver/solver.js';
import type { KlondikeState } from '../../games/klondike/engine.js';
import { klondikeRuleSet, passesInJson } from '../../games/klondike/rule-set.js';
import { JournalFile } from '../../lab/journal-file.js';
import { canonicalJson, describeJob, describeRanges, JobJournalError, jobRecordsOf, mergeJobRecords, partOf, type JobRecord, type JobShard } from '../../lab/jobs.js';
import { parseShard } from '../lab/experiment.js';
import { capAtCores, parsePositiveInt, parseSeed, UsageError } from '../options.js';
import { moveCommand } from '../../games/klondike/notation.js';

interface SolveOptions extends RulesOptions {
  readonly seed?: number;
  readonly seeds?: SeedRange;
  readonly deck?: string;
  /** A file holding the deal: Solvitaire's JSON deal, PySol's board text or the --deck notation. */
  readonly deal?: string;
  readonly piles: number;
  readonly draw: number;
  readonly budgetMs: number;
  readonly maxStates: number;
  readonly movesOnly?: boolean;
  readonly threads: number;
  readonly out?: string;
  readonly resume?: string;
  /**
   * A classification's journal whose undecided deals are classified again, on the budget given;
   * after it, journals of earlier retries of it, whose verdicts count first.
   */
  readonly retryUndecided?: readonly string[];
  /** Classify only this part of the deals (into --out). */
  readonly shard?: JobShard;
  /** The journals of a classification's shards, to report together. */
  readonly merge?: readonly string[];
  readonly json?: boolean;
  readonly list?: boolean;
  readonly batchSize?: number;
}

export interface SeedRange {
  readonly first: number;
  readonly last: number;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER.toLocaleString('en-US');

/**
 * The most deals one range classifies: far more than any run finishes (a deal takes up to its
 * budget, by default seconds), and well inside what the lab counts exactly.
 */
const MAX_DEALS_PER_RANGE = 100_000_000;

/** `a..b` with 0 ≤ a ≤ b, at most MAX_DEALS_PER_RANGE deals. */
export function parseSeedRange(value: string): SeedRange {
  const match = /^\s*(\d+)\s*\.\.\s*(\d+)\s*$/.exec(value);
  if (match === null) throw new InvalidArgumentError(`A seed range is written a..b (e.g. 1..200), got '${value}'.`);
  const first = Number(match[1]);
  const last = Number(match[2]);
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last) || first > last) {
    throw new InvalidArgumentError(`A seed range a..b needs whole numbers from 0 to ${MAX_SAFE} with a ≤ b, got '${value}'.`);
  }
  const deals = last - first + 1;
  if (deals > MAX_DEALS_PER_RANGE) {
    throw new InvalidArgumentError(`A seed range covers at most ${MAX_DEALS_PER_RANGE.toLocaleString('en-US')} deals, got '${value}' (${(BigInt(last) - BigInt(first) + 1n).toLocaleString('en-US')} deals); classify it in smaller ranges.`);
  }
  return { first, last };
}

const RULES = 'the draw pile turns one card at a time and recycles without limit; every card known';

/** Deals per batch of a range: small, because one deal may take the whole budget (progress, Ctrl-C and resume work in batches). */
const DEFAULT_BATCH = 5;

/** The deal the options name (--seed, --deck or --deal) under their rule set; bad piles, draw, deck or file are usage errors. */
function dealOf(options: SolveOptions): KlondikeState {
  const rules = rulesOf(options);
  try {
    if (options.deal !== undefined) {
      const { piles, order } = readDealFile(options.deal, options.piles);
      return dealState(order, piles, rules);
    }
    const deal = options.deck !== undefined ? dealFromText(options.deck, options.piles, options.draw) : seededDeal(options.seed!, options.piles, options.draw);
    return rules.rules === 'standard' ? dealState(Array.from(deal.dealOrder), deal.config.piles, rules) : deal;
  } catch (error) {
    if (error instanceof IllegalArgumentError) throw new UsageError(error.message);
    throw error;
  }
}

const describeVerdict = (result: SolveResult): string => {
  switch (result.verdict) {
    case 'winnable':
      return `winnable: a winning line of ${plural(result.moves!.length, 'move')}`;
    case 'unwinnable':
      return 'unwinnable: proved, every reachable position was searched';
    case 'undecided':
      return 'undecided: the budget ran out first';
  }
};

/** The report for one deal (--seed or --deck). */
export function solveOne(options: SolveOptions, out: (line: string) => void): void {
  const deal = dealOf(options);
  const result = solveDeal(deal, { timeMs: options.budgetMs, maxStates: options.maxStates });
  if (options.movesOnly === true) {
    for (const move of result.moves ?? []) out(moveCommand(move));
    return;
  }
  const standard = deal.config.standardRules;
  const shape = standard ? plural(deal.config.piles, 'pile') : `${plural(deal.config.piles, 'pile')}, ${plural(options.draw, 'draw card')} shown`;
  const rules = standard ? `${rulesWords(rulesOf(options))}; every card known` : RULES;
  if (options.deck !== undefined || options.deal !== undefined) out(`Klondike deal of ${plural(deal.config.deckSize, 'card')} (${options.deal ?? '--deck'}): ${shape} (${rules}).`);
  else out(`Klondike deal ${String(options.seed)}: ${shape} (${rules}).`);
  out(`Deal (dealing order, --deck notation): ${dealText(deal)}`);
  out(`Verdict: ${describeVerdict(result)}.`);
  out(`Time: ${result.elapsedMs.toFixed(1)} ms; positions searched: ${String(result.states)}.`);
  if (result.moves !== null) {
    if (standard) out('Winning line (dd turns the stock, or the waste over; mfp F DEST takes a card back from foundation F):');
    else if (options.deck === undefined && options.deal === undefined) {
      const args = `--seed ${String(options.seed)} --piles ${String(options.piles)} --draw ${String(options.draw)}`;
      out(`Winning line (type it in \`tabletop klondike play ${args}\`, or pipe \`tabletop klondike solve ${args} --moves-only\` into it):`);
    } else out('Winning line (in the commands of `tabletop klondike play`):');
    out(result.moves.map(moveCommand).join(', '));
  }
}

/** What a classification found, for the text and JSON reports. */
export interface RangeSummary {
  readonly first: number;
  readonly last: number;
  readonly params: ClassifyParams;
  /** Deals classified (all of the range unless interrupted). */
  readonly deals: number;
  readonly winnable: number;
  readonly unwinnable: number;
  readonly undecided: number;
  /** The deals' own results, by deal. */
  readonly perDeal: readonly DealResult[];
}

export function summarize(params: ClassifyParams, count: number, perDeal: readonly DealResult[]): RangeSummary {
  const of = (verdict: DealResult['verdict']): number => perDeal.filter((d) => d.verdict === verdict).length;
  return {
    first: params.deals === undefined ? params.firstDeal : params.deals.reduce((a, b) => Math.min(a, b)),
    last: params.deals === undefined ? params.firstDeal + count - 1 : params.deals.reduce((a, b) => Math.max(a, b)),
    params,
    deals: perDeal.length,
    winnable: of('winnable'),
    unwinnable: of('unwinnable'),
    undecided: of('undecided'),
    perDeal,
  };
}

/** The deals of one verdict, by number. */
const dealsWith = (perDeal: readonly DealResult[], verdict: DealResult['verdict']): number[] => perDeal.filter((d) => d.verdict === verdict).map((d) => d.deal);
const dealsOf = (s: RangeSummary, verdict: DealResult['verdict']): number[] => dealsWith(s.perDeal, verdict);

/** A classification's report on stdout: `--json` (with `--list`, each deal), else `lead`, the deal lines with `--list`, and the text report. */
function printRange(summary: RangeSummary, options: SolveOptions, lead: readonly string[] = []): void {
  if (options.json === true) {
    process.stdout.write(`${JSON.stringify(rangeJson(summary, options.list === true), null, 2)}\n`);
    return;
  }
  for (const line of [...lead, ...(options.list === true ? dealLines(summary) : []), ...rangeReport(summary)]) process.stdout.write(`${line}\n`);
}

/** Time per deal (median, 95th percentile, largest; wall clock) and positions per second, or null without per-deal results. */
function timing(s: RangeSummary): { medianMs: number; p95Ms: number; maxMs: number; positionsPerSecond: number } | null {
  if (s.perDeal.length === 0) return null;
  const times = s.perDeal.map((d) => d.ms).sort((a, b) => a - b);
  const totalMs = times.reduce((a, b) => a + b, 0);
  const positions = s.perDeal.reduce((n, d) => n + d.positions, 0);
  return { medianMs: percentile(times, 0.5), p95Ms: percentile(times, 0.95), maxMs: times[times.length - 1]!, positionsPerSecond: totalMs > 0 ? Math.round(positions / (totalMs / 1000)) : 0 };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** The rule set of a classification, in words. */
function rangeRules(params: ClassifyParams): string {
  const standard = params.standard;
  if (standard === undefined) return RULES;
  return `${rulesWords(klondikeRuleSet({ rules: 'standard', ...standard }))}; every card known`;
}

/** The report of a classification as lines of text. */
export function rangeReport(s: RangeSummary): string[] {
  const { low, high } = wilsonInterval(s.winnable, s.deals);
  const listed = s.params.deals;
  const range = listed === undefined ? `${String(s.first)}..${String(s.last)}` : listed.join(', ');
  const partial = s.deals < (listed?.length ?? s.last - s.first + 1) ? ` (${String(s.deals)} of them classified so far)` : '';
  return [
    `Klondike deals ${range}${partial}: ${plural(s.params.piles, 'pile')} (${rangeRules(s.params)}); budget ${String(s.params.timeMs)} ms and ${String(s.params.maxStates)} positions per deal.`,
    `Winnable ${String(s.winnable)}, unwinnable ${String(s.unwinnable)}, undecided ${String(s.undecided)} of ${String(s.deals)}: ${pct((s.winnable + s.unwinnable) / s.deals)} decided.`,
    `Winnable share: ${pct(s.winnable / s.deals)} (95% Wilson CI ${pct(low)}–${pct(high)}); undecided deals count as not winnable here, so the true share is at most ${pct((s.winnable + s.undecided) / s.deals)}.`,
    ...perDealReport(s),
  ];
}

/** The lines on the deals' own results: the time per deal and the unwinnable and undecided deals. */
function perDealReport(s: RangeSummary): string[] {
  const lines: string[] = [];
  const t = timing(s);
  if (t !== null) lines.push(`Time per deal: median ${t.medianMs.toFixed(1)} ms, 95th percentile ${t.p95Ms.toFixed(1)} ms, longest ${t.maxMs.toFixed(1)} ms; ${t.positionsPerSecond.toLocaleString('en-US')} positions per second.`);
  for (const [verdict, title] of [['unwinnable', 'Unwinnable (proved)'], ['undecided', 'Undecided']] as const) {
    const list = dealsOf(s, verdict);
    if (list.length > 0) lines.push(`${title}: ${list.join(' ')}.`);
  }
  return lines;
}

/** `--list`: one line per deal — its number, verdict, time and positions searched. */
export function dealLines(s: RangeSummary): string[] {
  return s.perDeal.map((d) => `deal ${String(d.deal)} ${d.verdict} ${d.ms.toFixed(1)} ms ${String(d.positions)} positions`);
}

/** The JSON report of a classification. */
export function rangeJson(s: RangeSummary, list = false): object {
  const { low, high } = wilsonInterval(s.winnable, s.deals);
  return {
    deals: { first: s.first, last: s.last, classified: s.deals },
    piles: s.params.piles,
    ...(s.params.standard === undefined ? {} : { rules: { set: 'standard', draw: s.params.standard.draw, passes: s.params.standard.passes ?? 'unlimited' } }),
    budget: { timeMs: s.params.timeMs, maxStates: s.params.maxStates },
    winnable: s.winnable,
    unwinnable: s.unwinnable,
    undecided: s.undecided,
    winnableShare: { estimate: s.winnable / s.deals, low, high, confidence: 0.95, method: 'Wilson' },
    decidedShare: (s.winnable + s.unwinnable) / s.deals,
    unwinnableDeals: dealsOf(s, 'unwinnable'),
    undecidedDeals: dealsOf(s, 'undecided'),
    time: timing(s),
    ...(list ? { perDeal: s.perDeal } : {}),
  };
}

/**
 * The classification a journal holds (for --resume, or --retry-undecided: `cannot` begins the
 * error): its job, and its deals' results so far; a usage error if it holds none.
 */
function savedClassification(path: string, cannot = 'Cannot resume'): { count: number; params: ClassifyParams; perDeal: DealResult[]; part: readonly [number, number] } {
  let records: JobRecord[];
  try {
    records = jobRecordsOf(JournalFile.read(path, 'the journal').lines, path);
  } catch (error) {
    if (error instanceof JobJournalError) throw new UsageError(`${cannot}: ${error.message}`);
    throw error;
  }
  const first = records[0];
  if (first === undefined) throw new UsageError(`${cannot}: ${path} holds no classification batches yet; start afresh with --seeds a..b --out ${path}.`);
  try {
    const params = classifyParams(first);
    return { count: first.count, params, perDeal: dealResults(records, params, path), part: first.part };
  } catch (error) {
    throw new UsageError(`${cannot}: ${path} is ${error instanceof Error ? error.message : String(error)}.`);
  }
}

/**
 * `--retry-undecided FILE`: the classification of FILE's undecided deals on the budget typed
 * (which must be given: FILE's own would leave them undecided again), under FILE's piles and rules.
 */
function retryParams(file: ReturnType<typeof savedClassification>, path: string, options: SolveOptions, explicit: (name: string) => boolean): ClassifyParams | null {
  if (!explicit('maxStates') && !explicit('budgetMs')) {
    throw new UsageError(`--retry-undecided needs the larger budget to try: --max-states N and/or --budget-ms MS (${path} used ${String(file.params.maxStates)} positions and ${String(file.params.timeMs)} ms a deal).`);
  }
  if (['piles', 'rules', 'draw', 'passes'].some(explicit)) throw new UsageError(`--retry-undecided keeps the piles and rules of ${path}; give only the budget.`);
  const undecided = dealsWith(file.perDeal, 'undecided');
  if (undecided.length === 0) return null;
  const { piles, standard } = file.params;
  return { firstDeal: 0, piles, timeMs: explicit('budgetMs') ? options.budgetMs : file.params.timeMs, maxStates: explicit('maxStates') ? options.maxStates : file.params.maxStates, ...(standard === undefined ? {} : { standard }), deals: undecided };
}

/** The text report of a retry: what the retried deals became, then the whole classification with them. */
export function retryReport(path: string, retried: RangeSummary, combined: RangeSummary): string[] {
  const { low, high } = wilsonInterval(combined.winnable, combined.deals);
  const still = dealsOf(combined, 'undecided');
  return [
    `With these verdicts, ${path} (deals ${String(combined.first)}..${String(combined.last)}): winnable ${String(combined.winnable)}, unwinnable ${String(combined.unwinnable)}, undecided ${String(combined.undecided)} of ${String(combined.deals)}: ${pct((combined.winnable + combined.unwinnable) / combined.deals)} decided.`,
    `Winnable share: ${pct(combined.winnable / combined.deals)} (95% Wilson CI ${pct(low)}–${pct(high)})${still.length === 0 ? '; every deal decided' : `; still undecided: ${still.join(' ')}`}.`,
    ...(retried.deals < (retried.params.deals?.length ?? 0) ? [`(${String(retried.deals)} of the ${String(retried.params.deals!.length)} retried so far.)`] : []),
  ];
}

/** Whether `retry` classifies a list of deals, each one of `eligible`, under the piles and rules of `of`. */
function isRetryOf(retry: ClassifyParams, of: ClassifyParams, eligible: ReadonlySet<number>): boolean {
  const sameRules = retry.piles === of.piles && canonicalJson(retry.standard ?? null) === canonicalJson(of.standard ?? null);
  return retry.deals !== undefined && sameRules && retry.deals.every((deal) => eligible.has(deal));
}

/** A classification with the verdicts of earlier retries of it (`paths`) put in place, in order. */
function withEarlierRetries(file: ReturnType<typeof savedClassification>, path: string, paths: readonly string[]): ReturnType<typeof savedClassification> {
  let perDeal = file.perDeal;
  for (const retryPath of paths) {
    const retry = savedClassification(retryPath, 'Cannot retry');
    if (!isRetryOf(retry.params, file.params, new Set(perDeal.map((d) => d.deal)))) throw new UsageError(`Cannot retry: ${retryPath} is not a retry of deals of ${path}.`);
    perDeal = withRetried(perDeal, retry.perDeal);
  }
  return { ...file, perDeal };
}

/** FILE's results with those of its retried deals put in their place. */
function withRetried(original: readonly DealResult[], retried: readonly DealResult[]): DealResult[] {
  const again = new Map(retried.map((d) => [d.deal, d]));
  return original.map((d) => again.get(d.deal) ?? d);
}

/** `--merge`: the report of what the shards' journals of one classification hold together. */
function mergeClassifications(paths: readonly string[], options: SolveOptions): void {
  try {
    const files = paths.map((path) => {
      if (!existsSync(path)) throw new UsageError(`Cannot read the journal ${path}: no such file.`);
      return { path, records: jobRecordsOf(JournalFile.read(path, 'the journal').lines, path) };
    });
    const merged = mergeJobRecords(files, { items: 'Deals' });
    const params = classifyParams(merged.identity);
    const perDeal = files.flatMap(({ path, records }) => dealResults(records, params, path)).sort((a, b) => a.deal - b.deal);
    if (merged.missing.length > 0) {
      const ranges = params.deals === undefined ? describeRanges(merged.missing.map(([s, e]) => [s + params.firstDeal, e + params.firstDeal])) : merged.missing.map(([s, e]) => params.deals!.slice(s, e).join(', ')).join(', ');
      process.stderr.write(`No journal holds deals ${ranges}: the report covers the others.\n`);
    }
    printRange(summarize(params, merged.identity.count, perDeal), options);
  } catch (error) {
    if (error instanceof JobJournalError) throw new UsageError(error.message);
    throw error;
  }
}

/** Classifies deals as a job (see the file's comment) and prints the report. */
async function solveRange(options: SolveOptions, explicit: (name: string) => boolean): Promise<void> {
  const resuming = options.resume !== undefined;
  const retryOf = options.retryUndecided?.[0];
  const original = retryOf === undefined ? undefined : withEarlierRetries(savedClassification(retryOf, 'Cannot retry'), retryOf, options.retryUndecided!.slice(1));
  const rules = rulesOf(options);
  const standard = rules.rules === 'standard' ? { draw: rules.draw, passes: passesInJson(rules.passes) } : undefined;
  const asked: ClassifyParams = { firstDeal: options.seeds?.first ?? 0, piles: options.piles, timeMs: options.budgetMs, maxStates: options.maxStates, ...(standard === undefined ? {} : { standard }) };
  let identity = classifyJob(asked, options.seeds === undefined ? 0 : options.seeds.last - options.seeds.first + 1);
  if (original !== undefined && !resuming) {
    const retry = retryParams(original, retryOf!, options, explicit);
    if (retry === null) {
      const withRetries = options.retryUndecided!.length > 1 ? `${retryOf!} with the retries given` : retryOf!;
      printRange(summarize(original.params, original.count, original.perDeal), options, [`No deal of ${withRetries} is undecided: nothing to retry. Its deals, with their verdicts:`]);
      return;
    }
    identity = classifyJob(retry, retry.deals!.length);
  }
  if (resuming) {
    const saved = savedClassification(options.resume!);
    const savedIdentity = classifyJob(saved.params, saved.count);
    // Only what the user typed may differ from the saved run (and is then refused).
    const typed = options.seeds !== undefined || ['piles', 'budgetMs', 'maxStates', 'rules', 'draw', 'passes'].some(explicit);
    const merged = classifyJob(
      {
        firstDeal: options.seeds?.first ?? saved.params.firstDeal,
        piles: explicit('piles') ? asked.piles : saved.params.piles,
        timeMs: explicit('budgetMs') ? asked.timeMs : saved.params.timeMs,
        maxStates: explicit('maxStates') ? asked.maxStates : saved.params.maxStates,
        ...(['rules', 'draw', 'passes'].some(explicit) ? (standard === undefined ? {} : { standard }) : saved.params.standard === undefined ? {} : { standard: saved.params.standard }),
        ...(saved.params.deals === undefined || options.seeds !== undefined ? {} : { deals: saved.params.deals }),
      },
      options.seeds === undefined ? saved.count : identity.count,
    );
    if (typed && (canonicalJson(merged.params) !== canonicalJson(savedIdentity.params) || merged.count !== savedIdentity.count)) {
      throw new UsageError(`Cannot resume: ${describeJob(merged)} contradicts the saved run, ${describeJob(savedIdentity)}.`);
    }
    if (original !== undefined) {
      // The retry saved must be one of this file's undecided deals, under its piles and rules.
      const undecided = new Set(dealsWith(original.perDeal, 'undecided'));
      if (!isRetryOf(saved.params, original.params, undecided)) throw new UsageError(`Cannot resume: ${options.resume!} is not a retry of the undecided deals of ${retryOf!}.`);
    }
    const [start, end] = saved.part;
    if (options.shard === undefined && (start !== 0 || end !== saved.count)) {
      throw new UsageError(`Cannot resume: ${options.resume!} is the journal of a shard (deals ${String(dealAt(saved.params, start))}..${String(dealAt(saved.params, end - 1))}): give its --shard i/n again.`);
    }
    identity = savedIdentity;
  } else if (options.out !== undefined) {
    let held: number;
    try {
      held = jobRecordsOf(JournalFile.read(options.out, 'the journal').lines, options.out).length;
    } catch (error) {
      throw error instanceof JobJournalError ? new UsageError(`${error.message}: --out does not replace it; choose another file.`) : error;
    }
    if (held > 0) throw new UsageError(`${options.out} already holds results: continue it with --resume ${options.out}, or choose another file.`);
  }
  const params = classifyParams(identity);
  const journal = options.resume ?? options.out;
  const threads = capAtCores(options.threads, '--threads');
  let outcome: DealJobOutcome<DealResult[]>;
  try {
    outcome = await runDealJob<DealResult[]>(
      {
        identity,
        workerFile: classifyWorkerFile(),
        here: (task) => classifyDeals(task.params as unknown as ClassifyParams, task.start, task.end),
        journal,
        shard: options.shard,
        threads,
        batchSize: options.batchSize ?? DEFAULT_BATCH,
      },
      { tornSuffix: resuming ? ' before resuming' : '' },
    );
  } catch (error) {
    if (error instanceof JobJournalError) throw new UsageError(resuming ? `Cannot resume: ${error.message}` : error.message);
    throw error;
  }
  const { records, aborted, earlierDeals, started } = outcome;
  const perDeal = dealResults(records, params, journal ?? 'this run');
  if (perDeal.length === 0) process.stderr.write('No deals were classified.\n');
  else {
    const summary = summarize(params, identity.count, perDeal);
    const combined = original === undefined ? undefined : summarize(original.params, original.count, withRetried(original.perDeal, perDeal));
    if (options.json === true && combined !== undefined) {
      process.stdout.write(`${JSON.stringify({ ...rangeJson(combined, options.list === true), retried: rangeJson(summary, options.list === true) }, null, 2)}\n`);
    } else {
      printRange(summary, options);
    }
    if (options.json !== true) {
      if (combined !== undefined) for (const line of retryReport(retryOf!, summary, combined)) process.stdout.write(`${line}\n`);
      if (options.shard !== undefined) {
        const [start, end] = partOf(identity.count, options.shard);
        const deals = params.deals === undefined ? `deals ${String(params.firstDeal + start)}..${String(params.firstDeal + end - 1)}` : `${plural(end - start, 'deal')} of the list`;
        process.stdout.write(`Part ${String(options.shard.index)} of ${String(options.shard.count)}: ${deals}; add the parts up with --merge and their journals.\n`);
      }
      process.stdout.write(thisRunLine(perDeal.length - earlierDeals, started, threads, earlierDeals > 0 ? ` (${plural(earlierDeals, 'deal')} from ${journal ?? 'the file'})` : ''));
    }
  }
  if (aborted) {
    const where = journal === undefined ? '' : perDeal.length === 0 ? ` Nothing was saved to ${journal}; start the run again with --out ${journal}.` : ` Saved to ${journal}; continue with --resume ${journal}.`;
    reportInterrupted(perDeal.length, where);
  }
}

export function registerSolve(command: Command): Command {
  const solve = command
    .command('solve')
    .description('decide whether a deal can be won with every card known and show a winning line in the commands of `klondike play`; or classify a range of deals')
    .option('--seed <n>', 'deal number (the deal `klondike play --seed N` shows)', parseSeed)
    .option('--deck <cards>', 'the deal written out: its cards in dealing order, the cascade row by row then the draw pile (see docs/klondike.md), e.g. "K♠ 7♢ … A♣"')
    .option('--deal <file>', "a file holding the deal: Solvitaire's JSON deal, PySol's board text or the --deck notation (see `klondike deal`)")
    .option('--seeds <a..b>', 'classify the deals a..b through the lab (winnable share with its CI)', parseSeedRange)
    .option('--piles <n>', 'cascade piles, 1 to 9', parsePiles, 7)
    .option('--draw <n>', 'draw cards shown, 1 to 52 (under the assignment rules it changes what is shown, not which moves are legal; under the standard rules the cards turned at a time)', parseDraw, 3)
    .option('--budget-ms <ms>', 'time limit per deal in milliseconds', parsePositiveInt('The time budget'), DEFAULT_BUDGET.timeMs)
    .option('--max-states <n>', 'limit on positions searched per deal', parsePositiveInt('The position budget'), DEFAULT_BUDGET.maxStates)
    .option('--moves-only', 'print only the winning line, one command per line (nothing when there is none)')
    .option('--threads <n>', 'worker threads for --seeds (1: this thread)', parsePositiveInt('The number of threads'), 1)
    .option('--out <file>', 'with --seeds: append one JSON line per completed batch of deals to this file (for --resume)')
    .option('--resume <file>', 'continue the classification saved in this file: its deals and budget (classifies only the deals it lacks, appends to it)')
    .option(
      '--retry-undecided <files...>',
      "classify again, on the budget given (--max-states, --budget-ms), the deals a classification's journal left undecided, and report the whole range with their new verdicts; files after the first are earlier retries of it, whose verdicts count first (--out / --resume keep this retry's own journal)",
    )
    .option('--json', 'with --seeds: print one JSON object instead of text')
    .option('--list', 'with --seeds: also one line per deal (its verdict, time and positions; in --json: perDeal)')
    .option('--shard <i/n>', 'with --seeds: classify only part i of n of the deals into --out (again with --resume; add the parts up with --merge)', parseShard)
    .option('--merge <journals...>', "report what the journals of a classification's shards hold together")
    .addOption(new Option('--batch-size <n>', 'deals per batch sent to a worker (does not change the results)').argParser(parsePositiveInt('The batch size')));
  addRulesOptions(solve);
  solve.action(async (options: SolveOptions) => {
    const explicit = (name: string): boolean => solve.getOptionValueSource(name) === 'cli';
    const out = (line: string): void => {
      process.stdout.write(`${line}\n`);
    };
    if (options.merge !== undefined) {
      const jobOptions = ['seed', 'deck', 'deal', 'seeds', 'resume', 'retryUndecided', 'out', 'shard', 'threads', 'batchSize', 'piles', 'draw', 'budgetMs', 'maxStates', 'rules', 'passes', 'movesOnly'].filter(explicit);
      if (jobOptions.length > 0) throw new UsageError(`--merge reads everything from the journals: it takes no --${jobOptions[0]!.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.`);
      mergeClassifications(options.merge, options);
      return;
    }
    if (options.shard !== undefined && options.out === undefined && options.resume === undefined) throw new UsageError('--shard classifies its part into a journal: give --out FILE (or --resume FILE to continue it).');
    const ranged = options.seeds !== undefined || options.resume !== undefined || options.retryUndecided !== undefined;
    const choices = [options.seed !== undefined, options.deck !== undefined, options.deal !== undefined, ranged].filter(Boolean).length;
    if (choices !== 1) throw new UsageError('Give one of --seed N, --deck CARDS, --deal FILE or --seeds a..b (or --resume FILE, or --retry-undecided FILE).');
    if (options.retryUndecided !== undefined && options.seeds !== undefined) throw new UsageError('--retry-undecided takes its deals from the file: give no --seeds.');
    rulesOf(options);
    if (ranged) {
      if (options.movesOnly === true) throw new UsageError('--moves-only goes with --seed, --deck or --deal, not --seeds.');
      if (explicit('draw') && options.rules !== 'standard') throw new UsageError('--draw changes no verdict under the assignment rules, so --seeds does not take it (it does with --rules standard).');
      await solveRange(options, explicit);
      return;
    }
    for (const name of ['out', 'resume', 'json', 'list', 'threads', 'batchSize']) {
      if (explicit(name)) throw new UsageError(`--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} goes with --seeds, not with one deal.`);
    }
    solveOne(options, out);
  });
  return command;
}
