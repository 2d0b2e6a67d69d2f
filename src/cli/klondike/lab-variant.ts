/**
 * The rule set of Klondike's lab commands (`klondike compare`, `klondike sprt`): `--rules`,
 * `--passes`, `--scoring` and, under the standard rules, `--draw`.
 */
import type { GameDefinition, GameState } from '../../core/game.js';
import { klondikeGame, makeKlondikeGame } from '../../games/klondike/definition.js';
import type { GameVariant } from '../lab/variant.js';
import { UsageError } from '../options.js';
import { addRulesOptions, parseDraw, rulesOf, type RulesOptions } from './rules-options.js';

/** The strategies of the standard rules that the assignment rules do not have (the planner). */
const STANDARD_ONLY = Object.keys(makeKlondikeGame({ rules: 'standard' }).agents).filter((id) => !(id in klondikeGame.agents));

export const klondikeLabVariant: GameVariant = {
  addOptions: (command) => {
    addRulesOptions(command).option('--draw <n>', 'standard rules: cards turned from the stock at a time, 1 to 52', parseDraw, 3);
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
};
