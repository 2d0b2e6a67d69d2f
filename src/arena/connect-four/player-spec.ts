/**
 * Serialisable descriptions of players, so a player can be rebuilt inside a worker thread (see
 * worker-player.ts): the built-in players by kind, and any player exported by an ES module — a
 * `Player` class or object (init/name/move/inform), or a lab agent on the game contract
 * (`act(state, rng)` over the engine's `Position`).
 */
import type { Agent } from '../../core/game.js';
import { rngFromSeed } from '../../core/random.js';
import { thrownText } from '../../core/format.js';
import type { Player } from '../../games/connect-four/player.js';
import { Position } from '../../games/connect-four/position.js';
import { AlphaBetaPlayer } from '../../games/connect-four/players/alphabeta.js';
import { RandomPlayer } from '../../games/connect-four/players/random.js';
import { SolverPlayer } from '../../games/connect-four/players/solver-player.js';

export type PlayerSpec =
  | { readonly kind: 'alphabeta'; readonly level?: number; readonly budgetMs?: number }
  | { readonly kind: 'solver'; readonly budgetMs?: number }
  | { readonly kind: 'random'; readonly seed: number }
  | {
      readonly kind: 'module';
      /** A module URL or absolute path, e.g. `file:///home/me/bots/my-player.mjs`. */
      readonly module: string;
      /** The exported class (default: the default export). */
      readonly exportName?: string;
      /** Constructor arguments (structured-cloneable). */
      readonly args?: readonly unknown[];
      /** Seeds the generator handed to a lab agent's `act` (default 0). */
      readonly seed?: number;
    };

/** What a module's default export must be, for messages. */
export const MODULE_PLAYER_EXPECTED = 'a default export that is a Connect Four Player class or object with init(color), move() and inform(column), or a lab agent with act(state, rng)';

/**
 * A factory of players from what a module exports, or undefined if it is none: a class whose
 * instances have `init`, `move` and `inform` (constructed with `args`), an object with them (its
 * `name()` is optional: the lineup names it), or a class or object
 * with `act(state, rng)` (a lab agent, played through `agentPlayer`).
 */
export function modulePlayerFactory(exported: unknown, args: readonly unknown[] = [], seed = 0, label?: string): (() => Player) | undefined {
  const proto = typeof exported === 'function' ? (exported.prototype as Record<string, unknown> | undefined) : undefined;
  const object = typeof exported === 'object' && exported !== null ? (exported as Record<string, unknown>) : undefined;
  if (typeof proto?.act === 'function') return () => agentPlayer(new (exported as new (...a: unknown[]) => Agent<Position>)(...args), seed, label);
  if (typeof object?.act === 'function') return () => agentPlayer(object as unknown as Agent<Position>, seed, label);
  const isPlayer = (x: Record<string, unknown> | undefined): boolean => typeof x?.init === 'function' && typeof x.move === 'function' && typeof x.inform === 'function';
  if (isPlayer(proto)) return () => new (exported as new (...a: unknown[]) => Player)(...args);
  if (isPlayer(object)) return () => object as unknown as Player;
  return undefined;
}

/**
 * A lab agent as a referee's player (named `label`, else the agent's name): it keeps the game's `Position` (its own moves and those it is
 * informed of) and answers what `act` chooses on it, with a generator seeded from `seed`. An
 * illegal answer is passed on as it is: the referee judges it (the game is lost).
 */
export function agentPlayer(agent: Agent<Position>, seed: number, label?: string): Player {
  let position = new Position();
  const rng = rngFromSeed(seed);
  return {
    name: () => label ?? (typeof agent.name === 'string' ? agent.name : 'agent'),
    init() {
      position = new Position();
    },
    move() {
      const column = agent.act(position, rng);
      if (position.canPlay(column)) position.play(column);
      return column;
    },
    inform(column) {
      position.play(column);
    },
  };
}

/**
 * The check a bot module passes where it is probed (lab/module-probe.ts, a worker of its own): its
 * default export is a player, and one can be built. Throws an Error whose message is the phrase
 * about the module.
 */
export function checkModuleBot(exports: Record<string, unknown>): void {
  const create = modulePlayerFactory(exports.default);
  if (create === undefined) throw new Error(`exports nothing usable: expected ${MODULE_PLAYER_EXPECTED}`);
  try {
    create();
  } catch (error) {
    throw new Error(`cannot be constructed: ${thrownText(error)}`);
  }
}

export async function createPlayer(spec: PlayerSpec): Promise<Player> {
  switch (spec.kind) {
    case 'alphabeta':
      return new AlphaBetaPlayer({ level: spec.level, budgetMs: spec.budgetMs });
    case 'solver': {
      // The shipped books (exact opening scores and the strategy's values): a damaged one is left out with a warning.
      const { loadDefaultBook, loadDefaultValues } = await import('./book-file.js');
      const warn = (message: string): boolean => process.stderr.write(`tabletop: ${message}\n`);
      const book = loadDefaultBook(warn);
      const values = loadDefaultValues(warn);
      return new SolverPlayer({ budgetMs: spec.budgetMs, ...(book === undefined ? {} : { book }), ...(values === undefined ? {} : { values }) });
    }
    case 'random':
      return new RandomPlayer(spec.seed);
    case 'module': {
      const url = spec.module.startsWith('file:') ? spec.module : (await import('node:url')).pathToFileURL(spec.module).href;
      const exports = (await import(url)) as Record<string, unknown>;
      const create = modulePlayerFactory(exports[spec.exportName ?? 'default'], spec.args, spec.seed, typeof exports.name === 'string' ? exports.name : undefined);
      if (create === undefined) throw new TypeError(`${spec.module} has no player '${spec.exportName ?? 'default'}': expected ${MODULE_PLAYER_EXPECTED.replace('a default export that is ', '')}`);
      return create();
    }
  }
}
