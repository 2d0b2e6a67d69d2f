/**
 * Players a user writes, as lab agents: a module on disk (by path, file URL or package name) or an
 * object handed to the library. Node only (it reads, hashes and imports files); the table of
 * loaded agents is user-agents.ts.
 *
 * What a module's default export may be, per game (its `userPlayers`, in the game's folder): the class or object a reader
 * of the assignment writes — ConnectFwar's `Player` (`nextMove(card, board)`), UnoWar's `AI`
 * (`getPlay(hand, cardPile)`), a Klondike program (`nextMove(game, moves)`), Connect Four's
 * `Player` (`init`/`move`/`inform`) — constructed with no arguments once per thread and lineup
 * seat (Connect Four: once per game, as its referee does) and handed the game's seeded generator
 * as a last argument;
 * or a lab agent on the game contract, `act(state, rng)` (a class or an object), for full speed.
 * An optional named export `name` labels it (default: the file's name without its extension).
 *
 * Faults are results: a throw, or an answer the rules cannot read, is recorded against the game
 * and played as the spec reads a bad answer (each game's `userPlayers` says how).
 */
import { createHash } from 'node:crypto';
import { printable } from '../core/format.js';
import { externalPlayerId } from './external-players.js';
import { javaPlayerId } from './java-players.js';
import { builtScript, probeModule, ProbeFailure, type ModuleCheck } from './module-probe.js';
import { createRequire } from 'node:module';
import { basename, extname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { builtInAgent, type GameDefinition, type GameState } from '../core/game.js';
import type { ExperimentConfig } from './experiment.js';
import { FileSafetyError, READ_LIMITS, readBoundedFile } from './files.js';
import { GAMES, gameById } from './registry.js';
import { describeValue as describe, gameAdapter, messageOf, type GameAdapter } from './user-adapters.js';
import { agentLabel, externalCommandOf, isObjectAgentId, isRefereedAgentId, isUserAgentId, registerUserAgent, userAgentFactory, userModuleOf } from './user-agents.js';

/** A player module that cannot be used, or changed since its results were saved (the CLI exits 2). */
export class PlayerModuleError extends Error {
  override readonly name = 'PlayerModuleError';
}

function adapterFor(game: GameDefinition<GameState>): GameAdapter {
  const adapter = gameAdapter(game);
  if (adapter === undefined) {
    const takers = Object.values(GAMES).filter((g) => g.userPlayers !== undefined);
    throw new PlayerModuleError(`${game.title} does not take players from modules in the lab (only ${takers.map((g) => g.id).join(', ')})`);
  }
  return adapter;
}

/** True for a strategy argument that names a file rather than a package: ./x, ../x, /x, C:\x, file:, *.js/.mjs/.cjs. */
export const looksLikePath = (spec: string): boolean => /^(\.{1,2}[\\/]|[\\/]|[A-Za-z]:[\\/]|file:)/.test(spec) || /\.[cm]?js$/.test(spec);

export function sha256Of(path: string): string {
  // Bounded: a module is imported after it is hashed, so `/dev/zero` must stop here.
  return createHash('sha256').update(readBoundedFile(path, READ_LIMITS.module, 'the player module')).digest('hex');
}

export async function importModule(path: string, what: string): Promise<Record<string, unknown>> {
  try {
    return (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    throw new PlayerModuleError(`Cannot load the player module ${what}: ${messageOf(error)}`);
  }
}

/** Where a module argument points: a path (relative to `cwd`), a file URL, or a package resolved from `cwd`. */
export function modulePath(game: { readonly title: string; readonly builtIns: readonly string[] }, spec: string | URL, cwd: string): string {
  if (spec instanceof URL) {
    if (spec.protocol !== 'file:') throw new PlayerModuleError(`Cannot load the player module ${spec.href}: only file: URLs are supported`);
    return fileURLToPath(spec);
  }
  if (spec.startsWith('file:')) return fileURLToPath(spec);
  if (looksLikePath(spec)) return isAbsolute(spec) ? spec : resolve(cwd, spec);
  try {
    return createRequire(join(cwd, 'package.json')).resolve(spec);
  } catch {
    throw new PlayerModuleError(
      `Unknown ${game.title} strategy '${spec}' (built-in: ${game.builtIns.join(', ')}), and no package of that name can be found from ${cwd}. ` +
        'A module file needs a path: ./my-player.mjs',
    );
  }
}

/** The longest name a player may have (it heads a column of tables). */
export const MAX_LABEL_CHARS = 64;

/** Why `label` cannot name a player beside `builtIns`, or undefined if it can. */
export function labelProblem(label: string, builtIns: readonly string[]): string | undefined {
  if (/[,@]/.test(label) || builtIns.includes(label)) return "a name must not contain ',' or '@' nor be a built-in strategy's id";
  if (printable(label, MAX_LABEL_CHARS) !== label) return `a name must be printable text (no control characters) of at most ${String(MAX_LABEL_CHARS)} characters`;
  return undefined;
}

/** The label of the module at `path` whose `name` export is `named` (else the file's name), checked against `builtIns`. */
export function moduleLabel(path: string, named: unknown, builtIns: readonly string[]): string {
  const label = typeof named === 'string' && named.trim() !== '' ? named.trim() : basename(path, extname(path));
  const problem = labelProblem(label, builtIns);
  if (problem !== undefined) throw new PlayerModuleError(`The player module ${printable(path)} is named '${printable(label)}': ${problem} (export another \`name\`)`);
  return label;
}

/**
 * Reads, hashes and imports the player module at `path` in this thread, and finds its label (see
 * `moduleLabel`). PlayerModuleError if it cannot be used.
 */
export async function readPlayerModule(path: string, builtIns: readonly string[]): Promise<{ module: Record<string, unknown>; sha256: string; label: string }> {
  const sha256 = hashModule(path);
  const module = await importModule(path, path);
  return { module, sha256, label: moduleLabel(path, module.name, builtIns) };
}

/** The sha256 of the module file at `path` (PlayerModuleError if it cannot be read). */
function hashModule(path: string): string {
  try {
    return sha256Of(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new PlayerModuleError(`Cannot load the player module ${printable(path)}: no such file`);
    // Too large, endless (`/dev/zero`) or unreadable: the bounded read says which, naming the file.
    if (error instanceof FileSafetyError) throw new PlayerModuleError(printable(error.message));
    throw new PlayerModuleError(`Cannot load the player module ${printable(path)}: ${messageOf(error)}`);
  }
}

/**
 * Hashes the player module at `path`, imports it in a worker thread of its own (see
 * module-probe.ts) and runs `check` over its exports there; returns its label (see `moduleLabel`)
 * and sha256. The calling thread never
 * runs the module's code. PlayerModuleError, naming the module, if it cannot be used.
 */
export async function probePlayerModule(path: string, builtIns: readonly string[], check: ModuleCheck): Promise<{ label: string; sha256: string }> {
  const sha256 = hashModule(path);
  let named: string | undefined;
  try {
    named = await probeModule(path, check);
  } catch (error) {
    if (!(error instanceof ProbeFailure)) throw error;
    throw new PlayerModuleError(error.stage === 'import' ? `Cannot load the player module ${printable(path)}: ${error.message}` : `The player module ${printable(path)} ${error.message}`);
  }
  return { label: moduleLabel(path, named, builtIns), sha256 };
}

/**
 * The check a lab player module passes (run where it is probed, see `probePlayerModule`): its
 * default export is a player of game `gameId`, and one can be built. Throws an Error whose message
 * is the phrase about the module.
 */
export function checkLabPlayerModule(exports: Record<string, unknown>, label: string, gameId: unknown): void {
  const { adapt, expected } = adapterFor(gameById(String(gameId)));
  const create = adapt(exports.default, label === '' ? 'player' : label);
  if (create === undefined) throw new Error(`exports nothing usable: expected ${expected}; its default export is ${describe(exports.default)}`);
  try {
    create();
  } catch (error) {
    throw new Error(`cannot be constructed: ${messageOf(error)}`);
  }
}

/**
 * The lineup id of a strategy argument: a built-in id as is; a module is read, hashed, and
 * imported and checked in a worker thread of its own (one clear PlayerModuleError if it cannot be
 * used). The module is not loaded in this thread: the runner's workers load it (`loadUserAgents`
 * loads it here, for play in this thread).
 */
export async function resolvePlayer(game: GameDefinition<GameState>, spec: string | URL, cwd = process.cwd()): Promise<string> {
  if (typeof spec === 'string' && builtInAgent(game, spec) !== undefined) return spec;
  if (typeof spec === 'string') {
    let external: string | undefined;
    try {
      external = externalPlayerId(game, spec) ?? javaPlayerId(game, spec, cwd);
    } catch (error) {
      throw new PlayerModuleError(error instanceof Error ? error.message : messageOf(error));
    }
    if (external !== undefined) return external;
  }
  adapterFor(game);
  const builtIns = Object.keys(game.agents);
  const path = modulePath({ title: game.title, builtIns }, spec, cwd);
  const { label, sha256 } = await probePlayerModule(path, builtIns, { url: pathToFileURL(builtScript(new URL('./user-players.js', import.meta.url))).href, exportName: 'checkLabPlayerModule', arg: game.id });
  return `${label}@${pathToFileURL(path).href}#sha256=${sha256}`;
}

/** Registers a player object for play in this thread; returns its lineup id (`<name>@object`). */
export function registerPlayerObject(game: GameDefinition<GameState>, player: object, name?: string): string {
  const { adapt, expected } = adapterFor(game);
  const own = (player as { name?: unknown }).name;
  const ctor = (player as { constructor?: { name?: unknown } }).constructor?.name;
  const label = name ?? (typeof own === 'string' && own !== '' ? own : typeof ctor === 'string' && ctor !== '' && ctor !== 'Object' ? ctor : 'player');
  const problem = labelProblem(label, Object.keys(game.agents));
  if (problem !== undefined) throw new PlayerModuleError(`A player object is named '${printable(label)}': ${problem}`);
  const create = adapt(player, label);
  if (create === undefined) throw new PlayerModuleError(`The player object '${label}' is not usable: expected ${expected.replace('a default export that is ', '')}`);
  const id = `${label}@object`;
  registerUserAgent(id, create);
  return id;
}

/**
 * Makes every user agent of `config` playable in this thread: imports the modules not loaded yet,
 * after checking that each file still has the content hash its id names (see `checkUserAgents`).
 * Objects cannot be loaded: they must have been registered in this thread.
 */
export async function loadUserAgents(config: ExperimentConfig): Promise<void> {
  const game = gameById(config.game);
  for (const { id, label, path } of checkUserAgents(config)) {
    if (path === undefined || userAgentFactory(id) !== undefined) continue;
    const module = await importModule(path, path);
    const { adapt, expected } = adapterFor(game);
    const create = adapt(module.default, label);
    if (create === undefined) throw new PlayerModuleError(`The player module ${path} exports nothing usable: expected ${expected}`);
    registerUserAgent(id, create);
  }
}

/**
 * Checks, without running any of them, that the user agents of `config` can be played: distinct
 * labels, objects registered in this thread, and each module file still with the content hash its
 * id names — so a resumed run never mixes games of two versions of a player. Returns them, with
 * each module's path.
 */
export function checkUserAgents(config: ExperimentConfig): { id: string; label: string; path: string | undefined }[] {
  const labels = new Map<string, string>();
  const agents: { id: string; label: string; path: string | undefined }[] = [];
  for (const id of new Set(config.lineups.flat())) {
    if (!isUserAgentId(id)) continue;
    const label = agentLabel(id);
    const other = labels.get(label);
    if (other !== undefined) throw new PlayerModuleError(`Two players are named '${printable(label)}' (${printable(other)} and ${printable(id)}): give one another \`name\` export`);
    labels.set(label, id);
    if (externalCommandOf(id) !== undefined) {
      agents.push({ id, label, path: undefined });
      continue;
    }
    // Played by the run's batch source under its referee, never loaded into a thread.
    if (isRefereedAgentId(id)) continue;
    if (isObjectAgentId(id)) {
      if (userAgentFactory(id) === undefined) throw new PlayerModuleError(`The player object '${printable(label)}' was not registered in this thread`);
      agents.push({ id, label, path: undefined });
      continue;
    }
    const { url, sha256 } = userModuleOf(id)!;
    const path = fileURLToPath(url);
    let now: string;
    try {
      now = sha256Of(path);
    } catch (error) {
      throw new PlayerModuleError(`Cannot load the player module ${printable(path)}: ${messageOf(error)}`);
    }
    if (now !== sha256) {
      throw new PlayerModuleError(
        `The player module ${printable(path)} has changed since these results were played (sha256 ${sha256.slice(0, 12)}…, now ${now.slice(0, 12)}…): ` +
          'results of two versions of a player cannot be mixed. Start a new run (--out another file) or restore that version.',
      );
    }
    agents.push({ id, label, path });
  }
  return agents;
}

/** True if some player of `config` is a module or a program (which play on worker threads, under a time limit). */
export const hasModulePlayers = (config: ExperimentConfig): boolean => config.lineups.some((lineup) => lineup.some((id) => userModuleOf(id) !== undefined || externalCommandOf(id) !== undefined));

/** True if some player of `config` is a program of its own, played over the line protocol. */
export const hasExternalPlayers = (config: ExperimentConfig): boolean => config.lineups.some((lineup) => lineup.some((id) => externalCommandOf(id) !== undefined));

/** True if some player of `config` is an object, which plays only in the thread it was given in. */
export const hasObjectPlayers = (config: ExperimentConfig): boolean => config.lineups.some((lineup) => lineup.some(isObjectAgentId));
