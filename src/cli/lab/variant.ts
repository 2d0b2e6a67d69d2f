/**
 * Options that choose a variant of a game for its lab commands (`compare`, `sprt`): Klondike's rule
 * set. The variant's options are added to the command; a run plays the game they choose, a resumed
 * run the game its file names (the options are then needed only to contradict it, which the run
 * refuses).
 */
import type { Command } from 'commander';
import type { GameDefinition, GameState } from '../../core/game.js';
import { readRecords } from '../../lab/results-file.js';
import { UsageError } from '../options.js';

export interface GameVariant {
  readonly addOptions: (command: Command) => void;
  /** The game the options choose (`explicit(name)`: whether option `name` was typed). */
  readonly gameFor: (options: Record<string, unknown>, explicit: (name: string) => boolean) => GameDefinition<GameState>;
  /** Strategies only some variants have, for the help: e.g. "with --rules standard also planner". */
  readonly moreStrategies?: string;
  /** Those strategies and the option that chooses a variant having them (`{ planner: '--rules standard' }`), to say so when one is asked for without it. */
  readonly strategiesElsewhere?: Readonly<Record<string, string>>;
}

/**
 * Adds `variant`'s options to `command` (nothing without a variant), and returns how an action of
 * the command finds its game: the saved run's when resuming without a variant option, else the one
 * the options choose, else `game`.
 */
export function addVariantOptions(
  command: Command,
  game: GameDefinition<GameState>,
  variant: GameVariant | undefined,
): (options: Record<string, unknown>, resume: string | undefined) => GameDefinition<GameState> {
  const before = command.options.length;
  variant?.addOptions(command);
  const variantOptions = command.options.slice(before).map((option) => option.attributeName());
  return (options, resume) => {
    const explicit = (name: string): boolean => command.getOptionValueSource(name) === 'cli';
    const resumed = resume !== undefined && !variantOptions.some(explicit) ? savedVariant(resume, game) : undefined;
    return resumed ?? variant?.gameFor(options, explicit) ?? game;
  };
}

/** A usage error when one of `ids` is a strategy of another variant only (`variant.strategiesElsewhere`), saying which option it needs. */
export function checkStrategiesHere(game: GameDefinition<GameState>, ids: readonly string[], variant: GameVariant | undefined, option: string): void {
  const elsewhere = variant?.strategiesElsewhere ?? {};
  for (const id of ids) {
    if (!Object.hasOwn(game.agents, id) && Object.hasOwn(elsewhere, id)) {
      throw new UsageError(`${option}: ${id} is not a strategy of ${game.title}: it plays with ${elsewhere[id]!} (strategies here: ${Object.keys(game.agents).join(', ')}).`);
    }
  }
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
