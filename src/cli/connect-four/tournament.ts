/**
 * `tabletop connect-four tournament`: a refereed round robin between built-in bots and external
 * programs — every pair, both colours, from the balanced opening suite — printed as a results
 * matrix (wins-draws-losses of the row against the column), each bot's totals and Elo rating (the
 * lab's standings, src/lab/standings.ts, over the distinct games), and its forfeits by reason;
 * `--html` and `--csv` write the same results as the lab's report files (src/cli/lab/report-files.ts).
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { plural } from '../../core/format.js';
import { freshSeed } from '../../core/random.js';
import { formatStandings, standings, type StandingsInput } from '../../lab/standings.js';
import { emptyTally, type ExperimentConfig } from '../../lab/experiment.js';
import { tournamentResults, type TournamentResults } from '../../lab/lab-results.js';
import { tournamentReport } from '../../lab/report.js';
import { connectFourGame } from '../../games/connect-four/definition.js';
import { ALPHABETA_LEVELS } from '../../games/connect-four/players/alphabeta.js';
import { checkReportFiles, writeResultsFiles } from '../lab/report-files.js';
import { openingName, openingSuiteLabel } from '../../games/connect-four/openings.js';
import { BUILTIN_BOTS, createBot, resolveLineup, type ExternalBotDefinition, type LineupOptions, type ModuleBot } from '../../arena/connect-four/lineup.js';
import { PlayerModuleError } from '../../lab/user-players.js';
import { countRefereedGame } from '../../arena/connect-four/refereed-pairs.js';
import { refereedGameRecord, runRefereedTournament, type RefereedTournamentResults } from '../../arena/connect-four/tournament.js';
import { gameRecordLine } from '../../lab/game-record.js';
import { ALPHA_RANK_CAPTION, alphaRankRows, beyondElo, transitivityLine, type BeyondElo } from '../../lab/beyond-elo.js';
import { TournamentJournal, type ResumedTournament, type TournamentSettings } from './tournament-journal.js';
import { moveString, type EndReason } from '../../games/connect-four/referee/result.js';
import { capAtCores, commaHint, parseIntegerIn, parseList, parsePositiveInt, parsePositiveNumber, parseSeed, UsageError } from '../options.js';
import { exitingOnInterrupt, progressBar } from '../terminal.js';
import { collectBot, DEFAULT_LEVEL, DEFAULT_TIME_SECONDS } from './play.js';

interface TournamentCliOptions {
  readonly bots?: string[];
  readonly out?: string;
  readonly resume?: string;
  readonly records?: string;
  readonly games: number;
  readonly time: number;
  readonly level: number;
  readonly seed?: number;
  readonly jobs?: number;
  readonly json?: boolean;
  readonly html?: string;
  readonly csv?: string;
  readonly bot: ExternalBotDefinition[];
  /** The suite's name, or false for `--no-openings`. */
  readonly openings: string | false;
}

/** The game's opening suites (its definition's): `--openings` names one, `balanced` by default. */
const OPENING_SUITES = connectFourGame.openings!;
const BALANCED_OPENINGS = OPENING_SUITES.balanced!;
const ALL_TWO_MOVE_OPENINGS = OPENING_SUITES.all!;

function parseOpeningSuite(value: string): string {
  if (Object.hasOwn(OPENING_SUITES, value)) return value;
  throw new InvalidArgumentError(`expected 'balanced' (the ${String(BALANCED_OPENINGS.length)} two-move openings from column 3 or 5) or 'all' (all ${String(ALL_TWO_MOVE_OPENINGS.length)}), got '${value}'`);
}

export function registerTournament(command: Command): Command {
  command
    .command('tournament')
    .description('Round robin between Connect Four bots (both colours): results matrix and Elo ratings')
    .option('--bots <list>', `comma-separated bots: ${BUILTIN_BOTS.join(', ')}, names defined with --bot, programs (exec:<command>, or name=exec:<command>), or bot modules (./my-bot.mjs, a package name; see docs/your-own-player.md)`, parseBotList)
    .option('--games <n>', `games per pair of bots, colours alternating; games 2k and 2k+1 start from opening k of the suite (at most ${MAX_GAMES_PER_PAIR.toLocaleString('en-US')})`, parseIntegerIn(1, MAX_GAMES_PER_PAIR, 'The number of games per pair'), 2)
    .option('--openings <suite>', `the opening suite: 'balanced', the ${String(BALANCED_OPENINGS.length)} two-move openings from column 3 or 5, or 'all', all ${String(ALL_TWO_MOVE_OPENINGS.length)} (e.g. --games ${String(2 * ALL_TWO_MOVE_OPENINGS.length)} plays each once with each colour)`, parseOpeningSuite, 'balanced')
    .option('--no-openings', 'start every game from the empty board (deterministic bots then replay the same two games)')
    .option('--time <seconds>', 'move time limit, in seconds (decimals allowed)', parsePositiveNumber('The time limit'), DEFAULT_TIME_SECONDS)
    .option('--level <n>', `strength of the bot named 'alphabeta', 1 to ${String(ALPHABETA_LEVELS.length)}`, parseIntegerIn(1, ALPHABETA_LEVELS.length, 'The level'), DEFAULT_LEVEL)
    .option('--seed <n>', 'seed of the random players (default: a fresh one, printed)', parseSeed)
    .option('--json', 'print the results as JSON: the matrices, ratings, forfeits and every game')
    .option('--html <file>', 'also write the results as one self-contained HTML report with charts (opens offline)')
    .option('--csv <file>', 'also write the results as CSV (one row per pairing of colours and per Elo rating)')
    .option('--jobs <n>', 'games played at the same time (default and most: the number of CPU cores)', parsePositiveInt('The number of jobs'))
    .addOption(new Option('--bot <name=command>', 'an external bot speaking the line protocol of docs/connect-four-bots.md (repeatable)').argParser(collectBot).default([], 'none'))
    .option('--out <file>', 'write the settings and every game (a game record per line, in game order) to this file as the games end, for --resume')
    .option('--resume <file>', 'continue the tournament saved with --out in this file: its bots and settings, playing only the games it lacks (the results are those of one uninterrupted run)')
    .option('--records <file>', 'also write every game as a game record (JSONL, one line per game: opening, players, every move, result; see docs/lab.md)')
    .action(async (options: TournamentCliOptions, command: Command) => {
      await tournament(resumedOptions(options, command));
    });
  return command;
}

/**
 * The most games per pair: every game played is kept for the report (its moves, its result), and a
 * Connect Four game between bots takes tens of milliseconds at the very least, so beyond this a run
 * would take days and its report gigabytes.
 */
export const MAX_GAMES_PER_PAIR = 100_000;

const parseBots = parseList('--bots');

function parseBotList(value: string): string[] {
  const bots = parseBots(value);
  if (bots.length < 2) throw new InvalidArgumentError(`--bots needs at least two bots, got '${value}'`);
  return bots;
}

/** The options a tournament's settings are made of: a resumed run takes them from its file, and may not be given them. */
const SETTINGS_OPTIONS = ['bots', 'bot', 'games', 'openings', 'time', 'level', 'seed', 'out'] as const;

/** With --resume: the saved tournament's settings in place of the options (given ones are refused). */
function resumedOptions(options: TournamentCliOptions, command: Command): TournamentCliOptions & { readonly resumed?: ResumedTournament } {
  if (options.resume === undefined) {
    if (options.bots === undefined) throw new UsageError("required option '--bots <list>' not specified");
    return options;
  }
  const given = SETTINGS_OPTIONS.filter((name) => command.getOptionValueSource(name) === 'cli');
  if (given.length > 0) throw new UsageError(`--resume continues the tournament its file holds, with its settings: leave out ${given.map((name) => `--${name}`).join(', ')}`);
  const resumed = TournamentJournal.resume(options.resume);
  const { settings } = resumed;
  if (settings.openings !== false && !Object.hasOwn(OPENING_SUITES, settings.openings)) {
    resumed.close();
    throw new UsageError(`Cannot resume: ${options.resume} names an opening suite this version has not: ${settings.openings}`);
  }
  return { ...options, bots: [...settings.bots], bot: [...settings.bot], games: settings.games, openings: settings.openings, time: settings.time, level: settings.level, seed: settings.seed, resumed };
}

async function tournament(options: TournamentCliOptions & { readonly resumed?: ResumedTournament }): Promise<void> {
  try {
    await exitingOnInterrupt(() => runAndPrint(options));
  } finally {
    // The file's lock, held from --resume's reading on; a run refused before it plays releases it too.
    options.resumed?.close();
  }
}

async function runAndPrint(options: TournamentCliOptions & { readonly resumed?: ResumedTournament }): Promise<void> {
  let bots: string[];
  let modules: Map<string, ModuleBot>;
  let externals: ExternalBotDefinition[];
  try {
    ({ names: bots, modules, externals } = await resolveLineup(options.bots ?? [], options.bot));
  } catch (error) {
    if (error instanceof RangeError || error instanceof PlayerModuleError) {
      const unknown = /^Unknown bot '([^']*)'/.exec(error.message)?.[1];
      throw new UsageError(`--bots: ${error.message}${unknown === undefined ? '' : commaHint(options.bots ?? [], unknown)}`);
    }
    throw error;
  }
  checkReportFiles(
    options,
    [...modules.values()].filter((bot) => bot.url.startsWith('file:')).map((bot) => ({ option: 'the bot module', path: fileURLToPath(bot.url) })),
  );
  const seed = options.seed ?? freshSeed();
  const lineup: LineupOptions = { timeLimitMs: options.time * 1000, level: options.level, seed, externals, modules };
  const pairs = (bots.length * (bots.length - 1)) / 2;
  const total = pairs * options.games;
  const earlier = options.resumed?.games(bots) ?? [];
  const settings: TournamentSettings = { bots: options.bots ?? [], bot: options.bot, games: options.games, openings: options.openings, time: options.time, level: options.level, seed };
  const journal =
    options.resumed !== undefined ? options.resumed.open(bots, earlier.length) : options.out === undefined ? undefined : TournamentJournal.create(options.out, settings, bots, total);
  const progress = progressBar(total);
  progress.update(earlier.length);
  let results: RefereedTournamentResults;
  try {
    results = await runRefereedTournament({
      bots,
      gamesPerPair: options.games,
      timeLimitMs: lineup.timeLimitMs,
      // Each game keeps about one core busy; more games at once would eat into the bots' move time.
      concurrency: options.jobs === undefined ? Math.max(1, availableParallelism()) : capAtCores(options.jobs, '--jobs'),
      openings: options.openings === false ? undefined : OPENING_SUITES[options.openings],
      createPlayer: (bot, gameIndex, color) => createBot(bot, lineup, gameIndex, color),
      earlier,
      onGame: (game, done) => {
        journal?.add(game);
        progress.update(done);
      },
    });
  } catch (error) {
    if (error instanceof RangeError && options.resumed !== undefined) throw new UsageError(`Cannot resume: ${error.message}`);
    throw error;
  } finally {
    // Stopped on failure too: a running bar redraws on a timer, which would keep the process alive.
    progress.stop();
    journal?.close();
  }
  if (options.records !== undefined) writeFileSync(options.records, results.games.map((game) => `${gameRecordLine(refereedGameRecord(game, bots, seed))}\n`).join(''));
  if (options.json === true) {
    process.stdout.write(`${JSON.stringify(resultsJson(results, { seed, timeLimitMs: lineup.timeLimitMs, gamesPerPair: options.games }), null, 2)}\n`);
  } else {
  process.stdout.write(
    `Connect Four round robin: ${plural(bots.length, 'bot')}, ${plural(options.games, 'game')} per pair ${startsFrom(options.openings, options.games)}, ${plural(total, 'game')} ` +
      `(${String(results.distinctGames)} distinct), move limit ${String(options.time)} s, seed ${String(seed)}\n\n${formatResults(results)}`,
    );
  }
  // After the report, so an unwritable file (an error naming it, status 1) loses no results.
  if (options.html !== undefined || options.csv !== undefined) writeResultsFiles(options, labResultsOf(results, seed));
}

/** Where the games start: "from 7 of the 14 balanced openings" (one opening per two games), or the empty board. */
function startsFrom(suiteName: string | false, gamesPerPair: number): string {
  if (suiteName === false) return 'from the empty board';
  const { length } = OPENING_SUITES[suiteName]!;
  return `from ${String(Math.min(length, Math.ceil(gamesPerPair / 2)))} of the ${String(length)} ${openingSuiteLabel(suiteName)}`;
}

/**
 * The tournament as the lab's report files take it: the lab's tournament report over lineups
 * [red, yellow] — so the matrix is the win rate of the row bot playing red, with its Wilson CI —
 * and the Elo ratings of the printed standings (distinct games only) in place of the lab's.
 * Forfeits are not carried over (the lab's faults are a user module's errors, not a referee's).
 */
export function labResultsOf(results: RefereedTournamentResults, seed: number): TournamentResults {
  const { bots } = results;
  const lineups = bots.flatMap((red, i) => bots.filter((_, j) => j !== i).map((yellow) => [red, yellow]));
  const config: ExperimentConfig = { game: connectFourGame.id, lineups, seed, paired: false };
  const tally = emptyTally(config);
  const lineupOf = (red: number, yellow: number): number => red * (bots.length - 1) + (yellow < red ? yellow : yellow - 1);
  for (const game of results.games) {
    countRefereedGame(tally.lineups[lineupOf(game.red, game.yellow)]!, game.result);
  }
  // Lineups never played (one game per pair: only the first-listed bot played red) stay out of the matrix.
  const played = lineups.map((_, l) => l).filter((l) => tally.lineups[l]!.games > 0);
  const playedConfig: ExperimentConfig = { ...config, lineups: played.map((l) => lineups[l]!) };
  const report = tournamentReport(playedConfig, { lineups: played.map((l) => tally.lineups[l]!), differences: [] }, { ratings: false });
  const elo = standings(standingsInput(results)).map(({ player, rating, low, high }) => ({ id: player, rating, low, high }));
  // A refereed bot is named by its command-line name, not by a lab agent of the same id.
  return tournamentResults(playedConfig, { ...report, players: report.players.map(({ id }) => ({ id, name: id })), elo, beyondElo: beyondEloOf(results) });
}

/** α-Rank and the transitivity check, over the distinct games as the ratings (a repeated game is no new evidence of a cycle). */
function beyondEloOf(results: RefereedTournamentResults): BeyondElo {
  return beyondElo(results.bots, results.distinctWins, results.distinctDraws);
}

/** The standings' input: all games for the matrix and totals, distinct games for the ratings. */
function standingsInput(results: RefereedTournamentResults): StandingsInput {
  return { players: results.bots, wins: results.wins, draws: results.draws, independent: { wins: results.distinctWins, draws: results.distinctDraws } };
}

/** The results as plain data; moves in standard notation (1-based digits). */
export function resultsJson(results: RefereedTournamentResults, settings: { seed: number; timeLimitMs: number; gamesPerPair: number }): unknown {
  const elo = standings(standingsInput(results));
  const round = (x: number): number => Math.round(x * 10) / 10;
  return {
    ...settings,
    bots: results.bots,
    wins: results.wins,
    draws: results.draws,
    distinctGames: results.distinctGames,
    elo: elo.map(({ rating }) => round(rating)),
    // null: the games set no bound on that side (see eloIntervals).
    eloCi: elo.map(({ low, high }) => [Number.isFinite(low) ? round(low) : null, Number.isFinite(high) ? round(high) : null]),
    ...beyondEloOf(results),
    forfeits: Object.fromEntries(results.bots.map((bot, i) => [bot, Object.fromEntries(Object.entries(results.forfeits[i]!).filter(([, count]) => count > 0))])),
    games: results.games.map(({ index, red, yellow, opening, result }) => ({
      index,
      opening: openingName(opening),
      red: results.bots[red],
      yellow: results.bots[yellow],
      winner: result.winner === null ? null : result.winner ? 'red' : 'yellow',
      reason: result.reason,
      message: result.message,
      moves: moveString(result.moves),
    })),
  };
}

const FORFEIT_LABELS: Partial<Record<EndReason, string>> = {
  'illegal-move': 'illegal move',
  error: 'error',
  timeout: 'timeout',
  'protocol-error': 'protocol error',
  crashed: 'crash',
  resigned: 'resignation',
};

/** The standings (matrix, totals, score, Elo with its 95% CI), then forfeits. */
export function formatResults(results: RefereedTournamentResults): string {
  const n = results.bots.length;
  const bots = results.bots;
  const forfeitLines: string[] = [];
  for (let i = 0; i < n; i++) {
    const counts = Object.entries(results.forfeits[i]!)
      .filter(([, count]) => count > 0)
      .map(([reason, count]) => `${String(count)} ${FORFEIT_LABELS[reason as EndReason] ?? reason}`);
    if (counts.length === 0) continue;
    forfeitLines.push(`  ${bots[i]!}: ${counts.join(', ')}`);
    // The first such game's message, so a bot's author sees what went wrong.
    const first = results.games.find((game) => game.result.offender !== undefined && (game.result.offender ? game.red : game.yellow) === i);
    if (first !== undefined) forfeitLines.push(`    first, in game ${String(first.index + 1)}: ${first.result.message}`);
  }
  const forfeits = forfeitLines.length === 0 ? 'Forfeits: none\n' : `Forfeits (games lost other than by four in a row):\n${forfeitLines.join('\n')}\n`;
  const repeats = results.games.length - results.distinctGames;
  const note = repeats === 0 ? '' : `\nElo counts each distinct game once: ${String(repeats)} game${repeats === 1 ? '' : 's'} repeated an earlier one move for move (deterministic bots, same opening and colours).\n`;
  const beyond = beyondEloOf(results);
  const rows = alphaRankRows(beyond);
  const width = Math.max(...rows.map(([player]) => player!.length));
  const alpha = rows.map(([player, mass]) => `  ${player!.padEnd(width)}  ${mass!.padStart(6)}`);
  return (
    `Results (row against column: wins-draws-losses; Elo with 95% score-test CI, ∞ where the games set no bound):\n${formatStandings(standingsInput(results))}\n${note}\n` +
    `${ALPHA_RANK_CAPTION}\n${alpha.join('\n')}\n${transitivityLine(beyond)}\n\n${forfeits}`
  );
}
