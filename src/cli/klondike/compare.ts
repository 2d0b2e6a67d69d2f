/**
 * `tabletop klondike compare`: Klondike strategies — built in or your own programs — over many
 * seeded deals on the lab: each one's mean number of cards brought to the foundations and its share
 * of won deals, each with a 95% CI, and the differences between strategies (paired on the same
 * deals with --paired). 7 piles, 100 moves without progress end a deal; the assignment's rules with
 * 3 cards shown, or with `--rules standard` the standard ones (--draw, --passes, --scoring).
 */
import type { Command } from 'commander';
import type { GameDefinition, GameState } from '../../core/game.js';
import { klondikeGame } from '../../games/klondike/definition.js';
import { registerComparison } from '../lab/compare.js';
import { klondikeLabVariant } from './lab-variant.js';

export function registerCompare(command: Command): Command {
  return registerComparison(command, {
    game: klondikeGame as unknown as GameDefinition<GameState>,
    description: 'compare strategies over many seeded deals: mean cards to the foundations and share of won deals, with 95% CIs',
    modules: 'program modules',
    variant: klondikeLabVariant,
  });
}
