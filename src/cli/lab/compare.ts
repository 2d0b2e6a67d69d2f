/**
 * The `compare` command of a one-player game (ConnectFwar, Klondike): strategies — built in or the
 * user's own modules — over many seeded games on the lab, each strategy's mean score with its 95%
 * CI, and the differences between strategies (paired on identical deals with --paired).
 */
import { Option, type Command } from 'commander';
import type { GameDefinition, GameState } from '../../core/game.js';
import { readRecords } from '../../lab/results-file.js';
import { parseList, UsageError } from '../options.js';
import { addLabOptions, runExperimentCommand, type LabOptions } from './experiment.js';
import { resolvePlayers } from './user-players.js';

export interface ComparisonCommand {
  readonly game: GameDefinition<GameState>;
  readonly description: string;
  /** What a module holds, for the help: "player modules", "program modules". */
  readonly modules: string;
  /** Options that choose a variant of the game (e.g. Klondike's rule set), and the game they choose. */
  readonly variant?: {
    readonly addOptions: (command: Command) => void;
    readonly gameFor: (options: Record<string, unknown>, explicit: (name: string) => boolean) => GameDefinition<GameState>;
    /** Strategies only some variants have, for the help: e.g. "with --rules standard also planner". */
    readonly moreStrategies?: string;
    /** Those strategies and the option that chooses a variant having them (`{ planner: '--rules standard' }`), to say so when one is asked for without it. */
    readonly strategiesElsewhere?: Readonly<Record<string, string>>;
  };
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
  const beforeVariant = compare.options.length;
  spec.variant?.addOptions(compare);
  const variantOptions = compare.options.slice(beforeVariant).map((option) => option.attributeName());
  addLabOptions(compare, { games: 10_000, unit: 'per strategy', stopRule: "each strategy's mean (and each difference, with --paired)" });
  compare.action(async (options: LabOptions & { players: string[]; paired?: boolean }) => {
    const explicit = (name: string): boolean => compare.getOptionValueSource(name) === 'cli';
    // Resuming, the saved run names its variant (the rules of a Klondike run): options that choose
    // one are needed only to contradict it, which the run then refuses.
    const resumed = options.resume !== undefined && !variantOptions.some(explicit) ? savedVariant(options.resume, spec.game) : undefined;
    const game = resumed ?? spec.variant?.gameFor(options as unknown as Record<string, unknown>, explicit) ?? spec.game;
    const elsewhere = spec.variant?.strategiesElsewhere ?? {};
    for (const id of options.players) {
      if (!Object.hasOwn(game.agents, id) && Object.hasOwn(elsewhere, id)) {
        throw new UsageError(`--players: ${id} is not a strategy of ${game.title}: it plays with ${elsewhere[id]!} (strategies here: ${strategies.join(', ')}).`);
      }
    }
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

/** The game of the run saved in `path` when it is `game` or one of its variants; undefined when the file tells nothing (the run then reports why). */
function savedVariant(path: string, game: GameDefinition<GameState>): GameDefinition<GameState> | undefined {
  let id: string | undefined;
  try {
    id = readRecords(path)[0]?.config.game;
  } catch {
    return undefined;
  }
  if (id === undefined || id === game.id) return undefined;
  return game.variantById?.(id);
}
