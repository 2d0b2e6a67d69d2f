/**
 * Players a user writes, as lab agents: a module on disk (by path, file URL or package name) or an
 * object handed to the library. Node only (it reads, hashes and imports files); the table of
 * loaded agents is user-agents.ts.
 *
 * What a module's default export may be, per game (ConnectFwar so far):
 * - the assignment's `Player`: a class with `nextMove(card, board)` (constructed once per thread
 *   and lineup, with no arguments) or an object with that method. It is shown the game's `Card`
 *   and a read-only `Board`, and handed the game's seeded generator as a third argument;
 * - a lab agent on the game contract, `act(state, rng)` (a class or an object), for full speed.
 * An optional named export `name` labels it (default: the file's name without its extension).
 *
 * Faults are results: a throw, or an answer the rules cannot read (not a whole number; for a lab
 * agent, an illegal action), is recorded against the game and played as the spec reads a bad
 * answer — in ConnectFwar, the card is discarded. The spec's own discard (any number that is not
 * a legal column) is no fault: `BasicPlayer` answers -1 on purpose.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, extname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Card, DECK_SIZE } from '../core/cards.js';
import type { Agent, GameDefinition, GameState } from '../core/game.js';
import type { Rng } from '../core/random.js';
import { Board } from '../games/connect-fwar/board.js';
import type { ConnectFwarState } from '../games/connect-fwar/engine.js';
import { DISCARD } from '../games/connect-fwar/rules.js';
import type { ExperimentConfig } from './experiment.js';
import { gameById } from './registry.js';
import { agentLabel, isObjectAgentId, isUserAgentId, registerUserAgent, userAgentFactory, userModuleOf } from './user-agents.js';

/** A player module that cannot be used, or changed since its results were saved (the CLI exits 2). */
export class PlayerModuleError extends Error {
  override readonly name = 'PlayerModuleError';
}

/** Turns what a module or caller supplies into an agent factory, or undefined if it is no player of this game. */
type Adapter = (exported: unknown, label: string) => (() => Agent<GameState>) | undefined;

const describe = (x: unknown): string => (typeof x === 'string' ? JSON.stringify(x) : x === null ? 'null' : typeof x === 'object' ? 'an object' : String(x));
const messageOf = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** A class whose instances have `method`, or an object that has it: the instance to call. */
function instanceWith(exported: unknown, method: string): (() => Record<string, unknown>) | undefined {
  if (typeof exported === 'function' && typeof (exported.prototype as Record<string, unknown> | undefined)?.[method] === 'function') {
    const Class = exported as new () => Record<string, unknown>;
    return () => new Class();
  }
  if (typeof exported === 'object' && exported !== null && typeof (exported as Record<string, unknown>)[method] === 'function') {
    return () => exported as Record<string, unknown>;
  }
  return undefined;
}

interface NextMovePlayer {
  nextMove(card: Card, board: Board, rng: Rng): unknown;
}

/**
 * The assignment's `Player` as a lab agent. It keeps its own `Board`, played in step with the
 * engine's state (the same rules decide both), so the player sees the assignment's classes.
 */
function connectFwarPlayerAgent(player: NextMovePlayer, label: string): Agent<ConnectFwarState> & { faults: string[] } {
  let board = new Board();
  let view = board.readOnlyView();
  const faults: string[] = [];
  return {
    name: label,
    faults,
    act(state, rng) {
      // The first card of a game has just been drawn: a new game, a new board.
      if (state.remaining === DECK_SIZE - 1) {
        board = new Board();
        view = board.readOnlyView();
      }
      const card = Card.fromIndex(state.drawn);
      let answer: unknown;
      try {
        answer = player.nextMove(card, view, rng);
      } catch (error) {
        faults.push(`nextMove(${card.toString()}) threw ${messageOf(error)}`);
        return DISCARD;
      }
      if (typeof answer !== 'number' || !Number.isInteger(answer)) {
        faults.push(`nextMove(${card.toString()}) answered ${describe(answer)}, not a column number`);
        return DISCARD;
      }
      // The spec's discard: a column the card cannot go on.
      if (!board.canPlay(card, answer)) return DISCARD;
      board.play(card, answer);
      return answer;
    },
  };
}

/** A lab agent from a user: its throws and illegal actions are faults (and discards), not crashes. */
function connectFwarActAgent(agent: Agent<ConnectFwarState>, label: string): Agent<ConnectFwarState> & { faults: string[] } {
  const faults: string[] = [];
  return {
    name: label,
    faults,
    act(state, rng) {
      let action: number;
      try {
        action = agent.act(state, rng);
      } catch (error) {
        faults.push(`act threw ${messageOf(error)}`);
        return DISCARD;
      }
      if (action === DISCARD || state.canPlay(state.drawn, action)) return action;
      faults.push(`act answered ${describe(action)}: not a legal action for ${Card.fromIndex(state.drawn).toString()}`);
      return DISCARD;
    },
  };
}

const connectFwarAdapter: Adapter = (exported, label) => {
  const act = instanceWith(exported, 'act');
  if (act !== undefined) return () => connectFwarActAgent(act() as unknown as Agent<ConnectFwarState>, label) as unknown as Agent<GameState>;
  const player = instanceWith(exported, 'nextMove');
  if (player !== undefined) return () => connectFwarPlayerAgent(player() as unknown as NextMovePlayer, label) as unknown as Agent<GameState>;
  return undefined;
};

const ADAPTERS: Readonly<Record<string, { readonly adapt: Adapter; readonly expected: string }>> = {
  'connect-fwar': {
    adapt: connectFwarAdapter,
    expected: 'a default export that is a Player class or object with nextMove(card, board), or a lab agent with act(state, rng)',
  },
};

function adapterFor(game: GameDefinition<GameState>): { readonly adapt: Adapter; readonly expected: string } {
  const adapter = ADAPTERS[game.id];
  if (adapter === undefined) throw new PlayerModuleError(`${game.title} does not take players from modules yet (only ${Object.keys(ADAPTERS).join(', ')})`);
  return adapter;
}

/** True for a strategy argument that names a file rather than a package: ./x, ../x, /x, C:\x, file:, *.js/.mjs/.cjs. */
const looksLikePath = (spec: string): boolean => /^(\.{1,2}[\\/]|[\\/]|[A-Za-z]:[\\/]|file:)/.test(spec) || /\.[cm]?js$/.test(spec);

function sha256Of(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

async function importModule(path: string, what: string): Promise<Record<string, unknown>> {
  try {
    return (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    throw new PlayerModuleError(`Cannot load the player module ${what}: ${messageOf(error)}`);
  }
}

/** Where a module argument points: a path (relative to `cwd`), a file URL, or a package resolved from `cwd`. */
function modulePath(game: GameDefinition<GameState>, spec: string | URL, cwd: string): string {
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
      `Unknown ${game.title} strategy '${spec}' (built-in: ${Object.keys(game.agents).join(', ')}), and no package of that name can be found from ${cwd}. ` +
        'A module file needs a path: ./my-player.mjs',
    );
  }
}

/**
 * The lineup id of a strategy argument: a built-in id as is; a module is read, hashed, imported
 * and registered in this thread (one clear PlayerModuleError if it cannot be used).
 */
export async function resolvePlayer(game: GameDefinition<GameState>, spec: string | URL, cwd = process.cwd()): Promise<string> {
  if (typeof spec === 'string' && game.agents[spec] !== undefined) return spec;
  const { adapt, expected } = adapterFor(game);
  const path = modulePath(game, spec, cwd);
  let sha256: string;
  try {
    sha256 = sha256Of(path);
  } catch (error) {
    throw new PlayerModuleError(`Cannot load the player module ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : messageOf(error)}`);
  }
  const module = await importModule(path, path);
  const named = module.name;
  const label = typeof named === 'string' && named.trim() !== '' ? named.trim() : basename(path, extname(path));
  if (/[,@]/.test(label) || game.agents[label] !== undefined) {
    throw new PlayerModuleError(`The player module ${path} is named '${label}': a name must not contain ',' or '@' nor be a built-in strategy's id (export another \`name\`)`);
  }
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

/** True if some player of `config` is an object, which plays only in the thread it was given in. */
export const hasObjectPlayers = (config: ExperimentConfig): boolean => config.lineups.some((lineup) => lineup.some(isObjectAgentId));
