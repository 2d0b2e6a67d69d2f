/**
 * Games a user writes in one module file, played by the lab like the built-in games (Node only: it
 * reads, hashes and imports files). The module's default export (or its export `game`) is a
 * `GameDefinition` of the game contract (src/core/game.ts, docs/your-own-game.md).
 *
 * Contained like a player module: the calling thread never runs the module's code. It is imported
 * and checked first in a probe thread of its own (module-probe.ts: time and memory limits, an exit
 * or a hang is an error naming the module), which hands back the game's facts (`GameFacts`); the
 * lab's workers import it again to play, under the run's time and memory limits (runner.ts).
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { printable } from '../core/format.js';
import type { GameDefinition, GameState } from '../core/game.js';
import { READ_LIMITS, readBoundedFile } from './files.js';
import { checkConformance, type ConformanceResult } from './game-conformance.js';
import { splitJournal } from './journal.js';
import { gameOfResultsLine } from './records.js';
import { builtScript, probeModuleData, ProbeFailure, type ProbeLimits } from './module-probe.js';
import { GAMES, variantById } from './registry.js';
import { definitionOfFacts, isUserGameId, registerUserGame, userGameDefinition, userGameModuleOf, type GameFacts } from './user-games.js';
import { describeValue, messageOf } from './user-adapters.js';
import { importModule, labelProblem, looksLikePath, modulePath, sha256Of } from './user-players.js';

/** A game module that cannot be used, or changed since its results were saved (the CLI exits 2). */
export class GameModuleError extends Error {
  override readonly name = 'GameModuleError';
}

/** The state methods the lab calls on every game (the others are checked by `tabletop check-game`). */
const STATE_METHODS = ['currentPlayer', 'isTerminal', 'legalActions', 'applyAction', 'sampleChance', 'returns', 'reset', 'clone', 'actionToString', 'toString'] as const;

const isWhole = (x: unknown, min: number, max: number): x is number => Number.isSafeInteger(x) && (x as number) >= min && (x as number) <= max;

/** The game definition a module exports: its default export, else its export `game`. */
export function exportedGame(exports: Record<string, unknown>): unknown {
  return exports.default ?? exports.game;
}

/**
 * Why `value` is not a game definition the lab can play, as a phrase about the module ("exports no
 * game: …"), or undefined when it is one. Checks the definition's fields and that an initial state
 * can be made and has the contract's methods; `tabletop check-game` checks the rules' behaviour.
 */
export function definitionProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return `exports no game: expected a default export (or an export \`game\`) that is a game definition, found ${describeValue(value)}`;
  const game = value as Partial<Record<keyof GameDefinition, unknown>>;
  const field = (name: string, what: string): string => `has a game definition whose \`${name}\` is ${what}`;
  if (typeof game.id !== 'string' || !/^[a-z0-9][a-z0-9-]{0,39}$/.test(game.id)) return field('id', 'not an id of lowercase letters, digits and dashes (at most 40)');
  if (Object.hasOwn(GAMES, game.id)) return field('id', `'${game.id}', a built-in game's id`);
  if (typeof game.title !== 'string' || game.title.trim() === '' || printable(game.title, 80) !== game.title) return field('title', 'not a printable text of 1 to 80 characters');
  if (game.outcome !== 'score' && game.outcome !== 'win-loss') return field('outcome', "neither 'score' (one player) nor 'win-loss' (two players)");
  if (game.numPlayers !== (game.outcome === 'score' ? 1 : 2)) return field('numPlayers', `not ${game.outcome === 'score' ? "1 (a 'score' game has one player)" : "2 (a 'win-loss' game has two players)"}`);
  const range = game.scoreRange;
  if (!Array.isArray(range) || range.length !== 2 || !range.every(Number.isFinite) || (range[0] as number) > (range[1] as number)) return field('scoreRange', 'not [lowest, highest], two finite numbers');
  if (game.outcome === 'win-loss' && (range[0] !== -1 || range[1] !== 1)) return field('scoreRange', "not [-1, 1] (a 'win-loss' game's returns are -1, 0 or 1)");
  if (!isWhole(game.maxActions, 1, 1 << 20)) return field('maxActions', 'not a whole number from 1 to 1,048,576');
  if (!isWhole(game.maxGameLength, 1, 1e9)) return field('maxGameLength', 'not a whole number from 1 to 1,000,000,000');
  if (game.chanceFree !== undefined && typeof game.chanceFree !== 'boolean') return field('chanceFree', 'not a boolean');
  if (game.openings !== undefined || game.playOut !== undefined || game.recordedPlayOut !== undefined || game.playRecordedAction !== undefined) {
    return 'has a game definition with `openings`, `playOut`, `recordedPlayOut` or `playRecordedAction`: a game module has none of them (the lab plays it with the generic playout from the initial state)';
  }
  if (typeof game.newInitialState !== 'function') return field('newInitialState', 'not a function');
  const agents = game.agents;
  if (typeof agents !== 'object' || agents === null || Object.keys(agents).length === 0) return field('agents', 'not an object of one agent factory or more');
  for (const [name, agent] of Object.entries(agents)) {
    const problem = labelProblem(name, []);
    if (problem !== undefined) return `has an agent named '${printable(name)}': ${problem}`;
    const factory = agent as Partial<Record<string, unknown>> | null;
    if (typeof factory !== 'object' || factory === null || typeof factory.create !== 'function' || typeof factory.description !== 'string') return `has an agent '${name}' that is not { description: string, create(): Agent }`;
  }
  let state: unknown;
  try {
    state = (game.newInitialState as () => unknown).call(game);
  } catch (error) {
    return `cannot make an initial state: newInitialState() threw ${messageOf(error)}`;
  }
  const missing = STATE_METHODS.filter((name) => typeof (state as Record<string, unknown> | null)?.[name] !== 'function');
  if (missing.length > 0) return `makes an initial state without the method${missing.length === 1 ? '' : 's'} ${missing.join(', ')}`;
  return undefined;
}

/** The facts of a definition that passed `definitionProblem`. */
function factsOf(game: GameDefinition<GameState>): GameFacts {
  const agents: Record<string, { description: string; name: string; seesHidden?: boolean; deterministic?: boolean }> = {};
  for (const [id, agent] of Object.entries(game.agents)) {
    let made: unknown;
    try {
      made = agent.create();
    } catch (error) {
      throw new Error(`has an agent '${id}' whose create() throws ${messageOf(error)}`, { cause: error });
    }
    const name = (made as { name?: unknown } | null)?.name;
    if (typeof (made as { act?: unknown } | null)?.act !== 'function') throw new Error(`has an agent '${id}' whose create() gives no { name, act(state, rng) }`);
    agents[id] = { description: printable(agent.description), name: typeof name === 'string' && name !== '' ? printable(name, 64) : id, ...(agent.seesHidden === true ? { seesHidden: true } : {}), ...(agent.deterministic === true ? { deterministic: true } : {}) };
  }
  return {
    id: game.id,
    title: game.title,
    numPlayers: game.numPlayers,
    outcome: game.outcome,
    scoreRange: [game.scoreRange[0], game.scoreRange[1]],
    maxActions: game.maxActions,
    maxGameLength: game.maxGameLength,
    ...(game.chanceFree === undefined ? {} : { chanceFree: game.chanceFree }),
    agents,
  };
}

/**
 * The check a game module passes in its probe thread (see `probeModuleData`): it exports a usable
 * game definition. Returns the game's facts; throws an Error whose message is the phrase about the module.
 */
export function checkGameModule(exports: Record<string, unknown>): GameFacts {
  const game = exportedGame(exports);
  const problem = definitionProblem(game);
  if (problem !== undefined) throw new Error(problem);
  return factsOf(game as GameDefinition<GameState>);
}

/** The sha256 of a game module's file (GameModuleError if it cannot be read). */
function hashGameModule(path: string): string {
  try {
    return sha256Of(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new GameModuleError(`Cannot load the game module ${printable(path)}: no such file`);
    throw new GameModuleError(`Cannot load the game module ${printable(path)}: ${messageOf(error).replace('the player module', 'the game module')}`);
  }
}

/**
 * Imports the game module at `path` in a probe thread of its own (limits as `limits`) and checks
 * it there: its facts, or a GameModuleError naming the module.
 */
export async function probeGameModule(path: string, limits: ProbeLimits = {}): Promise<GameFacts> {
  try {
    const { data } = await probeModuleData(path, { url: pathToFileURL(builtScript(new URL('./game-modules.js', import.meta.url))).href, exportName: 'checkGameModule' }, limits);
    return data as GameFacts;
  } catch (error) {
    if (!(error instanceof ProbeFailure)) throw error;
    throw new GameModuleError(error.stage === 'import' ? `Cannot load the game module ${printable(path)}: ${error.message}` : `The game module ${printable(path)} ${error.message}`);
  }
}

/**
 * The id an experiment names a game by: a built-in id as is; a module file (a path, relative to
 * `cwd`, or a file URL) is hashed, probed and its facts registered in this thread, under its user
 * game id (see user-games.ts). GameModuleError if it cannot be used.
 */
export async function resolveGame(spec: string, cwd = process.cwd()): Promise<string> {
  // A built-in game's variant too (Klondike's standard rules: the id a run of `klondike compare --rules standard` saved).
  if (Object.hasOwn(GAMES, spec) || variantById(spec) !== undefined) return spec;
  if (!looksLikePath(spec)) throw new GameModuleError(`Unknown game '${printable(spec)}' (built in: ${Object.keys(GAMES).join(', ')}); a game module needs a path: ./my-game.mjs`);
  const path = modulePath({ title: 'game', builtIns: Object.keys(GAMES) }, spec, cwd);
  const sha256 = hashGameModule(path);
  const facts = await probeGameModule(path);
  const id = `${facts.id}@${pathToFileURL(path).href}#sha256=${sha256}`;
  if (userGameDefinition(id) === undefined) registerUserGame(id, definitionOfFacts(facts));
  return id;
}

/** The module file of user game `id` after checking it still has the content its id names. */
function unchangedModule(id: string): string {
  const module = userGameModuleOf(id)!;
  const path = fileURLToPath(module.url);
  const now = hashGameModule(path);
  if (now !== module.sha256) {
    throw new GameModuleError(
      `The game module ${printable(path)} has changed since these results were played (sha256 ${module.sha256.slice(0, 12)}…, now ${now.slice(0, 12)}…): ` +
        'results of two versions of a game cannot be mixed. Start a new run (--out another file) or restore that version.',
    );
  }
  return path;
}

/**
 * Makes the game a stored id names known to this thread by its facts (`merge`, a resumed run):
 * built-in ids need nothing; a module must still have the content its id names, and is probed.
 */
export async function loadGameFacts(id: string): Promise<void> {
  if (!isUserGameId(id) || userGameDefinition(id) !== undefined) return;
  const facts = await probeGameModule(unchangedModule(id));
  if (`${facts.id}@` !== id.slice(0, facts.id.length + 1)) throw new GameModuleError(`The game module ${printable(fileURLToPath(userGameModuleOf(id)!.url))} now defines the game '${facts.id}', not the one its results name`);
  registerUserGame(id, definitionOfFacts(facts));
}

/** Checks, without running it, that a run's game module still has the content its id names (nothing for built-in games). */
export function checkGameModuleUnchanged(id: string): void {
  if (isUserGameId(id)) unchangedModule(id);
}

/** Imports the game module `id` names in this thread (a lab worker) and registers it, for play here. */
export async function importGame(id: string): Promise<void> {
  if (!isUserGameId(id) || importedHere.has(id)) return;
  const path = unchangedModule(id);
  const exports = await importModule(path, path).catch((error: unknown) => {
    throw new GameModuleError(messageOf(error).replace('the player module', 'the game module'));
  });
  const game = exportedGame(exports);
  const problem = definitionProblem(game);
  if (problem !== undefined) throw new GameModuleError(`The game module ${printable(path)} ${problem}`);
  registerUserGame(id, game as GameDefinition<GameState>);
  importedHere.add(id);
}

const importedHere = new Set<string>();

/**
 * Loads the facts of every game module the results files at `paths` name (see `loadGameFacts`),
 * so that their records can be read: a record names its game by id, and reading it checks the game.
 * Files or lines that cannot be read are left to the records' reader, which says what is wrong.
 */
export async function loadGamesOfResults(paths: readonly string[]): Promise<void> {
  const ids = new Set<string>();
  for (const path of paths) {
    let lines: readonly string[];
    try {
      lines = splitJournal(readBoundedFile(path, READ_LIMITS.journal, 'the results file')).lines;
    } catch {
      continue;
    }
    for (const line of lines) {
      // A line that is not a record is left to the records' reader, which names it.
      const game = gameOfResultsLine(line);
      if (typeof game === 'string' && isUserGameId(game)) ids.add(game);
    }
  }
  for (const id of ids) await loadGameFacts(id);
}

/**
 * The check `tabletop check-game` runs in the module's probe thread: the module exports a usable
 * game definition (else an Error whose message is the phrase about the module), and the contract's
 * rules (game-conformance.ts) on `options.runs` seeded games from `options.seed`.
 */
export function checkGameModuleConformance(exports: Record<string, unknown>, _label: string, options: { readonly runs?: number; readonly seed?: number }): ConformanceResult {
  const game = exportedGame(exports);
  const problem = definitionProblem(game);
  if (problem !== undefined) throw new Error(problem);
  return checkConformance(game as GameDefinition<GameState>, options);
}

/**
 * Runs the contract's rules on the game module at `path` in a thread of its own, under `limits`
 * (time: the import and every check). GameModuleError, naming the module, if it cannot be checked.
 */
export async function checkGameModuleFile(path: string, options: { readonly runs?: number; readonly seed?: number }, limits: ProbeLimits): Promise<ConformanceResult> {
  hashGameModule(path);
  try {
    const { data } = await probeModuleData(path, { url: pathToFileURL(builtScript(new URL('./game-modules.js', import.meta.url))).href, exportName: 'checkGameModuleConformance', arg: options }, limits);
    return data as ConformanceResult;
  } catch (error) {
    if (!(error instanceof ProbeFailure)) throw error;
    const message = error.message.replace(/^its import did not finish/, 'its import and checks did not finish');
    throw new GameModuleError(error.stage === 'import' ? `Cannot check the game module ${printable(path)}: ${message}` : `The game module ${printable(path)} ${message}`);
  }
}
