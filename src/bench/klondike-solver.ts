/**
 * `npm run bench:klondike`: the Klondike solver over a fixed range of seeded deals (the deals of
 * `tabletop klondike play --seed N`): the share decided within the budget, the verdicts, the median
 * and 95th-percentile wall time per deal, and positions searched per second. Every winning line is
 * replayed inside the solver before it is reported. The issue's target: decide ≥ 99% of 1,000
 * standard deals within 10 s each, median ≤ 20 ms.
 *
 *   npm run bench:klondike -- --seeds 1..1000 --budget-ms 10000 --piles 7 --draw 3
 *   npm run bench:klondike -- --seeds 1..1000 --player sampler     (an agent's wins on the same deals)
 *   … --player sampler --rules standard --passes unlimited --samples 6 --sampler-states 3000 --sampler-retry 30000
 *                                                                  (the standard rules; the sampler's budget, `--sampler-retry none` for no second try)
 *   … --player planner --rules standard --planner-samples 48 --planner-states 2000 --planner-retry 20000 --planner-margin 2 --planner-follow-up on
 *                                                                  (the planner's samples per decision, positions per solve, positions
 *                                                                   to solve again a sample given up on, margin, and whether it values
 *                                                                   a commitment that shows nothing by the next)
 *   … --each                                                       (also one line per deal on stderr)
 *
 * Defaults: seeds 1..200, 10,000 ms and 5,000,000 positions per deal, 7 piles, draw 3. Wall times
 * suffer on a shared machine; run it with `nice` and say what else was running, or give
 * `--clock cpu` so the time budget counts this process's CPU time, which load does not shrink. The
 * load average is printed at the start and the end, and CPU time per deal beside wall time.
 */
import { loadavg } from 'node:os';
import { percentile, wilsonInterval } from '../core/stats.js';
import { rngFromSeed } from '../core/random.js';
import { makeKlondikeGame } from '../games/klondike/definition.js';
import { KlondikeConfig, KlondikeState, type KlondikeOptions } from '../games/klondike/engine.js';
import { createSamplerAgent, DEFAULT_SAMPLER, DEFAULT_STANDARD_SAMPLER, type SamplerOptions } from '../games/klondike/solver/players.js';
import { createPlannerAgent, DEFAULT_PLANNER, type PlannerOptions } from '../games/klondike/solver/commitment-player.js';
import { seededDeal, solveSeed } from '../games/klondike/solver/deal.js';
import { DEFAULT_BUDGET, type SolveVerdict } from '../games/klondike/solver/solver.js';
import { parseBenchArgs } from './args.js';
import { usageFailure } from './test-set-args.js';

/** Reports a bad argument (stderr, exit 2) as the other benches do. */
const fail: (message: string) => never = usageFailure('bench:klondike');

const USAGE =
  'usage: npm run bench:klondike -- [--seeds A..B] [--budget-ms MS] [--max-states N] [--piles P] [--draw D] [--clock wall|cpu]\n' +
  '         the solver on deals A..B (default 1..200) of the assignment rules\n' +
  '       npm run bench:klondike -- --player ID [--rules assignment|standard] [--passes N|unlimited] [--each] …\n' +
  '         an honest player\'s wins on the same deals; the sampler: [--samples N] [--sampler-states N] [--sampler-retry N|none];\n' +
  '         the planner: [--planner-samples N] [--planner-states N] [--planner-retry N|none] [--planner-margin N] [--planner-follow-up on|off]\n' +
  'See docs/benchmarks.md.';

function main(): void {
  const { values } = parseBenchArgs('bench:klondike', USAGE, {
    seeds: { type: 'string', default: '1..200' },
    'budget-ms': { type: 'string', default: String(DEFAULT_BUDGET.timeMs) },
    'max-states': { type: 'string', default: String(DEFAULT_BUDGET.maxStates) },
    piles: { type: 'string', default: '7' },
    draw: { type: 'string', default: '3' },
    clock: { type: 'string', default: 'wall' },
    player: { type: 'string' },
    rules: { type: 'string', default: 'assignment' },
    passes: { type: 'string', default: 'unlimited' },
    samples: { type: 'string' },
    'sampler-states': { type: 'string' },
    'sampler-retry': { type: 'string' },
    'planner-samples': { type: 'string' },
    'planner-states': { type: 'string' },
    'planner-retry': { type: 'string' },
    'planner-margin': { type: 'string' },
    'planner-follow-up': { type: 'string' },
    each: { type: 'boolean', default: false },
  });
  const range = /^(\d+)\.\.(\d+)$/.exec(values.seeds);
  const numbers = [values['budget-ms'], values['max-states'], values.piles, values.draw].map(Number);
  const clock = values.clock;
  if (range === null || Number(range[1]) > Number(range[2]) || numbers.some((n) => !Number.isInteger(n) || n < 1) || (clock !== 'wall' && clock !== 'cpu')) {
    fail(`--seeds takes A..B with A ≤ B, --budget-ms, --max-states, --piles and --draw a whole number ≥ 1, --clock wall or cpu (see --help)`);
  }
  const [timeMs, maxStates, piles, draw] = numbers as [number, number, number, number];
  const first = Number(range[1]);
  const last = Number(range[2]);
  if (values.player !== undefined) {
    const rules = values.rules;
    const passes = values.passes === 'unlimited' ? Infinity : Number(values.passes);
    const defaults = rules === 'standard' ? DEFAULT_STANDARD_SAMPLER : DEFAULT_SAMPLER;
    const samplerBudget = [values.samples ?? String(defaults.samples), values['sampler-states'] ?? String(defaults.maxStates)].map(Number);
    if ((rules !== 'assignment' && rules !== 'standard') || !(passes === Infinity || (Number.isInteger(passes) && passes >= 1)) || samplerBudget.some((n) => !Number.isInteger(n) || n < 1)) {
      fail(`--rules takes assignment or standard, --passes a whole number ≥ 1 or unlimited, --samples and --sampler-states a whole number ≥ 1 (see --help)`);
    }
    const options: KlondikeOptions = rules === 'standard' ? { piles, draw, rules, passes } : { piles, draw };
    // The rule set's default second try unless given; `none` for none.
    const retry = retryPositions('sampler-retry', values['sampler-retry'] ?? ('retryStates' in defaults ? String(defaults.retryStates) : 'none'), 1);
    const sampler = values.samples !== undefined || values['sampler-states'] !== undefined || values['sampler-retry'] !== undefined ? { samples: samplerBudget[0]!, maxStates: samplerBudget[1]!, ...(retry === undefined ? {} : { retryStates: retry }) } : undefined;
    const plannerBudget = [values['planner-samples'] ?? String(DEFAULT_PLANNER.samples), values['planner-states'] ?? String(DEFAULT_PLANNER.maxStates)].map(Number);
    if (plannerBudget.some((n) => !Number.isInteger(n) || n < 1)) {
      fail('--planner-samples and --planner-states take a whole number ≥ 1');
    }
    const margin = Number(values['planner-margin'] ?? DEFAULT_PLANNER.margin);
    if (!Number.isInteger(margin) || margin < 0) {
      fail('--planner-margin takes a whole number ≥ 0');
    }
    const followUpText = values['planner-follow-up'] ?? (DEFAULT_PLANNER.followUp ? 'on' : 'off');
    if (followUpText !== 'on' && followUpText !== 'off') {
      fail('--planner-follow-up takes on or off');
    }
    // The planner's "no second solve" is 0, given as a number or as none.
    const plannerRetry = retryPositions('planner-retry', values['planner-retry'] ?? String(DEFAULT_PLANNER.retryStates), 0) ?? 0;
    const plannerGiven = ['planner-samples', 'planner-states', 'planner-retry', 'planner-margin', 'planner-follow-up'].some((name) => values[name as keyof typeof values] !== undefined);
    const planner = plannerGiven ? { samples: plannerBudget[0]!, maxStates: plannerBudget[1]!, retryStates: plannerRetry, margin, followUp: followUpText === 'on' } : undefined;
    playDeals(values.player, first, last, options, values.each, sampler, planner);
    return;
  }
  const counts: Record<SolveVerdict, number> = { winnable: 0, unwinnable: 0, undecided: 0 };
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let states = 0;
  let totalMs = 0;
  let totalCpuMs = 0;
  const undecided: number[] = [];
  const unwinnable: number[] = [];
  const loadBefore = loadavg();
  for (let seed = first; seed <= last; seed++) {
    const cpuBefore = process.cpuUsage();
    const result = solveSeed(seed, piles, draw, { timeMs, maxStates, clock });
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    cpuTimes.push(cpuMs);
    totalCpuMs += cpuMs;
    if (result.verdict === 'unwinnable') unwinnable.push(seed);
    // --each: one line per deal as it is decided, so a long run interrupted still tells what it found.
    if (values.each) process.stderr.write(`deal ${String(seed)} ${result.verdict} ${result.elapsedMs.toFixed(1)} ms wall ${cpuMs.toFixed(1)} ms CPU ${String(result.states)} positions\n`);
    counts[result.verdict]++;
    times.push(result.elapsedMs);
    states += result.states;
    totalMs += result.elapsedMs;
    if (result.verdict === 'undecided') undecided.push(seed);
    if (process.stderr.isTTY && !values.each) process.stderr.write(`\r${String(seed - first + 1)}/${String(last - first + 1)}`);
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  const n = times.length;
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  const loadAfter = loadavg();
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  const decided = counts.winnable + counts.unwinnable;
  const share = wilsonInterval(counts.winnable, n);
  console.log(`Klondike solver: deals ${String(first)}..${String(last)} (${String(n)}), ${String(piles)} piles, draw ${String(draw)}, budget ${String(timeMs)} ms of ${clock === 'cpu' ? 'CPU time' : 'wall time'} / ${String(maxStates)} positions per deal`);
  console.log(`load average (1, 5, 15 min): ${loadBefore.map((x) => x.toFixed(1)).join(', ')} at the start, ${loadAfter.map((x) => x.toFixed(1)).join(', ')} at the end`);
  console.log(`decided ${String(decided)}/${String(n)} = ${pct(decided / n)}: winnable ${String(counts.winnable)}, unwinnable ${String(counts.unwinnable)}, undecided ${String(counts.undecided)}`);
  console.log(`winnable share ${pct(counts.winnable / n)} (95% Wilson CI ${pct(share.low)}–${pct(share.high)}; at most ${pct((counts.winnable + counts.undecided) / n)} counting undecided deals as winnable)`);
  console.log(`time per deal: median ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms, max ${times[n - 1]!.toFixed(1)} ms; total ${(totalMs / 1000).toFixed(1)} s`);
  console.log(`CPU time per deal: median ${percentile(cpuTimes, 0.5).toFixed(1)} ms, p95 ${percentile(cpuTimes, 0.95).toFixed(1)} ms, max ${cpuTimes[n - 1]!.toFixed(1)} ms; total ${(totalCpuMs / 1000).toFixed(1)} s`);
  console.log(`positions: ${String(states)} in all, ${Math.round(states / (totalMs / 1000)).toLocaleString('en-US')} per wall second, ${Math.round(states / (totalCpuMs / 1000)).toLocaleString('en-US')} per CPU second`);
  if (unwinnable.length > 0) console.log(`unwinnable: ${unwinnable.join(' ')}`);
  if (undecided.length > 0) console.log(`undecided: ${undecided.join(' ')}`);
}

/** A second try's positions (`--sampler-retry`, `--planner-retry`): a whole number ≥ `least`, or undefined for `none`; anything else exits 2. */
function retryPositions(flag: string, text: string, least: number): number | undefined {
  if (text === 'none') return undefined;
  const positions = Number(text);
  if (Number.isInteger(positions) && positions >= least) return positions;
  return fail(`--${flag} takes a number of positions or none`);
}

/**
 * `--player ID`: a Klondike lab agent (random, greedy, sampler, solver; planner under the standard rules) plays each deal of the range
 * — the same deals the solver classifies — in the lab's game (idle limit 100) under the rules of
 * `options`, its generator seeded with the deal number; prints its wins (every card on a foundation)
 * with their Wilson interval. `sampler`: the sampler with that budget instead of the game's. The
 * planner's line adds what it spent over the range (its `stats`): decisions valued on samples,
 * solves, second solves, solves given up and positions searched.
 */
function playDeals(id: string, first: number, last: number, options: KlondikeOptions, each: boolean, sampler?: SamplerOptions, planner?: PlannerOptions): void {
  const game = makeKlondikeGame(options);
  const factory = game.agents[id];
  if (factory === undefined) {
    fail(`unknown Klondike agent '${id}' (known: ${Object.keys(game.agents).join(', ')})`);
  }
  const config = new KlondikeConfig(options);
  const { piles, draw } = config;
  // The planner made here even with the game's budget, for its counts (the game's is createPlannerAgent() too).
  const plannerAgent = id === 'planner' ? createPlannerAgent(planner ?? {}) : undefined;
  const agent = sampler !== undefined && id === 'sampler' ? createSamplerAgent(sampler) : (plannerAgent ?? factory.create());
  const loadBefore = loadavg();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let wins = 0;
  let cards = 0;
  const won: number[] = [];
  for (let seed = first; seed <= last; seed++) {
    const state = KlondikeState.fromDeck(config, seededDeal(seed, piles, draw).dealOrder);
    const rng = rngFromSeed(seed);
    while (!state.isTerminal()) state.applyAction(agent.act(state, rng));
    cards += state.score;
    if (each) process.stderr.write(`deal ${String(seed)} score ${String(state.score)}\n`);
    if (state.score === config.deckSize) {
      wins++;
      won.push(seed);
    }
    if (process.stderr.isTTY && !each) process.stderr.write(`\r${String(seed - first + 1)}/${String(last - first + 1)}: ${String(wins)} won`);
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  const n = last - first + 1;
  const cpu = process.cpuUsage(cpuBefore);
  const { low, high } = wilsonInterval(wins, n);
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  const rules = config.standardRules ? `standard rules, ${config.passes === Infinity ? 'unlimited' : String(config.passes)} passes, ` : '';
  const budget =
    sampler !== undefined && id === 'sampler'
      ? ` (${String(sampler.samples)} samples × ${String(sampler.maxStates)} positions${sampler.retryStates === undefined ? '' : `, retry ${String(sampler.retryStates)}`})`
      : planner !== undefined && id === 'planner'
        ? ` (${String(planner.samples)} samples × ${String(planner.maxStates)} positions${(planner.retryStates ?? DEFAULT_PLANNER.retryStates) > (planner.maxStates ?? DEFAULT_PLANNER.maxStates) ? `, retry ${String(planner.retryStates ?? DEFAULT_PLANNER.retryStates)}` : ''}, margin ${String(planner.margin ?? DEFAULT_PLANNER.margin)}, follow-up ${(planner.followUp ?? DEFAULT_PLANNER.followUp) ? 'on' : 'off'})`
        : '';
  console.log(`Klondike agent '${id}'${budget} on deals ${String(first)}..${String(last)} (${String(n)}), ${rules}${String(piles)} piles, draw ${String(draw)}, the lab's idle limit ${String(config.idleLimit)}`);
  console.log(`load average (1, 5, 15 min): ${loadBefore.map((x) => x.toFixed(1)).join(', ')} at the start, ${loadavg().map((x) => x.toFixed(1)).join(', ')} at the end`);
  console.log(`won ${String(wins)}/${String(n)} = ${pct(wins / n)} (95% Wilson CI ${pct(low)}–${pct(high)}); mean ${(cards / n).toFixed(2)} cards on the foundations`);
  console.log(`per deal: ${((performance.now() - started) / n).toFixed(1)} ms wall, ${((cpu.user + cpu.system) / 1000 / n).toFixed(1)} ms CPU`);
  if (plannerAgent !== undefined) {
    const { decisions, solves, states, undecided, retries } = plannerAgent.stats;
    console.log(
      `planner: ${String(decisions)} decisions valued on samples; ${String(solves)} solves (${String(retries)} of them second solves of a sample the first gave up on), ${String(undecided)} of them gave up; ${String(states)} positions searched`,
    );
  }
  console.log(`won: ${won.join(' ')}`);
}

main();
