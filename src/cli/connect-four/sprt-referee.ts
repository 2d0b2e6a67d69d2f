/**
 * `connect-four sprt` with the tournament's players and rules: `--bot name=command` (external
 * programs), the tournament's built-in bots (`beginner` … `grandmaster`, `alphabeta-N`,
 * `alphabeta`), bot modules, and `--time` (the referee's move time limit). Asked for any of these,
 * the test's games are refereed as `connect-four tournament` plays them
 * (arena/connect-four/refereed-pairs.ts); otherwise A and B are the lab's agents and player modules.
 */
import { Option, type Command } from 'commander';
import { connectFourGame } from '../../games/connect-four/definition.js';
import { BUILTIN_BOTS, resolveLineup, type ExternalBotDefinition } from '../../arena/connect-four/lineup.js';
import type { RefereedBot } from '../../lab/sprt.js';
import type { ConnectFourRefereeSettings } from '../../arena/connect-four/refereed-pairs.js';
import { isExecSpec } from '../../lab/external-players.js';
import { refereedAgentId } from '../../lab/user-agents.js';
import { PlayerModuleError } from '../../lab/user-players.js';
import type { RefereeOptions } from '../lab/sprt.js';
import { parsePositiveNumber, UsageError } from '../options.js';
import { collectBot, DEFAULT_LEVEL, DEFAULT_TIME_SECONDS } from './play.js';

/** A tournament bot that is not also one of the lab's agents (`random` and `solver` are both). */
const tournamentOnly = (name: string): boolean => (BUILTIN_BOTS as readonly string[]).includes(name) && !(name in connectFourGame.agents);

export const connectFourReferee: RefereeOptions = {
  register(command: Command): void {
    command
      .addOption(new Option('--bot <name=command>', 'an external bot speaking the line protocol of docs/connect-four-bots.md, to name in --a or --b (repeatable); the games are then refereed').argParser(collectBot).default([], 'none'))
      .option('--time <seconds>', `referee the games as connect-four tournament does, with this move time limit (default ${String(DEFAULT_TIME_SECONDS)} when refereed); a move past it forfeits the game`, parsePositiveNumber('The time limit'));
  },

  async resolve(a: string, b: string, options: { readonly bot?: readonly ExternalBotDefinition[]; readonly time?: number }): Promise<{ ids: [string, string]; referee: ConnectFourRefereeSettings } | undefined> {
    const given = options.bot ?? [];
    // A program (--bot, or named exec:<command>) or a tournament-only bot is played under the referee.
    const refereed = (name: string): boolean => tournamentOnly(name) || isExecSpec(name);
    if (given.length === 0 && options.time === undefined && !refereed(a) && !refereed(b)) return undefined;
    let names: string[];
    let modules: Awaited<ReturnType<typeof resolveLineup>>['modules'];
    let externals: ExternalBotDefinition[];
    try {
      ({ names, modules, externals } = await resolveLineup([a, b], given));
    } catch (error) {
      if (error instanceof RangeError || error instanceof PlayerModuleError) throw new UsageError(`--a/--b: ${error.message}`);
      throw error;
    }
    const bots = [...new Set(names)].map((name): RefereedBot => {
      const external = externals.find((bot) => bot.name === name);
      if (external !== undefined) return { name, command: external.command };
      const module = modules.get(name);
      return module === undefined ? { name } : { name, module: module.url };
    });
    return {
      ids: [refereedAgentId(names[0]!), refereedAgentId(names[1]!)],
      referee: { timeLimitMs: (options.time ?? DEFAULT_TIME_SECONDS) * 1000, level: DEFAULT_LEVEL, bots },
    };
  },
};
