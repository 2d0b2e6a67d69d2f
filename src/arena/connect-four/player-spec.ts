/**
 * Serialisable descriptions of players, so a player can be rebuilt inside a worker thread (see
 * worker-player.ts): the built-in players by kind, and any `Player` class exported by an ES module.
 */
import type { Player } from '../../games/connect-four/player.js';
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
    };

export async function createPlayer(spec: PlayerSpec): Promise<Player> {
  switch (spec.kind) {
    case 'alphabeta':
      return new AlphaBetaPlayer({ level: spec.level, budgetMs: spec.budgetMs });
    case 'solver': {
      // The shipped books (exact opening scores and the strategy's values): a damaged one is left out with a warning.
      const { loadDefaultBook, loadDefaultValues } = await import('../../cli/connect-four/book-file.js');
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
      const PlayerClass = exports[spec.exportName ?? 'default'];
      if (typeof PlayerClass !== 'function') throw new TypeError(`${spec.module} has no player class '${spec.exportName ?? 'default'}'`);
      return new (PlayerClass as new (...args: unknown[]) => Player)(...(spec.args ?? []));
    }
  }
}
