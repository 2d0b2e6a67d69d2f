/**
 * `tabletop connect-fwar compare`: the spec's PlayerComparison on the lab — every strategy's mean
 * score with its 95% CI, standard deviation and share of 0-score games, and the differences
 * between strategies with p-values (paired on identical deals with --paired).
 */
import type { Command } from 'commander';
import type { GameDefinition, GameState } from '../../core/game.js';
import { connectFwarGame } from '../../games/connect-fwar/definition.js';
import { registerComparison } from '../lab/compare.js';

export function registerCompare(command: Command): Command {
  return registerComparison(command, {
    game: connectFwarGame as unknown as GameDefinition<GameState>,
    description: 'compare strategies over many seeded games: mean score, 95% CI, sd, share of 0-score games',
    modules: 'player modules',
  });
}
