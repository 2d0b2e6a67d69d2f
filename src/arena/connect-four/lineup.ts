/**
 * Bots by name, for the `play` and `tournament` commands: the built-in players (each started in its
 * own worker thread) and external programs declared as `name=command`.
 *
 * Built-in names: `alphabeta` (at the chosen level), the AlphaBeta levels by name (`beginner`,
 * `casual`, `club`, `expert`, `master`, `grandmaster`) or number (`alphabeta-1` … `alphabeta-6`, the same players),
 * `solver`, `random` (a test opponent). A bot's per-move budget is derived from the referee's time limit,
 * leaving a margin for messages and a loaded machine.
 */
import { pathToFileURL } from 'node:url';
import { deriveSeed } from '../../core/random.js';
import type { ClosablePlayer } from '../../games/connect-four/player.js';
import { ALPHABETA_LEVELS, alphaBetaLevel } from '../../games/connect-four/players/alphabeta.js';
import { PERFECT_BUDGET_MS } from '../../games/connect-four/players/solver-player.js';
import { builtScript } from '../../lab/module-probe.js';
import { execSpec } from '../../lab/external-players.js';
import { PlayerModuleError, looksLikePath, modulePath, probePlayerModule } from '../../lab/user-players.js';
import { ExternalBot } from './external-bot.js';

import { WorkerPlayer } from './worker-player.js';

export const BUILTIN_BOTS = [
  'alphabeta',
  ...ALPHABETA_LEVELS.map((entry) => entry.name),
  ...ALPHABETA_LEVELS.map((entry) => `alphabeta-${String(entry.level)}`),
  'solver',
  'random',
] as const;


export interface ExternalBotDefinition {
  readonly name: string;
  readonly command: string;
}

export interface LineupOptions {
  /** The referee's move time limit, in ms. */
  readonly timeLimitMs: number;
  /** The level of `alphabeta` (1..6). */
  readonly level: number;
  /** Seeds the random players: game g, colour c gets `deriveSeed(seed, 2g + c)`. */
  readonly seed: number;
  readonly externals: readonly ExternalBotDefinition[];
  /** Bots from modules, by the name the lineup uses (`resolveLineup`). */
  readonly modules?: ReadonlyMap<string, ModuleBot>;
}

/** A bot from a JavaScript module: its label (the `name` export, else the file's name) and file URL. */
export interface ModuleBot {
  readonly name: string;
  readonly url: string;
}

/** Parses `name=command`; throws a RangeError saying what is wrong. */
export function parseBotDefinition(text: string): ExternalBotDefinition {
  const split = text.indexOf('=');
  const name = split < 0 ? '' : text.slice(0, split).trim();
  const command = split < 0 ? '' : text.slice(split + 1).trim();
  if (split < 0 || command === '') throw new RangeError(`--bot expects name=command, got '${text}'`);
  if (!/^[A-Za-z0-9_.-]{1,32}$/.test(name)) throw new RangeError(`Bot name '${name}' must be 1-32 letters, digits, '.', '_' or '-'`);
  if ((BUILTIN_BOTS as readonly string[]).includes(name) || name === 'human') throw new RangeError(`Bot name '${name}' is taken by a built-in player`);
  return { name, command };
}

/**
 * A bot named by its command, `exec:<command>` or `<name>=exec:<command>` (as the lab's players
 * are: named after the command's last word without its extension unless named), as the definition
 * `--bot name=command` gives; undefined for any other name. A RangeError for a name `--bot` refuses.
 */
export function execBotDefinition(spec: string): ExternalBotDefinition | undefined {
  const program = execSpec(spec);
  if (program === undefined) return undefined;
  try {
    return parseBotDefinition(`${program.name}=${program.command}`);
  } catch (error) {
    throw new RangeError(`${(error as Error).message}: name the program, as name=exec:<command>`);
  }
}

/**
 * The lineup's bots, with every module loaded and checked now (PlayerModuleError naming the file
 * and what was expected), so a bot that cannot play is one error before any game: a name that is
 * neither built in, nor a --bot, nor a program (`exec:<command>`, see `execBotDefinition`) is a
 * module (a path, a file: URL or a package name). Returns the names to show (a module's label in
 * place of its path, a program's name in place of its `exec:`), the modules, by label and by the
 * name given, and the external bots: those given, then the `exec:` ones.
 */
export async function resolveLineup(
  names: readonly string[],
  given: readonly ExternalBotDefinition[],
  cwd = process.cwd(),
): Promise<{ names: string[]; modules: Map<string, ModuleBot>; externals: ExternalBotDefinition[] }> {
  const externals = [...given];
  for (const name of names) {
    const program = execBotDefinition(name);
    if (program === undefined) continue;
    const same = externals.find((bot) => bot.name === program.name);
    if (same === undefined) externals.push(program);
    else if (same.command !== program.command) throw new RangeError(`Two bots are named '${program.name}' (${same.command} and ${program.command}): name one, as name=exec:<command>`);
  }
  const taken = [...BUILTIN_BOTS, 'human', ...externals.map((bot) => bot.name)];
  const modules = new Map<string, ModuleBot>();
  const shown: string[] = [];
  const byUrl = new Map<string, string>();
  for (const name of names) {
    if (taken.includes(name)) {
      shown.push(name);
      continue;
    }
    const program = execBotDefinition(name);
    if (program !== undefined) {
      shown.push(program.name);
      continue;
    }
    let path: string;
    try {
      path = modulePath({ title: 'Connect Four', builtIns: [...BUILTIN_BOTS] }, name, cwd);
    } catch (error) {
      if (error instanceof PlayerModuleError && !looksLikePath(name)) {
        throw new RangeError(`Unknown bot '${name}' (built in: ${BUILTIN_BOTS.join(', ')}; or define one with --bot name=command or name it exec:<command>; a bot module needs a path: ./my-bot.mjs)`);
      }
      throw error;
    }
    const url = pathToFileURL(path).href;
    const known = byUrl.get(url);
    if (known !== undefined) {
      shown.push(known);
      modules.set(name, modules.get(known)!);
      continue;
    }
    // Imported and checked in a worker of its own, under a time and memory limit: a module that
    // exits, loops or never settles at import is one clear error, and Ctrl-C still ends the command.
    const { label } = await probePlayerModule(path, taken, { url: pathToFileURL(builtScript(new URL('./player-spec.js', import.meta.url))).href, exportName: 'checkModuleBot' });
    if (modules.has(label)) throw new PlayerModuleError(`Two bot modules are named '${label}': give one another \`name\` export`);
    // By its label and by the name it was given as, so that either finds it.
    modules.set(label, { name: label, url });
    modules.set(name, { name: label, url });
    byUrl.set(url, label);
    shown.push(label);
  }
  checkLineup(
    shown.filter((name) => name !== 'human'),
    externals,
    modules,
  );
  return { names: shown, modules, externals };
}

/** Throws a RangeError unless the externals have distinct names and every name is known. */
export function checkLineup(names: readonly string[], externals: readonly ExternalBotDefinition[], modules: ReadonlyMap<string, ModuleBot> = new Map()): void {
  const external = externals.map((bot) => bot.name);
  const duplicate = external.find((name, i) => external.indexOf(name) !== i);
  if (duplicate !== undefined) throw new RangeError(`Bot '${duplicate}' is defined twice`);
  for (const name of names) {
    if (!(BUILTIN_BOTS as readonly string[]).includes(name) && !external.includes(name) && !modules.has(name)) {
      throw new RangeError(`Unknown bot '${name}' (built in: ${BUILTIN_BOTS.join(', ')}; or define one with --bot name=command or name it exec:<command>)`);
    }
  }
}

/** How long a bot plans to think per move, given the referee's limit (ms). */
export function moveBudgetMs(timeLimitMs: number): number {
  return Math.max(1, Math.min(timeLimitMs * 0.75, timeLimitMs - 100));
}

/** A fresh player for one game. The referee closes it when the game ends. */
export function createBot(name: string, options: LineupOptions, gameIndex: number, color: boolean): ClosablePlayer {
  const budgetMs = moveBudgetMs(options.timeLimitMs);
  const external = options.externals.find((bot) => bot.name === name) ?? execBotDefinition(name);
  if (external !== undefined) return new ExternalBot({ name: external.name, command: external.command });
  const module = options.modules?.get(name);
  if (module !== undefined) return new WorkerPlayer({ kind: 'module', module: module.url, seed: deriveSeed(options.seed, 2 * gameIndex + (color ? 0 : 1)) }, module.name);
  if (name === 'solver') return new WorkerPlayer({ kind: 'solver', budgetMs: Math.min(budgetMs, PERFECT_BUDGET_MS) });
  if (name === 'random') return new WorkerPlayer({ kind: 'random', seed: deriveSeed(options.seed, 2 * gameIndex + (color ? 0 : 1)) });
  if (name === 'alphabeta') return new WorkerPlayer({ kind: 'alphabeta', level: options.level, budgetMs });
  const numbered = /^alphabeta-(\d)$/.exec(name);
  const level = alphaBetaLevel(numbered === null ? name : Number(numbered[1]));
  if (level !== undefined) return new WorkerPlayer({ kind: 'alphabeta', level: level.level, budgetMs });
  throw new RangeError(`Unknown bot '${name}'`);
}
