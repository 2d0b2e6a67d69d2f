/**
 * `tabletop <game> sprt`: a sequential probability ratio test of player A against player B
 * (src/lab/sprt.ts), one command for every game — pentanomial pairs with Elo hypotheses for a
 * two-player game, paired deals with hypotheses on the mean score difference for a solitaire.
 * The run is the lab's (`runSprt` on `runLabOnNode`: threads, results file, resume); this module
 * parses, shows the LLR as the looks come in, and prints the verdict.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { GameDefinition, GameState } from '../../core/game.js';
import { plural } from '../../core/format.js';
import { runLabOnNode } from '../../lab/node-lab.js';
import { RecordsError } from '../../lab/records.js';
import { readRecords } from '../../lab/results-file.js';
import { JobJournal } from '../../lab/job-journal.js';
import type { BatchSource } from '../../lab/batching.js';
import { DEFAULT_MOVE_TIME_LIMIT_MS, defaultThreads } from '../../lab/runner.js';
import { PlanError } from '../../lab/session.js';
import { countedPairs, runSprt, settingsOf, type SprtOutcome } from '../../lab/sprt-run.js';
import { GameRecordError } from '../../lab/game-record.js';
import { sprtBounds, type RefereeSettings, type SprtJson, type SprtLook, type SprtSettings } from '../../lab/sprt.js';
import { agentLabel } from '../../lab/user-agents.js';
import { loadUserAgents, PlayerModuleError } from '../../lab/user-players.js';
import { capAtCores, parseIntegerIn, parsePositiveInt, parseSeed, UsageError } from '../options.js';
import { progressBar, type Progress } from '../terminal.js';
import { checkRecordsFile, interruptible, whereSaved } from './experiment.js';
import { moduleFilesOf } from './report-files.js';
import { resolvePlayers } from './user-players.js';
import { addVariantOptions, checkStrategiesHere, type GameVariant } from './variant.js';

/** --delta1 of a test of win shares (--wins) unless given: two percentage points more deals won. */
export const DEFAULT_WIN_SHARE_DELTA1 = 0.02;

/** Pairs between two looks at the LLR, unless the game's `defaultSprt` or --every says otherwise. */
export const DEFAULT_EVERY = 100;

/** --max-games of a game whose definition sets none (a user's game). */
export const DEFAULT_MAX_GAMES = 200_000;

export interface SprtCommand {
  /** The game; its `defaultSprt` gives the defaults of --every and --max-games. */
  readonly game: GameDefinition<GameState>;
  /** The id the lab knows the game by, when it is not `game.id` (a game module's: its path and hash). */
  readonly gameId?: string;
  /** The lineup ids of --a and --b, when the game takes players otherwise than `resolvePlayers` does (a game module: its own agents). */
  readonly players?: (a: string, b: string) => Promise<string[]>;
  /** For a solitaire: what its score counts, for the help of --delta0/--delta1 ("cards to the foundations"). */
  readonly scoreUnit?: string;
  /** For a solitaire whose top score is a win (Klondike): what a won deal is, offering --wins (a test of win shares). */
  readonly wins?: string;
  /** What a module holds, for the help: "player modules", "AI modules". */
  readonly modules: string;
  /**
   * For a game whose pairs start from an opening suite (Connect Four): the suites by name with
   * their openings, the default one, and the batch source that plays them.
   */
  readonly openings?: { readonly suites: Readonly<Record<string, readonly unknown[]>>; readonly default: string; readonly source: BatchSource; readonly help: string };
  /** For a game with a refereed tournament (Connect Four): its players and time rules, which make the test's games refereed. */
  readonly referee?: RefereeOptions;
  /** Options that choose a variant of the game (Klondike's rule set), and the game they choose. */
  readonly variant?: GameVariant;
}

/** The options of a game whose tests can be refereed, and how they turn --a/--b into refereed bots. */
export interface RefereeOptions {
  /** Adds the game's options (e.g. --bot, --time). */
  register(command: Command): void;
  /** The bots' lineup ids and the referee's settings when the options or the names ask for refereed games, else undefined. */
  resolve(a: string, b: string, options: Readonly<Record<string, unknown>>): Promise<{ ids: [string, string]; referee: RefereeSettings } | undefined>;
}

export interface SprtCliOptions {
  a?: string;
  b?: string;
  elo0?: number;
  elo1?: number;
  delta0?: number;
  delta1?: number;
  alpha?: number;
  beta?: number;
  every?: number;
  maxGames?: number;
  seed?: number;
  threads: number;
  out?: string;
  resume?: string;
  records?: string;
  json?: boolean;
  wins?: boolean;
  moveTimeLimit?: number;
  openings?: string;
}

function parseNumber(what: string): (value: string) => number {
  return (value: string) => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n)) throw new InvalidArgumentError(`${what} must be a number, got '${value}'.`);
    return n;
  };
}

function parseErrorRate(what: string): (value: string) => number {
  return (value: string) => {
    const n = Number(value);
    if (value.trim() === '' || !(n > 0 && n < 0.5)) throw new InvalidArgumentError(`${what} must be a number strictly between 0 and 0.5, got '${value}'.`);
    return n;
  };
}

export function registerSprt(command: Command, spec: SprtCommand): Command {
  const { game } = spec;
  const twoPlayer = game.numPlayers === 2;
  const players = Object.keys(game.agents).join(', ');
  const sprt = command
    .command('sprt')
    .description(
      twoPlayer
        ? 'is A stronger than B? a sequential test (SPRT) on game pairs (same deal or opening, seats swapped) that stops as soon as the answer is clear'
        : 'does A score more than B? a sequential test (SPRT) on paired deals (A and B play the same deals) that stops as soon as the answer is clear',
    )
    .option('--a <player>', `player A: ${players}${spec.variant?.moreStrategies === undefined ? '' : ` (${spec.variant.moreStrategies})`}, or one of your ${spec.modules} (./mine.mjs, a package name)`)
    .option('--b <player>', 'player B, the same way');
  const suites = spec.openings;
  if (suites !== undefined) {
    sprt.addOption(
      new Option('--openings <suite>', suites.help)
        .choices(Object.keys(suites.suites))
        .default(suites.default),
    );
  }
  if (twoPlayer) {
    sprt
      .addOption(new Option('--elo0 <elo>', "H0: A is this many Elo above B (logistic Elo, A's expected score per game 1 / (1 + 10^(-elo/400)))").argParser(parseNumber('--elo0')).default(0))
      .addOption(new Option('--elo1 <elo>', 'H1: A is this many Elo above B (above --elo0)').argParser(parseNumber('--elo1')).default(5));
  } else {
    const unit = spec.scoreUnit ?? 'points';
    sprt
      .addOption(new Option('--delta0 <points>', `H0: A's mean score per deal exceeds B's by this many points (${unit})`).argParser(parseNumber('--delta0')).default(0))
      .addOption(new Option('--delta1 <points>', `H1: A exceeds B by this many points per deal (above --delta0)${spec.wins === undefined ? '' : `; with --wins, win share (default ${String(DEFAULT_WIN_SHARE_DELTA1)})`}`).argParser(parseNumber('--delta1')).default(defaultDelta1(game)));
    if (spec.wins !== undefined) sprt.option('--wins', `test the share of deals won (${spec.wins}) instead of the points: --delta0/--delta1 are then differences of win shares (0.02: two percentage points)`);
  }
  const gameOf = addVariantOptions(sprt, game, spec.variant);
  addTestOptions(sprt, {
    every: `${twoPlayer ? 'pairs' : 'deals'} between two looks at the LLR (the test decides only at multiples of it, whatever the threads)`,
    maxGames: `stop, inconclusive, after this many games (${twoPlayer ? 'two per pair' : 'two per deal: A and B'})`,
    defaults: { every: game.defaultSprt?.every ?? DEFAULT_EVERY, maxGames: game.defaultSprt?.maxGames ?? DEFAULT_MAX_GAMES },
  });
  spec.referee?.register(sprt);
  if (suites === undefined) addMoveTimeLimit(sprt);
  sprt.action(async (options: SprtCliOptions) => {
    // The variant's game (a rule set of Klondike) has the same score range and test defaults as `game`.
    const variant = gameOf(options as unknown as Record<string, unknown>, options.resume);
    checkStrategiesHere(variant, [options.a, options.b].filter((id) => id !== undefined), spec.variant, '--a/--b');
    await runSprtCommand(sprt, { ...spec, game: variant }, options);
  });
  return command;
}

/** The hypotheses of either kind, for a command whose game is known only when it runs (`tabletop sprt --game`): their defaults are `hypothesisDefaults`'. */
export function addHypothesisOptions(sprt: Command): void {
  sprt
    .addOption(new Option('--elo0 <elo>', "two-player games — H0: A is this many Elo above B (default 0; logistic Elo, A's expected score per game 1 / (1 + 10^(-elo/400)))").argParser(parseNumber('--elo0')))
    .addOption(new Option('--elo1 <elo>', 'two-player games — H1: A is this many Elo above B (default 5, above --elo0)').argParser(parseNumber('--elo1')))
    .addOption(new Option('--delta0 <points>', "one-player games — H0: A's mean score per deal exceeds B's by this many points (default 0)").argParser(parseNumber('--delta0')))
    .addOption(new Option('--delta1 <points>', 'one-player games — H1: A exceeds B by this many points per deal (default: the game\'s, else 2% of its score range; above --delta0)').argParser(parseNumber('--delta1')));
}

/** H1's difference of mean scores for a one-player game: its `defaultSprt`'s, else 2% of its score range. */
export const defaultDelta1 = (game: GameDefinition<GameState>): number => game.defaultSprt?.delta1 ?? 0.02 * (game.scoreRange[1] - game.scoreRange[0]);

/** The options of `addHypothesisOptions` with their defaults for `game`; a UsageError for those of the other kind. */
export function hypothesisDefaults(game: GameDefinition<GameState>, options: SprtCliOptions): SprtCliOptions {
  const twoPlayer = game.numPlayers === 2;
  const foreign = twoPlayer ? (['delta0', 'delta1'] as const) : (['elo0', 'elo1'] as const);
  const given = foreign.filter((name) => options[name] !== undefined);
  if (given.length > 0) {
    throw new UsageError(`${game.title} has ${plural(game.numPlayers, 'player')}: its test takes ${twoPlayer ? '--elo0/--elo1' : '--delta0/--delta1'}, not ${given.map((name) => `--${name}`).join(', ')}.`);
  }
  return twoPlayer ? { ...options, elo0: options.elo0 ?? 0, elo1: options.elo1 ?? 5 } : { ...options, delta0: options.delta0 ?? 0, delta1: options.delta1 ?? defaultDelta1(game) };
}

/** --every and --max-games without a default (`addTestOptions`' `defaults` absent) take the game's: `defaultSprt`, else the lab's. */
export function testDefaults(game: GameDefinition<GameState>, options: SprtCliOptions): SprtCliOptions {
  return { ...options, every: options.every ?? game.defaultSprt?.every ?? DEFAULT_EVERY, maxGames: options.maxGames ?? game.defaultSprt?.maxGames ?? DEFAULT_MAX_GAMES };
}

/** The options every test takes: error rates, looks, the most games, seed, threads, files, --json. */
export function addTestOptions(sprt: Command, help: { every: string; maxGames: string; defaults?: { every: number; maxGames: number } }): void {
  const every = new Option('--every <pairs>', help.every).argParser(parsePositiveInt('--every'));
  const maxGames = new Option('--max-games <n>', help.maxGames).argParser(parseIntegerIn(2, Number.MAX_SAFE_INTEGER, '--max-games'));
  sprt
    .addOption(new Option('--alpha <p>', 'chance of accepting H1 when H0 holds').argParser(parseErrorRate('--alpha')).default(0.05))
    .addOption(new Option('--beta <p>', 'chance of accepting H0 when H1 holds').argParser(parseErrorRate('--beta')).default(0.05))
    .addOption(help.defaults === undefined ? every : every.default(help.defaults.every))
    .addOption(help.defaults === undefined ? maxGames : maxGames.default(help.defaults.maxGames))
    .option('-s, --seed <n>', 'seed of the deals (default: a fresh one, printed so the run can be replayed)', parseSeed)
    .addOption(
      new Option('-t, --threads <n>', 'worker threads; 0 or 1 plays in this process')
        .argParser(parseIntegerIn(0, 1024, 'The thread count'))
        .default(defaultThreads(), `the available cores, ${String(defaultThreads())}`),
    )
    .option('--out <file>', 'append one JSON line per completed batch to this file (for --resume)')
    .option('--resume <file>', 'continue the test saved in this file: its players, settings and seed (plays only what it lacks)')
    .option('--records <file>', 'also write every game the test counted as a game record (JSONL, one line per game: the players, every move and card dealt, the result; see docs/lab.md); with --resume, the file the run wrote')
    .option('--json', `print only { result, games, pairs, llr, bounds, estimate } as JSON`);
}

export function addMoveTimeLimit(sprt: Command): void {
  sprt.option('--move-time-limit <seconds>', `longest one move of a player module may take (default ${String(DEFAULT_MOVE_TIME_LIMIT_MS / 1000)}); past it the move is a fault of that player`, parseNumber('--move-time-limit'));
}

const formatLlr = (x: number): string => (x >= 0 ? `+${x.toFixed(2)}` : x.toFixed(2));

export async function runSprtCommand(command: Command, spec: SprtCommand, options: SprtCliOptions): Promise<void> {
  const { game } = spec;
  const twoPlayer = game.numPlayers === 2;
  const resuming = options.resume !== undefined;
  const explicit = (name: string): boolean => command.getOptionValueSource(name) === 'cli';
  const testOptions = twoPlayer ? ['elo0', 'elo1', 'alpha', 'beta', 'every'] : ['delta0', 'delta1', 'alpha', 'beta', 'every', 'wins'];
  if (!resuming && (options.a === undefined || options.b === undefined)) throw new UsageError('Give both players: --a PLAYER --b PLAYER (or --resume FILE to continue a saved test).');
  if (resuming && (options.a === undefined) !== (options.b === undefined)) throw new UsageError('When resuming, give both --a and --b, or neither (the saved test names them).');
  if (options.moveTimeLimit !== undefined && !(options.moveTimeLimit > 0)) throw new UsageError(`--move-time-limit must be a positive number, got '${String(options.moveTimeLimit)}'.`);
  const wins = options.wins === true;
  const [low, high] = twoPlayer ? [options.elo0!, options.elo1!] : [options.delta0!, wins && !explicit('delta1') ? DEFAULT_WIN_SHARE_DELTA1 : options.delta1!];
  if (wins && (Math.abs(low) >= 1 || Math.abs(high) >= 1)) throw new UsageError(`With --wins, --delta0 and --delta1 are differences of win shares, between -1 and 1 (0.02: two percentage points), got ${String(low)} and ${String(high)}.`);
  if (!(high > low)) throw new UsageError(`${twoPlayer ? '--elo1' : '--delta1'} (${String(high)}) must be greater than ${twoPlayer ? '--elo0' : '--delta0'} (${String(low)}).`);
  const spread = game.scoreRange[1] - game.scoreRange[0];
  const refereed = options.a === undefined || options.b === undefined ? undefined : await spec.referee?.resolve(options.a, options.b, options as unknown as Record<string, unknown>);
  const settings: SprtSettings = {
    kind: twoPlayer ? 'elo' : 'mean',
    h0: low,
    h1: high,
    alpha: options.alpha!,
    beta: options.beta!,
    every: options.every!,
    ...(twoPlayer ? {} : wins ? { spread: 1, measure: 'wins' as const } : { spread }),
    ...(options.openings === undefined ? {} : { openings: options.openings }),
    ...(refereed === undefined ? {} : { referee: refereed.referee }),
  };
  if (spec.openings !== undefined) testOptions.push('openings');
  // When resuming, the saved test's settings apply; typed ones must agree with them (the lab refuses otherwise).
  const givenSettings = !resuming || testOptions.some(explicit) ? settings : undefined;
  const ids = options.a === undefined || options.b === undefined ? undefined : (refereed?.ids ?? (await (spec.players?.(options.a, options.b) ?? resolvePlayers(game, [options.a, options.b], '--a/--b'))));
  checkRecordsFile(options.records, [
    ...(options.out === undefined ? [] : [{ option: '--out', path: options.out }]),
    ...(options.resume === undefined ? [] : [{ option: '--resume', path: options.resume }]),
    ...moduleFilesOf(ids === undefined ? [] : [ids]),
  ]);
  // A resumed test's player modules, loaded here too: a batch source plays in this thread with one thread.
  if (resuming && ids === undefined) await loadSavedPlayers(options.resume!);
  if (spec.openings !== undefined && !(resuming && !explicit('maxGames'))) {
    const suite = spec.openings.suites[options.openings!]!;
    const pairs = Math.floor(options.maxGames! / 2);
    if (pairs > suite.length && options.json !== true) {
      process.stderr.write(
        `Note: up to ${plural(pairs, 'pair')} from ${plural(suite.length, 'opening')}: past ${String(suite.length)} pairs the openings repeat, and players that choose their moves ` +
          'deterministically then replay identical pairs, which the test would count as new evidence.\n',
      );
    }
  }

  const { controller, onSigint } = interruptible();
  let bar: Progress | undefined;
  let played = 0;
  let bounds = '';
  // The bar (a person watching: see progressBar) carries the LLR of the latest look and its bounds.
  const onLook = (look: SprtLook): void => {
    bar?.update(played, `${plural(look.pairs, twoPlayer ? 'pair' : 'deal')}: LLR ${formatLlr(look.llr)} in [${bounds}]`);
  };
  let outcome: SprtOutcome;
  process.on('SIGINT', onSigint);
  try {
    outcome = await runSprt(
      {
        game: spec.gameId ?? game.id,
        a: ids?.[0],
        b: ids?.[1],
        settings: givenSettings,
        maxPairs: resuming && !explicit('maxGames') ? undefined : Math.floor(options.maxGames! / 2),
        seed: options.seed,
        source: spec.openings?.source,
        resuming,
        threads: capAtCores(options.threads, '--threads'),
        moveTimeLimitMs: options.moveTimeLimit === undefined ? undefined : options.moveTimeLimit * 1000,
        signal: controller.signal,
        onLook,
        onPlan: (plan, file) => {
          if (file instanceof JobJournal && file.tornBytes > 0) process.stderr.write(`Note: dropped the half-written last line of ${file.path} (${plural(file.tornBytes, 'byte')}).\n`);
          if (plan.freshSeed) process.stderr.write(`Seed ${String(plan.config.seed)} (replay this test with --seed ${String(plan.config.seed)})\n`);
          const [a, b] = plan.config.lineups.map((lineup) => agentLabel(lineup[0]!));
          if (options.json !== true) {
            process.stdout.write(`${game.title} SPRT, A = ${a!}, B = ${b!}: ${describeTest(settingsOf(plan.config), twoPlayer)}; at most ${plural(plan.total, twoPlayer ? 'pair' : 'deal')}, seed ${String(plan.config.seed)}\n`);
          }
          const settings = settingsOf(plan.config);
          const [lo, hi] = sprtBounds(settings.alpha, settings.beta);
          bounds = `${lo.toFixed(2)}, ${formatLlr(hi)}`;
          const toPlay = plan.ranges.reduce((n, [s, e]) => n + e - s, 0) * 2;
          bar = progressBar(toPlay);
        },
        onProgress: (done) => {
          played = done;
          bar?.update(done);
        },
      },
      (request) => runLabOnNode({ ...request, resume: options.resume, out: options.out, records: options.records, recordedDeals: countedPairs }),
    );
  } catch (error) {
    if (error instanceof PlanError || error instanceof RecordsError || error instanceof PlayerModuleError || error instanceof GameRecordError || error instanceof RangeError) {
      throw new UsageError(resuming ? `Cannot resume: ${error.message}` : error.message);
    }
    throw error;
  } finally {
    bar?.stop();
    process.off('SIGINT', onSigint);
  }
  printOutcome(outcome, options, twoPlayer);
}

/** Loads the player modules a saved test names (checked against their hashes), so that this thread can play them. */
async function loadSavedPlayers(path: string): Promise<void> {
  try {
    const [first] = readRecords(path);
    if (first !== undefined) await loadUserAgents(first.config);
  } catch (error) {
    if (error instanceof RecordsError || error instanceof PlayerModuleError) throw new UsageError(`Cannot resume: ${error.message}`);
    throw error;
  }
}

/** The hypotheses and error rates in words, from the saved or given settings. */
function describeTest(s: SprtSettings, twoPlayer: boolean): string {
  const what = twoPlayer ? 'Elo' : s.measure === 'wins' ? 'win share' : 'points per deal';
  const openings = s.openings === undefined ? '' : `, pairs from the ${s.openings} opening suite`;
  const refereed = s.referee === undefined ? '' : `, refereed with a move limit of ${String(s.referee.timeLimitMs / 1000)} s`;
  return `H0: ${String(s.h0)} ${what}, H1: ${String(s.h1)} ${what}, alpha ${String(s.alpha)}, beta ${String(s.beta)}, a look every ${plural(s.every, twoPlayer ? 'pair' : 'deal')}${openings}${refereed}`;
}

/** The `--json` object: exactly the documented fields. */
export function sprtJson(outcome: SprtOutcome): SprtJson {
  return {
    result: outcome.result,
    games: outcome.games,
    pairs: outcome.pairs,
    llr: outcome.llr,
    bounds: outcome.bounds,
    estimate: { value: outcome.estimate.value, ci: [outcome.estimate.ci[0], outcome.estimate.ci[1]] },
  };
}

function printOutcome(outcome: SprtOutcome, options: SprtCliOptions, twoPlayer: boolean): void {
  const { lab } = outcome;
  if (options.json === true) process.stdout.write(`${JSON.stringify(sprtJson(outcome))}\n`);
  else {
    const verdict = outcome.result === 'inconclusive' ? (lab.aborted ? 'interrupted before a decision' : 'inconclusive at max-games') : `${outcome.result} accepted`;
    const [lo, hi] = outcome.bounds;
    const { value, ci } = outcome.estimate;
    const estimate = twoPlayer
      ? `Elo of A over B: ${value.toFixed(1)} (95% CI ${ci[0].toFixed(1)} to ${ci[1].toFixed(1)})`
      : outcome.settings.measure === 'wins'
        ? `win share difference A − B: ${value.toFixed(3)} (95% CI ${ci[0].toFixed(3)} to ${ci[1].toFixed(3)})`
        : `mean score difference A − B per deal: ${value.toFixed(3)} (95% CI ${ci[0].toFixed(3)} to ${ci[1].toFixed(3)})`;
    process.stdout.write(
      `${verdict}\n` +
        `LLR ${formatLlr(outcome.llr)} (bounds ${lo.toFixed(2)}, ${formatLlr(hi)}) after ${plural(outcome.games, 'game')} in ${plural(outcome.pairs, twoPlayer ? 'pair' : 'deal')}\n` +
        `${estimate}\n`,
    );
  }
  const file = options.resume ?? options.out;
  if (lab.saveFailure !== undefined) {
    process.stderr.write(`Error: the results file ${file ?? ''} is incomplete: saving failed (${lab.saveFailure.error.message}).\n`);
    process.exitCode = 1;
  }
  if (lab.aborted) {
    process.stderr.write(`Interrupted after ${plural(outcome.pairs, twoPlayer ? 'pair' : 'deal')}.${whereSaved(lab, file)}\n`);
    process.exitCode = 130;
  }
}
