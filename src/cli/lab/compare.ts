/**
 * The `compare` command of a one-player game (ConnectFwar, Klondike): strategies — built in or the
 * user's own modules — over many seeded games on the lab, each strategy's mean score with its 95%
 * CI, and the differences between strategies (paired on identical deals with --paired).
 */
import { Option, type Command } from 'commander';
import type { GameDefinition, GameState } from '../../core/game.js';
import { parseList } from '../options.js';
import { addLabOptions, runExperimentCommand, type LabOptions } from './experiment.js';
import { resolvePlayers } from './user-players.js';
import { addVariantOptions, checkStrategiesHere, type GameVariant } from './variant.js';

export interface ComparisonCommand {
  readonly game: GameDefinition<GameState>;
  readonly description: string;
  /** What a module holds, for the help: "player modules", "program modules". */
  readonly modules: string;
  /** Options that choose a variant of the game (e.g. Klondike's rule set), and the game they choose. */
  readonly variant?: GameVariant;
}

export function registerComparison(command: Command, spec: ComparisonCommand): Command {
  const strategies = Object.keys(spec.game.agents);
  // The game's own default lineup, else its first two strategies.
  const players = spec.game.defaultLineup?.players ?? strategies.slice(0, 2);
  const compare = command
    .command('compare')
    .description(spec.description)
    .addOption(
      new Option('-p, --players <list>', `comma-separated strategies (${strategies.join(', ')}${spec.variant?.moreStrategies === undefined ? '' : `; ${spec.variant.moreStrategies}`}) or ${spec.modules} (./mine.mjs, a package name; see docs/your-own-player.md)`)
        .argParser(parseList('The --players list'))
        .default([...players], players.join(',')),
    )
    .option('--paired', 'deal the same cards to every strategy (common random numbers) for a paired test of the differences');
  const gameOf = addVariantOptions(compare, spec.game, spec.variant);
  addLabOptions(compare, { games: 10_000, unit: 'per strategy', stopRule: "each strategy's mean (and each difference, with --paired)" });
  compare.action(async (options: LabOptions & { players: string[]; paired?: boolean }) => {
    const game = gameOf(options as unknown as Record<string, unknown>, options.resume);
    checkStrategiesHere(game, options.players, spec.variant, '--players');
    await runExperimentCommand({
      command: compare,
      options,
      game: game.id,
      lineups: (await resolvePlayers(game, options.players, '--players')).map((p) => [p]),
      lineupOptions: ['players'],
      paired: options.paired === true,
    });
  });
  return command;
}
