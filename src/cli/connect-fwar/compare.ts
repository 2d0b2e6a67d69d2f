/**
 * `tabletop connect-fwar compare`: the spec's PlayerComparison on the lab — every strategy's mean
 * score with its 95% CI, standard deviation and share of 0-score games, and the differences
 * between strategies with p-values (paired on identical deals with --paired).
 */
import { Option, type Command } from 'commander';
import { connectFwarGame } from '../../games/connect-fwar/definition.js';
import type { GameDefinition, GameState } from '../../core/game.js';
import { parseList } from '../options.js';
import { resolvePlayers } from '../lab/user-players.js';
import { addLabOptions, runExperimentCommand, type LabOptions } from '../lab/experiment.js';

const STRATEGIES = Object.keys(connectFwarGame.agents);

export function registerCompare(command: Command): Command {
  const compare = command
    .command('compare')
    .description('compare strategies over many seeded games: mean score, 95% CI, sd, share of 0-score games')
    .addOption(
      new Option('-p, --players <list>', `comma-separated strategies (${STRATEGIES.join(', ')}) or player modules (./my-player.mjs, a package name; see docs/your-own-player.md)`)
        .argParser(parseList('The --players list'))
        .default(['random', 'basic', 'suits', 'ranks'], 'random,basic,suits,ranks'),
    )
    .option('--paired', 'deal the same cards to every strategy (common random numbers) for a paired test of the differences');
  addLabOptions(compare, { games: 10_000, unit: 'per strategy', stopRule: "each strategy's mean (and each difference, with --paired)" });
  compare.action(async (options: LabOptions & { players: string[]; paired?: boolean }) => {
    await runExperimentCommand({
      command: compare,
      options,
      game: connectFwarGame.id,
      lineups: (await resolvePlayers(connectFwarGame as unknown as GameDefinition<GameState>, options.players, '--players')).map((p) => [p]),
      lineupOptions: ['players'],
      paired: options.paired === true,
    });
  });
  return command;
}
