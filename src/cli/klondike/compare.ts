/**
 * `tabletop klondike compare`: Klondike strategies — built in or your own programs — over many
 * seeded deals on the lab: each one's mean number of cards brought to the foundations and its share
 * of won deals, each with a 95% CI, and the differences between strategies (paired on the same
 * deals with --paired). 7 piles, 100 moves without progress end a deal; the assignment's rules with
 * 3 cards shown, or with `--rules standard` the standard ones (--draw, --passes, --scoring).
 */
import type { Command } from 'commander';
import type { GameDefinition, GameState } from '../../core/game.js';
import { klondikeGame, makeKlondikeGame } from '../../games/klondike/definition.js';
import { registerComparison } from '../lab/compare.js';
import { UsageError } from '../options.js';
import { addRulesOptions, parseDraw, rulesOf, type RulesOptions } from './rules-options.js';

/** The strategies of the standard rules that the assignment rules do not have (the planner). */
const STANDARD_ONLY = Object.keys(makeKlondikeGame({ rules: 'standard' }).agents).filter((id) => !(id in klondikeGame.agents));

export function registerCompare(command: Command): Command {
  return registerComparison(command, {
    game: klondikeGame as unknown as GameDefinition<GameState>,
    description: 'compare strategies over many seeded deals: mean cards to the foundations and share of won deals, with 95% CIs',
    modules: 'program modules',
    variant: {
      addOptions: (compare) => {
        addRulesOptions(compare).option('--draw <n>', 'standard rules: cards turned from the stock at a time, 1 to 52', parseDraw, 3);
      },
      moreStrategies: `with --rules standard also ${STANDARD_ONLY.join(', ')}`,
      strategiesElsewhere: Object.fromEntries(STANDARD_ONLY.map((id) => [id, '--rules standard'])),
      gameFor: (options, explicit) => {
        const rules = rulesOf(options as unknown as RulesOptions);
        if (rules.rules !== 'standard') {
          if (explicit('draw')) throw new UsageError('--draw goes with --rules standard here: under the assignment rules it changes only how many cards are shown.');
          return klondikeGame as unknown as GameDefinition<GameState>;
        }
        return makeKlondikeGame(rules) as unknown as GameDefinition<GameState>;
      },
    },
  });
}
