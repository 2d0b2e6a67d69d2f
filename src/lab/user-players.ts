/**
 * Players a user writes, as lab agents: a module on disk (by path, file URL or package name) or an
 * object handed to the library. Node only (it reads, hashes and imports files); the table of
 * loaded agents is user-agents.ts.
 *
 * What a module's default export may be, per game (user-adapters.ts): the class or object a reader
 * of the assignment writes — ConnectFwar's `Player` (`nextMove(card, board)`), UnoWar's `AI`
 * (`getPlay(hand, cardPile)`), a Klondike program (`nextMove(game, moves)`), Connect Four's
 * `Player` (`init`/`move`/`inform`) — constructed with no arguments once per thread and lineup
 * seat (Connect Four: once per game, as its referee does) and handed the game's seeded generator
 * as a last argument;
 * or a lab agent on the game contract, `act(state, rng)` (a class or an object), for full speed.
 * An optional named export `name` labels it (default: the file's name without its extension).
 *
 * Faults are results: a throw, or an answer the rules cannot read, is recorded against the game
 * and played as the spec reads a bad answer (user-adapters.ts says how, per game).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, extname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Agent, GameDefinition, GameState } from '../core/game.js';
import type { ExperimentConfig } from './experiment.js';
import { gameById } from './registry.js';
import { describeValue as describe, gameAdapter, gamesWithModules, messageOf, type GameAdapter } from './user-adapters.js';
import { agentLabel, isObjectAgentId, isUserAgentId, registerUserAgent, userAgentFactory, userModuleOf } from './user-agents.js';

/** A player module that cannot be used, or changed since its results were saved (the CLI exits 2). */
export class PlayerModuleError extends Error {
  override readonly name = 'PlayerModuleError';
}

function adapterFor(game: GameDefinition<GameState>): GameAdapter {
  const adapter = gameAdapter(game.id);
  if (adapter === undefined) throw new PlayerModuleError(`${game.title} does not take players from modules in the lab (only ${gamesWithModules.join(', ')})`);
  return adapter;
}

/** True for a strategy argument that names a file rather than a package: ./x, ../x, /x, C:\x, file:, *.js/.mjs/.cjs. */
export const looksLikePath = (spec: string): boolean => /^(\.{1,2}[\\/]|[\\/]|[A-Za-z]:[\\/]|file:)/.test(spec) || /\.[cm]?js$/.test(spec);

export function sha256Of(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
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

/**
 * Reads, hashes and imports the player module at `path`, and finds its label (the `name` export,
 * else the file's name), which must not be one of `builtIns`. PlayerModuleError if it cannot be used.
 */
export async function readPlayerModule(path: string, builtIns: readonly string[]): Promise<{ module: Record<string, unknown>; sha256: string; label: string }> {
  let sha256: string;
  try {
    sha256 = sha256Of(path);
  } catch (error) {
    throw new PlayerModuleError(`Cannot load the player module ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : messageOf(error)}`);
  }
  const module = await importModule(path, path);
  const named = module.name;
  const label = typeof named === 'string' && named.trim() !== '' ? named.trim() : basename(path, extname(path));
  if (/[,@]/.test(label) || builtIns.includes(label)) {
    throw new PlayerModuleError(`The player module ${path} is named '${label}': a name must not contain ',' or '@' nor be a built-in strategy's id (export another \`name\`)`);
  }
  return { module, sha256, label };
}

/**
 * The lineup id of a strategy argument: a built-in id as is; a module is read, hashed, imported
 * and registered in this thread (one clear PlayerModuleError if it cannot be used).
 */
export async function resolvePlayer(game: GameDefinition<GameState>, spec: string | URL, cwd = process.cwd()): Promise<string> {
  if (typeof spec === 'string' && game.agents[spec] !== undefined) return spec;
  const { adapt, expected } = adapterFor(game);
  const path = modulePath({ title: game.title, builtIns: Object.keys(game.agents) }, spec, cwd);
  const { module, sha256, label } = await readPlayerModule(path, Object.keys(game.agents));
  const create = adapt(module.default, label);
  if (create === undefined) throw new PlayerModuleError(`The player module ${path} exports nothing usable: expected ${expected}; its default export is ${describe(module.default)}`);
  tryCreate(create, `The player module ${path}`);
  const id = `${label}@${pathToFileURL(path).href}#sha256=${sha256}`;
  registerUserAgent(id, create);
  return id;
}

/** Builds one agent now, so that a constructor that throws is one clear error before any game, not a failed batch. */
function tryCreate(create: () => Agent<GameState>, what: string): void {
  try {
    create();
  } catch (error) {
    throw new PlayerModuleError(`${what} cannot be constructed: ${messageOf(error)}`);
  }
}

/** Registers a player object for play in this thread; returns its lineup id (`<name>@object`). */
export function registerPlayerObject(game: GameDefinition<GameState>, player: object, name?: string): string {
  const { adapt, expected } = adapterFor(game);
  const own = (player as { name?: unknown }).name;
  const ctor = (player as { constructor?: { name?: unknown } }).constructor?.name;
  const label = name ?? (typeof own === 'string' && own !== '' ? own : typeof ctor === 'string' && ctor !== '' && ctor !== 'Object' ? ctor : 'player');
  if (/[,@]/.test(label) || game.agents[label] !== undefined) throw new PlayerModuleError(`A player object is named '${label}': a name must not contain ',' or '@' nor be a built-in strategy's id`);
  const create = adapt(player, label);
  if (create === undefined) throw new PlayerModuleError(`The player object '${label}' is not usable: expected ${expected.replace('a default export that is ', '')}`);
  const id = `${label}@object`;
  registerUserAgent(id, create);
  return id;
}

/**
 * Makes every user agent of `config` playable in this thread: imports the modules not loaded yet,
 * after checking that each file still has the content hash its id names — so a resumed run never
 * mixes games of two versions of a player. Objects cannot be loaded: they must have been
 * registered in this thread.
 */
export async function loadUserAgents(config: ExperimentConfig): Promise<void> {
  const game = gameById(config.game);
  const labels = new Map<string, string>();
  for (const id of new Set(config.lineups.flat())) {
    if (!isUserAgentId(id)) continue;
    const label = agentLabel(id);
    const other = labels.get(label);
    if (other !== undefined) throw new PlayerModuleError(`Two players are named '${label}' (${other} and ${id}): give one another \`name\` export`);
    labels.set(label, id);
    if (userAgentFactory(id) !== undefined) continue;
    if (isObjectAgentId(id)) throw new PlayerModuleError(`The player object '${label}' was not registered in this thread`);
    const { url, sha256 } = userModuleOf(id)!;
    const path = fileURLToPath(url);
    let now: string;
    try {
      now = sha256Of(path);
    } catch (error) {
      throw new PlayerModuleError(`Cannot load the player module ${path}: ${messageOf(error)}`);
    }
    if (now !== sha256) {
      throw new PlayerModuleError(
        `The player module ${path} has changed since these results were played (sha256 ${sha256.slice(0, 12)}…, now ${now.slice(0, 12)}…): ` +
          'results of two versions of a player cannot be mixed. Start a new run (--out another file) or restore that version.',
      );
    }
    const module = await importModule(path, path);
    const { adapt, expected } = adapterFor(game);
    const create = adapt(module.default, label);
    if (create === undefined) throw new PlayerModuleError(`The player module ${path} exports nothing usable: expected ${expected}`);
    registerUserAgent(id, create);
  }
}

/** True if some player of `config` is a module (which plays on worker threads, under a time limit). */
export const hasModulePlayers = (config: ExperimentConfig): boolean => config.lineups.some((lineup) => lineup.some((id) => userModuleOf(id) !== undefined));

/** True if some player of `config` is an object, which plays only in the thread it was given in. */
export const hasObjectPlayers = (config: ExperimentConfig): boolean => config.lineups.some((lineup) => lineup.some(isObjectAgentId));
