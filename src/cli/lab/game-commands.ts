/**
 * The lab's commands for any game, built in or a user's own module (docs/your-own-game.md):
 * `tabletop compare --game <id | ./my-game.mjs>` (one-player games) and `tabletop tournament
 * --game …` (two-player games), with every lab option (threads, --shard, --out/--resume, --until-ci,
 * --html/--csv), and `tabletop sprt --game …`, the sequential test of `tabletop <game> sprt` for
 * a game module's agents. A game module is probed in a thread of its own and played on the lab's workers;
 * one that cannot be used is a usage error (exit 2).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Option, type Command } from 'commander';
import type { GameDefinition, GameState } from '../../core/game.js';
import { printable } from '../../core/format.js';
import { DEFAULT_CONFORMANCE_RUNS } from '../../lab/game-conformance.js';
import { checkGameModuleFile, GameModuleError, resolveGame } from '../../lab/game-modules.js';
import { looksLikePath, modulePath } from '../../lab/user-players.js';
import { GAMES, gameById } from '../../lab/registry.js';
import { roundRobinLineups } from '../../lab/round-robin.js';
import { gameOfResultsLine } from '../../lab/records.js';
import { isUserGameId, userGameModuleOf } from '../../lab/user-games.js';
import { parseList, parsePositiveInt, parsePositiveNumber, parseSeed, UsageError } from '../options.js';
import { exitingOnInterrupt } from '../terminal.js';
import { addLabOptions, runExperimentCommand, type LabOptions } from './experiment.js';
import { addHypothesisOptions, addMoveTimeLimit, addTestOptions, hypothesisDefaults, runSprtCommand, testDefaults, type SprtCliOptions } from './sprt.js';
import { resolvePlayers } from './user-players.js';

const GAME_OPTION = '--game <id-or-module>';
const GAME_HELP = `a built-in game id (${Object.keys(GAMES).join(', ')}) or a game module file (./my-game.mjs; see docs/your-own-game.md)`;

/** The game `spec` names, its module probed now: one usage error (exit 2) if it cannot be used. */
async function gameOf(spec: string): Promise<{ id: string; game: GameDefinition<GameState> }> {
  try {
    const id = await exitingOnInterrupt(() => resolveGame(spec));
    return { id, game: gameById(id) };
  } catch (error) {
    if (error instanceof GameModuleError) throw new UsageError(`--game: ${error.message}`);
    throw error;
  }
}

/**
 * The game a command is about: `--game`, or with `--resume FILE` alone the game that file was
 * played with (a built-in id, or the module file its id names), so the "continue with --resume
 * FILE" that an interrupted run prints works as printed.
 */
async function chosenGame(options: { game?: string; resume?: string }): Promise<{ id: string; game: GameDefinition<GameState> }> {
  if (options.game !== undefined) return gameOf(options.game);
  if (options.resume === undefined) throw new UsageError(`required option '${GAME_OPTION}' not specified (or --resume FILE, to continue a saved run)`);
  // Only the game's name is read here: the records themselves are checked when the run resumes,
  // once their game is loaded.
  let text: string;
  try {
    text = readFileSync(options.resume, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot resume: cannot read ${options.resume}: ${(error as Error).message}`);
  }
  const played = gameOfResultsLine(text.slice(0, text.indexOf('\n') + 1 || undefined));
  if (typeof played !== 'string') throw new UsageError(`Cannot resume: ${options.resume} holds no batch of a run; start the run again with --game … --out ${options.resume}`);
  const module = userGameModuleOf(played);
  return gameOf(module === undefined ? played : fileURLToPath(module.url));
}

/**
 * The lineup ids of `--players`: a game module's own agents by name; a built-in game's agents or
 * player modules. Without the option, the game's `defaultLineup` (what its own command and the lab
 * page start with, as the game contract says), else every agent it offers people.
 */
async function playersOf(game: GameDefinition<GameState>, gameId: string, specs: readonly string[] | undefined, option = '--players'): Promise<string[]> {
  const offered = Object.keys(game.agents).filter((id) => game.agents[id]!.seesHidden !== true);
  const chosen = specs ?? game.defaultLineup?.players ?? offered;
  if (!isUserGameId(gameId)) return resolvePlayers(game, chosen, option);
  const unknown = chosen.find((id) => !Object.hasOwn(game.agents, id));
  if (unknown !== undefined) throw new UsageError(`${option}: ${game.title} has no agent '${unknown}' (its agents: ${Object.keys(game.agents).join(', ')}); a game module's players are the agents it defines`);
  return [...chosen];
}

const playersOption = (): Option => new Option('-p, --players <list>', "comma-separated agents of the game (default: the game's default lineup, else all it offers people); a built-in game also takes player modules").argParser(parseList('The --players list'));

export function registerGameCommands(program: Command): Command {
  const compare = program
    .command('compare')
    .description('any one-player game, built in or your own module: mean scores with 95% CIs')
    .option(GAME_OPTION, `${GAME_HELP}; with --resume, the file's game by default`)
    .addOption(playersOption())
    .option('--paired', 'deal the same chance outcomes to every strategy (common random numbers) for a paired test of the differences');
  addLabOptions(compare, { games: 10_000, unit: 'per strategy', stopRule: "each strategy's mean (and each difference, with --paired)" });
  compare.action(async (options: LabOptions & { game?: string; players?: string[]; paired?: boolean }) => {
    const { id, game } = await chosenGame(options);
    if (game.numPlayers !== 1) throw new UsageError(`--game: ${game.title} has ${String(game.numPlayers)} players: compare is for one-player games; run \`tabletop tournament --game ${options.game ?? id}\``);
    await runExperimentCommand({ command: compare, options, game: id, lineups: (await playersOf(game, id, options.players)).map((p) => [p]), lineupOptions: ['players'], paired: options.paired === true });
  });

  const tournament = program
    .command('tournament')
    .description('any two-player game, built in or your own module: win rates, Elo')
    .option(GAME_OPTION, `${GAME_HELP}; with --resume, the file's game by default`)
    .addOption(playersOption());
  addLabOptions(tournament, { games: 1000, unit: 'per ordered pairing', stopRule: "each pairing's win rate (not the Elo ratings)" });
  tournament.action(async (options: LabOptions & { game?: string; players?: string[] }) => {
    const { id, game } = await chosenGame(options);
    if (game.numPlayers !== 2) throw new UsageError(`--game: ${game.title} has ${String(game.numPlayers)} player(s): tournament is for two-player games; run \`tabletop compare --game ${options.game ?? id}\``);
    await runExperimentCommand({ command: tournament, options, game: id, lineups: roundRobinLineups(await playersOf(game, id, options.players)), lineupOptions: ['players'], roundRobin: {} });
  });

  const sprt = program
    .command('sprt')
    .description('any game, built in or your own module: is A better than B? a sequential test (SPRT)')
    .option(GAME_OPTION, `${GAME_HELP}; with --resume, the file's game by default`)
    .option('--a <player>', "player A: an agent of the game (a built-in game also takes player modules)")
    .option('--b <player>', 'player B, the same way');
  addHypothesisOptions(sprt);
  addTestOptions(sprt, {
    every: 'pairs (two-player games) or deals (one-player games) between two looks at the LLR (default: the game\'s, else 100)',
    maxGames: 'stop, inconclusive, after this many games (default: the game\'s, else 200,000)',
  });
  addMoveTimeLimit(sprt);
  sprt.action(async (options: SprtCliOptions & { game?: string }) => {
    const { id, game } = await chosenGame(options);
    if (game.openings !== undefined) {
      throw new UsageError(`--game: ${game.title}'s test starts its pairs from its opening suites: run \`tabletop ${id} sprt\``);
    }
    if (game.numPlayers > 2) throw new UsageError(`--game: ${game.title} has ${String(game.numPlayers)} players: the sequential test is for one- and two-player games`);
    const players = async (a: string, b: string): Promise<string[]> => playersOf(game, id, [a, b], '--a/--b');
    await runSprtCommand(sprt, { game, gameId: id, players, modules: 'player modules' }, testDefaults(game, hypothesisDefaults(game, options)));
  });
  return program;
}

/** How long `check-game` lets a module's import and checks run, by default. */
const CHECK_TIME_LIMIT_S = 120;

/** The actions that lead to a failure, shortened for one line. */
function actionsText(actions: readonly number[]): string {
  if (actions.length === 0) return 'from the initial state';
  const shown = actions.slice(0, 30).join(',');
  return `after the actions ${shown}${actions.length > 30 ? `,… (${String(actions.length)} in all)` : ''}`;
}

export function registerCheckGame(program: Command): Command {
  program
    .command('check-game')
    .description('check your game module against the game contract')
    .argument('<module>', 'the game module file (./my-game.mjs)')
    .option('--runs <n>', 'seeded games per rule', parsePositiveInt('The number of runs'), DEFAULT_CONFORMANCE_RUNS)
    .option('-s, --seed <n>', 'the first seed (games use seeds n, n+1, …)', parseSeed, 1)
    .option('--time-limit <seconds>', `longest the module's import and all the checks may take (default ${String(CHECK_TIME_LIMIT_S)})`, parsePositiveNumber('The time limit'))
    .action(async (spec: string, options: { runs: number; seed: number; timeLimit?: number }) => {
      if (!looksLikePath(spec)) throw new UsageError(`'${spec}' is not a module file: give a path such as ./my-game.mjs`);
      const path = modulePath({ title: 'game', builtIns: [] }, spec, process.cwd());
      let result;
      try {
        result = await exitingOnInterrupt(() => checkGameModuleFile(path, { runs: options.runs, seed: options.seed }, { timeMs: (options.timeLimit ?? CHECK_TIME_LIMIT_S) * 1000 }));
      } catch (error) {
        if (error instanceof GameModuleError) throw new UsageError(error.message);
        throw error;
      }
      const broken = new Map(result.failures.map((f) => [f.rule, f]));
      for (const rule of result.rules) {
        const failure = broken.get(rule.id);
        if (failure === undefined) {
          process.stdout.write(`ok    ${rule.id}: ${rule.description}\n`);
          continue;
        }
        const where = failure.seed === undefined ? '' : ` (seed ${String(failure.seed)}, ply ${String(failure.ply)}, ${actionsText(failure.actions ?? [])})`;
        process.stdout.write(`FAIL  ${rule.id}: ${printable(failure.message)}${where}\n`);
      }
      const failed = result.failures.length;
      process.stdout.write(failed === 0 ? `All ${String(result.rules.length)} rules hold (${String(options.runs)} seeded games each).\n` : `${String(failed)} of ${String(result.rules.length)} rules broken.\n`);
      if (failed > 0) process.exitCode = 1;
    });
  return program;
}
